package web

import (
	"net/http"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// quoteBenchmark reads the {bid} upload of the {id} quote; one of another
// quote is not found.
func (s *Server) quoteBenchmark(r *http.Request, quoteID int64) (evaluation.Benchmark, error) {
	bid, err := idParam(r, "bid")
	if err != nil {
		return evaluation.Benchmark{}, err
	}
	return s.eval.QuoteBenchmark(r.Context(), quoteID, bid)
}

// benchAction runs a withdrawal (field "reason") or re-classification
// (field "kind") from the page's form and returns to the upload; a refusal
// re-renders the page with the reason.
func (s *Server) benchAction(field string) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		sq, _, _, err := s.quoteParam(r)
		if err != nil {
			return err
		}
		b, err := s.quoteBenchmark(r, sq.ID)
		if err != nil {
			return err
		}
		if err := parseForm(w, r); err != nil {
			return err
		}
		_, key, err := s.eval.ChangeBenchmark(r.Context(), currentUser(r).Actor(), b, field, r.PostForm.Get(field))
		if err != nil {
			return err
		}
		if key != "" {
			z := i18n.From(r.Context())
			return s.renderBenchPage(w, r, http.StatusUnprocessableEntity, func(m *views.BenchView) {
				m.ActionError, m.ActionID = z.T(key), b.ID
			})
		}
		return redirect(w, r, "/quotes/"+strconv.FormatInt(sq.ID, 10)+"/benchmarks#benchmark-"+strconv.FormatInt(b.ID, 10), "flash.benchmark_changed")
	}
}

// apiBenchAction answers a JSON withdrawal ({"reason"}) or
// re-classification ({"kind"}) with the upload as it now stands.
func (s *Server) apiBenchAction(field string) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		sq, _, br, err := s.quoteParam(r)
		if err != nil {
			return err
		}
		b, err := s.quoteBenchmark(r, sq.ID)
		if err != nil {
			return err
		}
		var in map[string]string
		if err := decodeJSON(w, r, &in); err != nil {
			return err
		}
		saved, key, err := s.eval.ChangeBenchmark(r.Context(), currentUser(r).Actor(), b, field, in[field])
		if err != nil {
			return err
		}
		if key != "" {
			return fieldErrors{field: key}
		}
		d, err := s.eval.Bench(r.Context(), sq, br.Data)
		if err != nil {
			return err
		}
		z := i18n.From(r.Context())
		if u, rep, ok := views.BenchAPIFind(d, saved.ID); ok {
			writeJSON(w, http.StatusOK, map[string]any{"benchmark": views.BenchAPIUpload(z, u, rep), "acceptance": views.BenchAPISuite(z, d)})
			return nil
		}
		return evaluation.ErrNotFound
	}
}
