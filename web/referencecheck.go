package web

import (
	"net/http"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// referenceRows fills the page's rates, capital costs, price file,
// switches, record threshold (unless a refused form carries one) and the
// history of rates and price files.
func referenceRows(z *i18n.Localizer, m *views.ReferencePage, b evaluation.ReferenceBoard) {
	for _, fx := range b.Rates {
		m.Rates = append(m.Rates, views.FXRow{Currency: fx.Currency, Rate: z.Decimal(trimDecimal(fx.USDPerUnit)), AsOf: z.Date(fx.AsOf)})
	}
	for _, c := range b.Capital {
		m.Capital = append(m.Capital, views.CapitalRow{GPU: c.GPUModel, USD: z.Decimal(trimDecimal(c.USDPerGPU)), Source: keepAmountsWhole(c.Source), Date: c.SourceDate})
	}
	m.Source, m.SourceDate, m.RowCount = b.Prices.Source, b.Prices.SourceDate, len(b.Prices.Rows)
	m.AllowSelf, m.AwardAcceptance = b.AllowSelfApproval, b.AwardRequiresAcceptance
	if m.RecordThreshold == "" {
		m.RecordThreshold = z.Decimal(strconv.FormatFloat(b.RecordThreshold, 'f', -1, 64))
	}
	seen := map[string]bool{}
	for _, e := range b.History.FX {
		m.FXHistory = append(m.FXHistory, views.FXHistoryRow{ID: e.ID, Currency: e.Currency, Rate: z.Decimal(trimDecimal(e.USDPerUnit)),
			AsOf: z.Date(e.AsOf), Line: z.T("reference.set_line", map[string]any{"By": e.SetBy, "At": z.DateTime(e.SetAt)}), Current: !seen[e.Currency]})
		seen[e.Currency] = true
	}
	for i, p := range b.History.Prices {
		m.PriceHistory = append(m.PriceHistory, views.PriceHistoryRow{ID: p.ID, Source: p.Source + ", " + p.SourceDate,
			Line: z.T("reference.set_line", map[string]any{"By": p.UploadedBy, "At": z.DateTime(p.UploadedAt)}), Current: i == 0})
	}
}

// rollbackFX puts an earlier rate back in use.
func (s *Server) rollbackFX(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	if err := s.eval.RollbackFX(r.Context(), currentUser(r).Actor(), id); err != nil {
		return err
	}
	return redirect(w, r, "/admin/reference", "flash.fx_rolled_back")
}

// rollbackPrices puts an earlier price file back in use.
func (s *Server) rollbackPrices(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	if err := s.eval.RollbackPrices(r.Context(), currentUser(r).Actor(), id); err != nil {
		return err
	}
	return redirect(w, r, "/admin/reference", "flash.prices_rolled_back")
}
