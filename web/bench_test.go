package web_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/web"
)

// manyQuotesCSV repeats the example file's rows n times with distinct
// providers.
func manyQuotesCSV(tb testing.TB, n int) []byte {
	example, err := os.ReadFile(exampleCSV)
	if err != nil {
		tb.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(example)), "\n")
	var b strings.Builder
	b.WriteString(lines[0] + "\n")
	for i := range n {
		row := lines[1+i%(len(lines)-1)]
		b.WriteString(strings.Replace(row, "Example", fmt.Sprintf("Vendor %d", i), 1) + "\n")
	}
	return []byte(b.String())
}

// BenchmarkImport1000 posts a 1,000-row CSV to the API: parse, flag
// evaluation and one transaction of inserts.
//
//	go test -run '^$' -bench Import1000 -benchtime 5x ./web/
func BenchmarkImport1000(b *testing.B) { benchImport(b, 1000) }

// BenchmarkQuoteListPage200 renders the quote list of an evaluation with
// 200 quotes, through the full middleware chain and the session lookup.
//
//	go test -run '^$' -bench QuoteListPage200 ./web/
func BenchmarkQuoteListPage200(b *testing.B) {
	a := newBenchApp(b)
	u := a.user("bench@example.com", auth.Procurement)
	ev, err := a.store.CreateEvaluation(context.Background(), u.Actor(), "bench")
	if err != nil {
		b.Fatal(err)
	}
	qs, err := quote.ReadCSV(bytes.NewReader(manyQuotesCSV(b, 200)))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := a.store.ImportQuotes(context.Background(), u.Actor(), ev.ID, qs); err != nil {
		b.Fatal(err)
	}
	tok := a.token("reader@example.com", auth.Engineer)
	url := fmt.Sprintf("%s/evaluations/%d/quotes", a.srv.URL, ev.ID)
	for b.Loop() {
		req, _ := http.NewRequest("GET", url, nil)
		req.Header.Set("Authorization", "Bearer "+tok)
		res, err := http.DefaultClient.Do(req)
		if err != nil || res.StatusCode != 200 {
			b.Fatalf("list: %v %v", res.StatusCode, err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
	}
}

// BenchmarkWorksheetPage30 renders the worksheet page for 30 quotes with
// every sensitivity, through the full middleware chain: the page's queries,
// the cost model and the templ render.
//
//	go test -run '^$' -bench WorksheetPage30 -benchtime 50x ./web/
//
// benchEvaluation is an evaluation of n USD quotes and a manager's token.
func benchEvaluation(b *testing.B, n int, cfg ...func(*web.Config)) (*app, int64, string) {
	a := newBenchApp(b, cfg...)
	u := a.user("bench@example.com", auth.Procurement)
	ev, err := a.store.CreateEvaluation(context.Background(), u.Actor(), "bench")
	if err != nil {
		b.Fatal(err)
	}
	data := bytes.ReplaceAll(manyQuotesCSV(b, n), []byte(",EUR,"), []byte(",USD,"))
	qs, err := quote.ReadCSV(bytes.NewReader(data))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := a.store.ImportQuotes(context.Background(), u.Actor(), ev.ID, qs); err != nil {
		b.Fatal(err)
	}
	return a, ev.ID, a.token("reader@example.com", auth.Manager)
}

func benchEvaluationPage(b *testing.B, n int, page string) {
	a, id, tok := benchEvaluation(b, n)
	url := fmt.Sprintf("%s/evaluations/%d/%s", a.srv.URL, id, page)
	for b.Loop() {
		req, _ := http.NewRequest("GET", url, nil)
		req.Header.Set("Authorization", "Bearer "+tok)
		res, err := http.DefaultClient.Do(req)
		if err != nil || res.StatusCode != 200 {
			b.Fatalf("%s: %v %v", page, res.StatusCode, err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
	}
}

func BenchmarkWorksheetPage30(b *testing.B)  { benchEvaluationPage(b, 30, "worksheet") }
func BenchmarkWorksheetPage100(b *testing.B) { benchEvaluationPage(b, 100, "worksheet") }
func BenchmarkDecisionPage100(b *testing.B)  { benchEvaluationPage(b, 100, "decision") }

// BenchmarkAnalysis30 is the analysis of an evaluation of 30 quotes: one
// read-only snapshot and the whole computation, each time for inputs that
// just moved (the shared revision is moved before each, one UPDATE more).
// cpu-ns/op is the process's CPU time per analysis (the database's
// excluded), which a busy machine inflates far less than ns/op.
//
//	go test -run '^$' -bench 'Analysis(Kept)?30$' ./web/
func BenchmarkAnalysis30(b *testing.B) {
	a, id, _ := benchEvaluation(b, 30)
	svc := evaluation.New(a.store)
	start := processCPU()
	for b.Loop() {
		if _, err := a.pool.Exec(context.Background(), `UPDATE analysis_inputs SET revision = revision + 1`); err != nil {
			b.Fatal(err)
		}
		if _, err := svc.Analyze(context.Background(), id); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((processCPU()-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// BenchmarkAnalysisKept30 is the same analysis asked again with nothing
// changed: the revision check and the kept value.
func BenchmarkAnalysisKept30(b *testing.B) {
	a, id, _ := benchEvaluation(b, 30)
	svc := evaluation.New(a.store)
	start := processCPU()
	for b.Loop() {
		if _, err := svc.Analyze(context.Background(), id); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((processCPU()-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// processCPU is the user and system CPU time the test process used so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
