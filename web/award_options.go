package web

import (
	"cmp"
	"slices"

	"github.com/gpuquote/gpuquote/internal/evaluation"
)

// maxAwardOptions bounds the award form's rows: with 10,000 quotes the
// form was 10,000 share fields, 2.6 MB of a decision page nobody reads.
const maxAwardOptions = 100

// awardRows are the indexes (into st.Quotes) of the award form's rows:
// every priced quote when there are few; else every quote with a share
// suggested or typed, or an error, and every one on the shortlist or
// decided, then the cheapest per useful unit up to maxAwardOptions. In
// st's order. Only these rows are formatted.
func awardRows(st *evaluation.Analysis, suggested map[int64]int, af *awardForm) []int {
	n := len(st.Quotes)
	keep := make([]bool, n)
	var rest []int
	kept := 0
	for i, sq := range st.Quotes {
		typed := af != nil && (af.shares[sq.ID] != "" || af.errors[sq.ID] != "")
		if n <= maxAwardOptions || typed || suggested[sq.ID] > 0 || st.Shortlist[sq.ID].Status != "" {
			keep[i] = true
			kept++
			continue
		}
		rest = append(rest, i)
	}
	slices.SortStableFunc(rest, func(a, b int) int {
		return cmp.Compare(st.WS.Results[a].CostPerUnit.Minor, st.WS.Results[b].CostPerUnit.Minor)
	})
	for _, i := range rest[:max(0, min(len(rest), maxAwardOptions-kept))] {
		keep[i] = true
	}
	out := make([]int, 0, min(n, maxAwardOptions))
	for i, k := range keep {
		if k {
			out = append(out, i)
		}
	}
	return out
}
