package web

import (
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// awardView translates the analysis's award and its decision story.
func awardView(z *i18n.Localizer, a *evaluation.Analysis) *views.AwardView {
	f := views.AwardCardFacts{EvaluationID: a.Evaluation.ID, Award: a.Award, Currency: a.WS.Currency, PassedOver: a.PassedOver.Nearest,
		PassedMore: a.PassedOver.More(), Story: a.Story.Story, Facts: a.Story.Facts, LeftOut: a.Story.LeftOut}
	if a.RecErr == nil {
		f.Rec = &a.Rec
	}
	if w := a.Award.Winner; w != nil {
		if res, ok := a.Result(w.QuoteID); ok {
			f.Winner = &res
		}
	}
	return views.AwardCard(z, f)
}

// awardSummary says what to award in the reader's language.
func awardSummary(z *i18n.Localizer, a *evaluation.Analysis) string {
	return views.AwardSummary(z, a.Award.Winner)
}

// unitLabel is the useful unit in the reader's language.
func unitLabel(z *i18n.Localizer, a *evaluation.Analysis) string { return views.AwardUnitLabel(z, a.A) }
