package web

import (
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

func isTokenTooLong(err error) bool { return errors.Is(err, evaluation.ErrTokenTooLong) }

// apiTestPlan: GET /api/v1/quotes/{id}/test-plan, the plan with its texts
// in the caller's language and the runs already uploaded (withdrawn ones
// do not count). An evidence token of the quote may read it.
func (s *Server) apiTestPlan(w http.ResponseWriter, r *http.Request) error {
	qp, err := s.quotePlan(r, true)
	if err != nil {
		return err
	}
	sq := qp.Quote
	quote := map[string]any{"quote_id": sq.ID, "evaluation_id": sq.EvaluationID, "provider": sq.ProviderName}
	writeJSON(w, http.StatusOK, views.TestPlanAPI(i18n.From(r.Context()), quote, qp.Plan, qp.Uploaded))
	return nil
}

// testPlanPages are the plan page, its script and the one-click evidence
// token, inside the signed-in group.
func (s *Server) testPlanPages(r chi.Router) {
	r.Get("/quotes/{id}/test-plan", s.h(s.showTestPlan))
	r.Get("/quotes/{id}/test-plan.sh", s.h(s.downloadTestPlan))
	r.With(s.requirePermission(auth.UploadBenchmarks)).Post("/quotes/{id}/evidence-tokens", s.h(s.createEvidenceTokenForm))
}

// testPlanAPI are the same under /api/v1.
func (s *Server) testPlanAPI(r chi.Router) {
	r.Get("/quotes/{id}/test-plan", s.h(s.apiTestPlan))
	r.With(s.requirePermission(auth.UploadBenchmarks)).Post("/quotes/{id}/evidence-tokens", s.h(s.apiCreateEvidenceToken))
}
