package quote

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// decimalPlaces is the fixed precision of Decimal. Six places hold
// sub-cent hourly rates and per-GB prices exactly (e.g. 0.000125 per GB).
const (
	decimalPlaces = 6
	microsPerUnit = 1_000_000
)

// Decimal is an exact non-float number with six decimal places, stored as an
// integer count of millionths. Money and other quoted amounts use it because
// a float64 cannot hold 2.95 exactly, and a worksheet that must be defended
// later cannot drift by rounding. The zero value is 0.
type Decimal struct {
	micros int64
}

// DecimalFromMicros returns the Decimal worth micros millionths.
func DecimalFromMicros(micros int64) Decimal { return Decimal{micros: micros} }

// DecimalFromInt returns the Decimal worth n whole units. It panics if n
// does not fit, which only a programming error can cause.
func DecimalFromInt(n int64) Decimal {
	if n > math.MaxInt64/microsPerUnit || n < math.MinInt64/microsPerUnit {
		panic(fmt.Sprintf("quote: DecimalFromInt(%d) overflows", n))
	}
	return Decimal{micros: n * microsPerUnit}
}

// ParseDecimal parses a non-negative decimal written with a dot as the
// decimal mark and at most six decimal places, as the CSV contract allows:
// "2.95", "3200", "0". It rejects signs, thousands separators, exponents and
// anything but ASCII digits and one dot, so that a value in the wrong locale
// is an error instead of a silently different number.
func ParseDecimal(s string) (Decimal, error) {
	if d, ok := parsePlainDecimal(s); ok {
		return d, nil
	}
	return parseDecimalChecked(s)
}

// parseDecimalChecked is ParseDecimal checking each rule in turn, so the
// error names the first one broken.
func parseDecimalChecked(s string) (Decimal, error) {
	intPart, frac, hasDot := strings.Cut(s, ".")
	switch {
	case s == "":
		return Decimal{}, errors.New("empty number")
	case strings.HasPrefix(s, "-"):
		return Decimal{}, errors.New("must be 0 or more")
	case strings.ContainsAny(s, ", '_"):
		return Decimal{}, errors.New("not a plain number: use a dot as the decimal mark and no thousands separators")
	case strings.ContainsAny(s, "eE"):
		return Decimal{}, errors.New("not a plain number: exponent notation is not allowed")
	case !allDigits(intPart) || (hasDot && !allDigits(frac)):
		return Decimal{}, errors.New("not a number: use digits and a dot, e.g. 2.95")
	case len(frac) > decimalPlaces:
		return Decimal{}, fmt.Errorf("more than %d decimal places", decimalPlaces)
	}
	whole, err := strconv.ParseInt(intPart, 10, 64)
	if err != nil || whole > math.MaxInt64/microsPerUnit {
		return Decimal{}, errors.New("number too large")
	}
	// Right-pad the fraction to six digits so "2.95" reads as 950000 micros.
	f := int64(0)
	if frac != "" {
		f, _ = strconv.ParseInt(frac+strings.Repeat("0", decimalPlaces-len(frac)), 10, 64)
	}
	m := whole * microsPerUnit
	if m > math.MaxInt64-f {
		return Decimal{}, errors.New("number too large")
	}
	return Decimal{micros: m + f}, nil
}

// parsePlainDecimal reads the common, valid case in one pass: up to 12
// whole digits, then optionally a dot and 1 to 6 digits. Anything else
// goes through ParseDecimal's checks, which word the error.
func parsePlainDecimal(s string) (Decimal, bool) {
	var whole, frac int64
	i := 0
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		whole = whole*10 + int64(s[i]-'0')
	}
	if i == 0 || i > 12 {
		return Decimal{}, false
	}
	if i == len(s) {
		return Decimal{micros: whole * microsPerUnit}, true
	}
	if s[i] != '.' {
		return Decimal{}, false
	}
	digits := 0
	for i++; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		frac = frac*10 + int64(s[i]-'0')
		digits++
	}
	if i != len(s) || digits == 0 || digits > decimalPlaces {
		return Decimal{}, false
	}
	for ; digits < decimalPlaces; digits++ {
		frac *= 10
	}
	return Decimal{micros: whole*microsPerUnit + frac}, true
}

// allDigits reports whether s is one or more ASCII digits. Requiring at
// least one digit rejects ".5" and "5." — spreadsheets never write them, so
// they are more likely a damaged cell than a number.
func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// String returns the canonical form: no trailing zeros after the dot, no dot
// for whole numbers ("2.95", "3200", "0"). ParseDecimal(d.String()) == d,
// which is what makes a CSV export import back unchanged.
func (d Decimal) String() string {
	m := d.micros
	sign := ""
	if m < 0 {
		sign = "-"
	}
	// Work in uint64 so that math.MinInt64 negates without overflow.
	u := uint64(m)
	if m < 0 {
		u = -u
	}
	whole := strconv.FormatUint(u/microsPerUnit, 10)
	frac := u % microsPerUnit
	if frac == 0 {
		return sign + whole
	}
	fs := strings.TrimRight(fmt.Sprintf("%06d", frac), "0")
	return sign + whole + "." + fs
}

// Micros returns d as an integer count of millionths, for exact arithmetic
// and storage.
func (d Decimal) Micros() int64 { return d.micros }

// Float64 returns d as a float64. It is for estimates and charts only;
// anything stored or compared for money must use the Decimal itself.
func (d Decimal) Float64() float64 { return float64(d.micros) / microsPerUnit }

// IsZero reports whether d is 0.
func (d Decimal) IsZero() bool { return d.micros == 0 }

// Cmp returns -1, 0 or +1 as d is less than, equal to or greater than e.
func (d Decimal) Cmp(e Decimal) int {
	switch {
	case d.micros < e.micros:
		return -1
	case d.micros > e.micros:
		return 1
	}
	return 0
}

// MarshalText encodes d in its canonical form, so JSON carries "2.95" as a
// string rather than as a lossy float.
func (d Decimal) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText parses the form ParseDecimal accepts.
func (d *Decimal) UnmarshalText(b []byte) error {
	v, err := ParseDecimal(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}
