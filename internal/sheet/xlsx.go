package sheet

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/gpuquote/gpuquote/internal/tco"
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
	if err := checkInput(quotes, &a, ws); err != nil {
		return err
	}
	b, blocks := build(quotes, &a, ws)
	b.ctx = ctx
	if scores != nil {
		b.sheets = append(b.sheets, scoresSheet(*scores))
	}
	values, err := b.evaluate()
	if err != nil {
		return err
	}
	if err := verify(values, ws, blocks); err != nil {
		return err
	}
	if scores != nil {
		if err := verifyScores(values, *scores); err != nil {
			return err
		}
	}
	f, err := b.render(values)
	if err != nil {
		return fmt.Errorf("sheet: %w", err)
	}
	if err := ctx.Err(); err != nil {
		_ = f.Close()
		return err
	}
	defer f.Close()
	if err := f.Write(w); err != nil {
		return fmt.Errorf("sheet: writing xlsx: %w", err)
	}
	return nil
}

// build lays out both sheets.
func build(quotes []tco.Quote, a *tco.Assumptions, ws tco.Worksheet) (*book, [3]map[string]int) {
	as, wk := newGrid(AssumptionsSheet), newGrid(WorksheetSheet)
	wk.stream = true
	names, next := assumptionsSheet(as, *a)
	inputs := quoteInputs(as, next, quotes, ws, a)
	blocks := worksheetSheet(wk, quotes, a, ws, inputs)
	return &book{ctx: context.Background(), sheets: []*grid{wk, as}, names: names, decimals: decimals(a.Currency)}, blocks
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
		c := &qctx{q: q, a: a}
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
