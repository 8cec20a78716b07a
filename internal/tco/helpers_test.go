package tco

import "testing"

// testAssumptions are the defaults with the reliability model switched
// off, so a test that is not about retries gets round numbers; tests that
// are about retries set the fields they need.
func testAssumptions() Assumptions {
	a := DefaultAssumptions("USD")
	a.NodeFailuresPerNodeDay = Assumption{}
	a.PreemptionsPerNodeDay = Assumption{}
	a.CheckpointWriteHours = Assumption{}
	a.Utilisation = Assumption{Value: 0.85}
	return a
}

// fullQuote is a quote with every term stated.
func fullQuote(id string, model RentalModel, rate float64) Quote {
	return Quote{
		ID: id, Label: "Quote " + id, RentalModel: model, GPUModel: "H100 SXM",
		GPUsPerNode: 8, Nodes: 8, Currency: "USD",
		RatePerGPUHour:    Stated(rate),
		BillingUnit:       Stated(PerSecond),
		MinTermMonths:     Stated(0),
		StoragePerTBMonth: Stated(20.0),
		EgressPerGB:       Stated(0.05),
		SupportPerMonth:   Stated(1000.0),
	}
}

// compute runs Compute and fails the test on error.
func compute(t *testing.T, qs []Quote, a Assumptions) Worksheet {
	t.Helper()
	ws, err := Compute(qs, a)
	if err != nil {
		t.Fatalf("Compute: %v", err)
	}
	return ws
}

// line returns a result's line by key.
func line(t *testing.T, r Result, key string) Line {
	t.Helper()
	for _, l := range r.Lines {
		if l.Key == key {
			return l
		}
	}
	t.Fatalf("no line %q", key)
	return Line{}
}

func usd(minor int64) Money { return Money{Minor: minor, Currency: "USD"} }
