package evaluation

import (
	"math"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/decision"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// Where a fact of the decision comes from.
const (
	FactFromBrief  = "brief"      // the workload brief states it
	FactAssumption = "assumption" // typed on the worksheet or the decision page
	FactDefault    = "default"    // nobody stated it: the engine's default
)

// NotStated is the value of a fact nobody stated.
const NotStated = decision.FactNotStated

// DecisionFact is one fact the recommendation reads, with its source.
type DecisionFact = decision.StoryFact

// Left-out reasons.
const (
	LeftOutNoRate   = decision.LeftOutNoRate
	LeftOutUnpriced = decision.LeftOutUnpriced
)

// LeftOut is a quote no choice considered, and why.
type LeftOut = decision.LeftOut

// DecisionStory is the one decision every surface renders (home, the
// decision page, the memo, GET /api/v1/evaluations/{id}/decision): the
// award as the answer, the analysis that explains it or warns against it,
// the facts it read with their sources, and the quotes it left out.
type DecisionStory struct {
	// Award is the quote to award (nil: none can be).
	Award *decision.Candidate
	decision.Story
	Facts   []DecisionFact
	LeftOut []LeftOut
}

// LeftOutQuotes are the quotes no choice considered: those in a currency
// without a rate to the evaluation's, then those the cost model cannot
// price, in entry order within each.
func (a *Analysis) LeftOutQuotes() []LeftOut {
	out := []LeftOut{}
	for _, sq := range a.Skipped {
		cur, _ := sq.Quote.Currency.Get()
		out = append(out, LeftOut{QuoteID: sq.ID, Provider: sq.ProviderName, Reason: LeftOutNoRate, Currency: cur, Target: a.A.Currency})
	}
	for _, u := range a.Unpriced {
		out = append(out, LeftOut{QuoteID: u.ID, Provider: u.ProviderName, Reason: LeftOutUnpriced, Detail: strings.TrimPrefix(u.Reason, "tco: ")})
	}
	return out
}

// story tells the decision: computed with the analysis, read by every
// surface.
func (a *Analysis) story() DecisionStory {
	s := DecisionStory{Award: a.Award.Winner, Facts: a.decisionFacts(), LeftOut: a.LeftOutQuotes()}
	if a.RecErr != nil {
		s.Story = decision.Story{Fits: []decision.Statement{}, Warnings: []decision.Warning{}, WouldChange: []decision.Statement{}}
		return s
	}
	var awarded decision.RentalModel
	if s.Award != nil {
		awarded = s.Award.RentalModel
	}
	s.Story = decision.Explain(awarded, s.Award != nil, a.Input, a.Rec)
	return s
}

// decisionFacts are the facts the recommendation reads, each with where it
// came from: the brief when it states it, else what was typed on the
// worksheet or the decision page, else a default named as one.
func (a *Analysis) decisionFacts() []DecisionFact {
	b, saved := a.Brief.Data, a.savedFacts()
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	var out []DecisionFact
	add := func(key, value, unit, source string) {
		out = append(out, DecisionFact{Key: key, Value: value, Unit: unit, Source: source})
	}
	// Utilisation: the worksheet's (the brief's unless edited there).
	u := a.A.Utilisation
	src := FactDefault
	switch {
	case strings.HasPrefix(u.Source, tco.SourceBrief):
		src = FactFromBrief
	case u.Source == tco.SourceEdited:
		src = FactAssumption
	}
	add("baseline_utilization", f(tenth(u.Value*100)), "%", src)

	in := a.Input.Brief
	switch {
	case b["scaling"] != "":
		add("stability", string(in.Stability), "", FactFromBrief)
	case saved["stability"] != "":
		add("stability", string(in.Stability), "", FactAssumption)
	default:
		add("stability", NotStated, "", FactDefault)
	}
	switch {
	case b.Filled("term_months") && in.HorizonMonths > 0:
		add("horizon_months", strconv.Itoa(in.HorizonMonths), "months", FactFromBrief)
	case saved["horizon_months"] != "":
		add("horizon_months", strconv.Itoa(in.HorizonMonths), "months", FactAssumption)
	default:
		add("horizon_months", NotStated, "", FactDefault)
	}
	if v := a.Volume(); v > 0 {
		add("volume", f(v), a.A.UnitName, FactFromBrief)
	} else {
		add("volume", NotStated, "", FactDefault)
	}
	if in.GPUs > 0 {
		add("gpus", strconv.Itoa(in.GPUs), "GPUs", FactFromBrief)
	} else {
		add("gpus", NotStated, "", FactDefault)
	}
	for _, k := range []string{"availability_urgency", "scaling", "regions", "hardware_change_expected", "gpu_family_flexibility",
		"managed_support", "private_serving_stack", "eviction_risk", "workload_bound"} {
		if b.Filled(k) {
			add(k, b[k], "", FactFromBrief)
		} else {
			add(k, NotStated, "", FactDefault)
		}
	}
	// The decision page's own facts: yes or no, "no" by default.
	for _, k := range []string{"needs_custom_weights", "needs_kernel_control", "needs_fixed_placement", "ops_staff", "capital_approved"} {
		if v := saved[k]; v != "" {
			add(k, v, "", FactAssumption)
		} else {
			add(k, "no", "", FactDefault)
		}
	}
	return out
}

// savedFacts are the decision facts someone saved on the decision page,
// not the defaults the form starts from.
func (a *Analysis) savedFacts() map[string]string {
	out := map[string]string{}
	for k, v := range a.SavedFacts {
		if v != "" {
			out[k] = v
		}
	}
	return out
}

func tenth(v float64) float64 { return math.Round(v*10) / 10 }
