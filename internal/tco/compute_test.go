package tco

import (
	"math"
	"strings"
	"testing"
)

// Committed capacity is paid whether used or not: committed compute is the
// used share, idle waste the rest, and together (with any retry waste) they
// are exactly the invoice — nothing is counted twice.
func TestCommittedCapacityPaidWhetherUsedOrNot(t *testing.T) {
	withTerm := fullQuote("sn", SingleNode, 3.1)
	withTerm.MinTermMonths = Stated(3)
	monthly := fullQuote("m", OnDemand, 2.2)
	monthly.BillingUnit = Stated(PerMonth)
	tests := []struct {
		name  string
		q     Quote
		util  float64
		retry bool
	}{
		{"reserved at 85 %", fullQuote("r", Reserved, 2.95), 0.85, false},
		{"reserved fully used", fullQuote("r", Reserved, 2.95), 1, false},
		{"reserved, awkward rate", fullQuote("r", Reserved, 2.3333), 0.377, false},
		{"buy at 60 %", fullQuote("b", Buy, 1.71), 0.6, false},
		{"single node with a minimum term", withTerm, 0.5, false},
		{"monthly billing", monthly, 0.7, false},
		{"reserved with retry waste", fullQuote("r", Reserved, 2.95), 0.85, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := testAssumptions()
			a.Utilisation = Assumption{Value: tt.util}
			if tt.retry {
				a.NodeFailuresPerNodeDay = Assumption{Value: 0.05}
				a.CheckpointWriteHours = Assumption{Value: 0.05}
			}
			r := compute(t, []Quote{tt.q}, a).Results[0]
			if !r.Committed {
				t.Fatal("Committed = false, want true")
			}
			n := float64(tt.q.GPUs())
			paid := NewMoney(n*730*tt.q.RatePerGPUHour.Value, "USD")
			committed := line(t, r, LineCommittedCompute).Amount
			idle := line(t, r, LineIdleWaste).Amount
			retry := line(t, r, LineRetryWaste).Amount
			burst := line(t, r, LineBurstCompute).Amount
			if sum := committed.Minor + idle.Minor + retry.Minor + burst.Minor; sum != paid.Minor || r.ComputeBill != paid {
				t.Errorf("committed %s + idle %s + retry %s + burst %s = %d, bill %s; want paid %s",
					committed, idle, retry, burst, sum, r.ComputeBill, paid)
			}
			if !tt.retry {
				if want := NewMoney(n*730*tt.q.RatePerGPUHour.Value*tt.util, "USD"); committed != want {
					t.Errorf("committed compute = %s, want the used share %s", committed, want)
				}
				if retry.Minor != 0 {
					t.Errorf("retry waste = %s, want 0 with retries off", retry)
				}
			}
			if idle.Minor < 0 || committed.Minor < 0 || retry.Minor < 0 {
				t.Errorf("negative line: committed %s idle %s retry %s", committed, idle, retry)
			}
		})
	}
}

// Pay-as-you-go capacity pays busy hours only, each job rounded up to the
// billing unit; the rounding is the idle waste.
func TestUsageBilledRoundsJobsUpToBillingUnit(t *testing.T) {
	tests := []struct {
		name      string
		unit      BillingUnit
		jobHours  float64
		wantExtra float64 // billed hours per job beyond the job
	}{
		{"per second, no rounding", PerSecond, 0.25, 0},
		{"per minute, whole minutes", PerMinute, 0.25, 0}, // 0.25 h / (1/60 h) is 15.000000000000002 in floats
		{"per minute, 20.5 min job", PerMinute, 20.5 / 60, 0.5 / 60},
		{"per hour, 15 min job", PerHour, 0.25, 0.75},
		{"per hour, 1.5 h job", PerHour, 1.5, 0.5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := testAssumptions()
			a.Utilisation = Assumption{Value: 0.5}
			a.JobsPerMonth = Assumption{Value: 40}
			a.MeanJobHours = Assumption{Value: tt.jobHours, Unit: "h"}
			q := fullQuote("od", OnDemand, 4)
			q.BillingUnit = Stated(tt.unit)
			r := compute(t, []Quote{q}, a).Results[0]
			if r.Committed {
				t.Fatal("Committed = true, want pay-as-you-go")
			}
			n := float64(q.GPUs())
			idle := line(t, r, LineIdleWaste).Amount
			if want := NewMoney(40*n*tt.wantExtra*4, "USD"); idle != want {
				t.Errorf("idle waste = %s, want rounding %s", idle, want)
			}
			used := NewMoney(0.5*n*730*4, "USD")
			if got := line(t, r, LineCommittedCompute).Amount; got != used {
				t.Errorf("compute = %s, want used hours only %s", got, used)
			}
			if want := used.Minor + idle.Minor; r.ComputeBill.Minor != want {
				t.Errorf("compute bill = %s, want used + rounding = %d", r.ComputeBill, want)
			}
		})
	}
}

