package web_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/web"
)

// bench10k is an evaluation at the documented maximum, 10,000 quotes,
// with a brief, shared by the 10k benchmarks of one run. The quotes go
// in through the store in one transaction, not through the import page.
// Requests get ten minutes rather than the server's minute, so that a
// busy machine measures a slow read instead of answering 504.
func bench10k(b *testing.B) (*app, int64, string) {
	start := time.Now()
	a, id, tok := benchEvaluation(b, 10000, func(c *web.Config) { c.RequestTimeout = 10 * time.Minute })
	b.Logf("10,000 quotes stored in %v", time.Since(start).Round(time.Millisecond))
	u := a.user("brief@example.com", auth.Procurement)
	if _, err := a.store.SaveBrief(context.Background(), u.Actor(), id, 1, brief.Brief{
		"workload_type": "fine_tuning", "useful_unit": "accepted_training_runs", "units_per_month": "4",
		"target_gpu": "h100_sxm", "gpus_per_node": "8", "node_count": "8", "baseline_utilization_pct": "70",
		"checkpoint_interval_min": "60", "term_months": "6", "region": "EU",
	}); err != nil {
		b.Fatal(err)
	}
	return a, id, tok
}

// peakMemory samples the memory the Go runtime holds from the system
// (its share of the RSS) every few milliseconds until stop is called, and
// returns the highest figure seen.
func peakMemory() (stop func() uint64) {
	sample := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	var peak uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(sample)
			peak = max(peak, sample[0].Value.Uint64()-sample[1].Value.Uint64())
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	return func() uint64 { close(done); wg.Wait(); return peak }
}

// Benchmark10000Quotes reads an evaluation of 10,000 quotes the ways a
// user can: every sub-benchmark after the first finds the analysis kept.
// The XLSX is one workbook of all 10,000.
// peak-MB is the most memory the process held from the system during the
// reads; KB what the answer weighed; cpu-ms/op the process's CPU time per
// read (server and client), which a busy machine inflates far less than
// ns/op.
//
//	go test -run '^$' -bench 10000Quotes -benchtime 3x -timeout 30m ./web/
func Benchmark10000Quotes(b *testing.B) {
	a, id, tok := bench10k(b)
	ev := fmt.Sprintf("/evaluations/%d", id)
	for _, p := range []struct{ name, path string }{
		{"AnalysisAPIFirst", "/api/v1" + ev + "/analysis"}, // computes the analysis
		{"AnalysisAPI", "/api/v1" + ev + "/analysis?page=50"},
		{"AnalysisAPI500", "/api/v1" + ev + "/analysis?page=20&per_page=500"},
		{"WorksheetAPI", "/api/v1" + ev + "/worksheet?page=50"},
		{"QuotesAPI", "/api/v1" + ev + "/quotes"},
		{"QuotesCSV", ev + "/quotes.csv"},
		{"DecisionAPI", "/api/v1" + ev + "/decision"},
		{"WorksheetCSV", ev + "/worksheet.csv"},
		{"WorksheetXLSX", ev + "/worksheet.xlsx"},
		{"WorksheetPage", ev + "/worksheet"},
		{"DecisionPage", ev + "/decision"},
		{"Home", ev},
		{"QuotesPage", ev + "/quotes"},
	} {
		b.Run(p.name, func(b *testing.B) {
			stop := peakMemory()
			cpu := processCPU()
			var n int64
			for b.Loop() {
				req, _ := http.NewRequest("GET", a.srv.URL+p.path, nil)
				req.Header.Set("Authorization", "Bearer "+tok)
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					b.Fatal(err)
				}
				n, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != 200 {
					b.Fatalf("%s: %d", p.path, res.StatusCode)
				}
			}
			b.ReportMetric(float64((processCPU()-cpu).Milliseconds())/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(stop())/(1<<20), "peak-MB")
			b.ReportMetric(float64(n)/(1<<10), "KB")
		})
	}
}
