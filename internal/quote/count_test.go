package quote

import (
	"strings"
	"testing"
)

// A parser's message counts in words: "1 problem", "2 problems", never
// "problem(s)".
func TestImportErrorCountsInWords(t *testing.T) {
	one := (&ImportError{Errors: []RowError{{Line: 2, Column: "gpu_model", Reason: "required"}}}).Error()
	two := (&ImportError{Errors: []RowError{{Line: 2, Reason: "a"}, {Line: 3, Reason: "b"}}}).Error()
	if !strings.Contains(one, "1 problem;") || !strings.Contains(two, "2 problems;") {
		t.Errorf("counts: %q, %q", one, two)
	}
	for _, s := range []string{one, two} {
		if strings.Contains(s, "(s)") {
			t.Errorf("%q", s)
		}
	}
	if Count(0, "price", "prices") != "0 prices" || Count(1, "price", "prices") != "1 price" || Count(12, "price", "prices") != "12 prices" {
		t.Error("Count")
	}
}
