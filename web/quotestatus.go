package web

import (
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/web/views"
)

// quoteStatuses is where an evaluation's quotes stand in the decision:
// the shortlist and the waivers, as the analysis read them.
type quoteStatuses struct {
	shortlist map[int64]evaluation.ShortlistEntry
	waivers   map[int64]map[string]evaluation.Waiver
}

// apply puts a quote's status on its row: a waived blocker is counted as
// waived, not as open.
func (qs quoteStatuses) apply(z *i18n.Localizer, row *views.QuoteRow, flags []redflag.Flag) {
	e := qs.shortlist[row.ID]
	row.Status, row.StatusCSS = views.QuoteShortlistStatus(z, e.Status, e.ShortlistedBy, e.DecidedBy)
	for _, f := range flags {
		if _, ok := qs.waivers[row.ID][f.ID]; ok && f.Severity == redflag.Blocker {
			row.Blockers--
			row.Waived++
		}
	}
}

// markWaived notes on each flag view whether, by whom and why it was
// waived; views and flags are in the same order.
func (qs quoteStatuses) markWaived(z *i18n.Localizer, quoteID int64, fv []views.FlagView, flags []redflag.Flag) {
	for i, f := range flags {
		if w, ok := qs.waivers[quoteID][f.ID]; ok {
			fv[i].Waived = z.T("quote.waived_line", map[string]any{"By": w.WaivedBy, "At": z.DateTime(w.WaivedAt), "Reason": w.Reason})
		}
	}
}
