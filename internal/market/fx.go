package market

import (
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/gpuquote/gpuquote/internal/quote"
)

// ErrNoFXRate means an amount is in a currency with no rate. Assuming 1.0
// would misprice the quote by the exchange rate without anyone noticing,
// so the conversion refuses instead.
var ErrNoFXRate = errors.New("no FX rate")

// ToUSD converts amount in currency (an ISO 4217 code such as "EUR",
// matched without regard to case) to US dollars. rates gives, per
// currency, how many USD one unit buys, as the store keeps them. USD needs
// no rate. The product is exact and then rounded to six decimal places,
// half away from zero, once: 2.95 EUR at 1.08 is 3.186 USD exactly.
// A missing or non-positive rate is an error (wrapping ErrNoFXRate when
// missing), never a silent 1.0.
func ToUSD(amount quote.Decimal, currency string, rates map[string]quote.Decimal) (quote.Decimal, error) {
	code := strings.ToUpper(strings.TrimSpace(currency))
	if !isCurrencyCode(code) {
		return quote.Decimal{}, fmt.Errorf("market: currency %q is not a three-letter ISO 4217 code", currency)
	}
	rate, ok := rates[code]
	if !ok {
		// Rates typed by hand may be keyed "eur"; accept that, but never a
		// near miss.
		for k, v := range rates {
			if strings.EqualFold(strings.TrimSpace(k), code) {
				rate, ok = v, true
				break
			}
		}
	}
	if code == "USD" {
		// A USD rate other than 1 would mean the table is not in USD.
		if ok && rate.Micros() != 1_000_000 {
			return quote.Decimal{}, fmt.Errorf("market: the rate table gives USD as %s USD; it must be 1 or absent", rate)
		}
		return amount, nil
	}
	if !ok {
		return quote.Decimal{}, fmt.Errorf("market: %w for %s to USD", ErrNoFXRate, code)
	}
	if rate.Micros() <= 0 {
		return quote.Decimal{}, fmt.Errorf("market: FX rate for %s is %s; it must be more than 0", code, rate)
	}
	// micros(amount) × micros(rate) is in 10⁻¹² USD; divide by 10⁶ back to
	// micros. Big integers: a large contract total times a rate can
	// exceed int64 before the division.
	n := new(big.Int).Mul(big.NewInt(amount.Micros()), big.NewInt(rate.Micros()))
	usd, fits := divRound(n, big.NewInt(1_000_000))
	if !fits {
		return quote.Decimal{}, fmt.Errorf("market: %s %s in USD is too large", amount, code)
	}
	return quote.DecimalFromMicros(usd), nil
}

func isCurrencyCode(s string) bool {
	if len(s) != 3 {
		return false
	}
	for i := 0; i < 3; i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}
