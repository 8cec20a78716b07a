package web

import (
	"context"
	"net/http"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// referenceHistory fills the page's history of rates and price files.
func (s *Server) referenceHistory(ctx context.Context, m *views.ReferencePage) error {
	z := i18n.From(ctx)
	h, err := s.eval.ReferenceHistory(ctx)
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, e := range h.FX {
		m.FXHistory = append(m.FXHistory, views.FXHistoryRow{ID: e.ID, Currency: e.Currency, Rate: z.Decimal(trimDecimal(e.USDPerUnit)),
			AsOf: z.Date(e.AsOf), Line: z.T("reference.set_line", map[string]any{"By": e.SetBy, "At": z.DateTime(e.SetAt)}), Current: !seen[e.Currency]})
		seen[e.Currency] = true
	}
	for i, p := range h.Prices {
		m.PriceHistory = append(m.PriceHistory, views.PriceHistoryRow{ID: p.ID, Source: p.Source + ", " + p.SourceDate,
			Line: z.T("reference.set_line", map[string]any{"By": p.UploadedBy, "At": z.DateTime(p.UploadedAt)}), Current: i == 0})
	}
	return nil
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
