package sheet

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"testing"

	"github.com/gpuquote/gpuquote/internal/tco"
)

// manyQuotes repeats testQuotes to n quotes with distinct ids.
func manyQuotes(n int) []tco.Quote {
	base := testQuotes()
	qs := make([]tco.Quote, n)
	for i := range qs {
		qs[i] = base[i%len(base)]
		qs[i].ID = fmt.Sprintf("%s-%d", qs[i].ID, i)
	}
	return qs
}

func benchXLSX(b *testing.B, n int) {
	a := testCases()[0].a
	qs := manyQuotes(n)
	ws, err := tco.Compute(qs, a)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := WorksheetXLSX(io.Discard, qs, a, ws); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWorksheetXLSX500 writes the workbook of 500 quotes (target:
// under 2 s); BenchmarkWorksheetXLSX50 beside it shows the cost is linear.
//
//	go test -run '^$' -bench 'WorksheetXLSX' -benchtime 1x ./internal/sheet/
func BenchmarkWorksheetXLSX500(b *testing.B) { benchXLSX(b, 500) }

// BenchmarkWorksheetXLSX50 is BenchmarkWorksheetXLSX500 for 50 quotes.
func BenchmarkWorksheetXLSX50(b *testing.B) { benchXLSX(b, 50) }

// calc reads every formula the package writes and gives excelize's value
// for each, cell by cell, in every test currency: the fast path is held to
// the spreadsheet engine it replaces.
func TestCalcAgreesWithExcelize(t *testing.T) {
	t.Parallel()
	for _, tc := range testCases() {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			qs := testQuotes()
			ws := computeWS(t, qs, tc.a)
			b, _ := build(qs, &tc.a, ws)
			c, err := newCalc(b)
			if err != nil {
				t.Fatal(err)
			}
			got, err := c.evaluateAll()
			if err != nil {
				t.Fatalf("calc: %v", err)
			}
			want, err := b.evaluateWithExcelize()
			if err != nil {
				t.Fatalf("excelize: %v", err)
			}
			if len(got) != len(want) {
				t.Errorf("calc evaluated %d formulas, excelize %d", len(got), len(want))
			}
			for ref, w := range want {
				if g, ok := got[ref]; !ok || g != w {
					t.Errorf("%s!%s = %v by calc, %v by excelize", ref.sheet, cellName(ref.col, ref.row), g, w)
				}
			}
		})
	}
}

// A request that is gone stops the workbook: nothing is written and the
// context's error comes back.
func TestWorkbookStopsWhenTheContextIsDone(t *testing.T) {
	t.Parallel()
	a := testCases()[0].a
	qs := manyQuotes(40)
	ws := computeWS(t, qs, a)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var buf bytes.Buffer
	if err := WorksheetXLSXContext(ctx, &buf, qs, a, ws); !errors.Is(err, context.Canceled) || buf.Len() != 0 {
		t.Fatalf("err = %v, %d bytes written", err, buf.Len())
	}
}

// Column widths are set once per run of equal widths, not once a column.
func TestWidthRunsGroupColumns(t *testing.T) {
	t.Parallel()
	got := widthRuns(map[int]float64{1: 56, 2: 20, 3: 20, 4: 20, 5: 90, 7: 20})
	want := []widthRun{{1, 1, 56}, {2, 4, 20}, {5, 5, 90}, {7, 7, 20}}
	if !slices.Equal(got, want) {
		t.Errorf("runs = %v, want %v", got, want)
	}
}

// BenchmarkWorksheetXLSX2000 is the workbook of 2,000 quotes: the cost
// per quote at the scale of the documented maximum (10,000).
func BenchmarkWorksheetXLSX2000(b *testing.B) { benchXLSX(b, 2000) }
