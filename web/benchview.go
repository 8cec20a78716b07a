package web

import (
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/web/views"
)

// benchView builds the section for a quote, its terms worded as the quote
// page words them; forms adds what the benchmarks page's forms need.
func benchView(z *i18n.Localizer, sq evaluation.StoredQuote, d evaluation.Bench, canEdit, forms bool) views.BenchView {
	quoted := func(c quote.Column) string { return termText(z, c, &sq.Quote) }
	return views.BenchModel(z, sq.ID, d, quoted, canEdit, forms)
}

// suiteProgress is "6/9 passed, 1 failed".
func suiteProgress(z *i18n.Localizer, c evaluation.SuiteCounts) string {
	return views.BenchSuiteProgress(z, c)
}
