package tco

import (
	"errors"
	"slices"
	"testing"
)

// A term that is not stated or refused is never zero: its line uses a
// labelled assumption, the result is incomplete and names the term, and
// the TCO becomes a range.
func TestMissingTermUsesAssumption(t *testing.T) {
	tests := []struct {
		name     string
		edit     func(*Quote)
		term     string
		status   Status
		lines    []string
		wantLine string // a line that must not be zero
	}{
		{"egress refused", func(q *Quote) { q.EgressPerGB = Refused[float64]() }, TermEgress, StatusRefused, []string{LineEgress}, LineEgress},
		{"egress not stated", func(q *Quote) { q.EgressPerGB = NotStated[float64]() }, TermEgress, StatusNotStated, []string{LineEgress}, LineEgress},
		{"storage not stated", func(q *Quote) { q.StoragePerTBMonth = Term[float64]{} }, TermStorage, StatusNotStated, []string{LineStorage, LineSnapshots}, LineSnapshots},
		{"support refused", func(q *Quote) { q.SupportPerMonth = Refused[float64]() }, TermSupport, StatusRefused, []string{LineSupport}, LineSupport},
		{"rate not stated", func(q *Quote) { q.RatePerGPUHour = NotStated[float64]() }, TermRate, StatusNotStated,
			[]string{LineCommittedCompute, LineBurstCompute, LineIdleWaste, LineRetryWaste}, LineCommittedCompute},
		{"billing unit not stated on demand", func(q *Quote) { q.BillingUnit = NotStated[BillingUnit]() }, TermBillingUnit, StatusNotStated, []string{LineIdleWaste}, LineIdleWaste},
		{"min term refused on a single node", func(q *Quote) { q.RentalModel = SingleNode; q.MinTermMonths = Refused[int]() }, TermMinTerm, StatusRefused, []string{LineIdleWaste}, LineIdleWaste},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := testAssumptions()
			a.MeanJobHours = Assumption{Value: 0.25, Unit: "h"}
			q := fullQuote("q", OnDemand, 4)
			tt.edit(&q)
			r := compute(t, []Quote{q}, a).Results[0]
			if !r.Incomplete {
				t.Fatal("Incomplete = false")
			}
			if len(r.Missing) != 1 || r.Missing[0].Term != tt.term || r.Missing[0].Status != tt.status || r.Missing[0].Assumption == "" {
				t.Fatalf("Missing = %+v, want one %s %s with its assumption", r.Missing, tt.term, tt.status)
			}
			if l := line(t, r, tt.wantLine); l.Amount.Minor <= 0 {
				t.Errorf("%s = %s: a missing term must not price as zero", tt.wantLine, l.Amount)
			}
			for _, l := range r.Lines {
				// Engineering is never a quote term: always an evaluation default.
				uses := slices.Contains(tt.lines, l.Key) || l.Key == LineEngineering
				if l.Stated == uses || (len(l.Assumed) > 0) != uses {
					t.Errorf("%s: Stated %t, Assumed %v; uses the missing term: %t", l.Key, l.Stated, l.Assumed, uses)
				}
			}
			if !(r.Low.Minor < r.TCO.Minor || r.TCO.Minor < r.High.Minor) {
				t.Errorf("range %s–%s around %s is empty", r.Low, r.High, r.TCO)
			}
			if !(r.CostPerUnitLow.Minor <= r.CostPerUnit.Minor && r.CostPerUnit.Minor <= r.CostPerUnitHigh.Minor) {
				t.Errorf("cost per unit range %s–%s does not hold %s", r.CostPerUnitLow, r.CostPerUnitHigh, r.CostPerUnit)
			}
		})
	}
}

func TestCompleteQuoteHasNoRange(t *testing.T) {
	r := compute(t, []Quote{fullQuote("q", Reserved, 2)}, testAssumptions()).Results[0]
	if r.Incomplete || len(r.Missing) > 0 || r.Low != r.TCO || r.High != r.TCO {
		t.Errorf("complete quote: incomplete %t, missing %v, range %s–%s around %s", r.Incomplete, r.Missing, r.Low, r.High, r.TCO)
	}
}

// Only terms a line needs are missing: a reservation's billing unit, an
// on-demand quote's minimum term, or a storage price when nothing is
// stored, do not change the cost.
func TestIrrelevantTermsAreNotMissing(t *testing.T) {
	tests := []struct {
		name string
		edit func(*Quote, *Assumptions)
	}{
		{"billing unit of a reservation", func(q *Quote, _ *Assumptions) {
			q.RentalModel = Reserved
			q.BillingUnit = Refused[BillingUnit]()
		}},
		{"minimum term of on-demand", func(q *Quote, _ *Assumptions) { q.MinTermMonths = NotStated[int]() }},
		{"storage price with nothing stored", func(q *Quote, a *Assumptions) {
			q.StoragePerTBMonth = NotStated[float64]()
			a.StoredTB, a.SnapshotTB = Assumption{}, Assumption{}
		}},
		{"egress price with no egress", func(q *Quote, a *Assumptions) {
			q.EgressPerGB = Refused[float64]()
			a.EgressTBPerMonth = Assumption{}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, a := fullQuote("q", OnDemand, 3), testAssumptions()
			tt.edit(&q, &a)
			if r := compute(t, []Quote{q}, a).Results[0]; r.Incomplete {
				t.Errorf("Missing = %+v, want none", r.Missing)
			}
		})
	}
}

// An open minimum term on a single node is read conservatively (paid
// whether used or not), with pay-as-you-go as the low end of the range.
func TestOpenMinimumTermIsConservative(t *testing.T) {
	q := fullQuote("q", SingleNode, 3)
	q.MinTermMonths = NotStated[int]()
	r := compute(t, []Quote{q}, testAssumptions()).Results[0]
	idle := line(t, r, LineIdleWaste)
	if !r.Committed || idle.High != idle.Amount || idle.Low.Minor != 0 {
		t.Errorf("committed %t, idle %s in %s–%s; want committed estimate, pay-as-you-go low end", r.Committed, idle.Amount, idle.Low, idle.High)
	}
}

func TestMissingRateWithoutMarketReferenceIsAnError(t *testing.T) {
	q := fullQuote("q", OnDemand, 3)
	q.GPUModel = "MI300X"
	q.RatePerGPUHour = Refused[float64]()
	if _, err := Compute([]Quote{q}, testAssumptions()); !errors.Is(err, ErrInvalid) {
		t.Errorf("Compute error = %v, want ErrInvalid", err)
	}
}

func TestMarketRateLookup(t *testing.T) {
	a := DefaultAssumptions("USD")
	tests := []struct {
		model string
		want  float64
		found bool
	}{
		{"H100", 3.29, true},
		{"H100 SXM", 3.29, true},
		{"h100-sxm5", 3.29, true},
		{"H100 PCIe", 3.09, true},
		{"RTX 4090", 0.38, true},
		{"rtx4090", 0.38, true},
		{"MI300X", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.model, func(t *testing.T) {
			got, ok := a.marketRate(tt.model)
			if ok != tt.found || got.Value != tt.want {
				t.Errorf("marketRate(%q) = %v, %t; want %v, %t", tt.model, got.Value, ok, tt.want, tt.found)
			}
		})
	}
}
