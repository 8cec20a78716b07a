package evaluation

import (
	"cmp"
	"math"
	"slices"

	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// QuoteSortKey accepts the quote list's sort columns only ("tco", "cost",
// "contract"); anything else is "", the order of entry.
func QuoteSortKey(q string) string {
	switch q {
	case "tco", "cost", "contract":
		return q
	}
	return ""
}

// SortedQuotes orders every quote by a money column (QuoteSortKey),
// cheapest first, in a copy; quotes the worksheet left out (no exchange
// rate) go last, in entry order. The list pages after sorting, so a page
// is a slice of the order.
func (a *Analysis) SortedQuotes(by string) []store.StoredQuote {
	if by == "" {
		return a.All
	}
	keys := make(map[int64]int64, len(a.All))
	for _, q := range a.All {
		keys[q.ID] = math.MaxInt64
		if res, ok := a.Result(q.ID); ok {
			keys[q.ID] = map[string]tco.Money{"tco": res.TCO, "cost": res.CostPerUnit, "contract": res.Contract.Value}[by].Minor
		}
	}
	out := slices.Clone(a.All)
	slices.SortStableFunc(out, func(x, y store.StoredQuote) int {
		return cmp.Compare(keys[x.ID], keys[y.ID])
	})
	return out
}
