package tco

import (
	"errors"
	"testing"
)

// The quote of 1e6 a GPU-hour on 100,000 nodes, within the entry
// bounds, overflows what a contract can be over 120 months: it is left
// out with the reason, and the other quote is priced as if it were alone.
func TestComputeEachLeavesOutAnOverflowingQuote(t *testing.T) {
	sane := fullQuote("sane", Reserved, 2.5)
	absurd := fullQuote("absurd", Reserved, 1e6)
	absurd.Nodes = 100_000
	absurd.MinTermMonths = Stated(MaxTermMonths)
	a := testAssumptions()
	ws, out, err := ComputeEach([]Quote{sane, absurd}, a)
	if err != nil {
		t.Fatal(err)
	}
	if len(ws.Results) != 1 || ws.Results[0].QuoteID != "sane" || len(out) != 1 || out[0].QuoteID != "absurd" || out[0].Index != 1 ||
		!errors.Is(out[0].Err, ErrInvalid) {
		t.Fatalf("results %d, left out %+v", len(ws.Results), out)
	}
	alone := compute(t, []Quote{sane}, a)
	if ws.Results[0].CostPerUnit != alone.Results[0].CostPerUnit || len(ws.Sensitivity.QuoteIDs) != 1 || ws.Best[RowTCO] != "sane" {
		t.Errorf("the sane quote's figures moved: %+v", ws.Results[0].CostPerUnit)
	}
	if _, err := Compute([]Quote{sane, absurd}, a); !errors.Is(err, ErrInvalid) {
		t.Errorf("Compute: %v, want the quote's error", err)
	}
}

// A cost per unit beyond any real contract (a throughput of almost
// nothing) is the quote's error, not a wrapped-around integer.
func TestCostPerUnitIsChecked(t *testing.T) {
	slow := fullQuote("slow", Reserved, 2.5)
	slow.Speed = Speed{Factor: 1e-12, Source: SpeedReference}
	ws, out, err := ComputeEach([]Quote{fullQuote("sane", Reserved, 2.5), slow}, testAssumptions())
	if err != nil || len(ws.Results) != 1 || len(out) != 1 || !errors.Is(out[0].Err, ErrInvalid) {
		t.Fatalf("results %d, left out %+v, %v", len(ws.Results), out, err)
	}
}
