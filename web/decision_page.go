package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/tco"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/decision"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// statement translates one of the engine's statements; a key missing from
// the catalog falls back to the engine's English text.
func statement(z *i18n.Localizer, st decision.Statement) string {
	if s := z.T(st.Key, localStatementFacts(z, st)); s != st.Key {
		return s
	}
	return st.Text
}

// localStatementFacts writes a statement's numeric facts in the reader's
// number format ("30000.00" is "30 000,00" in Russian); words and free
// text stay as they are.
func localStatementFacts(z *i18n.Localizer, st decision.Statement) map[string]string {
	data := st.Data()
	for _, f := range st.Facts {
		if _, err := strconv.ParseFloat(f.Value, 64); err == nil && strings.Trim(f.Value, "0123456789.-") == "" {
			data[f.Name] = z.Decimal(f.Value)
		}
	}
	return data
}

func statements(z *i18n.Localizer, list []decision.Statement) []string {
	out := make([]string, 0, len(list))
	for _, s := range list {
		out = append(out, statement(z, s))
	}
	return out
}

func (s *Server) showDecision(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	return s.renderDecision(w, r, id, http.StatusOK, "", "")
}

// renderDecisionRefusal shows the decision page after a refused decision,
// with the refusal's message (which may name the quote already approved).
func (s *Server) renderDecisionRefusal(w http.ResponseWriter, r *http.Request, evaluationID int64, rf evaluation.Refusal, reason string) error {
	return s.renderDecisionWith(w, r, evaluationID, decisionForm{status: refusalStatus(rf), errMsg: refusalText(i18n.From(r.Context()), rf), reason: reason})
}

// renderDecision shows the decision page, with an error message key and
// the typed reason after a refused action.
func (s *Server) renderDecision(w http.ResponseWriter, r *http.Request, evaluationID int64, status int, errKey, reason string) error {
	msg := ""
	if errKey != "" {
		msg = i18n.From(r.Context()).T(errKey)
	}
	return s.renderDecisionWith(w, r, evaluationID, decisionForm{status: status, errMsg: msg, reason: reason})
}

// decisionForm is what the decision page keeps after a refused action:
// the status, the translated message, the reason typed, and the award
// forms' input and errors.
type decisionForm struct {
	status int
	errMsg string
	reason string
	award  *awardForm
	// field is the id of the input errMsg is about ("pw-12"): the message
	// is then shown next to it and linked from the summary, not at the top.
	field string
}

// decisionRowsPerPage is how many quotes one decision page lists; the pager
// turns to the others.
const decisionRowsPerPage = 100

// decisionPageRows are the indexes of the rows a page lists: those from
// to to, and before them any quote outside it that is on the shortlist or
// decided, so that a manager never pages to find what to approve.
func decisionPageRows(all []views.DecisionQuote, from, to int) []int {
	var rows []int
	if from > 0 || to < len(all) {
		for i, q := range all {
			if q.Status != "" && (i < from || i >= to) {
				rows = append(rows, i)
			}
		}
	}
	for i := from; i < to; i++ {
		rows = append(rows, i)
	}
	return rows
}

// renderDecisionWith shows the decision page after f. A plain view is
// kept rendered for its reader while the analysis holds: everything it
// shows is the analysis's (its awards included) seen by that reader, and
// rendering 100 rows and the award form was most of the page's time.
func (s *Server) renderDecisionWith(w http.ResponseWriter, r *http.Request, evaluationID int64, f decisionForm) error {
	ctx := r.Context()
	z := i18n.From(ctx)
	st, err := s.eval.Analyze(ctx, evaluationID)
	if err != nil {
		return err
	}
	pg := s.page(r, z.T("decision.title")+" · "+st.Evaluation.Name, "evaluations")
	var body templ.Component
	if f == (decisionForm{status: http.StatusOK}) {
		u := currentUser(r)
		view := fmt.Sprintf("decision\x00%s\x00%s\x00%d\x00%t\x00%s", z.Lang, u.Role, u.ID, s.needsReauth(principalFrom(ctx)),
			r.URL.Query().Encode())
		body, err = s.parts.render(ctx, st, view, func() templ.Component {
			m, err := s.decisionModel(r, st, f)
			if err != nil {
				return failedComponent(err)
			}
			return views.DecisionBody(m)
		})
	} else {
		var m views.DecisionPage
		if m, err = s.decisionModel(r, st, f); err == nil && f.field != "" && f.errMsg != "" {
			m.Error, m.FieldErrors = strings.TrimSpace(strings.TrimPrefix(m.Error, f.errMsg)), map[string]string{f.field: f.errMsg}
			pg.Errors = []views.FormError{{Target: f.field, Label: z.T("decision.password"), Message: f.errMsg}}
		}
		body = views.DecisionBody(m)
	}
	if err != nil {
		return err
	}
	if key := takeFlash(w, r); key != "" {
		pg.Flash = z.T(key)
	}
	s.render(w, r, f.status, views.PageWith(pg, body))
	return nil
}

