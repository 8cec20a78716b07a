package web

import (
	"fmt"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/scoring"
)

// newKeptSplits keeps the suggested award split per analysis and
// constraints: a pure function of both, which the decision page and the
// analysis API computed on every request over every quote (a quarter of
// the decision page's time at 300 quotes, by its profile).
func newKeptSplits() *keptByAnalysis[[2]*scoring.Split] {
	return &keptByAnalysis[[2]*scoring.Split]{budget: 512, size: func([2]*scoring.Split) int { return 1 }}
}

// suggestSplit is st.SuggestSplit, kept. The splits are shared by every
// request that reads them: nothing may change them.
func (s *Server) suggestSplit(st *evaluation.Analysis, maxVendorPct int, verifiedOnly bool) (best, runnerUp *scoring.Split) {
	v, _ := s.splits.get(st, fmt.Sprintf("split\x00%d\x00%t", maxVendorPct, verifiedOnly), func() ([2]*scoring.Split, error) {
		b, r := st.SuggestSplit(maxVendorPct, verifiedOnly)
		return [2]*scoring.Split{b, r}, nil
	})
	return v[0], v[1]
}

// noSplitTexts are the decision page's words for why no split meets the
// constraints: the reasons, and the nearest split with its link.
type noSplitTexts struct {
	why           []string
	nearest, near string
}

// newKeptNoSplits keeps noSplitTexts per analysis, constraints and
// language: WhyNoSplit runs several suggested splits and words its
// reasons, on every view of a decision page without a split.
func newKeptNoSplits() *keptByAnalysis[noSplitTexts] {
	return &keptByAnalysis[noSplitTexts]{budget: 512, size: func(noSplitTexts) int { return 1 }}
}
