package decision

import (
	"slices"
	"testing"
)

func TestChooseAward(t *testing.T) {
	c := func(id int64, cost int64, blockers int) Candidate {
		return Candidate{QuoteID: id, Provider: "P", CostPerUnit: cost, Rank: float64(cost), OpenBlockers: blockers,
			TestsPassed: 9, TestsRequired: 9}
	}
	tests := []struct {
		name       string
		in         []Candidate
		winner     int64
		runnerUp   int64
		margin     int64
		gaps       []Gap
		cheaperBlk []int64
	}{
		{"cheapest wins", []Candidate{c(1, 500, 0), c(2, 300, 0), c(3, 400, 0)}, 2, 3, 100, nil, nil},
		{"a cheaper quote with a blocker is passed over", []Candidate{c(1, 500, 0), c(2, 300, 1), c(3, 400, 0)}, 3, 1, 100, nil, []int64{2}},
		{"every quote blocked: the cheapest, not ready", []Candidate{c(1, 500, 2), c(2, 300, 1)}, 2, 1, 200,
			[]Gap{GapOnlyBlocked}, nil},
		{"ties go to the earlier quote", []Candidate{c(1, 300, 0), c(2, 300, 0)}, 1, 2, 0, nil, nil},
		{"rejected quotes are out", []Candidate{func() Candidate { x := c(1, 100, 0); x.Rejected = true; return x }(), c(2, 300, 0)},
			2, 0, 0, nil, nil},
		{"tests not passed", []Candidate{func() Candidate { x := c(1, 100, 0); x.TestsPassed = 2; return x }()}, 1, 0, 0,
			[]Gap{GapTestsNotPassed}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := ChooseAward(tt.in)
			if a.Winner == nil || a.Winner.QuoteID != tt.winner {
				t.Fatalf("winner = %+v, want quote %d", a.Winner, tt.winner)
			}
			var ru int64
			if a.RunnerUp != nil {
				ru = a.RunnerUp.QuoteID
			}
			if ru != tt.runnerUp || a.Margin != tt.margin {
				t.Errorf("runner-up %d margin %d, want %d %d", ru, a.Margin, tt.runnerUp, tt.margin)
			}
			if !slices.Equal(a.Gaps, tt.gaps) {
				t.Errorf("gaps %v, want %v", a.Gaps, tt.gaps)
			}
			var blk []int64
			for _, b := range a.CheaperBlocked {
				blk = append(blk, b.QuoteID)
			}
			if !slices.Equal(blk, tt.cheaperBlk) {
				t.Errorf("cheaper blocked %v, want %v", blk, tt.cheaperBlk)
			}
			if a.Ready() != (len(tt.gaps) == 0) {
				t.Errorf("Ready() = %v with gaps %v", a.Ready(), a.Gaps)
			}
		})
	}
	if a := ChooseAward(nil); a.Winner != nil || a.Ready() {
		t.Errorf("no quotes: %+v", a)
	}
}
