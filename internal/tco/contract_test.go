package tco

import "testing"

// The case: a reserved quote with a 1,000,000 USD minimum over 12
// months showed 15,610 USD a month. What is owed is the minimum.
func TestContractValueCountsMinimumSpendAndUpfront(t *testing.T) {
	a := testAssumptions()
	q := fullQuote("res", Reserved, 2.0)
	q.GPUsPerNode, q.Nodes = 8, 1
	q.MinTermMonths, q.MinSpend, q.Upfront = Stated(12), Stated(1_000_000.0), Stated(50_000.0)
	r := compute(t, []Quote{q}, a).Results[0]
	c := r.Contract
	if c.TermMonths != 12 || c.TermBasis != "stated" {
		t.Fatalf("term %d (%s), want 12 stated", c.TermMonths, c.TermBasis)
	}
	if c.Usage.Minor != r.TCO.Minor*12 {
		t.Errorf("usage %v, want 12 × %v", c.Usage, r.TCO)
	}
	if want := 100_000_000 - c.Usage.Minor; c.Shortfall.Minor != want {
		t.Errorf("shortfall %v, want %d minor", c.Shortfall, want)
	}
	if c.Value.Minor != 105_000_000 {
		t.Errorf("contract value %v, want 1,050,000.00 USD", c.Value)
	}
	if c.Monthly.Minor != 8_750_000 {
		t.Errorf("monthly equivalent %v, want 87,500.00 USD", c.Monthly)
	}
	if r.TCO.Minor >= c.Monthly.Minor {
		t.Fatalf("the usage TCO %v should be below the monthly equivalent", r.TCO)
	}
	// The cost of a unit is the monthly equivalent's.
	if want := roundHalfAway(float64(c.Monthly.Minor) / r.UnitsPerMonth); r.CostPerUnit.Minor != want {
		t.Errorf("cost per unit %v, want monthly equivalent / units = %d", r.CostPerUnit, want)
	}
}

// A quote without commitment is priced over the brief's term: a 3-month
// brief at 433,807.00 a month is a contract of 1,301,421.00, not one
// month (the issue saw 433,807 EUR where about 1.30 M was owed).
func TestContractWithoutCommitmentIsUsageOverTheBriefsTerm(t *testing.T) {
	a := testAssumptions()
	a.HorizonMonths = 3
	r := compute(t, []Quote{fullQuote("od", OnDemand, 3.0)}, a).Results[0]
	c := r.Contract
	if c.TermMonths != 3 || c.TermBasis != "none" || c.Committed() || c.Monthly != r.TCO || c.Value.Minor != 3*r.TCO.Minor {
		t.Errorf("contract %+v, want three months of usage %v", c, r.TCO)
	}
}

func TestContractSpreadsAnUnstatedTermOverTheHorizon(t *testing.T) {
	a := testAssumptions()
	a.HorizonMonths = 6
	q := fullQuote("od", OnDemand, 3.0)
	q.MinTermMonths, q.Upfront = NotStated[int](), Stated(6000.0)
	c := compute(t, []Quote{q}, a).Results[0].Contract
	if c.TermMonths != 6 || c.TermBasis != "horizon" || c.Upfront.Minor != 600_000 {
		t.Errorf("contract %+v, want the upfront over the 6-month horizon", c)
	}
}

func TestContractRefusesAbsurdAmounts(t *testing.T) {
	q := fullQuote("x", Reserved, 2.0)
	q.MinTermMonths = Stated(MaxTermMonths + 1)
	if _, err := Compute([]Quote{q}, testAssumptions()); err == nil {
		t.Error("a 121-month term was accepted")
	}
}

// 800,000 GPUs at 1e9 per GPU-hour gave a negative support line: such
// input is refused with a clear error instead of overflowing.
func TestAbsurdQuantitiesAreRefused(t *testing.T) {
	for _, q := range []Quote{
		func() Quote { q := fullQuote("a", OnDemand, 1e9); q.GPUsPerNode, q.Nodes = 8, 100_000; return q }(),
		func() Quote { q := fullQuote("b", OnDemand, 2); q.GPUsPerNode = 800_000; return q }(),
		func() Quote { q := fullQuote("c", Reserved, 2); q.MinSpend = Stated(5e13); return q }(),
	} {
		ws, err := Compute([]Quote{q}, testAssumptions())
		if err == nil {
			t.Errorf("quote %s priced: %+v", q.ID, ws.Results[0].Lines)
		}
	}
}

// A quote without a node count is never silently one node.
func TestMissingNodeCount(t *testing.T) {
	q := fullQuote("n", OnDemand, 3)
	q.Nodes, q.NodesMissing = 0, StatusNotStated
	if err := Check(q, testAssumptions()); err == nil {
		t.Fatal("a quote with no node count and no brief count was priced")
	}
	AssumeNodes(&q, map[string]string{"node_count": "8"})
	r := compute(t, []Quote{q}, testAssumptions()).Results[0]
	if !r.Incomplete || r.Missing[0].Term != TermNodes || q.Nodes != 8 {
		t.Errorf("incomplete %v, missing %+v, nodes %d: want the brief's 8 nodes, marked incomplete", r.Incomplete, r.Missing, q.Nodes)
	}
}

// Token workloads showed "0.00 USD" for every figure: they are priced per
// million tokens.
func TestTokenWorkloadsArePricedPerMillion(t *testing.T) {
	a := testAssumptions()
	ApplyBrief(&a, map[string]string{"useful_unit": "inference_tokens", "units_per_month": "20000000000",
		"gpus_per_node": "8", "node_count": "8", "baseline_utilization_pct": "85"})
	if a.UnitPer != 1e6 || a.UnitName != "1M inference tokens" {
		t.Fatalf("unit %q per %g", a.UnitName, a.UnitPer)
	}
	r := compute(t, []Quote{fullQuote("api", OnDemand, 3)}, a).Results[0]
	if r.CostPerUnit.Minor < 100 {
		t.Errorf("cost per 1M tokens %v: too coarse to compare", r.CostPerUnit)
	}
}
