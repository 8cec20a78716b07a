package market

import (
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/quote"
)

func TestCheckQuoteSaysWhatStoppedTheComparison(t *testing.T) {
	ref, err := Bundled()
	if err != nil {
		t.Fatal(err)
	}
	var q quote.Quote
	if c := CheckQuote(ref, nil, nil, q); !c.NoRate {
		t.Errorf("a quote without a rate: %+v, want NoRate", c)
	}
	q.PricePerGPUHour = quote.Of(quote.DecimalFromMicros(2_500_000))
	q.Currency = quote.Of("CHF")
	if c := CheckQuote(ref, map[string]quote.Decimal{}, nil, q); !c.NoFX || c.Currency != "CHF" {
		t.Errorf("a rate in CHF without a CHF rate: %+v, want NoFX", c)
	}
	day := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	c := CheckQuote(ref, map[string]quote.Decimal{"CHF": quote.DecimalFromMicros(1_100_000)}, map[string]time.Time{"CHF": day}, q)
	if c.NoFX || c.NoRate || c.USD.String() != "2.75" || !c.FXDate.Equal(day) || c.Comparison.Price != c.USD {
		t.Errorf("converted: %+v, want 2.75 USD on %s", c, day)
	}
}
