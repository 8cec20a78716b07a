package web

import (
	"cmp"
	"math"
	"slices"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/tco"
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

// sortQuotes orders the quotes by a money column, cheapest first, in a
// copy; quotes the worksheet left out (no exchange rate) go last, in entry
// order. The list pages after sorting, so a page is a slice of the order.
func sortQuotes(quotes []store.StoredQuote, d *evaluation.Analysis, by string) []store.StoredQuote {
	if by == "" {
		return quotes
	}
	keys := make(map[int64]int64, len(quotes))
	for _, q := range quotes {
		keys[q.ID] = math.MaxInt64
		if res, ok := d.Result(q.ID); ok {
			keys[q.ID] = map[string]tco.Money{"tco": res.TCO, "cost": res.CostPerUnit, "contract": res.Contract.Value}[by].Minor
		}
	}
	out := slices.Clone(quotes)
	slices.SortStableFunc(out, func(a, b store.StoredQuote) int {
		return cmp.Compare(keys[a.ID], keys[b.ID])
	})
	return out
}
