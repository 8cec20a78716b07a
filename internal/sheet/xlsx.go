package sheet

import (
	"archive/zip"
	"cmp"
	"compress/flate"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/gpuquote/gpuquote/internal/tco"
	"github.com/xuri/excelize/v2"
)

// ErrMismatch means the workbook's own formulas, evaluated by excelize,
// do not give the figures of the worksheet they were built from: either
// ws was not computed from these quotes and assumptions, or the
// spreadsheet arithmetic drifted from tco's. The workbook is not written,
// because a spreadsheet that disagrees with the page is worse than none.
var ErrMismatch = errors.New("sheet: workbook does not reproduce the worksheet")

// WorksheetXLSX writes an .xlsx workbook of the evaluation. ws must be
// tco.Compute(quotes, a): the workbook recomputes it and fails with
// [ErrMismatch] otherwise.
//
// The "Assumptions" sheet holds one row per assumption (value, range,
// unit, currency, source), each as a defined name ("Utilisation",
// "Stored_TB", "Market_rate_H100", "FX_USD", …), tco's two fallback
// rules, the FX rates, and every quote's inputs with missing terms shown
// as "not stated" or "refused". The "Worksheet" sheet shows the nine
// lines, TCO and its range, and cost per unit per quote; every figure is
// a formula over the workings beneath it, which reference the Assumptions
// sheet. Values are cached for readers that do not calculate; spreadsheet
// applications recompute on open.
func WorksheetXLSX(w io.Writer, quotes []tco.Quote, a tco.Assumptions, ws tco.Worksheet) error {
	return WorksheetXLSXWithScores(context.Background(), w, quotes, a, ws, nil)
}

// WorksheetXLSXContext is WorksheetXLSX that stops, with ctx's error and
// nothing written, once ctx is done: a client that left does not keep a
// CPU busy with its workbook.
func WorksheetXLSXContext(ctx context.Context, w io.Writer, quotes []tco.Quote, a tco.Assumptions, ws tco.Worksheet) error {
	return WorksheetXLSXWithScores(ctx, w, quotes, a, ws, nil)
}

// WorksheetXLSXWithScores is WorksheetXLSXContext with a "Scores" sheet of
// the weighted scoring when scores is not nil; its totals are checked like
// the worksheet's figures.
func WorksheetXLSXWithScores(ctx context.Context, w io.Writer, quotes []tco.Quote, a tco.Assumptions, ws tco.Worksheet, scores *ScoreTable) error {
	return WriteWorkbook(ctx, w, Workbook{Quotes: quotes, A: a, WS: ws, Scores: scores})
}

// Workbook is what WriteWorkbook writes.
type Workbook struct {
	Quotes []tco.Quote
	A      tco.Assumptions
	WS     tco.Worksheet // tco.Compute(Quotes, A)
	Scores *ScoreTable   // nil: no Scores sheet
	// TmpDir is where excelize keeps a streamed sheet too big for memory
	// until the workbook is written (the app's folder of temporary files,
	// whose leftovers a restart removes); empty: the system's.
	TmpDir string
	// band is how many quotes are evaluated and checked at once; 0 is
	// bandQuotes. The tests cross band edges with a band of a few quotes.
	band int
}

// bandQuotes is how many quotes are evaluated and checked at once.
const bandQuotes = 200

// WriteWorkbook is WorksheetXLSXWithScores with the options of in. The
// formulas are evaluated and checked against the worksheet a band of
// quotes at a time, keeping only their values; then the sheets are
// written a row at a time, the Worksheet sheet through excelize's stream
// writer, so memory grows by a few dozen bytes a cell rather than by the
// cells themselves: 10,000 quotes are one workbook.
func WriteWorkbook(ctx context.Context, w io.Writer, in Workbook) error {
	quotes, a, ws, scores := in.Quotes, in.A, in.WS, in.Scores
	if err := checkInput(quotes, &a, ws); err != nil {
		return err
	}
	if scores != nil && (len(scores.Quotes) != len(quotes) || len(scores.Totals) != len(quotes)) {
		return fmt.Errorf("%w: %d quotes, %d scored", ErrMismatch, len(quotes), len(scores.Quotes))
	}
	b, blocks := layoutBook(quotes, &a, ws, scores)
	b.ctx, b.tmpDir = ctx, in.TmpDir
	kept := newValues(len(quotes))
	size := cmp.Or(in.band, bandQuotes)
	for from := 0; from == 0 || from < len(quotes); from += size {
		to := min(len(quotes), from+size)
		band := b.band(from, to)
		values, err := band.evaluate()
		if err != nil {
			return err
		}
		part := ws
		part.Results = ws.Results[from:to]
		if err := verify(values, part, blocks); err != nil {
			return err
		}
		if scores != nil {
			if err := verifyScores(values, scores.band(from, to)); err != nil {
				return err
			}
		}
		kept.keep(b.layouts, values, from, to)
	}
	f, err := b.render(kept.get)
	if err != nil {
		return fmt.Errorf("sheet: %w", err)
	}
	if err := ctx.Err(); err != nil {
		_ = f.Close()
		return err
	}
	defer f.Close()
	if err := writeZip(f, w); err != nil {
		return fmt.Errorf("sheet: writing xlsx: %w", err)
	}
	return nil
}

