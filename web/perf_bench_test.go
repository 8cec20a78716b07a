package web_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"testing"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
)

// BenchmarkImport10000 posts a 10,000-row CSV to the API, each time into
// a new evaluation (the quote limit would refuse a second one): parse,
// flags, the preview and one transaction of batched inserts.
//
//	go test -run '^$' -bench Import10000 -benchtime 3x ./web/
func BenchmarkImport10000(b *testing.B) { benchImport(b, 10000) }

// benchImport posts an n-row CSV to the API, into a new evaluation each
// time so repeated runs stay under the quote limit.
func benchImport(b *testing.B, n int) {
	a := newBenchApp(b)
	tok := a.token("bench@example.com", auth.Procurement)
	data := manyQuotesCSV(b, n)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		b.StopTimer()
		_, out := a.api(tok, "POST", "/api/v1/evaluations", `{"name":"bench"}`)
		path := fmt.Sprintf("/api/v1/evaluations/%d/quotes/import", int64(out["id"].(float64)))
		b.StartTimer()
		req, _ := http.NewRequest("POST", a.srv.URL+path, bytes.NewReader(data))
		req.Header.Set("Authorization", "Bearer "+tok)
		req.Header.Set("Content-Type", "text/csv")
		res, err := http.DefaultClient.Do(req)
		if err != nil || res.StatusCode != http.StatusCreated {
			b.Fatalf("import: %v %v", res.StatusCode, err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
	}
}

// BenchmarkEvaluationsListApproved10000 renders the evaluations list when
// one approved evaluation holds 10,000 quotes: the list must not read
// them to tell whether the approval is stale.
//
//	go test -run '^$' -bench EvaluationsListApproved10000 -benchtime 50x ./web/
func BenchmarkEvaluationsListApproved10000(b *testing.B) {
	a := newBenchApp(b)
	ctx := context.Background()
	u := a.user("bench@example.com", auth.Manager)
	ev, err := a.store.CreateEvaluation(ctx, u.Actor(), "bench")
	if err != nil {
		b.Fatal(err)
	}
	qs, err := quote.ReadCSV(bytes.NewReader(bytes.ReplaceAll(manyQuotesCSV(b, 10000), []byte(",EUR,"), []byte(",USD,"))))
	if err != nil {
		b.Fatal(err)
	}
	ids, err := a.store.ImportQuotes(ctx, u.Actor(), ev.ID, qs)
	if err != nil {
		b.Fatal(err)
	}
	if err := a.store.SetShortlisted(ctx, u.Actor(), ids[0], true); err != nil {
		b.Fatal(err)
	}
	if _, err := a.store.Decide(ctx, u.Actor(), store.DecisionRecord{EvaluationID: ev.ID, QuoteID: ids[0], Kind: approval.Approve,
		Reason: "bench", QuoteVersion: 1, InputsHash: "bench"}); err != nil {
		b.Fatal(err)
	}
	tok := a.token("reader@example.com", auth.Manager)
	for b.Loop() {
		req, _ := http.NewRequest("GET", a.srv.URL+"/evaluations", nil)
		req.Header.Set("Authorization", "Bearer "+tok)
		res, err := http.DefaultClient.Do(req)
		if err != nil || res.StatusCode != http.StatusOK {
			b.Fatalf("list: %v %v", res.StatusCode, err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
	}
}
