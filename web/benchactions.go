package web

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/web/views"
)

// quoteBenchmark reads the {bid} upload of the {id} quote; one of another
// quote is not found.
func (s *Server) quoteBenchmark(ctx context.Context, quoteID int64, r *http.Request) (store.Benchmark, error) {
	bid, err := idParam(r, "bid")
	if err != nil {
		return store.Benchmark{}, err
	}
	b, err := s.store.Benchmark(ctx, bid)
	if err == nil && b.QuoteID != quoteID {
		err = store.ErrNotFound
	}
	return b, err
}

// withdrawInput checks a withdrawal's reason; the error is a message key.
func withdrawInput(reason string) (string, string) {
	reason = strings.TrimSpace(reason)
	switch {
	case reason == "":
		return "", "bench.error.withdraw_reason"
	case utf8.RuneCountInString(reason) > 4000:
		return "", "bench.error.too_long"
	}
	return reason, ""
}

// reparseAs reads a stored log again as kind, for a re-classification.
func (s *Server) reparseAs(ctx context.Context, b store.Benchmark, kindText string) (store.Reparse, string, error) {
	kind, ok := parseKind(kindText)
	if !ok || b.Kind == store.KindEvidence {
		return store.Reparse{}, "bench.error.kind", nil
	}
	_, content, err := s.store.BenchmarkContent(ctx, b.ID)
	if err != nil {
		return store.Reparse{}, "", err
	}
	nb := parseLog(kind, content)
	return store.Reparse{Kind: nb.Kind, Result: nb.Result, ParseError: nb.ParseError, ParseErrorLine: nb.ParseErrorLine}, "", nil
}

// benchAction runs a withdrawal or re-classification from the page's form
// and returns to the upload; a refusal re-renders the page with the reason.
func (s *Server) benchAction(w http.ResponseWriter, r *http.Request, apply func(store.Benchmark, map[string]string) (string, error)) error {
	sq, _, _, err := s.quoteParam(r)
	if err != nil {
		return err
	}
	b, err := s.quoteBenchmark(r.Context(), sq.ID, r)
	if err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	fields := map[string]string{"reason": r.PostForm.Get("reason"), "kind": r.PostForm.Get("kind")}
	key, err := apply(b, fields)
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

// withdraw and reclassify are the use cases both the page and the API call.
func (s *Server) withdraw(r *http.Request, b store.Benchmark, fields map[string]string) (store.Benchmark, string, error) {
	reason, key := withdrawInput(fields["reason"])
	if key != "" {
		return b, key, nil
	}
	saved, err := s.eval.WithdrawBenchmark(r.Context(), currentUser(r).Actor(), b.ID, reason)
	if errors.Is(err, store.ErrWithdrawn) {
		return b, "bench.error.withdrawn", nil
	}
	return saved, "", err
}

func (s *Server) reclassify(r *http.Request, b store.Benchmark, fields map[string]string) (store.Benchmark, string, error) {
	rp, key, err := s.reparseAs(r.Context(), b, fields["kind"])
	if err != nil || key != "" {
		return b, key, err
	}
	saved, err := s.eval.ReclassifyBenchmark(r.Context(), currentUser(r).Actor(), b.ID, rp)
	return saved, "", err
}

func (s *Server) withdrawBenchmark(w http.ResponseWriter, r *http.Request) error {
	return s.benchAction(w, r, func(b store.Benchmark, f map[string]string) (string, error) {
		_, key, err := s.withdraw(r, b, f)
		return key, err
	})
}

func (s *Server) reclassifyBenchmark(w http.ResponseWriter, r *http.Request) error {
	return s.benchAction(w, r, func(b store.Benchmark, f map[string]string) (string, error) {
		_, key, err := s.reclassify(r, b, f)
		return key, err
	})
}

// apiBenchAction answers a JSON withdrawal ({"reason"}) or
// re-classification ({"kind"}) with the upload as it now stands.
func (s *Server) apiBenchAction(w http.ResponseWriter, r *http.Request, field string,
	apply func(*http.Request, store.Benchmark, map[string]string) (store.Benchmark, string, error)) error {
	sq, _, br, err := s.quoteParam(r)
	if err != nil {
		return err
	}
	b, err := s.quoteBenchmark(r.Context(), sq.ID, r)
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
	d, err := s.loadBench(r.Context(), sq, br.Data)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	for i, u := range d.uploads {
		if u.ID == saved.ID {
			writeJSON(w, http.StatusOK, map[string]any{"benchmark": apiBenchmarkOf(z, u, d.report.Uploads[i]), "acceptance": apiSuiteOf(z, d)})
			return nil
		}
	}
	return store.ErrNotFound
}

func (s *Server) apiWithdrawBenchmark(w http.ResponseWriter, r *http.Request) error {
	return s.apiBenchAction(w, r, "reason", s.withdraw)
}

func (s *Server) apiReclassifyBenchmark(w http.ResponseWriter, r *http.Request) error {
	return s.apiBenchAction(w, r, "kind", s.reclassify)
}

// kindOptions are the formats a re-classification may choose.
func kindOptions(z *i18n.Localizer) []views.Option {
	out := make([]views.Option, 0, len(benchKinds))
	for _, k := range benchKinds {
		out = append(out, views.Option{Value: string(k), Label: kindLabel(z, string(k))})
	}
	return out
}
