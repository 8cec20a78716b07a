package web

import (
	"net/http"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/chart"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/verdict"
)

// evaluationBusbwChart draws, for every quote of an evaluation with an
// uploaded nccl-tests all-reduce run, the bus bandwidth it measured
// against message size, beside the band expected of each quoted fabric:
// the quotes' evidence side by side, as the worksheet sets their costs.
func (s *Server) evaluationBusbwChart(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	runs, err := s.eval.BusbwRuns(r.Context(), id)
	if err != nil {
		return err
	}
	return writeSVG(w, busbwAcrossQuotes(i18n.From(r.Context()), runs).SVG())
}

// busbwAcrossQuotes is one line per quote, its best all-reduce run, and
// one band per fabric class the quotes with a run claim.
func busbwAcrossQuotes(z *i18n.Localizer, runs []evaluation.QuoteRun) chart.Line {
	c := chart.Line{Title: z.T("worksheet.busbw_title"), XLabel: z.T("bench.chart_x"), YLabel: z.T("bench.chart_y"),
		XScale: chart.Log2, Lang: z.Lang, NoData: z.T("worksheet.busbw_none"), Width: 760, Height: 400,
		YFormat: func(v float64) string { return z.Decimal(trimDecimal(strconv.FormatFloat(v, 'f', 2, 64))) }}
	bands := map[string]bool{}
	for _, qr := range runs {
		if qr.Best == nil {
			continue
		}
		series := chart.Series{Name: qr.Quote.ProviderName}
		for _, p := range qr.Best.Points {
			series.Points = append(series.Points, chart.Point{X: float64(p.Size), Y: p.BusBW})
		}
		c.Series = append(c.Series, series)
		if e, ok := verdict.QuoteExpectation(qr.Quote.Quote); ok && e.Lo > 0 && !bands[e.Class] {
			bands[e.Class] = true
			label := z.T("bench.chart_band", map[string]any{"Class": z.T("bench.class." + e.Class), "Lo": z.Int(int64(e.Lo)), "Hi": z.Int(int64(e.Hi))})
			c.Bands = append(c.Bands, chart.Band{Label: label, From: e.Lo, To: e.Hi})
		}
	}
	return c
}
