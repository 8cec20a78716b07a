package web

import (
	"slices"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/web/views"
)

// memoEvidence is what the memo says of each awarded quote (in a recorded,
// not withdrawn, award or the approval in force): its red flags, each
// marked when waived, and its acceptance tests, so the paper that is
// signed shows what was known against the winner.
func memoEvidence(z *i18n.Localizer, st *evaluation.Analysis, awards []store.Award, approvedQuote int64) []views.MemoEvidence {
	var ids []int64
	for _, aw := range awards {
		if aw.Status == "withdrawn" {
			continue
		}
		for _, sh := range aw.Shares {
			ids = append(ids, sh.QuoteID)
		}
	}
	if approvedQuote != 0 {
		ids = append(ids, approvedQuote)
	}
	var out []views.MemoEvidence
	for _, sq := range st.Quotes {
		if !slices.Contains(ids, sq.ID) {
			continue
		}
		flags := st.TermFlags[sq.ID]
		fv := flagViews(z, flags)
		quoteStatuses{waivers: st.Waivers}.markWaived(z, sq.ID, fv, flags)
		out = append(out, views.MemoEvidence{Provider: sq.ProviderName, Flags: fv,
			Tests: suiteProgress(z, st.SuiteCounts[sq.ID])})
	}
	return out
}
