// Package money is gpuquote's one table of currencies: ISO 4217 codes and
// their minor units, read from golang.org/x/text/currency (CLDR's data), so
// no page, export or cost line keeps a hand list of its own.
package money

import (
	"strconv"

	"golang.org/x/text/currency"
)

// Valid reports whether code is an ISO 4217 currency code (three upper-case
// letters that the table knows).
func Valid(code string) bool {
	if len(code) != 3 {
		return false
	}
	for _, r := range code {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	_, err := currency.ParseISO(code)
	return err == nil
}

// overrides are the currencies whose CLDR display digits are fewer than
// their ISO 4217 exponent (CLDR shows IDR or COP in whole units; invoices
// and bank transfers keep the minor unit). Storing with the larger
// exponent never loses an amount a vendor can write.
var overrides = map[string]int{
	"AFN": 2, "ALL": 2, "AMD": 2, "COP": 2, "IDR": 2, "IQD": 3, "IRR": 2, "KPW": 2, "LAK": 2, "LBP": 2,
	"MGA": 2, "MMK": 2, "MNT": 2, "PKR": 2, "RSD": 2, "SLL": 2, "SOS": 2, "SYP": 2, "UZS": 2, "YER": 2,
}

// digits is every unit CLDR knows with its digits, overrides applied, read
// once: parsing a code for each amount was a tenth of an evaluation's
// analysis. Digits still asks CLDR for a code missing here, so the answer
// is the same.
var digits = func() map[string]int {
	m := map[string]int{}
	for it := currency.Query(currency.Historical, currency.NonTender); it.Next(); {
		u := it.Unit()
		m[u.String()], _ = currency.Standard.Rounding(u)
	}
	for code, d := range overrides {
		m[code] = d
	}
	return m
}()

// Digits returns the number of minor-unit digits of code (2 for USD, 0 for
// JPY, VND and CLP, 3 for JOD and KWD). An unknown code has 2.
func Digits(code string) int {
	if d, ok := digits[code]; ok {
		return d
	}
	u, err := currency.ParseISO(code)
	if err != nil {
		return 2
	}
	scale, _ := currency.Standard.Rounding(u)
	return scale
}

// Scale is the number of minor units in one major unit of code.
func Scale(code string) int64 {
	s := int64(1)
	for range Digits(code) {
		s *= 10
	}
	return s
}

// Format writes minor units of code as an exact decimal ("1234.50",
// "-0.05", "15260731" for CLP).
func Format(minor int64, code string) string {
	digits := Digits(code)
	neg := minor < 0
	var s string
	if neg {
		// -minor overflows for the smallest int64; format via uint64.
		s = strconv.FormatUint(uint64(-(minor+1))+1, 10)
	} else {
		s = strconv.FormatInt(minor, 10)
	}
	if digits > 0 {
		for len(s) <= digits {
			s = "0" + s
		}
		s = s[:len(s)-digits] + "." + s[len(s)-digits:]
	}
	if neg {
		s = "-" + s
	}
	return s
}
