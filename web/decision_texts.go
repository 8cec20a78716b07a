package web

import (
	"slices"

	"github.com/gpuquote/gpuquote/internal/decision"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// decisionTexts are the decision page's words that depend on the analysis
// and the reader's language alone (the recommendation, its figures, the
// award, the facts form, the score totals), built once per analysis and
// language; what depends on the reader (may they approve, must they sign
// in again) is worked out per request. The slices are clipped, so a page
// that appends to one gets its own copy.
type decisionTexts struct {
	notice, option, summary, articleNote string
	notReady                             bool
	reasons, changeIf, notes, missing    []string
	figures                              []views.Figure
	award                                *views.AwardView
	facts                                []views.FactField
	scoreCols                            []views.ScoreColumn
	scored                               []views.Option
	scoreOverlap, scoreFlip              string
}

// keptDecisionTexts keeps decisionTexts, a few hundred at most.
type keptDecisionTexts struct{ keptByAnalysis[*decisionTexts] }

func newKeptDecisionTexts() *keptDecisionTexts {
	return &keptDecisionTexts{keptByAnalysis[*decisionTexts]{budget: 512, size: func(*decisionTexts) int { return 1 }}}
}

// decisionTextsOf returns st's decision texts in z's language.
func (s *Server) decisionTextsOf(z *i18n.Localizer, st *evaluation.Analysis) *decisionTexts {
	t, _ := s.texts.get(st, "decision\x00"+z.Lang, func() (*decisionTexts, error) { return buildDecisionTexts(z, st), nil })
	return t
}

func buildDecisionTexts(z *i18n.Localizer, st *evaluation.Analysis) *decisionTexts {
	t := &decisionTexts{notice: skippedNotice(z, st)}
	if st.RecErr == nil {
		rec := st.Rec
		t.option, t.notReady, t.summary = z.T(rec.Option.LabelKey()), rec.NotReady, statement(z, rec.Summary)
		t.reasons, t.changeIf, t.notes = statements(z, rec.Reasons), statements(z, rec.ChangeIf), statements(z, rec.Notes)
		for _, k := range rec.Missing {
			t.missing = append(t.missing, z.T(decision.MissingKey(k)))
		}
		t.figures = decisionFigures(z, rec)
		t.articleNote = statement(z, decision.ArticleClaimNote())
	}
	t.award = awardView(z, st)
	t.facts = factFields(z, st.Facts)
	providers := make(map[int64]string, len(st.All))
	for _, sq := range st.All {
		providers[sq.ID] = sq.ProviderName
	}
	t.scoreCols, t.scored, t.scoreOverlap, t.scoreFlip = scoreTotals(z, st, providers)
	t.reasons, t.changeIf, t.notes, t.missing = slices.Clip(t.reasons), slices.Clip(t.changeIf), slices.Clip(t.notes), slices.Clip(t.missing)
	t.figures, t.facts, t.scoreCols, t.scored = slices.Clip(t.figures), slices.Clip(t.facts), slices.Clip(t.scoreCols), slices.Clip(t.scored)
	return t
}
