package tco

import (
	"errors"
	"testing"
	"time"
)

// Amounts in another currency are converted at the evaluation's dated
// rate, and each line keeps its original amount and currency.
func TestForeignCurrencyIsConvertedAndKept(t *testing.T) {
	date := time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name     string
		quoteCur string
		evalCur  string
		rate     float64
		storage  float64 // stated storage price per TB-month, quote currency
	}{
		{"EUR into USD", "EUR", "USD", 1.0837, 22},
		{"USD into EUR", "USD", "EUR", 0.9228, 23},
		{"JPY (no minor unit) into USD", "JPY", "USD", 0.0066, 3300},
		{"USD into VND", "USD", "VND", 25400, 23},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := testAssumptions()
			a.Currency = tt.evalCur
			a.FX = map[string]FXRate{tt.quoteCur: {Rate: tt.rate, Date: date, Source: "test"}}
			if tt.evalCur != "USD" {
				a.FX["USD"] = FXRate{Rate: tt.rate, Date: date} // the engineering rate is in USD
			}
			q := fullQuote("q", Reserved, 2.95)
			q.Currency = tt.quoteCur
			q.StoragePerTBMonth = Stated(tt.storage)
			r := compute(t, []Quote{q}, a).Results[0]
			l := line(t, r, LineStorage)
			wantOrig := NewMoney(30*tt.storage, tt.quoteCur)
			if l.Original != wantOrig {
				t.Errorf("original = %s, want %s", l.Original, wantOrig)
			}
			wantAmount := NewMoney(wantOrig.Float()*tt.rate, tt.evalCur)
			if l.Amount != wantAmount {
				t.Errorf("amount = %s, want %s × %v = %s", l.Amount, wantOrig, tt.rate, wantAmount)
			}
			if !l.Converted() || l.FX.Rate != tt.rate || !l.FX.Date.Equal(date) {
				t.Errorf("converted %t, FX %+v; want the dated rate kept", l.Converted(), l.FX)
			}
			if r.TCO.Currency != tt.evalCur {
				t.Errorf("TCO in %s, want %s", r.TCO.Currency, tt.evalCur)
			}
		})
	}
}

func TestSameCurrencyLineHasNoFX(t *testing.T) {
	r := compute(t, []Quote{fullQuote("q", Reserved, 2)}, testAssumptions()).Results[0]
	for _, l := range r.Lines {
		if l.Converted() || l.FX != (FXRate{}) || l.Original != l.Amount {
			t.Errorf("%s: converted %t, FX %+v, original %s, amount %s", l.Key, l.Converted(), l.FX, l.Original, l.Amount)
		}
	}
}

// A missing FX rate is an error, never a silent 1.0: here for the quote's
// currency and for a market reference's currency.
func TestMissingFXRateIsAnError(t *testing.T) {
	tests := []struct {
		name string
		edit func(*Quote, *Assumptions)
	}{
		{"quote currency", func(q *Quote, _ *Assumptions) { q.Currency = "GBP" }},
		{"market reference currency", func(q *Quote, a *Assumptions) {
			a.Currency = "EUR"
			q.Currency = "EUR"
			q.EgressPerGB = NotStated[float64]() // the market reference is in USD
			a.EngineeringRate.Currency = "EUR"
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, a := fullQuote("q", Reserved, 2), testAssumptions()
			tt.edit(&q, &a)
			if _, err := Compute([]Quote{q}, a); !errors.Is(err, ErrNoFXRate) {
				t.Errorf("Compute error = %v, want ErrNoFXRate", err)
			}
		})
	}
}
