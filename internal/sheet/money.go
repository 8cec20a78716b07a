package sheet

import (
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/tco"
)

// minorScale is the number of minor units in one major unit of currency:
// 100 for USD, 1 for JPY, 1000 for KWD. It asks tco rather than keeping a
// second ISO 4217 exponent table that could drift from the one that
// rounded the figures.
func minorScale(currency string) int64 { return tco.NewMoney(1, currency).Minor }

// amountUnit names, for a reader, the unit the workings count amounts of
// currency in: its smallest unit, "hundredths of EUR, 100 = 1 EUR", or
// just "JPY" when the currency has no smaller unit. The workings stay in
// whole smallest units because that is where tco rounds; dividing by 100
// cell by cell would let float error move a cent.
func amountUnit(currency string) string {
	s := minorScale(currency)
	if s == 1 {
		return currency
	}
	part := "1/" + strconv.FormatInt(s, 10) + "s"
	switch s {
	case 10:
		part = "tenths"
	case 100:
		part = "hundredths"
	case 1000:
		part = "thousandths"
	}
	return part + " of " + currency + ", " + groupThousands(s) + " = 1 " + currency
}

// groupThousands writes a positive count with thousands separators, as
// the labels write figures: 1000 is "1,000".
func groupThousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// priceUnitNote explains the unit of amounts in the price currency, which
// differs from quote to quote.
const priceUnitNote = "counted in the smallest unit of the price currency: hundredths for most (100 = 1 USD), whole yen for JPY, thousandths for KWD"

// decimals is the currency's number of minor-unit digits.
func decimals(currency string) int {
	d := 0
	for s := minorScale(currency); s > 1; s /= 10 {
		d++
	}
	return d
}

// decimalText writes m as plain decimal text, "12345.67", straight from
// its integer minor units, so no float formatting can shift a cent.
func decimalText(m tco.Money) string {
	n := m.Minor
	neg := n < 0
	if neg {
		n = -n
	}
	s := strconv.FormatInt(n, 10)
	d := decimals(m.Currency)
	if d == 0 {
		if neg {
			return "-" + s
		}
		return s
	}
	if len(s) <= d {
		s = strings.Repeat("0", d-len(s)+1) + s
	}
	s = s[:len(s)-d] + "." + s[len(s)-d:]
	if neg {
		s = "-" + s
	}
	return s
}
