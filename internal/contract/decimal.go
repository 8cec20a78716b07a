package contract

import (
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/gpuquote/gpuquote/internal/money"
)

// Micros is an exact decimal with six places, as an integer count of
// millionths: a quantity (GPU-hours, GB), a unit price (per GPU-hour, per
// GB) or an amount of the contract's currency as a bill states it. Six
// places hold FOCUS costs and per-GB prices such as 0.000125 exactly.
type Micros int64

const microsPerUnit = 1_000_000

// maxMicros bounds every parsed figure, so that sums of a bounded number of
// lines cannot overflow int64.
const maxMicros = 1_000_000_000_000 * microsPerUnit // a trillion units

// String writes m as a plain decimal with no trailing zeros: "2.95", "-0.5", "3".
func (m Micros) String() string {
	neg := m < 0
	if neg {
		m = -m
	}
	s := fmt.Sprintf("%d.%06d", int64(m)/microsPerUnit, int64(m)%microsPerUnit)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if neg {
		s = "-" + s
	}
	return s
}

// MicrosFromInt is n whole units.
func MicrosFromInt(n int64) Micros { return Micros(n * microsPerUnit) }

// parseFixed reads a decimal written with a dot and at most places decimal
// places, with a leading minus only when signed. Thousands separators,
// exponents and a comma as decimal mark are refused, so that a figure in
// another locale is an error, never a different number.
func parseFixed(s string, places int, signed bool) (Micros, error) {
	if s == "" {
		return 0, errors.New("empty number")
	}
	neg := strings.HasPrefix(s, "-")
	if neg {
		if !signed {
			return 0, errors.New("must be 0 or more")
		}
		s = s[1:]
	}
	intPart, frac, _ := strings.Cut(s, ".")
	if intPart == "" || !digits(intPart) || !digits(frac) || strings.Count(s, ".") > 1 {
		return 0, errors.New("not a plain number: use digits, a dot as the decimal mark and no thousands separators")
	}
	if len(frac) > places {
		return 0, fmt.Errorf("more than %d decimal places", places)
	}
	if len(intPart) > 13 {
		return 0, errors.New("too large")
	}
	var v int64
	for _, c := range intPart + frac + strings.Repeat("0", 6-len(frac)) {
		v = v*10 + int64(c-'0')
	}
	if v > maxMicros {
		return 0, errors.New("too large")
	}
	if neg {
		v = -v
	}
	return Micros(v), nil
}

func digits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Money is an exact amount in minor units of its currency (cents for USD).
type Money struct {
	Minor    int64  `json:"-"`
	Currency string `json:"currency"`
}

// String writes "1234.50 USD".
func (m Money) String() string { return money.Format(m.Minor, m.Currency) + " " + m.Currency }

// Decimal writes the amount alone, "1234.50".
func (m Money) Decimal() string { return money.Format(m.Minor, m.Currency) }

// toMinor rounds an amount in Micros of currency to its minor units, half
// away from zero: the one rounding a figure gets before it is shown.
func toMinor(m Micros, currency string) int64 {
	return roundDiv(big.NewInt(int64(m)), microsPerUnit/money.Scale(currency))
}

// amount is quantity × unit price, exact to the micro of currency (half
// away from zero below it).
func amount(qty, price Micros) Micros {
	p := new(big.Int).Mul(big.NewInt(int64(qty)), big.NewInt(int64(price)))
	return Micros(roundDiv(p, microsPerUnit))
}

// ratio is a / b in Micros, rounded half away from zero; 0 when b is 0.
func ratio(a, b Micros) Micros {
	if b == 0 {
		return 0
	}
	n := new(big.Int).Mul(big.NewInt(int64(a)), big.NewInt(microsPerUnit))
	bb := big.NewInt(int64(b))
	q, r := new(big.Int).QuoRem(n, bb, new(big.Int))
	if new(big.Int).Lsh(r.Abs(r), 1).Cmp(bb.Abs(bb)) >= 0 {
		if (n.Sign() < 0) != (b < 0) {
			q.Sub(q, big.NewInt(1))
		} else {
			q.Add(q, big.NewInt(1))
		}
	}
	return Micros(q.Int64())
}

// roundDiv is n / d rounded half away from zero, for d > 0.
func roundDiv(n *big.Int, d int64) int64 {
	q, r := new(big.Int).QuoRem(n, big.NewInt(d), new(big.Int))
	if 2*new(big.Int).Abs(r).Int64() >= d {
		q.Add(q, big.NewInt(int64(n.Sign())))
	}
	return q.Int64()
}

func scaleOf(currency string) int64 { return money.Scale(currency) }

// MarshalText writes m as a plain decimal, so JSON carries it as an exact
// string ("2.95"), never a float.
func (m Micros) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText reads a plain decimal with at most six places.
func (m *Micros) UnmarshalText(b []byte) error {
	v, err := parseFixed(string(b), 6, true)
	if err == nil {
		*m = v
	}
	return err
}

// MarshalJSON writes {"amount": "141.60", "currency": "USD"}: the amount as
// an exact decimal string in the currency's minor unit.
func (m Money) MarshalJSON() ([]byte, error) {
	return fmt.Appendf(nil, `{"amount":%q,"currency":%q}`, m.Decimal(), m.Currency), nil
}
