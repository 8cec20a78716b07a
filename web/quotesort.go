package web

import (
	"math"
	"slices"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/tco"
	"github.com/gpuquote/gpuquote/web/views"
)

// quoteSortKey accepts the list's sort columns only; anything else is the
// order of entry.
func quoteSortKey(q string) string {
	switch q {
	case "tco", "cost", "contract":
		return q
	}
	return ""
}

// sortQuoteRows orders the list by a money column, cheapest first; quotes
// the worksheet left out (no exchange rate) go last, in entry order.
func sortQuoteRows(rows []views.QuoteRow, d *evaluation.Analysis, by string) []views.QuoteRow {
	if by == "" {
		return rows
	}
	keys := make(map[int64]int64, len(rows))
	for _, r := range rows {
		keys[r.ID] = math.MaxInt64
		if res, ok := d.Result(r.ID); ok {
			keys[r.ID] = map[string]tco.Money{"tco": res.TCO, "cost": res.CostPerUnit, "contract": res.Contract.Value}[by].Minor
		}
	}
	key := func(id int64) int64 { return keys[id] }
	slices.SortStableFunc(rows, func(a, b views.QuoteRow) int {
		ka, kb := key(a.ID), key(b.ID)
		switch {
		case ka < kb:
			return -1
		case ka > kb:
			return 1
		}
		return 0
	})
	return rows
}
