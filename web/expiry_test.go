package web

import (
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/web/views"
)

// The home page counts expiring quotes with quote.Expiring, which formats
// nothing: it must agree with the badge views.QuoteExpiry draws, on every side of
// its edges, and allocate nothing for a quote.
func TestExpiringAgreesWithTheBadge(t *testing.T) {
	z := i18n.New("en")
	today := time.Date(2026, 3, 10, 15, 4, 0, 0, time.UTC)
	for days := -3; days <= 10; days++ {
		q := quote.Quote{ValidUntil: quote.Of(time.Date(2026, 3, 10+days, 0, 0, 0, 0, time.UTC))}
		_, css := views.QuoteExpiry(z, q, today)
		if got := quote.Expiring(q, today); got != (css != "") {
			t.Errorf("%d days: expiring %v, badge %q", days, got, css)
		}
	}
	if _, css := views.QuoteExpiry(z, quote.Quote{}, today); css != "" || quote.Expiring(quote.Quote{}, today) {
		t.Errorf("a quote without a date: badge %q", css)
	}
	q := quote.Quote{ValidUntil: quote.Of(today.AddDate(0, 0, 3))}
	if n := testing.AllocsPerRun(100, func() { quote.Expiring(q, today) }); n != 0 {
		t.Errorf("quote.Expiring allocates %v times a quote", n)
	}
}
