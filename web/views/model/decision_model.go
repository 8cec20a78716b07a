package model

import (
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// FlagMessage is a flag's translated message, by id (the id itself for
// a flag the analysis does not hold).
func FlagMessage(z *i18n.Localizer, st *evaluation.Analysis, quoteID int64, flagID string) string {
	for i, f := range st.Flags[quoteID] {
		if f.ID == flagID {
			return views.QuoteFlagViews(z, st.Flags[quoteID][i:i+1])[0].Message
		}
	}
	return flagID
}

// FactFields are the decision facts' form fields, in the order the
// application lists them, each with the value saved or defaulted.
func FactFields(z *i18n.Localizer, facts map[string]string) []views.FactField {
	var out []views.FactField
	for _, f := range evaluation.Facts {
		ff := views.FactField{Key: f.Key, Label: z.T("decision.fact." + f.Key), Kind: f.Kind, Value: facts[f.Key], Unit: f.Unit}
		if f.Unit == "mo" || f.Unit == "y" {
			ff.Unit = z.T("unit." + f.Unit)
		}
		if f.Kind == "number" && ff.Value != "" {
			ff.Value = z.Decimal(ff.Value)
		}
		if f.Kind == "stability" {
			ff.Options = []views.Option{{Value: "", Label: z.T("decision.stability.unknown")},
				{Value: "variable", Label: z.T("decision.stability.variable")}, {Value: "stable", Label: z.T("decision.stability.stable")}}
		}
		out = append(out, ff)
	}
	return out
}
