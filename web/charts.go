package web

import (
	"net/http"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/chart"
	"github.com/gpuquote/gpuquote/internal/i18n"
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
	c := chart.Line{Title: z.T("worksheet.chart_title"), XLabel: z.T("worksheet.assumption.utilisation") + " (%)",
		YLabel:    z.T("worksheet.cost_per_unit", map[string]any{"Unit": unitLabel(z, d)}) + " (" + d.A.Currency + ")",
		Highlight: chart.HighlightMin, LowestLabel: z.T("worksheet.chart_cheapest"), NoData: z.T("worksheet.empty"),
		Lang: z.Lang, Width: 760, Height: 380,
		XTicks:  []chart.Tick{{Value: 50}, {Value: 70}, {Value: 85}, {Value: 95}},
		XFormat: func(x float64) string { return strconv.Itoa(int(x+0.5)) + " %" },
		YFormat: func(y float64) string { return z.Decimal(strconv.FormatFloat(y, 'f', 0, 64)) }}
	sens := d.WS.Sensitivity
	names := map[string]string{}
	for _, sq := range d.Quotes {
		names[strconv.FormatInt(sq.ID, 10)] = sq.ProviderName
	}
	for qi, id := range sens.QuoteIDs {
		series := chart.Series{Name: names[id]}
		for _, pt := range sens.Points {
			if pt.Restart == "expected" {
				series.Points = append(series.Points, chart.Point{X: pt.Utilisation * 100, Y: pt.CostPerUnit[qi].Float()})
			}
		}
		c.Series = append(c.Series, series)
	}
	return writeSVG(w, c.SVG())
}
