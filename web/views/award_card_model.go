package views

import (
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/decision"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// AwardCardFacts is what the award card is told from: the analysis's
// award, its decision story and its recommendation.
type AwardCardFacts struct {
	EvaluationID int64
	Award        decision.Award
	Winner       *tco.Result // the awarded quote's figures, when priced
	Currency     string
	PassedOver   []decision.Candidate // the nearest few
	PassedMore   int                  // how many more were passed over
	Story        decision.Story
	Facts        []decision.StoryFact
	LeftOut      []decision.LeftOut
	Rec          *decision.Recommendation // nil when the inputs could not be decided on
}

// AwardCard translates the analysis's award and its story (the award
// card on home, the decision page and the memo tell one story).
func AwardCard(z *i18n.Localizer, f AwardCardFacts) *AwardView {
	aw := f.Award
	v := &AwardView{Summary: AwardSummary(z, aw.Winner), Ready: aw.Ready()}
	awardStoryInto(z, f, v)
	if aw.Winner == nil {
		return v
	}
	v.QuoteID = aw.Winner.QuoteID
	if res := f.Winner; res != nil {
		v.CostPerUnit, v.MonthlyTCO, v.ContractValue = awardMoney(z, res.CostPerUnit), awardMoney(z, res.TCO), awardMoney(z, res.Contract.Value)
	}
	for _, g := range aw.Gaps {
		v.Gaps = append(v.Gaps, z.T("award.gap."+string(g)))
	}
	cur := f.Currency
	if r := aw.RunnerUp; r != nil {
		v.RunnerUp = z.T("award.runner_up", map[string]any{"Provider": r.Provider,
			"Cost": awardMoney(z, tco.Money{Minor: r.CostPerUnit, Currency: cur}), "Margin": awardMoney(z, tco.Money{Minor: aw.Margin, Currency: cur}),
			"Percent": z.Decimal(strconv.FormatFloat(aw.MarginShare*100, 'f', 1, 64))})
	}
	// A bounded few, nearest the award first; the rest are counted and
	// on the worksheet sorted by cost.
	for _, c := range f.PassedOver {
		v.PassedOver = append(v.PassedOver, z.T("award.passed_over", map[string]any{"Provider": c.Provider,
			"Cost": awardMoney(z, tco.Money{Minor: c.CostPerUnit, Currency: cur}), "Blockers": c.OpenBlockers}))
	}
	if f.PassedMore > 0 {
		v.PassedOverMore = z.N("award.passed_over_more", f.PassedMore)
		v.PassedOverLink = "/evaluations/" + strconv.FormatInt(f.EvaluationID, 10) + "/worksheet?sort=cost"
	}
	return v
}

// AwardSummary says what to award in the reader's language: "Award
// Northwind (reserved, 12 months)", or why nothing can be awarded yet.
func AwardSummary(z *i18n.Localizer, w *decision.Candidate) string {
	if w == nil {
		return z.T("award.none")
	}
	rental := z.T(w.RentalModel.LabelKey())
	if w.TermMonths > 0 {
		return z.T("award.summary_term", map[string]any{"Provider": w.Provider, "Rental": rental, "Months": w.TermMonths})
	}
	return z.T("award.summary", map[string]any{"Provider": w.Provider, "Rental": rental})
}

// AwardUnitLabel is the useful unit in the reader's language: the brief's
// option label, "1M …" for token workloads priced per million.
func AwardUnitLabel(z *i18n.Localizer, a tco.Assumptions) string {
	if a.UnitKey == "" {
		return a.UnitName
	}
	l := z.T("brief.option." + a.UnitKey)
	if a.UnitPer == 1e6 {
		return z.T("worksheet.unit_million", map[string]any{"Unit": l})
	}
	return l
}

// awardMoney is an amount in the reader's format.
func awardMoney(z *i18n.Localizer, m tco.Money) string { return z.Money(m.Decimal(), m.Currency) }

// awardStoryInto adds the story to the award card: why the awarded rental
// model fits, the warnings against it, what would change the answer, the
// quotes left out and the facts read.
func awardStoryInto(z *i18n.Localizer, f AwardCardFacts, v *AwardView) {
	s := f.Story
	v.Fits = Statements(z, s.Fits)
	for _, w := range s.Warnings {
		v.Warnings = append(v.Warnings, StoryWarning{Text: Statement(z, w.Statement),
			Because: Statements(z, w.Because), ChangeIf: Statements(z, w.ChangeIf)})
	}
	v.WouldChange = Statements(z, s.WouldChange)
	if f.Rec != nil {
		v.Analysis = z.T(f.Rec.Option.LabelKey())
	}
	v.LeftOut = awardLeftOutLines(z, f.LeftOut)
	for _, fact := range f.Facts {
		v.Facts = append(v.Facts, StoryFact{Key: fact.Key, Label: awardFactLabel(z, fact.Key), Value: awardFactValue(z, fact),
			Source: z.T("story.source." + fact.Source)})
	}
}

// awardLeftOutLines say which quotes no choice considered, grouped by
// reason: "4 quotes left out: no EUR→USD rate — add it on Reference data".
func awardLeftOutLines(z *i18n.Localizer, list []decision.LeftOut) []string {
	type group struct {
		key, from, to string
		names         []string
	}
	var groups []*group
	find := func(key, from, to string) *group {
		for _, g := range groups {
			if g.key == key && g.from == from && g.to == to {
				return g
			}
		}
		g := &group{key: key, from: from, to: to}
		groups = append(groups, g)
		return g
	}
	for _, l := range list {
		switch l.Reason {
		case decision.LeftOutNoRate:
			g := find("story.left_out.no_rate", l.Currency, l.Target)
			g.names = append(g.names, l.Provider)
		default:
			g := find("story.left_out.unpriced", "", "")
			g.names = append(g.names, l.Provider+" ("+l.Detail+")")
		}
	}
	var out []string
	for _, g := range groups {
		out = append(out, z.T(g.key, map[string]any{"Count": len(g.names), "From": g.from, "To": g.to,
			"Quotes": NamesAndMore(z, g.names)}))
	}
	return out
}

// NamedAtMost is how many quotes a line that lists them names: at 10,000
// quotes, naming every one made the evaluation home 110 KB of names and
// the decision page 230 KB.
const NamedAtMost = 5

// NamesAndMore names the first few of names and counts the rest ("A, B,
// C, D, E and 3,329 more").
func NamesAndMore(z *i18n.Localizer, names []string) string {
	if len(names) <= NamedAtMost {
		return strings.Join(names, ", ")
	}
	rest := len(names) - NamedAtMost
	return strings.Join(names[:NamedAtMost], ", ") + " " +
		z.N("story.left_out.more", rest, map[string]any{"Count": z.Int(int64(rest))})
}

// awardFactLabel names a decision fact: the brief's field label for a
// brief field, the decision page's for its own facts.
func awardFactLabel(z *i18n.Localizer, key string) string {
	switch key {
	case "baseline_utilization":
		return z.T("brief.field.baseline_utilization_pct")
	case "volume":
		return z.T("brief.field.units_per_month")
	case "gpus":
		return z.T("story.fact.gpus")
	}
	if _, ok := brief.Lookup(key); ok {
		return z.T("brief.field." + key)
	}
	return z.T("decision.fact." + key)
}

// awardFactValue shows a fact's value in the reader's words.
func awardFactValue(z *i18n.Localizer, f decision.StoryFact) string {
	switch {
	case f.Value == decision.FactNotStated:
		return z.T("story.value.not_stated")
	case f.Value == "yes":
		return z.T("common.yes")
	case f.Value == "no":
		return z.T("common.no")
	case f.Key == "stability":
		return z.T("decision.stability." + f.Value)
	}
	if _, err := strconv.ParseFloat(f.Value, 64); err == nil {
		v := z.Decimal(f.Value)
		switch f.Unit {
		case "%":
			return v + " %"
		case "months":
			return v + " " + z.T("unit.mo")
		case "":
			return v
		}
		return v + " " + f.Unit
	}
	return z.T("brief.option." + f.Value)
}
