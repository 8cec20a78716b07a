package evaluation

import (
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// A USD quote in an EUR evaluation is converted with the EUR rate (USD is
// the table's base and has no date of its own): the conversion carries
// that rate's date, never the zero date ("1 Jan 0001"). Between two
// non-USD currencies both rates count, so the older date is the one shown.
func TestConversionsCarryTheRatesDate(t *testing.T) {
	t.Parallel()
	dec := func(s string) quote.Decimal {
		d, err := quote.ParseDecimal(s)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	eurDay := time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)
	gbpDay := time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)
	fx := FXTable{
		USDPer: map[string]quote.Decimal{"EUR": dec("1.08"), "GBP": dec("1.27")},
		AsOf:   map[string]time.Time{"EUR": eurDay, "GBP": gbpDay},
	}
	a := Assumptions(brief.Brief{"budget_currency": "EUR"}, nil, fx)
	if a.Currency != "EUR" {
		t.Fatalf("currency = %s", a.Currency)
	}
	if got := a.FX["USD"].Date; !got.Equal(eurDay) {
		t.Errorf("USD → EUR dated %v, want %v", got, eurDay)
	}
	if got := a.FX["GBP"].Date; !got.Equal(gbpDay) {
		t.Errorf("GBP → EUR dated %v, want the older %v", got, gbpDay)
	}
	if a.FX["USD"].Source != FXSourceAdmin {
		t.Errorf("source = %q", a.FX["USD"].Source)
	}
}