// failedComponent is a component whose rendering fails with err: a kept
// part whose model could not be built is not kept.
func failedComponent(err error) templ.Component {
	return templ.ComponentFunc(func(context.Context, io.Writer) error { return err })
}

// decisionModel is the decision page's model for this reader after f.
func (s *Server) decisionModel(r *http.Request, st *evaluation.Analysis, f decisionForm) (views.DecisionPage, error) {
	ctx := r.Context()
	z := i18n.From(ctx)
	u := currentUser(r)
	m := views.DecisionPage{EvaluationID: st.Evaluation.ID, EvaluationName: st.Evaluation.Name, Reason: f.reason,
		CanShortlist: u.Role.Can(auth.EditQuotes), CanDecide: u.Role.Can(auth.Approve), AllowSelf: st.AllowSelf,
		NeedsReauth: s.needsReauth(principalFrom(ctx))}
	m.Error = f.errMsg
	t := s.decisionTextsOf(z, st)
	m.Notice = t.notice
	if st.RecErr == nil {
		m.Option, m.NotReady, m.Summary = t.option, t.notReady, t.summary
		m.Reasons, m.ChangeIf, m.Notes, m.Missing = t.reasons, t.changeIf, t.notes, t.missing
		m.Figures = t.figures
		m.CostLines, m.CostLinesText = t.costLines, t.costLinesText
	} else {
		m.Error = strings.TrimSpace(m.Error + " " + z.T("decision.error.inputs"))
	}
	m.Award = t.award
	m.Facts, m.FactsVersion = t.facts, st.FactsVer
	m.HasScores, m.ScoreOverlap, m.ScoreFlip = len(t.scoreCols) > 0, t.scoreOverlap, t.scoreFlip
	// The rows, the approval in force and the history are the kept texts';
	// whether this reader may approve or re-approve is theirs alone.
	if err := s.decisionRows(r, st, t, &m); err != nil {
		return m, err
	}
	if err := s.currentApproval(r, st, t, &m); err != nil {
		return m, err
	}
	// The recorded awards, read once for the panel and the compliance.
	awards, err := s.eval.Awards(ctx, st)
	if err != nil {
		return m, err
	}
	if m.Awards, err = s.awardsPanel(r, st, f.award, awards); err != nil {
		return m, err
	}
	m.Compliance = awardedCompliance(z, st, awards)
	m.History = t.history
	return m, nil
}

// decisionRows fills one page of the quote rows (10,000 rows were 8 MB of
// HTML), after the quotes on the shortlist or decided, which every page
// lists, with why this reader may not approve each shortlisted one.
func (s *Server) decisionRows(r *http.Request, st *evaluation.Analysis, t *decisionTexts, m *views.DecisionPage) error {
	ctx, z, u := r.Context(), i18n.From(r.Context()), currentUser(r)
	from, to, pager := pageRange(len(t.quotes), r.URL.Query(), decisionRowsPerPage)
	rows := decisionPageRows(t.quotes, from, to)
	m.Quotes, m.Pager = make([]views.DecisionQuote, len(rows)), pager
	for i, at := range rows {
		m.Quotes[i] = t.quotes[at]
		if dq := &m.Quotes[i]; dq.Status == "shortlisted" && m.CanDecide {
			rf, err := s.eval.ApproveRefusal(ctx, st, st.Quotes[at], u)
			if err != nil {
				return err
			}
			if rf != nil {
				dq.NoApprove, dq.ApproveByAward = refusalText(z, *rf), rf.Key == evaluation.NeedsMoreApproversKey
			}
		}
	}
	return nil
}

// currentApproval fills the approval in force, and why this reader may not
// renew it when it is stale.
func (s *Server) currentApproval(r *http.Request, st *evaluation.Analysis, t *decisionTexts, m *views.DecisionPage) error {
	if t.current == nil {
		return nil
	}
	ctx, z := r.Context(), i18n.From(r.Context())
	cur := *t.current
	m.Current = &cur
	var split *views.RecordedAward // shown in the awards panel
	if err := s.approvalInForce(ctx, z, st, m.Current, &split); err != nil {
		return err
	}
	if m.Current.Stale && m.CanDecide {
		rf, err := st.NeedsMoreApprovers(cur.QuoteID)
		if err != nil {
			return err
		}
		if rf != nil {
			m.Current.NoReapprove = refusalText(z, *rf)
		}
	}
	return nil
}

