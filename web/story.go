package web

import (
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// The decision story (evaluation.DecisionStory) in the reader's language:
// the award card on home, the decision page and the memo renders it, so
// the three tell one story.

// storyInto adds the story to the award card: why the awarded rental
// model fits, the warnings against it, what would change the answer, the
// quotes left out and the facts read.
func storyInto(z *i18n.Localizer, st *evaluation.Analysis, v *views.AwardView) {
	s := st.Story
	v.Fits = statements(z, s.Fits)
	for _, w := range s.Warnings {
		v.Warnings = append(v.Warnings, views.StoryWarning{Text: statement(z, w.Statement),
			Because: statements(z, w.Because), ChangeIf: statements(z, w.ChangeIf)})
	}
	v.WouldChange = statements(z, s.WouldChange)
	if st.RecErr == nil {
		v.Analysis = z.T(st.Rec.Option.LabelKey())
	}
	v.LeftOut = leftOutLines(z, s.LeftOut)
	for _, f := range s.Facts {
		v.Facts = append(v.Facts, views.StoryFact{Key: f.Key, Label: factLabel(z, f.Key), Value: factValue(z, f),
			Source: z.T("story.source." + f.Source)})
	}
}

// leftOutLines say which quotes no choice considered, grouped by reason:
// "4 quotes left out: no EUR→USD rate — add it on Reference data".
func leftOutLines(z *i18n.Localizer, list []evaluation.LeftOut) []string {
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
		case evaluation.LeftOutNoRate:
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
			"Quotes": strings.Join(g.names, ", ")}))
	}
	return out
}

// factLabel names a decision fact: the brief's field label for a brief
// field, the decision page's for its own facts.
func factLabel(z *i18n.Localizer, key string) string {
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

// factValue shows a fact's value in the reader's words.
func factValue(z *i18n.Localizer, f evaluation.DecisionFact) string {
	switch {
	case f.Value == evaluation.NotStated:
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
