package sheet

import (
	"bytes"
	"context"
	"io"
	"os"
	"runtime"
	"runtime/metrics"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/tco"
	"github.com/xuri/excelize/v2"
)

// A workbook of several bands is one workbook whose every quote column
// holds that quote's figures: the bands are evaluated apart and written
// together, so a quote on either side of a band's edge must land in its
// own column with its own cached values and formulas over its own inputs.
func TestXLSXAcrossBands(t *testing.T) {
	t.Parallel()
	tc := testCases()[0]
	// Bands of 7 quotes: the edges are what is tested, not the size,
	// and excelize's engine below reads the whole workbook.
	const band = 7
	n := 2*band + 7
	qs := manyQuotes(n)
	ws := computeWS(t, qs, tc.a)
	scores := testScores(qs)
	var buf bytes.Buffer
	if err := WriteWorkbook(context.Background(), &buf, Workbook{Quotes: qs, A: tc.a, WS: ws, Scores: &scores, band: band}); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	scale := float64(minorScale(ws.Currency))
	for _, i := range []int{0, band - 1, band, 2*band - 1, 2 * band, n - 1} {
		col := quoteCol(i)
		if id, _ := f.GetCellValue(WorksheetSheet, cellName(col, rowID)); id != qs[i].ID {
			t.Errorf("Worksheet column %d holds %q, want %q", col, id, qs[i].ID)
		}
		for row, want := range summaryFigures(ws.Results[i]) {
			ref := cellName(col, row)
			c, _ := f.GetCellValue(WorksheetSheet, ref, excelize.Options{RawCellValue: true})
			if v, err := strconv.ParseFloat(c, 64); err != nil || v != float64(want.Minor)/scale {
				t.Errorf("quote %d, %s: cached %q, want %s", i, ref, c, decimalText(want))
			}
		}
		ref := cellName(col, rowTCO)
		got, err := f.CalcCellValue(WorksheetSheet, ref, excelize.Options{RawCellValue: true})
		if v, perr := strconv.ParseFloat(got, 64); err != nil || perr != nil || v != float64(ws.Results[i].TCO.Minor)/scale {
			t.Errorf("quote %d, %s: calculated %q (%v), want %s", i, ref, got, err, decimalText(ws.Results[i].TCO))
		}
		total := cellName(3+i, 4+len(scores.Criteria))
		got, err = f.CalcCellValue(ScoresSheet, total, excelize.Options{RawCellValue: true})
		if v, perr := strconv.ParseFloat(got, 64); err != nil || perr != nil || v-scores.Totals[i] > 0.051 || scores.Totals[i]-v > 0.051 {
			t.Errorf("quote %d, Scores!%s = %q (%v), want %v", i, total, got, err, scores.Totals[i])
		}
	}
	// The Worksheet sheet ends with the column after the last quote's.
	if how, _ := f.GetCellValue(WorksheetSheet, cellName(quoteCol(n), rowTitle)); how != "How it is computed" {
		t.Errorf("column after the quotes holds %q", how)
	}
}

// A band whose scores disagree with the sheet's formulas is refused, in
// whichever band it lies.
func TestXLSXRefusesAScoreInALaterBand(t *testing.T) {
	t.Parallel()
	tc := testCases()[0]
	const band = 5
	qs := manyQuotes(band + 3)
	ws := computeWS(t, qs, tc.a)
	scores := testScores(qs)
	scores.Totals[band+1] += 1
	var buf bytes.Buffer
	err := WriteWorkbook(context.Background(), &buf, Workbook{Quotes: qs, A: tc.a, WS: ws, Scores: &scores, band: band})
	if err == nil || buf.Len() != 0 {
		t.Fatalf("err = %v, %d bytes written", err, buf.Len())
	}
}

// testScores grades each quote by its index, with the totals the sheet's
// formula gives.
func testScores(qs []tco.Quote) ScoreTable {
	t := ScoreTable{Title: "Scores", Criteria: []string{"Cost", "Speed"}, Weights: []int{3, 1}, TotalRow: "Total", Weight: "Weight"}
	t.Grades = make([][]float64, 2)
	for i, q := range qs {
		t.Quotes = append(t.Quotes, q.ID)
		g0, g1 := float64(i%11), float64((i*7)%11)
		t.Grades[0] = append(t.Grades[0], g0)
		t.Grades[1] = append(t.Grades[1], g1)
		t.Totals = append(t.Totals, (3*g0+g1)/4)
	}
	return t
}

