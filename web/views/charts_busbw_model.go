package views

import (
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/chart"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/testplan"
	"github.com/gpuquote/gpuquote/internal/verdict"
)

// benchBusbwAxis labels bus bandwidths: two decimals at most, none
// trailing.
func benchBusbwAxis(z *i18n.Localizer) func(float64) string {
	return func(v float64) string {
		s := strconv.FormatFloat(v, 'f', 2, 64)
		if strings.Contains(s, ".") {
			s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
		}
		return z.Decimal(s)
	}
}

// benchBand is the range the quote's fabric class is expected to reach.
func benchBand(z *i18n.Localizer, q quote.Quote) (chart.Band, string, bool) {
	e, ok := verdict.QuoteExpectation(q)
	if !ok || e.Lo <= 0 {
		return chart.Band{}, "", false
	}
	label := z.T("bench.chart_band", map[string]any{"Class": z.T("bench.class." + e.Class), "Lo": z.Int(int64(e.Lo)), "Hi": z.Int(int64(e.Hi))})
	return chart.Band{Label: label, From: e.Lo, To: e.Hi}, e.Class, true
}

// BenchBusbwChart draws every all_reduce run of a quote's logs, bus
// bandwidth against message size, with the quoted class's expected range
// as a band.
func BenchBusbwChart(z *i18n.Localizer, q quote.Quote, uploads []testplan.Benchmark) chart.Line {
	c := chart.Line{Title: z.T("bench.chart_title"), XLabel: z.T("bench.chart_x"), YLabel: z.T("bench.chart_y"),
		XScale: chart.Log2, Lang: z.Lang, NoData: z.T("bench.chart_none"), Desc: z.T("bench.chart_alt"), YFormat: benchBusbwAxis(z)}
	for _, u := range uploads {
		if u.Result == nil || u.Result.NCCL == nil || u.WithdrawnAt != nil {
			continue
		}
		for i, run := range u.Result.NCCL.Runs {
			if run.Collective != "all_reduce" || run.Failed {
				continue
			}
			series := chart.Series{Name: u.FileName}
			if len(u.Result.NCCL.Runs) > 1 {
				series.Name += " #" + strconv.Itoa(i+1)
			}
			for _, p := range run.Points {
				series.Points = append(series.Points, chart.Point{X: float64(p.Size), Y: p.BusBW})
			}
			if len(series.Points) > 0 {
				c.Series = append(c.Series, series)
			}
		}
	}
	if band, _, ok := benchBand(z, q); ok {
		c.Bands = []chart.Band{band}
	}
	return c
}

// BenchQuoteRun is one quote of an evaluation with its best all-reduce run
// (nil when it has none that counts).
type BenchQuoteRun struct {
	Provider string
	Quote    quote.Quote
	Best     *benchlog.NCCLRun
}

// BenchBusbwAcrossQuotes is one line per quote, its best all-reduce run,
// and one band per fabric class the quotes with a run claim.
func BenchBusbwAcrossQuotes(z *i18n.Localizer, runs []BenchQuoteRun) chart.Line {
	c := chart.Line{Title: z.T("worksheet.busbw_title"), XLabel: z.T("bench.chart_x"), YLabel: z.T("bench.chart_y"),
		XScale: chart.Log2, Lang: z.Lang, NoData: z.T("worksheet.busbw_none"), Width: 760, Height: 400, YFormat: benchBusbwAxis(z)}
	bands := map[string]bool{}
	for _, qr := range runs {
		if qr.Best == nil {
			continue
		}
		series := chart.Series{Name: qr.Provider}
		for _, p := range qr.Best.Points {
			series.Points = append(series.Points, chart.Point{X: float64(p.Size), Y: p.BusBW})
		}
		c.Series = append(c.Series, series)
		if band, class, ok := benchBand(z, qr.Quote); ok && !bands[class] {
			bands[class] = true
			c.Bands = append(c.Bands, band)
		}
	}
	return c
}
