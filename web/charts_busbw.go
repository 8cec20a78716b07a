package web

import (
	"net/http"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/chart"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/store"
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
	if _, err := s.eval.Evaluation(r.Context(), id); err != nil {
		return err
	}
	quotes, err := s.store.ListQuotes(r.Context(), id)
	if err != nil {
		return err
	}
	uploads := make(map[int64][]store.Benchmark, len(quotes))
	for _, sq := range quotes {
		if uploads[sq.ID], err = s.store.ListBenchmarks(r.Context(), sq.ID); err != nil {
			return err
		}
	}
	return writeSVG(w, busbwAcrossQuotes(i18n.From(r.Context()), quotes, uploads).SVG())
}

// busbwAcrossQuotes is one line per quote, its best all-reduce run (the
// highest peak of the uploads that count), and one band per fabric class
// the quotes claim.
func busbwAcrossQuotes(z *i18n.Localizer, quotes []store.StoredQuote, uploads map[int64][]store.Benchmark) chart.Line {
	c := chart.Line{Title: z.T("worksheet.busbw_title"), XLabel: z.T("bench.chart_x"), YLabel: z.T("bench.chart_y"),
		XScale: chart.Log2, Lang: z.Lang, NoData: z.T("worksheet.busbw_none"), Width: 760, Height: 400,
		YFormat: func(v float64) string { return z.Decimal(trimDecimal(strconv.FormatFloat(v, 'f', 2, 64))) }}
	bands := map[string]bool{}
	for _, sq := range quotes {
		best := bestAllReduce(uploads[sq.ID])
		if best == nil {
			continue
		}
		series := chart.Series{Name: sq.ProviderName}
		for _, p := range best.Points {
			series.Points = append(series.Points, chart.Point{X: float64(p.Size), Y: p.BusBW})
		}
		c.Series = append(c.Series, series)
		if e, ok := verdict.QuoteExpectation(sq.Quote); ok && e.Lo > 0 && !bands[e.Class] {
			bands[e.Class] = true
			label := z.T("bench.chart_band", map[string]any{"Class": z.T("bench.class." + e.Class), "Lo": z.Int(int64(e.Lo)), "Hi": z.Int(int64(e.Hi))})
			c.Bands = append(c.Bands, chart.Band{Label: label, From: e.Lo, To: e.Hi})
		}
	}
	return c
}

// bestAllReduce is the all-reduce run with the highest peak among the
// uploads that count (not withdrawn, parsed, not failed), or nil.
func bestAllReduce(uploads []store.Benchmark) *benchlog.NCCLRun {
	var best *benchlog.NCCLRun
	for _, u := range uploads {
		if u.Result == nil || u.Result.NCCL == nil || u.WithdrawnAt != nil {
			continue
		}
		for i := range u.Result.NCCL.Runs {
			run := &u.Result.NCCL.Runs[i]
			if run.Collective == "all_reduce" && !run.Failed && len(run.Points) > 0 && (best == nil || run.PeakBusBW > best.PeakBusBW) {
				best = run
			}
		}
	}
	return best
}
