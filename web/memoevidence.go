package web

import (
	"slices"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// memoEvidence is what the memo says of each awarded quote
// (evaluation.AwardedQuotes: an award in force or awaiting approval, or
// the approval in force; never a revoked or rejected one): its red flags,
// each marked when waived, and its acceptance tests, so the paper that is
// signed shows what was known against the winner.
func memoEvidence(z *i18n.Localizer, st *evaluation.Analysis, awards []evaluation.AwardView, approvedQuote int64) []views.MemoEvidence {
	ids := evaluation.AwardedQuotes(awards, approvedQuote)
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
