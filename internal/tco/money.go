package tco

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/money"
)

// Money is an exact amount: an integer count of the currency's minor units
// (cents for USD and EUR, whole units for JPY or VND) and an ISO 4217 code.
// Integers keep displayed totals equal to the sum of displayed lines.
type Money struct {
	Minor    int64  // amount in minor units, e.g. 1234567 for 12,345.67 USD
	Currency string // ISO 4217 code, upper case
}

// maxMinor bounds any one amount in minor units: ten trillion major units
// is beyond any GPU contract, and sums of a few such amounts, times a
// 120-month term, stay far inside int64.
const maxMinor = 1e15

// bounded refuses an amount (in minor units) that no real contract
// reaches, instead of letting it overflow into a negative line.
func bounded(minor float64) error {
	if math.IsNaN(minor) || math.Abs(minor) > maxMinor {
		return fmt.Errorf("%w: an amount of %.3g minor units is beyond any real contract; check the prices and quantities", ErrInvalid, minor)
	}
	return nil
}

// NewMoney rounds amount (in major units, e.g. dollars) half away from zero
// to the currency's minor units. It is the only way a float becomes Money.
func NewMoney(amount float64, currency string) Money {
	return Money{Minor: roundHalfAway(amount * scale(currency)), Currency: currency}
}

// Float returns the amount in major units. It is for ratios and charts,
// never for sums: sums are done on Minor.
func (m Money) Float() float64 { return float64(m.Minor) / scale(m.Currency) }

// Decimal is m as an exact decimal in major units, without grouping:
// "1234.50" (USD), "15260731" (CLP), "1.234" (JOD).
func (m Money) Decimal() string { return money.Format(m.Minor, m.Currency) }

// String formats m with thousands separators, a dot decimal mark, the
// currency's number of decimals and the code: "12,345.67 USD".
func (m Money) String() string {
	digits := exponent(m.Currency)
	n := m.Minor
	neg := n < 0
	if neg {
		n = -n // safe: amounts near math.MinInt64 are not money we handle
	}
	s := strconv.FormatInt(n, 10)
	if len(s) <= digits {
		s = strings.Repeat("0", digits-len(s)+1) + s
	}
	whole, frac := s[:len(s)-digits], s[len(s)-digits:]
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	b.WriteString(group(whole))
	if digits > 0 {
		b.WriteByte('.')
		b.WriteString(frac)
	}
	b.WriteByte(' ')
	b.WriteString(m.Currency)
	return b.String()
}

// group inserts a comma every three digits from the right.
func group(digits string) string {
	if len(digits) <= 3 {
		return digits
	}
	var b strings.Builder
	first := len(digits) % 3
	if first > 0 {
		b.WriteString(digits[:first])
	}
	for i := first; i < len(digits); i += 3 {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(digits[i : i+3])
	}
	return b.String()
}

// roundHalfAway rounds v to the nearest integer, halves away from zero.
// Products of decimal inputs land a hair off .5 in binary (2.675 × 100 is
// 267.4999…), so a value within 1e-9 + 1e-12 × |v| of a half counts as the
// half the decimal arithmetic meant. The relative part covers float64's
// error on large amounts (about 1e-16 × |v|) with room to spare, yet stays
// far below a minor unit even for billions: a purely relative 1e-9 would
// round 5,000,000.004 USD up to the next cent.
func roundHalfAway(v float64) int64 {
	t := math.Trunc(v)
	frac := math.Abs(v - t)
	if math.Abs(frac-0.5) <= 1e-9+1e-12*math.Abs(v) {
		return int64(t + math.Copysign(1, v))
	}
	return int64(math.Round(v))
}

// exponent returns the ISO 4217 number of minor-unit digits, from the
// app's one currency table.
func exponent(currency string) int { return money.Digits(currency) }

// scale is the number of minor units in one major unit.
func scale(currency string) float64 { return float64(money.Scale(currency)) }

// validCurrency reports whether c looks like an ISO 4217 code: three
// upper-case ASCII letters. The package does not carry the full list; a
// wrong but well-formed code fails later for want of an FX rate.
func validCurrency(c string) bool { return money.Valid(c) }