func TestModelAPIHasNoIdleOrRetryWaste(t *testing.T) {
	a := testAssumptions()
	a.NodeFailuresPerNodeDay = Assumption{Value: 1}
	a.CheckpointWriteHours = Assumption{Value: 0.1}
	q := fullQuote("api", ModelAPI, 3)
	q.BillingUnit = NotStated[BillingUnit]()
	r := compute(t, []Quote{q}, a).Results[0]
	for _, key := range []string{LineIdleWaste, LineRetryWaste} {
		if l := line(t, r, key); l.Amount.Minor != 0 || !strings.Contains(l.Basis.English(), "per request") {
			t.Errorf("%s = %s (%s), want 0 billed per request", key, l.Amount, l.Basis)
		}
	}
	if r.Incomplete {
		t.Errorf("Missing = %v: a model API needs no billing unit", r.Missing)
	}
}

// The TCO is the sum of the displayed lines, to the minor unit, whatever
// the inputs; here across odd rates, a foreign currency and missing terms.
func TestTCOIsSumOfLines(t *testing.T) {
	a := DefaultAssumptions("USD")
	a.FX["EUR"] = FXRate{Rate: 1.0837}
	a.FX["JPY"] = FXRate{Rate: 0.0066}
	a.BurstGPUHoursPerMonth = Assumption{Value: 333.3}
	qs := []Quote{
		fullQuote("r", Reserved, 2.951),
		fullQuote("o", OnDemand, 6.877),
		{ID: "m", RentalModel: Marketplace, GPUModel: "H200", GPUsPerNode: 8, Nodes: 3, Currency: "EUR",
			RatePerGPUHour: Stated(1.93), EgressPerGB: Refused[float64]()},
		{ID: "j", RentalModel: ManagedCluster, GPUModel: "A100", GPUsPerNode: 4, Nodes: 5, Currency: "JPY",
			StoragePerTBMonth: Stated(3300.0)},
	}
	ws := compute(t, qs, a)
	for _, r := range ws.Results {
		t.Run(r.QuoteID, func(t *testing.T) {
			var sum, lo, hi int64
			for _, l := range r.Lines {
				sum += l.Amount.Minor
				lo += l.Low.Minor
				hi += l.High.Minor
				if l.Amount.Currency != "USD" {
					t.Errorf("%s in %s, want the evaluation currency", l.Key, l.Amount.Currency)
				}
			}
			if sum != r.TCO.Minor {
				t.Errorf("sum of lines = %d, TCO = %d", sum, r.TCO.Minor)
			}
			if !(r.Low.Minor <= r.TCO.Minor && r.TCO.Minor <= r.High.Minor) {
				t.Errorf("range %s–%s does not hold TCO %s", r.Low, r.High, r.TCO)
			}
			if lo > r.Low.Minor || hi < r.High.Minor {
				t.Errorf("line ranges %d–%d do not cover the total range %s–%s", lo, hi, r.Low, r.High)
			}
			if want := roundHalfAway(float64(r.TCO.Minor) / r.UnitsPerMonth); r.CostPerUnit.Minor != want {
				t.Errorf("cost per unit = %d, want TCO / units = %d", r.CostPerUnit.Minor, want)
			}
		})
	}
}

// Cost per useful unit = TCO / accepted units, where units are the useful
// GPU-hours over the GPU-hours one unit takes.
func TestCostPerUnit(t *testing.T) {
	a := testAssumptions()
	a.Utilisation = Assumption{Value: 0.5}
	a.GPUHoursPerUnit = Assumption{Value: 730}
	r := compute(t, []Quote{fullQuote("r", Reserved, 2)}, a).Results[0]
	if want := 0.5 * 64 * 730 / 730; math.Abs(r.UnitsPerMonth-want) > 1e-9 {
		t.Fatalf("units = %v, want %v", r.UnitsPerMonth, want)
	}
	if want := roundHalfAway(float64(r.TCO.Minor) / 32); r.CostPerUnit != usd(want) {
		t.Errorf("cost per unit = %s, want %s", r.CostPerUnit, usd(want))
	}
}

func TestBasisShowsTheNumbers(t *testing.T) {
	a := testAssumptions()
	a.FX["EUR"] = FXRate{Rate: 1.08}
	q := fullQuote("r", Reserved, 2.95)
	q.Currency = "EUR"
	r := compute(t, []Quote{q}, a).Results[0]
	tests := []struct{ key, want string }{
		{LineCommittedCompute, "64 GPU × 730 h × 2.95 EUR/GPU-h × 85 % busy"},
		{LineIdleWaste, "64 GPU × 730 h × 2.95 EUR/GPU-h × 15 % idle"},
		{LineStorage, "30 TB × 20 EUR/TB-month"},
		{LineEgress, "10 TB × 1,000 GB/TB × 0.05 EUR/GB"},
		{LineSupport, "stated by the vendor: 1,000 EUR/month"},
		{LineEngineering, "24 h/month for reserved × 95 USD/h"},
	}
	for _, tt := range tests {
		t.Run(tt.key, func(t *testing.T) {
			if got := line(t, r, tt.key).Basis.English(); !strings.HasPrefix(got, tt.want) {
				t.Errorf("basis = %q, want prefix %q", got, tt.want)
			}
		})
	}
}
