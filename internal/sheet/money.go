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
