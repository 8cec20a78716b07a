package web

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/market"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/web/views"
)

// implausibleFactor is how far a new reference figure may move from the
// one in use before the admin is asked to confirm it: a rate typed in the
// wrong unit (yen per dollar instead of dollars per yen) is off by far
// more, a real market move by far less.
const implausibleFactor = 10

// historyRows bounds the history shown on the reference page.
const historyRows = 30

// ratio is how many times larger a is than b (≥ 1 either way), for the
// plausibility check only; amounts are never computed with it.
func ratio(a, b quote.Decimal) float64 {
	x, y := a.Float64(), b.Float64()
	if x <= 0 || y <= 0 {
		return 0
	}
	if x < y {
		x, y = y, x
	}
	return x / y
}

// implausibleRate says why a new rate needs confirming, or "".
func (s *Server) implausibleRate(r *http.Request, currency string, rate quote.Decimal) string {
	z := i18n.From(r.Context())
	rates, dates, err := s.fxTable(r.Context())
	if err != nil {
		return ""
	}
	old, ok := rates[currency]
	if !ok || ratio(rate, old) < implausibleFactor {
		return ""
	}
	return z.T("reference.error.implausible_rate", map[string]any{"Factor": z.Decimal(fmt.Sprintf("%.0f", ratio(rate, old))),
		"Old": z.Decimal(old.String()), "Date": z.Date(dates[currency])})
}

// implausiblePrices compares a new price file with the one in use: a file
// with less than half the rows, or a GPU whose on-demand median moved by
// the implausible factor, needs confirming.
func (s *Server) implausiblePrices(r *http.Request, csv string) (string, error) {
	z := i18n.From(r.Context())
	cur, err := s.priceReference(r.Context())
	if err != nil {
		return "", err
	}
	next, err := market.Parse(strings.NewReader(csv))
	if err != nil {
		return "", nil // the caller has already refused a file that does not parse
	}
	if 2*len(next.Rows) < len(cur.Rows) {
		return z.T("reference.error.fewer_rows", map[string]any{"New": len(next.Rows), "Old": len(cur.Rows)}), nil
	}
	var moved []string
	for _, k := range next.Keys() {
		a, b := next.Stats(k, market.KindOnDemand), cur.Stats(k, market.KindOnDemand)
		if a.Count > 0 && b.Count > 0 && ratio(a.Median, b.Median) >= implausibleFactor {
			moved = append(moved, k)
		}
	}
	if len(moved) == 0 {
		return "", nil
	}
	return z.T("reference.error.moved_prices", map[string]any{"GPUs": strings.Join(moved, ", ")}), nil
}

// referenceHistory fills the page's history of rates and price files.
func (s *Server) referenceHistory(ctx context.Context, m *views.ReferencePage) error {
	z := i18n.From(ctx)
	fx, err := s.store.FXHistory(ctx, historyRows)
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, e := range fx {
		m.FXHistory = append(m.FXHistory, views.FXHistoryRow{ID: e.ID, Currency: e.Currency, Rate: z.Decimal(trimDecimal(e.USDPerUnit)),
			AsOf: z.Date(e.AsOf), Line: z.T("reference.set_line", map[string]any{"By": e.SetBy, "At": z.DateTime(e.SetAt)}), Current: !seen[e.Currency]})
		seen[e.Currency] = true
	}
	prices, err := s.store.PriceReferenceHistory(ctx, historyRows)
	if err != nil {
		return err
	}
	for i, p := range prices {
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
	if _, err := s.store.RollbackFXRate(r.Context(), currentUser(r).Actor(), id); err != nil {
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
	if err := s.store.RollbackPriceReference(r.Context(), currentUser(r).Actor(), id); err != nil {
		return err
	}
	return redirect(w, r, "/admin/reference", "flash.prices_rolled_back")
}
