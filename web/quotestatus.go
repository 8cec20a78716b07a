package web

import (
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/web/views"
)

// quoteStatuses is where an evaluation's quotes stand in the decision:
// the shortlist and the waivers, as the analysis read them.
type quoteStatuses struct {
	shortlist map[int64]store.ShortlistEntry
	waivers   map[int64]map[string]store.Waiver
}

// apply puts a quote's status on its row: a waived blocker is counted as
// waived, not as open.
func (qs quoteStatuses) apply(z *i18n.Localizer, row *views.QuoteRow, flags []redflag.Flag) {
	row.Status, row.StatusCSS = shortlistStatus(z, qs.shortlist[row.ID])
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

// shortlistStatus names a quote's place in the decision, styled as a
// status: approved, on the shortlist, rejected, or nothing yet.
func shortlistStatus(z *i18n.Localizer, e store.ShortlistEntry) (text, css string) {
	switch e.Status {
	case "approved":
		return z.T("quote.status.approved", map[string]any{"By": e.DecidedBy}), "ok"
	case "shortlisted":
		return z.T("quote.status.shortlisted", map[string]any{"By": e.ShortlistedBy}), "info"
	case "rejected":
		return z.T("quote.status.rejected", map[string]any{"By": e.DecidedBy}), "blocker"
	}
	return "", ""
}

// decisionLine says, for the evaluations list, what the decision holds:
// the approved provider or the shortlist's size, and the waivers.
func decisionLine(z *i18n.Localizer, d store.DecisionStatus) []string {
	var out []string
	switch {
	case d.Approved != "":
		out = append(out, z.T("evaluations.approved_provider", map[string]any{"Provider": d.Approved}))
	case d.Shortlisted > 0:
		out = append(out, z.N("evaluations.shortlisted", d.Shortlisted))
	}
	if d.Waived > 0 {
		out = append(out, z.N("quotes.waived", d.Waived))
	}
	return out
}
