package web_test

import (
	"fmt"
	"io"
	"net/http"
	"testing"
)

// benchGet reads path as the manager's token until the benchmark ends.
func benchGet(b *testing.B, a *app, tok, path string) {
	b.Helper()
	for b.Loop() {
		req, _ := http.NewRequest("GET", a.srv.URL+path, nil)
		req.Header.Set("Authorization", "Bearer "+tok)
		res, err := http.DefaultClient.Do(req)
		if err != nil || res.StatusCode != 200 {
			b.Fatalf("%s: %v %v", path, res.StatusCode, err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
	}
}

// BenchmarkHomePage300 and BenchmarkEvaluationsList300 are the evaluation
// home and the evaluations list at the load script's scale (300 quotes),
// once the analysis is kept; compare allocs/op and the CPU profile, which
// a shared machine inflates far less than ns/op.
//
//	go test -run '^$' -bench 'HomePage300|EvaluationsList300' -benchtime 200x -benchmem ./web/
func BenchmarkHomePage300(b *testing.B) {
	a, id, tok := benchEvaluation(b, 300)
	benchGet(b, a, tok, fmt.Sprintf("/evaluations/%d", id))
}

// BenchmarkEvaluationsList300 is the evaluations list beside an
// evaluation of 300 quotes.
func BenchmarkEvaluationsList300(b *testing.B) {
	a, _, tok := benchEvaluation(b, 300)
	benchGet(b, a, tok, "/evaluations")
}
