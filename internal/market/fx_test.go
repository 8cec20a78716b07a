package market

import (
	"errors"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/quote"
)

func TestToUSD(t *testing.T) {
	rates := map[string]quote.Decimal{
		"EUR": quote.DecimalFromMicros(1_080_000), // 1.08
		"JPY": quote.DecimalFromMicros(6_700),     // 0.0067
		"gbp": quote.DecimalFromMicros(1_270_000), // typed in lower case
		"HLF": quote.DecimalFromMicros(500_000),   // 0.5, to show rounding
		"FRT": quote.DecimalFromMicros(400_000),   // 0.4
	}
	tests := []struct {
		amount string
		neg    bool
		cur    string
		want   string
	}{
		{amount: "2.95", cur: "EUR", want: "3.186"}, // exact: no float drift
		{amount: "2.95", cur: "eur", want: "3.186"},
		{amount: "2.95", cur: "USD", want: "2.95"},
		{amount: "150000", cur: "JPY", want: "1005"},
		{amount: "10", cur: "GBP", want: "12.7"},
		{amount: "0.000001", cur: "HLF", want: "0.000001"}, // 0.0000005 rounds away from zero
		{amount: "0.000001", neg: true, cur: "HLF", want: "-0.000001"},
		{amount: "0.000001", cur: "FRT", want: "0"}, // 0.0000004 rounds to 0
		{amount: "0.000003", cur: "HLF", want: "0.000002"},
		{amount: "1000000000", cur: "EUR", want: "1080000000"}, // product beyond int64 before rounding
	}
	for _, tt := range tests {
		a := dec(t, tt.amount)
		if tt.neg {
			a = quote.DecimalFromMicros(-a.Micros())
		}
		got, err := ToUSD(a, tt.cur, rates)
		if err != nil || got.String() != tt.want {
			t.Errorf("ToUSD(%s, %s) = %s, %v; want %s", a, tt.cur, got, err, tt.want)
		}
	}
}

func TestToUSDErrors(t *testing.T) {
	one := quote.DecimalFromInt(1)
	tests := []struct {
		name  string
		cur   string
		rates map[string]quote.Decimal
		want  string
		noFX  bool
	}{
		{name: "missing rate", cur: "CHF", rates: map[string]quote.Decimal{"EUR": one}, want: "no FX rate for CHF", noFX: true},
		{name: "nil rates", cur: "EUR", want: "no FX rate", noFX: true},
		{name: "zero rate", cur: "EUR", rates: map[string]quote.Decimal{"EUR": {}}, want: "must be more than 0"},
		{name: "empty currency", cur: "", want: "not a three-letter"},
		{name: "not a code", cur: "EURO", want: "not a three-letter"},
		{name: "symbol", cur: "€", want: "not a three-letter"},
		{name: "USD rate not 1", cur: "USD", rates: map[string]quote.Decimal{"USD": quote.DecimalFromMicros(900_000)}, want: "must be 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ToUSD(quote.DecimalFromInt(3), tt.cur, tt.rates)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want it to contain %q", err, tt.want)
			}
			if errors.Is(err, ErrNoFXRate) != tt.noFX {
				t.Errorf("errors.Is(err, ErrNoFXRate) = %v", !tt.noFX)
			}
		})
	}
	if _, err := ToUSD(quote.DecimalFromInt(9_000_000_000_000), "EUR", map[string]quote.Decimal{"EUR": quote.DecimalFromInt(2)}); err == nil {
		t.Error("an overflowing result must be an error")
	}
	if got, err := ToUSD(quote.DecimalFromInt(3), "USD", map[string]quote.Decimal{"USD": one}); err != nil || got.String() != "3" {
		t.Errorf("USD with rate 1 = %s, %v", got, err)
	}
}
