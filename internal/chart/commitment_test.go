package chart

import (
	"strings"
	"testing"
)

func TestCommitmentEmpty(t *testing.T) {
	for _, ms := range [][]CommitmentMonth{nil, {{Label: "2026-03"}}} {
		if f := (Commitment{Months: ms}).Layout(); !f.Empty || len(f.Bars) != 0 {
			t.Errorf("%v: %+v", ms, f)
		}
	}
}

// Three months of a 2,500 commitment: 1,000 used (1,500 unused), 2,500
// used (none unused) and 3,000 used (over the commitment, none unused);
// the burn-down sums them: 1,000 / 3,500 / 6,500 used against 2,500 /
// 5,000 / 7,500 committed.
func TestCommitmentBarsAndBurnDown(t *testing.T) {
	f := Commitment{Months: []CommitmentMonth{
		{Label: "2026-03", Used: 1000, Unused: 1500, CumUsed: 1000, CumCommitted: 2500},
		{Label: "2026-04", Used: 2500, Unused: 0, CumUsed: 3500, CumCommitted: 5000},
		{Label: "2026-05", Used: 3000, Unused: 0, CumUsed: 6500, CumCommitted: 7500},
	}, Used: "used", Unused: "unused", CumUsed: "used so far", CumCommitted: "committed so far"}.Layout()
	if f.Empty || len(f.Bars) != 3 || len(f.Legend) != 4 {
		t.Fatalf("%+v", f)
	}
	axis := num(t, f.BarAxisY)
	for i, b := range f.Bars {
		// The used part stands on the axis; the unused part on the used one.
		if num(t, b.UsedY)+num(t, b.UsedH) != axis {
			t.Errorf("bar %d: used %s+%s, axis %s", i, b.UsedY, b.UsedH, f.BarAxisY)
		}
		if b.HasUnused && num(t, b.UnusedY)+num(t, b.UnusedH) != num(t, b.UsedY) {
			t.Errorf("bar %d: unused %s+%s on used %s", i, b.UnusedY, b.UnusedH, b.UsedY)
		}
		if !b.ShowLabel {
			t.Errorf("bar %d: three months all labelled", i)
		}
	}
	if !f.Bars[0].HasUnused || f.Bars[1].HasUnused || f.Bars[2].HasUnused {
		t.Errorf("unused parts %+v", f.Bars)
	}
	// Month 1's whole bar (2,500) is as tall as month 2's used part.
	if f.Bars[0].UnusedY != f.Bars[1].UsedY {
		t.Errorf("2,500 drawn at %s and %s", f.Bars[0].UnusedY, f.Bars[1].UsedY)
	}
	// Month 3 is the tallest bar, and bars sit left to right.
	if num(t, f.Bars[2].UsedY) >= num(t, f.Bars[1].UsedY) || num(t, f.Bars[0].X) >= num(t, f.Bars[1].X) {
		t.Errorf("bars %+v", f.Bars)
	}
	// The burn-down: cumulative committed above cumulative used each month,
	// both rising, below the bars' plot.
	for i, b := range f.Bars {
		if num(t, b.CumCommittedY) >= num(t, b.CumUsedY) || num(t, b.CumUsedY) > num(t, f.LineAxisY) || num(t, b.CumCommittedY) < num(t, f.LineTop) {
			t.Errorf("month %d: used at %s, committed at %s", i, b.CumUsedY, b.CumCommittedY)
		}
		if i > 0 && num(t, b.CumUsedY) >= num(t, f.Bars[i-1].CumUsedY) {
			t.Errorf("cumulative use does not rise at %d", i)
		}
	}
	if num(t, f.LineTop) <= axis || strings.Count(f.CumUsed.Points, ",") != 3 || f.CumUsed.Dash == f.CumCommitted.Dash {
		t.Errorf("lines %+v %+v", f.CumUsed, f.CumCommitted)
	}
}

// Many months label every few, so the labels do not run into each other.
func TestCommitmentLabelsThinOut(t *testing.T) {
	var ms []CommitmentMonth
	for i := range 36 {
		ms = append(ms, CommitmentMonth{Label: "m", Used: float64(i), Unused: 1, CumUsed: float64(i * i), CumCommitted: float64(i * 40)})
	}
	f := Commitment{Months: ms}.Layout()
	shown := 0
	for _, b := range f.Bars {
		if b.ShowLabel {
			shown++
		}
	}
	if shown > 8 || shown < 4 {
		t.Errorf("%d of 36 labels shown", shown)
	}
}