// The stream writer's temporary files go to the folder given, and are
// gone once the workbook is written.
func TestXLSXTemporaryFilesInTheFolderGiven(t *testing.T) {
	t.Parallel()
	tc := testCases()[0]
	qs := manyQuotes(700) // a Worksheet sheet past the 16 MB excelize keeps in memory
	ws := computeWS(t, qs, tc.a)
	dir := t.TempDir()
	seen := 0
	w := writerFunc(func(p []byte) (int, error) {
		if es, _ := os.ReadDir(dir); len(es) > seen {
			seen = len(es)
		}
		return len(p), nil
	})
	if err := WriteWorkbook(context.Background(), w, Workbook{Quotes: qs, A: tc.a, WS: ws, TmpDir: dir}); err != nil {
		t.Fatal(err)
	}
	if seen == 0 {
		t.Error("no temporary file in the folder while the workbook was written")
	}
	if es, _ := os.ReadDir(dir); len(es) != 0 {
		t.Errorf("%d files left in the folder", len(es))
	}
}

type writerFunc func(p []byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// peakHeld samples the memory the Go runtime holds from the system (its
// share of the RSS) every few milliseconds until stop is called.
func peakHeld() (stop func() uint64) {
	sample := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	var peak uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tk := time.NewTicker(2 * time.Millisecond)
		defer tk.Stop()
		for {
			metrics.Read(sample)
			peak = max(peak, sample[0].Value.Uint64()-sample[1].Value.Uint64())
			select {
			case <-done:
				return
			case <-tk.C:
			}
		}
	}()
	return func() uint64 { close(done); wg.Wait(); return peak }
}

// BenchmarkWorksheetXLSX10000 writes one workbook of the documented
// maximum, 10,000 quotes, with a Scores sheet; peak-MB is the most memory
// the process held from the system while writing it (target: the whole
// process under 400 MB).
//
//	go test -run '^$' -bench 'WorksheetXLSX10000' -benchtime 1x -benchmem ./internal/sheet/
func BenchmarkWorksheetXLSX10000(b *testing.B) {
	a := testCases()[0].a
	qs := manyQuotes(10000)
	ws, err := tco.Compute(qs, a)
	if err != nil {
		b.Fatal(err)
	}
	scores := testScores(qs)
	runtime.GC()
	stop := peakHeld()
	var n countWriter
	for b.Loop() {
		n = 0
		if err := WriteWorkbook(context.Background(), &n, Workbook{Quotes: qs, A: a, WS: ws, Scores: &scores, TmpDir: b.TempDir()}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(stop())/(1<<20), "peak-MB")
	b.ReportMetric(float64(n)/(1<<20), "MB-written")
}

type countWriter int64

func (c *countWriter) Write(p []byte) (int, error) { *c += countWriter(len(p)); return len(p), nil }

var _ io.Writer = (*countWriter)(nil)

// Quote columns keep their width, the label and notes columns theirs.
func TestXLSXColumnWidths(t *testing.T) {
	t.Parallel()
	tc := testCases()[0]
	qs := testQuotes()
	f, _ := buildXLSX(t, qs, tc.a, computeWS(t, qs, tc.a))
	for col, want := range map[int]float64{1: 56, quoteCol(0): 20, quoteCol(len(qs) - 1): 20, quoteCol(len(qs)): 90} {
		name, _ := excelize.ColumnNumberToName(col)
		if got, err := f.GetColWidth(WorksheetSheet, name); err != nil || got != want {
			t.Errorf("column %s is %v wide (%v), want %v", name, got, err, want)
		}
	}
}

// The zip goes out as it is compressed, not built whole in memory and
// copied out in one write.
func TestXLSXStreamsTheZip(t *testing.T) {
	t.Parallel()
	tc := testCases()[0]
	qs := manyQuotes(60)
	ws := computeWS(t, qs, tc.a)
	var total, most, writes int
	w := writerFunc(func(p []byte) (int, error) {
		total, most, writes = total+len(p), max(most, len(p)), writes+1
		return len(p), nil
	})
	if err := WriteWorkbook(context.Background(), w, Workbook{Quotes: qs, A: tc.a, WS: ws}); err != nil {
		t.Fatal(err)
	}
	if writes < 2 || most == total {
		t.Errorf("%d bytes in %d writes, the largest %d", total, writes, most)
	}
}
