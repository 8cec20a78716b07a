package web_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
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
