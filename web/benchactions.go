package web

import (
	"net/http"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/web/views"
)

// benchChange is a withdrawal or a re-classification of one upload: the
// use case's answer is the upload as it stands, or a refusal's message key.
type benchChange func(*http.Request, store.Benchmark, map[string]string) (store.Benchmark, string, error)

// quoteBenchmark reads the {bid} upload of the {id} quote; one of another
// quote is not found.
func (s *Server) quoteBenchmark(r *http.Request, quoteID int64) (store.Benchmark, error) {
	bid, err := idParam(r, "bid")
	if err != nil {
		return store.Benchmark{}, err
	}
	return s.eval.QuoteBenchmark(r.Context(), quoteID, bid)
}

// withdraw and reclassify are the use cases both the page and the API call.
func (s *Server) withdraw(r *http.Request, b store.Benchmark, fields map[string]string) (store.Benchmark, string, error) {
	return s.eval.Withdraw(r.Context(), currentUser(r).Actor(), b, fields["reason"])
}

func (s *Server) reclassify(r *http.Request, b store.Benchmark, fields map[string]string) (store.Benchmark, string, error) {
	return s.eval.Reclassify(r.Context(), currentUser(r).Actor(), b, fields["kind"])
}

// benchAction runs a withdrawal or re-classification from the page's form
// and returns to the upload; a refusal re-renders the page with the reason.
func (s *Server) benchAction(w http.ResponseWriter, r *http.Request, apply benchChange) error {
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
	fields := map[string]string{"reason": r.PostForm.Get("reason"), "kind": r.PostForm.Get("kind")}
	_, key, err := apply(r, b, fields)
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

func (s *Server) withdrawBenchmark(w http.ResponseWriter, r *http.Request) error {
	return s.benchAction(w, r, s.withdraw)
}

func (s *Server) reclassifyBenchmark(w http.ResponseWriter, r *http.Request) error {
	return s.benchAction(w, r, s.reclassify)
}

// apiBenchAction answers a JSON withdrawal ({"reason"}) or
// re-classification ({"kind"}) with the upload as it now stands.
func (s *Server) apiBenchAction(w http.ResponseWriter, r *http.Request, field string, apply benchChange) error {
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
	saved, key, err := apply(r, b, in)
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
	return store.ErrNotFound
}

func (s *Server) apiWithdrawBenchmark(w http.ResponseWriter, r *http.Request) error {
	return s.apiBenchAction(w, r, "reason", s.withdraw)
}

func (s *Server) apiReclassifyBenchmark(w http.ResponseWriter, r *http.Request) error {
	return s.apiBenchAction(w, r, "kind", s.reclassify)
}
