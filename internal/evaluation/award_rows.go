package evaluation

import (
	"cmp"
	"slices"
)

// AwardFormRows are the indexes (into a.Quotes) of the award form's rows:
// every priced quote when there are at most limit; else every quote
// pinned (a share suggested or typed, or an error at it) and every one
// on the shortlist or decided, then the cheapest per useful unit up to
// limit. In a.Quotes order. (With 10,000 quotes the form was 10,000
// share fields, 2.6 MB of a decision page nobody reads.)
func (a *Analysis) AwardFormRows(limit int, pinned func(quoteID int64) bool) []int {
	n := len(a.Quotes)
	keep := make([]bool, n)
	var rest []int
	kept := 0
	for i, sq := range a.Quotes {
		if n <= limit || pinned(sq.ID) || a.Shortlist[sq.ID].Status != "" {
			keep[i] = true
			kept++
			continue
		}
		rest = append(rest, i)
	}
	slices.SortStableFunc(rest, func(x, y int) int {
		return cmp.Compare(a.WS.Results[x].CostPerUnit.Minor, a.WS.Results[y].CostPerUnit.Minor)
	})
	for _, i := range rest[:max(0, min(len(rest), limit-kept))] {
		keep[i] = true
	}
	out := make([]int, 0, min(n, limit))
	for i, k := range keep {
		if k {
			out = append(out, i)
		}
	}
	return out
}