// flagMessage is a flag's translated message, by id.
func flagMessage(z *i18n.Localizer, st *evaluation.Analysis, quoteID int64, flagID string) string {
	for i, f := range st.Flags[quoteID] {
		if f.ID == flagID {
			return flagViews(z, st.Flags[quoteID][i:i+1])[0].Message
		}
	}
	return flagID
}

func decisionFigures(z *i18n.Localizer, rec decision.Recommendation) []views.Figure {
	f2 := func(x float64) string { return z.Decimal(strconv.FormatFloat(x, 'f', 2, 64)) }
	var out []views.Figure
	be := func(label string, b *decision.BreakEven) {
		if b == nil {
			return
		}
		v := z.T("decision.never")
		if !b.Never {
			v = z.T("decision.months", map[string]any{"Months": f2(b.Months), "Years": f2(b.Months / 12)})
		}
		out = append(out, views.Figure{Label: z.T(label), Value: v, Basis: z.T("decision.breakeven_basis", map[string]any{
			"Capex": f2(b.CapexPerGPU), "Rate": f2(b.RatePerGPUHour), "Util": f2(b.Utilization * 100), "Opex": f2(b.OpexPerGPUMonth),
			"Currency": b.Currency})})
	}
	be("decision.breakeven_reserved", rec.BreakEvenVsReserved)
	be("decision.breakeven_on_demand", rec.BreakEvenVsOnDemand)
	if a := rec.ModelAPI; a != nil {
		out = append(out, views.Figure{Label: z.T("decision.model_api"), Value: z.T("decision.model_api_value", map[string]any{
			"API": f2(a.APIMonthly), "Self": f2(a.SelfHostedMonthly), "Currency": a.Currency}),
			Basis: z.T("decision.model_api_basis", map[string]any{"Basis": z.T("decision.basis." + string(a.Basis)),
				"TPS": f2(a.TokensPerSecondPerGPU), "Model": a.Model})})
	}
	if b := rec.Blend; b != nil {
		out = append(out, views.Figure{Label: z.T("decision.blend"), Value: f2(b.MonthlyCost) + "\u00a0" + b.Currency,
			Basis: z.T("decision.blend_basis", map[string]any{"R": f2(b.Reserved.Share * 100), "O": f2(b.OnDemand.Share * 100),
				"S": f2(b.Spot.Share * 100), "All": f2(b.AllOnDemandMonthlyCost), "Currency": b.Currency})})
	}
	return out
}

func factFields(z *i18n.Localizer, facts map[string]string) []views.FactField {
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

// showMemo is the decision memo for the record: the brief in short, the
// shortlist side by side, the recommendation, waivers, approver and hash.
func (s *Server) showMemo(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	ctx := r.Context()
	z := i18n.From(ctx)
	st, err := s.eval.Analyze(ctx, id)
	if err != nil {
		return err
	}
	m := views.MemoPage{EvaluationName: st.Evaluation.Name, Date: z.Date(s.eval.Now())}
	for _, k := range []string{"workload_type", "useful_unit", "units_per_month", "target_gpu", "gpus_per_node", "node_count",
		"baseline_utilization_pct", "region", "term_months"} {
		if st.Brief.Data.Filled(k) {
			m.Brief = append(m.Brief, views.Figure{Label: z.T("brief.field." + k), Value: views.BriefValue(ctx, k, st.Brief.Data[k])})
		}
	}
	if st.RecErr == nil {
		m.Option, m.Summary, m.Reasons = z.T(st.Rec.Option.LabelKey()), statement(z, st.Rec.Summary), statements(z, st.Rec.Reasons)
	}
	m.Award = awardView(z, st)
	m.Award.ShowFacts = true
	for _, key := range tco.Editable {
		if f, ok := st.A.Field(key); ok {
			// Each figure with its unit, as the worksheet shows it: the
			// engineering rate is in USD even in an EUR evaluation.
			v, unit := z.Decimal(evaluation.AssumptionText(key, f.Value)), f.Unit
			if key == "utilisation" {
				unit = "%"
			}
			if unit != "" {
				v += "\u00a0" + unit
			}
			m.Assumptions = append(m.Assumptions, views.Figure{Label: z.T("worksheet.assumption." + key), Value: v})
		}
	}
	cur := st.CurrentApproval()
	for i, sq := range st.Quotes {
		status := st.Shortlist[sq.ID].Status
		if status == "" {
			continue
		}
		res := st.WS.Results[i]
		m.Shortlist = append(m.Shortlist, views.DecisionQuote{Provider: sq.ProviderName, Rental: z.T("quote.term.rental_model." + string(res.RentalModel)),
			TCO: money(z, res.TCO), CostPerUnit: money(z, res.CostPerUnit), StatusLabel: z.T("decision.status." + status)})
		for flagID, wv := range st.Waivers[sq.ID] {
			m.Waivers = append(m.Waivers, views.Figure{Label: sq.ProviderName + ": " + flagMessage(z, st, sq.ID, flagID), Value: wv.Reason,
				Basis: wv.WaivedBy + ", " + z.DateTime(wv.WaivedAt)})
		}
		if cur != nil && cur.QuoteID == sq.ID {
			m.Current = &views.ApprovalView{Provider: sq.ProviderName, By: cur.DecidedBy, At: z.DateTime(cur.DecidedAt), Reason: cur.Reason,
				Hash: cur.ContentHash, Stale: cur.InputsHash != st.InputsHash(sq.Quote), Self: cur.SelfApproval}
			if cur.Snapshot.DiffersFromAward() {
				m.Current.Recommended = cur.Snapshot.Recommendation.AwardProvider
			}
			m.Current.Approvers = signatureLines(z, cur.Snapshot.Approvers)
		}
	}
	awards, err := s.eval.Awards(ctx, st)
	if err != nil {
		return err
	}
	for _, aw := range awards {
		if aw.Status != evaluation.AwardRevoked && aw.Status != evaluation.AwardRejected {
			m.Awards = append(m.Awards, recordedAwardView(z, st, aw, nil))
		}
	}
	approved := int64(0)
	if cur != nil {
		approved = cur.QuoteID
	}
	m.Evidence = memoEvidence(z, st, awards, approved)
	m.Compliance = awardedCompliance(z, st, awards)
	if err := s.approvalInForce(ctx, z, st, m.Current, &m.InForce); err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, views.MemoView(s.page(r, z.T("memo.title", map[string]any{"Name": st.Evaluation.Name}), "evaluations"), m))
	return nil
}

