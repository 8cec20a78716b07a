package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// The worksheet's and the decision page's notice of quotes left out names
// a few and counts the rest: at 10,000 quotes it named 3,334 quotes
// without a rate, 126 KB of the decision page.
func TestSkippedNoticeNamesAFewAndCountsTheRest(t *testing.T) {
	d := &evaluation.Analysis{}
	for i := range 3334 {
		sq := evaluation.StoredQuote{ProviderName: fmt.Sprintf("Cloud %d", i)}
		sq.Quote.Currency = quote.Of("EUR")
		d.Skipped = append(d.Skipped, sq)
	}
	for i := range 7 {
		d.Unpriced = append(d.Unpriced, evaluation.Unpriced{StoredQuote: evaluation.StoredQuote{ProviderName: fmt.Sprintf("Odd %d", i)}})
	}
	n := skippedNotice(i18n.New("en"), d)
	if len(n) > 800 || !strings.Contains(n, "Cloud 4 (EUR) and 3,329 more") || !strings.Contains(n, "Odd 4 and 2 more") {
		t.Errorf("%d bytes: %q", len(n), n)
	}
}
