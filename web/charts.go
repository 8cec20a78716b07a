package web

import (
	"net/http"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/chart"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/tco"
	"github.com/gpuquote/gpuquote/web/views"
)

// writeSVG serves a chart as its own document: an <img> shows it, so no
// markup is injected into the page, and the SVG may not run script.
func writeSVG(w http.ResponseWriter, svg []byte) error {
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; sandbox")
	_, err := w.Write(svg)
	return err
}

// sensitivityChart draws cost per useful unit against utilisation at the
// expected restart rate, one line per quote, marking the cheapest.
func (s *Server) sensitivityChart(w http.ResponseWriter, r *http.Request) error {
	d, err := s.analysisParam(r)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	names := map[string]string{}
	for _, sq := range d.Quotes {
		names[strconv.FormatInt(sq.ID, 10)] = sq.ProviderName
	}
	return writeSVG(w, views.SensitivityChart(z, d.WS.Sensitivity, names, unitLabel(z, d), d.A.Currency).SVG())
}

// costRangeChart lays out the cost per useful unit of each quote on the
// worksheet page with its range, cheapest marked as the table marks it.
func costRangeChart(z *i18n.Localizer, d *evaluation.Analysis, results []tco.Result, byID map[string]evaluation.StoredQuote) (chart.DotRangeFigure, views.ChartText) {
	provider := func(id string) string { return byID[id].ProviderName }
	amount := func(m tco.Money) string { return money(z, m) }
	return views.CostRangeChart(z, results, d.WS.Best[tco.RowCostPerUnit], unitLabel(z, d), d.A.Currency, provider, amount)
}

// costLinesChart draws what one GPU costs, bought against rented, with
// each break-even month marked (views.CostLinesChart).
var costLinesChart = views.CostLinesChart
