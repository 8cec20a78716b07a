package web

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/chart"
	"github.com/gpuquote/gpuquote/internal/decision"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
	"github.com/gpuquote/gpuquote/web/views/model"
)

// decisionTexts are the decision page's words that depend on the analysis
// and the reader's language alone (the recommendation, its figures, the
// award, the facts form, the score totals), built once per analysis and
// language; what depends on the reader (may they approve, must they sign
// in again) is worked out per request. The slices are clipped, so a page
// that appends to one gets its own copy.
type decisionTexts struct {
	notice, option, summary           string
	notReady                          bool
	reasons, changeIf, notes, missing []string
	figures                           []views.Figure
	costLines                         chart.LinesFigure
	costLinesText                     views.ChartText
	award                             *views.AwardView
	facts                             []views.FactField
	scoreCols                         []views.ScoreColumn
	scoreOverlap, scoreFlip           string
	// quotes are the priced quotes' rows, without the reader's right to
	// approve; current is the approval in force, without theirs to
	// re-approve; history the decisions on the record.
	quotes  []views.DecisionQuote
	current *views.ApprovalView
	history []views.HistoryRow
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
		t.option, t.notReady, t.summary = z.T(rec.Option.LabelKey()), rec.NotReady, views.Statement(z, rec.Summary)
		t.reasons, t.changeIf, t.notes = views.Statements(z, rec.Reasons), views.Statements(z, rec.ChangeIf), views.Statements(z, rec.Notes)
		for _, k := range rec.Missing {
			t.missing = append(t.missing, z.T(decision.MissingKey(k)))
		}
		t.figures = views.DecisionFigures(z, rec)
		t.costLines, t.costLinesText = costLinesChart(z, rec)
	}
	t.award = awardView(z, st)
	t.award.ShowFacts = true
	t.facts = model.FactFields(z, st.Facts)
	providers := make(map[int64]string, len(st.All))
	for _, sq := range st.All {
		providers[sq.ID] = sq.ProviderName
	}
	var scored []views.Option
	t.scoreCols, scored, t.scoreOverlap, t.scoreFlip = scoreTotals(z, st, providers)
	t.quotes, t.current = decisionRows(z, st, t.scoreCols, scored)
	for _, d := range st.Decisions {
		t.history = append(t.history, views.HistoryRow{What: z.T("decision.kind."+d.Kind, map[string]any{"Provider": d.Snapshot.Provider}),
			By: d.DecidedBy, At: z.DateTime(d.DecidedAt), Reason: d.Reason, Hash: d.ContentHash[:12]})
	}
	t.history = slices.Clip(t.history)
	t.reasons, t.changeIf, t.notes, t.missing = slices.Clip(t.reasons), slices.Clip(t.changeIf), slices.Clip(t.notes), slices.Clip(t.missing)
	t.figures, t.facts, t.scoreCols = slices.Clip(t.figures), slices.Clip(t.facts), slices.Clip(t.scoreCols)
	return t
}

// decisionRows are the priced quotes' rows on the decision page and the
// approval in force, as any reader sees them.
func decisionRows(z *i18n.Localizer, st *evaluation.Analysis, cols []views.ScoreColumn, scored []views.Option) ([]views.DecisionQuote, *views.ApprovalView) {
	scoreOf := map[string]views.ScoreColumn{}
	for i, q := range scored {
		scoreOf[q.Value] = cols[i]
	}
	cur := st.CurrentApproval()
	var rows []views.DecisionQuote
	var current *views.ApprovalView
	for i, sq := range st.Quotes {
		res := st.WS.Results[i]
		col := scoreOf[strconv.FormatInt(sq.ID, 10)]
		dq := views.DecisionQuote{Score: col.Total, ScoreOverlap: col.Overlap, Place: strings.Trim(col.Place, "–"), ID: sq.ID, Provider: sq.ProviderName, Rental: z.T("quote.term.rental_model." + string(res.RentalModel)),
			CostPerUnit: money(z, res.CostPerUnit), TCO: money(z, res.TCO), Status: st.Shortlist[sq.ID].Status}
		if dq.Status != "" {
			dq.StatusLabel = z.T("decision.status." + dq.Status)
		}
		for _, b := range st.OpenBlockers(sq.ID) {
			if b.Kind == "test" {
				dq.FailedTests = append(dq.FailedTests, z.T("bench.test."+b.ID))
				continue
			}
			dq.Blockers = append(dq.Blockers, views.BlockerView{FlagID: b.ID, Message: model.FlagMessage(z, st, sq.ID, b.ID)})
		}
		// In flag order, so the lines read the same on every request.
		waived := slices.Sorted(maps.Keys(st.Waivers[sq.ID]))
		for _, flagID := range waived {
			wv := st.Waivers[sq.ID][flagID]
			dq.Waived = append(dq.Waived, z.T("decision.waived_line", map[string]any{"Flag": model.FlagMessage(z, st, sq.ID, flagID),
				"Reason": wv.Reason, "By": wv.WaivedBy, "At": z.DateTime(wv.WaivedAt)}))
		}
		rows = append(rows, dq)
		if cur != nil && cur.QuoteID == sq.ID {
			current = &views.ApprovalView{QuoteID: sq.ID, Provider: sq.ProviderName, By: cur.DecidedBy, At: z.DateTime(cur.DecidedAt),
				Reason: cur.Reason, Hash: cur.ContentHash, Stale: cur.InputsHash != st.InputsHash(sq.Quote), Self: cur.SelfApproval}
			current.Approvers = signatureLines(z, cur.Snapshot.Approvers)
			if current.Stale {
				current.Changes = changeLines(z, st, st.ChangesSince(*cur, sq.Quote))
			}
		}
	}
	return slices.Clip(rows), current
}