// writeZip writes f to w. excelize's Write builds the whole zip in a
// buffer before copying it out (30 MB at 10,000 quotes, doubling as it
// grows); its zip writer writes straight to w instead, leaving that
// buffer empty, and turns the streamed sheets' marked numbers back into
// numbers (exactZip). Deflate at its fastest level: compressing the
// sheets' XML (290 MB at 10,000 quotes) at the default level was a third
// of the workbook's time.
func writeZip(f *excelize.File, w io.Writer) error {
	f.SetZipWriter(func(io.Writer) excelize.ZipWriter {
		zw := newExactZip(w)
		zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
			return flate.NewWriter(out, flate.BestSpeed)
		})
		return zw
	})
	return f.Write(w)
}

// build lays out the workbook of every quote as grids, as one band.
func build(quotes []tco.Quote, a *tco.Assumptions, ws tco.Worksheet) (*book, [3]map[string]int) {
	b, blocks := layoutBook(quotes, a, ws, nil)
	return b.band(0, len(quotes)), blocks
}

// layoutBook lays out the sheets, the Scores sheet when scores is not nil.
func layoutBook(quotes []tco.Quote, a *tco.Assumptions, ws tco.Worksheet, scores *ScoreTable) (*book, [3]map[string]int) {
	as := newLayout(AssumptionsSheet, quoteCol(0))
	names, next := assumptionsSheet(as.fixed, *a)
	inputs := quoteInputs(as, next, quotes, ws, a)
	wk, blocks := worksheetSheet(quotes, a, ws, inputs)
	b := &book{ctx: context.Background(), layouts: []*layout{wk, as}, to: len(quotes), names: names, decimals: decimals(a.Currency)}
	if scores != nil {
		b.layouts = append(b.layouts, scoresSheet(*scores))
	}
	return b, blocks
}

// checkInput rejects what would make formulas reference nothing: a
// worksheet for other quotes, a GPU without a market rate where the price
// is missing, a currency without an FX rate. tco.Compute fails on the
// same inputs, so these only catch a caller passing mismatched arguments.
func checkInput(quotes []tco.Quote, a *tco.Assumptions, ws tco.Worksheet) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrMismatch, fmt.Sprintf(format, args...))
	}
	if ws.Currency != a.Currency {
		return bad("worksheet in %s, assumptions in %s", ws.Currency, a.Currency)
	}
	if len(ws.Results) != len(quotes) {
		return bad("%d quotes, %d results", len(quotes), len(ws.Results))
	}
	for i, q := range quotes {
		if ws.Results[i].QuoteID != q.ID {
			return bad("quote %d is %q, result %d is %q", i, q.ID, i, ws.Results[i].QuoteID)
		}
		if _, ok := a.EngineeringHours[q.RentalModel]; !ok {
			return bad("quote %q: no engineering hours for %s", q.ID, q.RentalModel)
		}
		c := &qctx{q: &q, a: a}
		if !q.RatePerGPUHour.Known {
			var ok bool
			if c.rateKey, ok = marketRateKey(a.MarketRatePerGPUHour, q.GPUModel); !ok {
				return bad("quote %q: no market rate for GPU %q", q.ID, q.GPUModel)
			}
		}
		for _, p := range []string{"rate", "st", "eg", "sp", "en"} {
			if cur := c.currency(p); cur != a.Currency {
				if _, ok := a.FX[cur]; !ok {
					return bad("quote %q: no FX rate %s to %s", q.ID, cur, a.Currency)
				}
			}
		}
	}
	return nil
}
