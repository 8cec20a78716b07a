package web

import (
	"net/http"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/testplan"
	"github.com/gpuquote/gpuquote/web/views"
)

// quotePlan is the plan for the quote in the URL; with runs, the runs
// already uploaded to it.
func (s *Server) quotePlan(r *http.Request, runs bool) (evaluation.QuotePlan, error) {
	id, err := idParam(r, "id")
	if err != nil {
		return evaluation.QuotePlan{}, err
	}
	return s.eval.TestPlan(r.Context(), id, runs)
}

func (s *Server) renderPlanPage(w http.ResponseWriter, r *http.Request, status int, edit func(*views.TestPlanView)) error {
	qp, err := s.quotePlan(r, false)
	if err != nil {
		return err
	}
	z, sq := i18n.From(r.Context()), qp.Quote
	m := views.TestPlanModel(z, sq.ID, sq.ProviderName, qp.Plan)
	m.CanCollect = currentUser(r).Role.Can(auth.UploadBenchmarks)
	if edit != nil {
		edit(&m)
	}
	s.render(w, r, status, views.TestPlanPage(s.page(r, z.T("plan.title", map[string]any{"Provider": sq.ProviderName}), "evaluations"), m))
	return nil
}

// showTestPlan is the printable plan page.
func (s *Server) showTestPlan(w http.ResponseWriter, r *http.Request) error {
	return s.renderPlanPage(w, r, http.StatusOK, nil)
}

// downloadTestPlan is the plan as a bash script to run by hand.
func (s *Server) downloadTestPlan(w http.ResponseWriter, r *http.Request) error {
	qp, err := s.quotePlan(r, false)
	if err != nil {
		return err
	}
	z, sq := i18n.From(r.Context()), qp.Quote
	title := z.T("plan.title", map[string]any{"Provider": sq.ProviderName}) + " (quote " + strconv.FormatInt(sq.ID, 10) + ")"
	h := w.Header()
	h.Set("Content-Type", "text/x-shellscript; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Disposition", `attachment; filename="gpuquote-plan-`+strconv.FormatInt(sq.ID, 10)+`.sh"`)
	_, err = w.Write([]byte(testplan.Script(qp.Plan, title, views.TestPlanText(z))))
	return err
}

// createEvidenceTokenForm is the one click on the quote and plan pages:
// the plan page comes back with the command line, shown this once.
func (s *Server) createEvidenceTokenForm(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	raw := r.PostForm.Get("days")
	days, ok := auth.ParseEvidenceDays(raw)
	var et evidenceToken
	if ok {
		et, err = s.issueEvidenceToken(r, id, days)
		if err != nil && !isTokenTooLong(err) {
			return err
		}
		ok = err == nil
	}
	if !ok {
		return s.renderPlanPage(w, r, http.StatusUnprocessableEntity, func(m *views.TestPlanView) {
			m.Days, m.DaysError = raw, z.T("evidence.error.days", map[string]any{"Max": auth.MaxEvidenceTokenDays})
		})
	}
	w.Header().Set("Cache-Control", "no-store")
	return s.renderPlanPage(w, r, http.StatusCreated, func(m *views.TestPlanView) {
		m.Token = &views.EvidenceTokenView{Command: et.Command, Expires: z.DateTime(et.ExpiresAt)}
	})
}
