package evaluation_test

import (
	"context"
	"slices"
	"testing"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/decision"
	"github.com/gpuquote/gpuquote/internal/evaluation"
)

func (f *decisionFixture) saveBrief(t *testing.T, b brief.Brief) {
	t.Helper()
	ctx := context.Background()
	cur, err := f.st.Brief(ctx, f.evID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.st.SaveBrief(ctx, f.p.Actor(), f.evID, cur.Version, b); err != nil {
		t.Fatal(err)
	}
}

func factOf(s evaluation.DecisionStory, key string) evaluation.DecisionFact {
	for _, f := range s.Facts {
		if f.Key == key {
			return f
		}
	}
	return evaluation.DecisionFact{}
}

// TestStoryFactsFromTheBrief: the defect was "utilisation baseline: not
// known" beside a brief that says 85 %: the recommendation read its
// stability and horizon only from the decision page's facts. Now each fact
// comes from the brief when it states it, and says so.
func TestStoryFactsFromTheBrief(t *testing.T) {
	f := newDecisionFixture(t)
	f.saveBrief(t, brief.Brief{"baseline_utilization_pct": "85", "scaling": "steady", "term_months": "12",
		"availability_urgency": "planned"})
	a := f.analyze(t)
	if a.Input.Brief.Stability != decision.StabilityStable || a.Input.Brief.HorizonMonths != 12 {
		t.Errorf("engine read stability %q, horizon %d; the brief says steady, 12 months", a.Input.Brief.Stability, a.Input.Brief.HorizonMonths)
	}
	for _, r := range a.Rec.Reasons {
		if r.Key == "decision.reason.uncertain_baseline.not_stated" {
			t.Errorf("the recommendation says the baseline is not known: %s", r.Text)
		}
	}
	s := a.Story
	for key, want := range map[string]evaluation.DecisionFact{
		"baseline_utilization": {Key: "baseline_utilization", Value: "85", Unit: "%", Source: evaluation.FactFromBrief},
		"stability":            {Key: "stability", Value: "stable", Source: evaluation.FactFromBrief},
		"horizon_months":       {Key: "horizon_months", Value: "12", Unit: "months", Source: evaluation.FactFromBrief},
		"availability_urgency": {Key: "availability_urgency", Value: "planned", Source: evaluation.FactFromBrief},
		"regions":              {Key: "regions", Value: evaluation.NotStated, Source: evaluation.FactDefault},
		"ops_staff":            {Key: "ops_staff", Value: "no", Source: evaluation.FactDefault},
	} {
		if got := factOf(s, key); got != want {
			t.Errorf("fact %s = %+v, want %+v", key, got, want)
		}
	}
	// A fact saved on the decision page is an assumption; the brief's
	// answer still wins where it has one.
	if err := f.st.SaveDecisionInputs(context.Background(), f.p.Actor(), f.evID, a.FactsVer,
		map[string]string{"stability": "variable", "ops_staff": "yes"}); err != nil {
		t.Fatal(err)
	}
	s = f.analyze(t).Story
	if got := factOf(s, "stability"); got.Value != "stable" || got.Source != evaluation.FactFromBrief {
		t.Errorf("stability = %+v, want the brief's", got)
	}
	if got := factOf(s, "ops_staff"); got.Value != "yes" || got.Source != evaluation.FactAssumption {
		t.Errorf("ops_staff = %+v, want the saved assumption", got)
	}
}

// TestStoryLeftOutAndAwardable: a quote without an exchange rate is named
// as left out with its currencies, and what would change the answer
// reads no quote that could not be awarded (the defect: a rate from a
// quote with two open blockers).
func TestStoryLeftOutAndAwardable(t *testing.T) {
	f := newDecisionFixture(t)
	a := f.analyze(t)
	if len(a.Skipped) == 0 {
		t.Fatal("the example's EUR quote should lack a rate")
	}
	want := evaluation.LeftOut{QuoteID: a.Skipped[0].ID, Provider: a.Skipped[0].ProviderName, Reason: evaluation.LeftOutNoRate,
		Currency: "EUR", Target: "USD"}
	if !slices.Contains(a.Story.LeftOut, want) {
		t.Errorf("left out = %+v, want %+v among them", a.Story.LeftOut, want)
	}
	blocked := 0
	for _, sq := range a.Quotes {
		if len(a.OpenBlockers(sq.ID)) > 0 {
			blocked++
		}
	}
	if blocked == 0 {
		t.Fatal("the fixture needs a priced quote with open blockers")
	}
	for _, q := range a.Input.Quotes {
		if n := len(a.OpenBlockers(q.ID)); n > 0 {
			t.Errorf("the recommendation reads quote %d (%s) with %d open blockers", q.ID, q.Label, n)
		}
	}
	for kind, r := range map[string]*decision.Rate{"on demand": a.Rec.Rates.OnDemand, "reserved": a.Rec.Rates.Reserved, "spot": a.Rec.Rates.Spot} {
		if r != nil && r.QuoteID != 0 && len(a.OpenBlockers(r.QuoteID)) > 0 {
			t.Errorf("the %s rate comes from quote %d, which has open blockers", kind, r.QuoteID)
		}
	}
}

// TestWhyNoSplit: the defect was "No split meets these constraints" with a
// 70 % cap and no reason, although blockers and a missing rate had left
// one quote to carry the work. Now each quote says why it cannot carry
// the split, and the nearest split that can be found is offered.
func TestWhyNoSplit(t *testing.T) {
	f := newDecisionFixture(t)
	a := f.analyze(t)
	if best, _ := a.SuggestSplit(70, false); best != nil {
		t.Fatalf("the example should have no split at a 70 %% cap: %+v", best)
	}
	why := a.WhyNoSplit(70, false)
	reasons := map[string]evaluation.SplitExclusion{}
	for _, ex := range why.Excluded {
		reasons[ex.Provider] = ex
	}
	if ex := reasons["Example Hyperscaler"]; ex.Reason != evaluation.SplitCap || ex.Pct != 70 {
		t.Errorf("hyperscaler: %+v, want the 70 %% cap", ex)
	}
	if ex := reasons["Example Marketplace"]; ex.Reason != evaluation.SplitOpenBlockers || ex.Count == 0 {
		t.Errorf("marketplace: %+v, want its open blockers", ex)
	}
	if ex := reasons["Example Specialized Cloud"]; ex.Reason != evaluation.SplitNoRate || ex.Currency != "EUR" || ex.Target != "USD" {
		t.Errorf("specialised cloud: %+v, want no EUR→USD rate", ex)
	}
	if why.Nearest == nil || why.NearestPct != 100 || len(why.Nearest.Shares) != 1 {
		t.Errorf("nearest split %+v at %d %%, want the hyperscaler alone at 100 %%", why.Nearest, why.NearestPct)
	}
}
