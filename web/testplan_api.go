package web

import (
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/testplan"
)

func isTokenTooLong(err error) bool { return errors.Is(err, store.ErrTokenTooLong) }

// apiPlanStep is a plan step with its band and build note worded.
type apiPlanStep struct {
	testplan.Step
	BandText  string `json:"band_text"`
	BuildNote string `json:"build_note,omitempty"`
	Shell     string `json:"shell"`
}

// apiUploadedRun is a run already uploaded to the quote, so a rerun of
// `gpuquote collect` can skip it.
type apiUploadedRun struct {
	Step        string   `json:"step"`
	Hosts       []string `json:"hosts"`
	Command     string   `json:"command"`
	BenchmarkID int64    `json:"benchmark_id"`
}

// apiTestPlan: GET /api/v1/quotes/{id}/test-plan, the plan with its texts
// in the caller's language and the runs already uploaded (withdrawn ones
// do not count). An evidence token of the quote may read it.
func (s *Server) apiTestPlan(w http.ResponseWriter, r *http.Request) error {
	sq, p, err := s.quotePlan(r)
	if err != nil {
		return err
	}
	uploads, err := s.eval.Benchmarks(r.Context(), sq.ID)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	text := planText(z)
	steps := make([]apiPlanStep, len(p.Steps))
	for i, st := range p.Steps {
		steps[i] = apiPlanStep{Step: st, BandText: text(st.Band.Key, st.Band.Args), Shell: st.Command.Shell()}
		if st.Build != nil {
			steps[i].BuildNote = z.T(st.Build.Note)
		}
	}
	omitted := make([]map[string]string, len(p.Omitted))
	for i, o := range p.Omitted {
		omitted[i] = map[string]string{"step": o.Step, "reason": o.Reason, "text": z.T("plan.omit." + o.Reason)}
	}
	uploaded := []apiUploadedRun{}
	for _, u := range uploads {
		if run := u.Meta.Run; run != nil && u.WithdrawnAt == nil {
			uploaded = append(uploaded, apiUploadedRun{Step: run.Step, Hosts: run.Hosts, Command: run.Command, BenchmarkID: u.ID})
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"quote_id": sq.ID, "evaluation_id": sq.EvaluationID, "provider": sq.ProviderName,
		"nodes": p.Nodes, "gpus_per_node": p.GPUsPerNode, "fabric": p.Fabric, "remote": p.Remote, "total_s": p.TotalS,
		"steps": steps, "omitted": omitted, "uploaded": uploaded})
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
