package web

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/a-h/templ"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

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
	// Read once: the page kept under the key must be the page it names,
	// even when the re-authentication window closes in between.
	reauth := s.needsReauth(principalFrom(ctx))
	var body templ.Component
	if f == (decisionForm{status: http.StatusOK}) {
		u := currentUser(r)
		view := fmt.Sprintf("decision\x00%s\x00%s\x00%d\x00%t\x00%s", z.Lang, u.Role, u.ID, reauth, r.URL.Query().Encode())
		body, err = s.parts.render(ctx, st, view, func() templ.Component {
			m, err := s.decisionModel(r, st, f, reauth)
			if err != nil {
				return failedComponent(err)
			}
			return views.DecisionBody(m)
		})
	} else {
		var m views.DecisionPage
		if m, err = s.decisionModel(r, st, f, reauth); err == nil && f.field != "" && f.errMsg != "" {
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

// decisionModel is the decision page's model for this reader after f;
// reauth says whether they must re-enter their password to decide.
func (s *Server) decisionModel(r *http.Request, st *evaluation.Analysis, f decisionForm, reauth bool) (views.DecisionPage, error) {
	ctx := r.Context()
	z := i18n.From(ctx)
	u := currentUser(r)
	m := views.DecisionPage{EvaluationID: st.Evaluation.ID, EvaluationName: st.Evaluation.Name, Reason: f.reason,
		CanShortlist: u.Role.Can(auth.EditQuotes), CanDecide: u.Role.Can(auth.Approve), AllowSelf: st.AllowSelf,
		NeedsReauth: reauth}
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
	rows := views.DecisionPageRows(t.quotes, from, to)
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
