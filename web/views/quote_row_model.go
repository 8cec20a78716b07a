package views

import (
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/redflag"
)

// QuoteExpiry describes how long a quote stays valid: a warning within 7
// days, a blocker once past.
func QuoteExpiry(z *i18n.Localizer, q quote.Quote, today time.Time) (text, css string) {
	until, days, ok := quote.ValidDays(q, today)
	if !ok {
		return "", ""
	}
	switch {
	case days < 0:
		return z.T("quotes.expired"), "blocker"
	case days == 0:
		return z.T("quotes.expires_today"), "warn"
	case days <= 7:
		return z.N("quotes.expires_in", days), "warn"
	}
	return z.T("quotes.valid_until", map[string]any{"Date": z.Date(until)}), ""
}

// QuoteExpiryBanner warns of a quote that expires soon ("warn") or has
// expired ("error"); "" when it is valid for a while yet.
func QuoteExpiryBanner(z *i18n.Localizer, q quote.Quote, now time.Time) (text, css string) {
	_, state := QuoteExpiry(z, q, now)
	if state == "" {
		return "", ""
	}
	until, _ := q.ValidUntil.Get()
	if state == "blocker" {
		return z.T("quote.expired_banner", map[string]any{"Date": z.Date(until)}), "error"
	}
	return z.T("quote.expiring_banner", map[string]any{"Date": z.Date(until)}), "warn"
}

// QuoteRowOf is a quote's line in the list and the import preview.
func QuoteRowOf(z *i18n.Localizer, id int64, provider string, q quote.Quote, flags []redflag.Flag, now time.Time) QuoteRow {
	row := QuoteRow{ID: id, Provider: provider}
	if rm, ok := q.RentalModel.Get(); ok {
		row.Rental = z.T(rm.LabelKey())
	}
	gpu, _ := q.GPUModel.Get()
	if ff, ok := q.FormFactor.Get(); ok {
		gpu += " " + z.T("quote.term.form_factor."+string(ff))
	}
	if gb, ok := q.GPUMemoryGB.Get(); ok {
		gpu += " " + z.Int(gb) + "\u00a0GB"
	}
	row.GPU = strings.TrimSpace(gpu)
	per, okPer := q.GPUsPerNode.Get()
	nodes, okNodes := q.Nodes.Get()
	if okPer || okNodes {
		row.Shape = z.T("quotes.shape_counted", map[string]any{"GPUs": quoteCountText(z, "quotes.gpu_count", per, okPer),
			"Nodes": quoteCountText(z, "quotes.node_count", nodes, okNodes)})
	}
	if rate, ok := q.PricePerGPUHour.Get(); ok {
		cur, _ := q.Currency.Get()
		row.Rate = z.Decimal(rate.String()) + "\u00a0" + cur + " " + z.T("quotes.per_gpu_hour")
	} else {
		row.Rate = z.T(q.PricePerGPUHour.State.LabelKey())
	}
	row.Blockers, row.Warnings = redflag.Counts(flags)
	row.Expiry, row.ExpiryCSS = QuoteExpiry(z, q, now)
	return row
}

// quoteCountText is a counted noun in the language's plural ("1 GPU",
// "8 GPUs"), or the noun marked unknown when the quote does not say.
func quoteCountText(z *i18n.Localizer, key string, n int64, ok bool) string {
	if !ok {
		return z.T(key + "_unknown")
	}
	return z.N(key, int(n))
}

// ImportPlanModel words what an import does with each row for the
// preview: a new quote, a revision of a held quote with its diff, or
// nothing.
func ImportPlanModel(z *i18n.Localizer, plan quote.ImportPlan, rows []quote.Quote) ImportPlan {
	v := ImportPlan{
		Summary: z.T("import.plan.summary", map[string]any{"New": plan.New, "Revisions": plan.Revisions, "Unchanged": plan.Unchanged}),
		Nothing: plan.New == 0 && plan.Revisions == 0,
	}
	for i, r := range plan.Rows {
		name, _ := rows[i].Provider.Get()
		ref, _ := rows[i].QuoteRef.Get()
		row := ImportPlanRow{Line: r.Line, Action: string(r.Action), QuoteID: r.QuoteID, Provider: name, QuoteRef: ref,
			Text: z.T("import.action."+string(r.Action), map[string]any{"ID": r.QuoteID})}
		for _, ch := range r.Changes {
			c, _ := quote.ColumnByName(ch.Column)
			row.Changes = append(row.Changes, DiffRow{Term: z.T(ch.Label), Old: QuoteTermText(z, c, r.Held), New: QuoteTermText(z, c, &rows[i])})
		}
		v.Rows = append(v.Rows, row)
	}
	return v
}

// ImportPreviewModel is the previewed rows of an import, each with its
// flags, and what the import does with them.
func ImportPreviewModel(z *i18n.Localizer, m *ImportPage, plan quote.ImportPlan, rows []quote.Quote, flags [][]redflag.Flag, now time.Time) {
	m.Plan = ImportPlanModel(z, plan, rows)
	for i, q := range rows {
		name, _ := q.Provider.Get()
		m.Preview = append(m.Preview, QuoteRowOf(z, 0, name, q, flags[i], now))
		m.PreviewFlags = append(m.PreviewFlags, QuoteFlagViews(z, flags[i]))
	}
}
