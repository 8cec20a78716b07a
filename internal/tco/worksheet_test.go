package tco

import (
	"errors"
	"testing"
)

func TestBestPerRow(t *testing.T) {
	cheapCompute := fullQuote("cheap", Reserved, 1.9)
	cheapCompute.SupportPerMonth = Stated(9000.0)
	cheapSupport := fullQuote("support", Reserved, 2.5)
	cheapSupport.SupportPerMonth = Stated(10.0)
	twin := fullQuote("twin", Reserved, 2.5) // same lines as "support" but later: ties go to the earlier quote
	twin.SupportPerMonth = Stated(10.0)
	ws := compute(t, []Quote{cheapSupport, cheapCompute, twin}, testAssumptions())
	want := map[string]string{
		LineCommittedCompute: "cheap",
		LineSupport:          "support",
		LineStorage:          "support",
		RowTCO:               "cheap",
		RowCostPerUnit:       "cheap",
	}
	for row, id := range want {
		t.Run(row, func(t *testing.T) {
			if got := ws.Best[row]; got != id {
				t.Errorf("Best[%s] = %q, want %q", row, got, id)
			}
		})
	}
	if len(ws.Best) != 11 {
		t.Errorf("Best has %d rows, want 9 lines + TCO + cost per unit", len(ws.Best))
	}
}

func TestComputeOrderAndEmpty(t *testing.T) {
	ws := compute(t, nil, testAssumptions())
	if len(ws.Results) != 0 || len(ws.Best) != 0 {
		t.Errorf("empty worksheet: %+v", ws)
	}
	ws = compute(t, []Quote{fullQuote("b", Reserved, 3), fullQuote("a", OnDemand, 2)}, testAssumptions())
	if ws.Results[0].QuoteID != "b" || ws.Results[1].QuoteID != "a" || len(ws.Results[0].Lines) != numLines {
		t.Errorf("results out of input order or short: %v, %v", ws.Results[0].QuoteID, ws.Results[1].QuoteID)
	}
	for i, l := range ws.Results[0].Lines {
		if l.Key != LineKeys()[i] {
			t.Errorf("line %d = %s, want %s", i, l.Key, LineKeys()[i])
		}
	}
}

func TestComputeRejectsInvalidInput(t *testing.T) {
	tests := []struct {
		name string
		edit func(*[]Quote, *Assumptions)
	}{
		{"utilisation given as a percentage", func(_ *[]Quote, a *Assumptions) { a.Utilisation = Assumption{Value: 85} }},
		{"zero utilisation", func(_ *[]Quote, a *Assumptions) { a.Utilisation = Assumption{} }},
		{"checkpoint write in minutes", func(_ *[]Quote, a *Assumptions) { a.CheckpointWriteHours = Assumption{Value: 3, Unit: "min"} }},
		{"zero checkpoint interval", func(_ *[]Quote, a *Assumptions) { a.CheckpointIntervalHours = Assumption{} }},
		{"value outside its range", func(_ *[]Quote, a *Assumptions) { a.StoredTB = Assumption{Value: 5, Low: 10, High: 20} }},
		{"negative egress", func(_ *[]Quote, a *Assumptions) { a.EgressTBPerMonth = Assumption{Value: -1} }},
		{"no GPU-hours per unit", func(_ *[]Quote, a *Assumptions) { a.GPUHoursPerUnit = Assumption{} }},
		{"bad evaluation currency", func(_ *[]Quote, a *Assumptions) { a.Currency = "usd" }},
		{"zero FX rate", func(_ *[]Quote, a *Assumptions) { a.FX = map[string]FXRate{"EUR": {}} }},
		{"no engineering hours for the model", func(_ *[]Quote, a *Assumptions) { delete(a.EngineeringHours, Reserved) }},
		{"duplicate quote id", func(qs *[]Quote, _ *Assumptions) { *qs = append(*qs, (*qs)[0]) }},
		{"empty quote id", func(qs *[]Quote, _ *Assumptions) { (*qs)[0].ID = "" }},
		{"no GPUs", func(qs *[]Quote, _ *Assumptions) { (*qs)[0].Nodes = 0 }},
		{"unknown rental model", func(qs *[]Quote, _ *Assumptions) { (*qs)[0].RentalModel = "spot" }},
		{"stated zero rate", func(qs *[]Quote, _ *Assumptions) { (*qs)[0].RatePerGPUHour = Stated(0.0) }},
		{"unknown billing unit", func(qs *[]Quote, _ *Assumptions) { (*qs)[0].BillingUnit = Stated(BillingUnit("fortnight")) }},
		{"negative minimum term", func(qs *[]Quote, _ *Assumptions) { (*qs)[0].MinTermMonths = Stated(-1) }},
		{"quote without currency", func(qs *[]Quote, _ *Assumptions) { (*qs)[0].Currency = "" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			qs, a := []Quote{fullQuote("q", Reserved, 2)}, testAssumptions()
			tt.edit(&qs, &a)
			if _, err := Compute(qs, a); !errors.Is(err, ErrInvalid) {
				t.Errorf("Compute error = %v, want ErrInvalid", err)
			}
		})
	}
}

func TestDefaultAssumptionsAreValid(t *testing.T) {
	a := DefaultAssumptions("USD")
	if err := a.validate(); err != nil {
		t.Fatal(err)
	}
	for _, m := range RentalModels() {
		if _, ok := a.EngineeringHours[m]; !ok {
			t.Errorf("no engineering hours for %s", m)
		}
	}
	for name, v := range map[string]Assumption{
		"storage": a.MarketStoragePerTBMonth, "egress": a.MarketEgressPerGB, "support": a.MarketSupportShare,
		"engineering rate": a.EngineeringRate, "H100": a.MarketRatePerGPUHour["H100"],
	} {
		if v.Source == "" || !v.hasRange() {
			t.Errorf("%s: a market reference needs a source and a range, got %+v", name, v)
		}
	}
}
