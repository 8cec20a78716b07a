package web

import (
	"net/http"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
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
	qr := make([]views.BenchQuoteRun, len(runs))
	for i, run := range runs {
		qr[i] = views.BenchQuoteRun{Provider: run.Quote.ProviderName, Quote: run.Quote.Quote, Best: run.Best}
	}
	return writeSVG(w, views.BenchBusbwAcrossQuotes(i18n.From(r.Context()), qr).SVG())
}
