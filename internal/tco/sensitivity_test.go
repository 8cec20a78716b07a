package tco

import (
	"errors"
	"reflect"
	"testing"
)

// sensitivityCase has a reservation (wins when busy), on-demand (wins when
// idle) and a cheap marketplace pool (wins while preemptions are rare),
// with fixed costs off so the crossovers sit where the rates put them.
func sensitivityCase() ([]Quote, Assumptions) {
	a := testAssumptions()
	a.StoredTB, a.SnapshotTB, a.EgressTBPerMonth = Assumption{}, Assumption{}, Assumption{}
	a.EngineeringRate = Assumption{Value: 0, Currency: "USD"}
	a.PreemptionsPerNodeDay = Assumption{Value: 1.2, Low: 0, High: 6}
	a.CheckpointIntervalHours = Assumption{Value: 1}
	a.RestartHours = Assumption{Value: 1.0 / 6}
	var qs []Quote
	for _, q := range []Quote{fullQuote("res", Reserved, 2.2), fullQuote("od", OnDemand, 3.0), fullQuote("mkt", Marketplace, 1.8)} {
		q.SupportPerMonth = Stated(0.0)
		qs = append(qs, q)
	}
	return qs, a
}

func TestSensitivityCheapestPerPoint(t *testing.T) {
	qs, a := sensitivityCase()
	s := compute(t, qs, a).Sensitivity
	want := [][]string{ // rows: restart low, expected, high; columns: 50, 70, 85, 95 %
		{"mkt", "mkt", "mkt", "mkt"},
		{"mkt", "mkt", "mkt", "res"},
		{"od", "od", "res", "res"},
	}
	if !reflect.DeepEqual(s.Utilisations, DefaultUtilisations()) || len(s.Restarts) != 3 || len(s.Points) != 12 {
		t.Fatalf("grid %v × %v with %d points", s.Utilisations, s.Restarts, len(s.Points))
	}
	for r, row := range want {
		for u, id := range row {
			p := s.Points[r*4+u]
			t.Run(string(p.Restart)+"/"+pct(p.Utilisation), func(t *testing.T) {
				if p.Cheapest != id {
					t.Errorf("cheapest = %s (%v), want %s", p.Cheapest, p.CostPerUnit, id)
				}
				if p.Utilisation != DefaultUtilisations()[u] || p.Restart != s.Restarts[r] || len(p.CostPerUnit) != 3 {
					t.Errorf("point %d is %v/%s with %d costs", r*4+u, p.Utilisation, p.Restart, len(p.CostPerUnit))
				}
			})
		}
	}
}

func TestSensitivityReportsWhereCheapestChanges(t *testing.T) {
	qs, a := sensitivityCase()
	s := compute(t, qs, a).Sensitivity
	type change struct {
		along, from, to string
		fromPt, toPt    int
	}
	want := []change{
		{"utilisation", "mkt", "res", 6, 7}, // expected restarts, 85 → 95 %
		{"utilisation", "od", "res", 9, 10}, // high restarts, 70 → 85 %
		{"restart", "mkt", "od", 4, 8},      // 50 %, expected → high
		{"restart", "mkt", "od", 5, 9},      // 70 %, expected → high
		{"restart", "mkt", "res", 6, 10},    // 85 %, expected → high
		{"restart", "mkt", "res", 3, 7},     // 95 %, low → expected
	}
	var got []change
	for _, c := range s.Changes {
		got = append(got, change{c.Along, c.FromQuote, c.ToQuote, c.From, c.To})
		if c.Text == "" {
			t.Errorf("change %+v has no text", c)
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("changes =\n%v\nwant\n%v", got, want)
	}
	if txt := s.Changes[0].Text; txt != "at expected restart rates, the cheapest changes from Quote mkt to Quote res between 85 % and 95 % utilisation" {
		t.Errorf("text = %q", txt)
	}
}

func TestSensitizeCustomGrid(t *testing.T) {
	qs, a := sensitivityCase()
	s, err := Sensitize(qs, a, []float64{0.3, 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Points) != 6 || s.Points[0].Cheapest != "mkt" || !reflect.DeepEqual(s.QuoteIDs, []string{"res", "od", "mkt"}) {
		t.Errorf("points %d, first cheapest %s, ids %v", len(s.Points), s.Points[0].Cheapest, s.QuoteIDs)
	}
	if _, err := Sensitize(qs, a, []float64{0.5, 85}); !errors.Is(err, ErrInvalid) {
		t.Errorf("utilisation 85: error = %v, want ErrInvalid", err)
	}
}

// At the evaluation's own utilisation and expected restarts, the grid
// agrees with the worksheet.
func TestSensitivityMatchesWorksheetAtBase(t *testing.T) {
	qs, a := sensitivityCase()
	a.Utilisation = Assumption{Value: 0.7}
	ws := compute(t, qs, a)
	p := ws.Sensitivity.Points[4+1] // expected, 70 %
	for i, r := range ws.Results {
		if p.CostPerUnit[i] != r.CostPerUnit {
			t.Errorf("%s: grid %s, worksheet %s", r.QuoteID, p.CostPerUnit[i], r.CostPerUnit)
		}
	}
}