// apiDecision is the recommendation and the approval state.
func (s *Server) apiDecision(w http.ResponseWriter, r *http.Request) error {
	win, err := s.readPage(r)
	if err != nil {
		return err
	}
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	st, err := s.eval.Analyze(r.Context(), id)
	if err != nil {
		return err
	}
	// A page of the quotes, like the analysis: 10,000 were 9.8 MB.
	win.begin()
	from, to := win.span(len(st.Quotes))
	quotes := make([]apiQuoteFigures, 0, to-from)
	cut := false
	for i := from; i < to; i++ {
		if cut = win.over(i - from); cut {
			break
		}
		quotes = append(quotes, quoteFigures(st, i))
	}
	recorded, approvalNow, err := s.awardsNow(r.Context(), st)
	if err != nil {
		return err
	}
	all := leftOut(st)
	lf, lt := win.span(len(all))
	writeJSON(w, http.StatusOK, struct {
		apiPage
		Quotes         []apiQuoteFigures `json:"quotes"`
		LeftOut        []apiLeftOut      `json:"left_out"`
		Approval       any               `json:"approval"`
		Awards         any               `json:"awards"`
		Award          apiAward          `json:"award"`
		Recommendation any               `json:"recommendation"`
	}{win.describe(len(st.Quotes), len(all), len(quotes), cut), quotes, all[lf:lt], approvalNow, recorded,
		awardJSON(st, awardSummary(i18n.From(r.Context()), st)), recommendationJSON(st)})
	return nil
}

// apiApproval lets a manager's token approve, reject or revoke.
func (s *Server) apiApproval(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	var in struct {
		Decision string `json:"decision"`
		Reason   string `json:"reason"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	// A browser session reaching the API must meet the same fresh-login
	// rule as the approval form.
	if (in.Decision == approval.Approve || in.Decision == evaluation.Reapprove) && s.needsReauth(principalFrom(r.Context())) {
		writeJSON(w, http.StatusUnauthorized, map[string]any{"error": i18n.T(r.Context(), "decision.error.reauth"), "code": "reauth"})
		return nil
	}
	rec, err := s.eval.Decide(r.Context(), currentUser(r), id, in.Decision, strings.TrimSpace(in.Reason))
	var rf evaluation.Refusal
	if errors.As(err, &rf) {
		body := map[string]any{"error": refusalText(i18n.From(r.Context()), rf), "code": refusalCode(rf)}
		if id, ok := rf.Data["QuoteID"]; ok {
			body["approved_quote_id"] = id
		}
		writeJSON(w, refusalStatus(rf), body)
		return nil
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]any{"id": rec.ID, "kind": rec.Kind, "quote_id": rec.QuoteID,
		"content_hash": rec.ContentHash, "decided_at": rec.DecidedAt, "self_approval": rec.SelfApproval})
	return nil
}
