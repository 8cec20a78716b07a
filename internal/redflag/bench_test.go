package redflag

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/quote"
)

// thousandQuotes returns a CSV file of 1,000 quotes: the example's three
// rows (every term stated, some not stated, refusals) repeated, so the
// mix of rules that fire is realistic.
func thousandQuotes(b *testing.B) []byte {
	b.Helper()
	raw, err := os.ReadFile("testdata/quotes-example.csv")
	if err != nil {
		b.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(raw)), "\n")
	var buf bytes.Buffer
	buf.WriteString(lines[0] + "\n")
	for i := range 1000 {
		buf.WriteString(lines[1+i%(len(lines)-1)] + "\n")
	}
	return buf.Bytes()
}

// BenchmarkEvaluate1000 reads 1,000 quotes from CSV and evaluates each
// against a brief: one iteration is the whole import-and-flag of a large
// spreadsheet.
func BenchmarkEvaluate1000(b *testing.B) {
	data := thousandQuotes(b)
	br := goodBrief()
	b.ReportAllocs()
	for b.Loop() {
		qs, err := quote.ReadCSV(bytes.NewReader(data))
		if err != nil || len(qs) != 1000 {
			b.Fatalf("ReadCSV: %d quotes, %v", len(qs), err)
		}
		n := 0
		for _, q := range qs {
			n += len(Evaluate(Input{Quote: q, Brief: br, Today: today}))
		}
		if n == 0 {
			b.Fatal("no flags raised")
		}
	}
}
