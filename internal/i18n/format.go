package i18n

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/money"
)

// numberFormat is a locale's digit grouping and decimal mark. Amounts are
// formatted from their exact decimal text, never through float64, so what
// is shown is what is stored.
type numberFormat struct {
	group   string
	decimal string
	date    string // time layout
}

var formats = map[string]numberFormat{
	"en": {group: ",", decimal: ".", date: "2 Jan 2006"},
	"ru": {group: "\u00a0", decimal: ",", date: "02.01.2006"},
	"zh": {group: ",", decimal: ".", date: "2006年1月2日"},
	"vi": {group: ".", decimal: ",", date: "02/01/2006"},
}

// Int formats a whole number with the locale's grouping.
func (z *Localizer) Int(n int64) string { return z.Decimal(strconv.FormatInt(n, 10)) }

// Decimal formats an exact decimal string ("-1234.5") with the locale's
// grouping and decimal mark. Text that is not a plain decimal is returned
// unchanged.
func (z *Localizer) Decimal(s string) string {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	intPart, frac, hasFrac := strings.Cut(s, ".")
	if intPart == "" || strings.Trim(intPart, "0123456789") != "" || strings.Trim(frac, "0123456789") != "" {
		return s
	}
	var b strings.Builder
	if neg {
		b.WriteString("-")
	}
	for i, r := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteString(z.fmt.group)
		}
		b.WriteRune(r)
	}
	if hasFrac && frac != "" {
		b.WriteString(z.fmt.decimal)
		b.WriteString(frac)
	}
	return b.String()
}

// Money formats an exact amount in currency: digits fixed by the currency
// (two, none for VND), the ISO code after the amount, e.g.
// "1 234,56 RUB", "1,234.56 USD", "1.234.567 VND".
func (z *Localizer) Money(amount, currency string) string {
	return z.Decimal(roundDecimal(amount, money.Digits(currency))) + "\u00a0" + z.currencyUnit(currency)
}

// currencyUnit is what follows an amount: the ISO code, in every
// language. Symbols were shown in ru/zh/vi only, so one figure read
// "EUR" or "€" by the reader's language, and "¥" named two currencies.
func (z *Localizer) currencyUnit(currency string) string { return currency }

// roundDecimal rounds an exact decimal string half away from zero to
// digits places, padding with zeros, using string arithmetic only.
func roundDecimal(s string, digits int) string {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	intPart, frac, _ := strings.Cut(s, ".")
	if intPart == "" {
		intPart = "0"
	}
	for len(frac) < digits+1 {
		frac += "0"
	}
	keep := intPart + frac[:digits]
	if frac[digits] >= '5' {
		keep = addOne(keep)
	}
	ip, fp := keep[:len(keep)-digits], keep[len(keep)-digits:]
	if ip == "" {
		ip = "0"
	}
	out := ip
	if digits > 0 {
		out += "." + fp
	}
	if neg && strings.Trim(out, "0.") != "" {
		out = "-" + out
	}
	return out
}

func addOne(digits string) string {
	b := []byte(digits)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] < '9' {
			b[i]++
			return string(b)
		}
		b[i] = '0'
	}
	return "1" + string(b)
}

// Date formats t as a calendar date in the locale.
func (z *Localizer) Date(t time.Time) string { return t.Format(z.fmt.date) }

// DateTime formats t with the date and a 24-hour UTC time.
func (z *Localizer) DateTime(t time.Time) string {
	return t.UTC().Format(z.fmt.date) + " " + t.UTC().Format("15:04") + " UTC"
}

// ErrAmbiguousNumber marks typed number text that could be read two ways
// in the locale ("2,50" in English: a misplaced thousands mark, or a
// decimal comma?). It is refused, never reinterpreted.
var ErrAmbiguousNumber = errors.New("i18n: ambiguous number")

// ParseDecimal accepts the locale's decimal mark and grouping in user
// input and returns the canonical decimal text (dot, no grouping): "1 234,5"
// in Russian, "1.234,5" in Vietnamese and "1,234.5" in English all give
// "1234.5". Russian groups with spaces, so there a dot is a decimal mark
// too. Where the locale groups with a dot or a comma, a group mark must
// separate groups of three digits before the decimal mark; anything else
// ("2,50" or "1,08" in English, "1.5" in Vietnamese) is ErrAmbiguousNumber.
// Text that is not a number at all is returned for the caller's parser to
// refuse.
func (z *Localizer) ParseDecimal(in string) (string, error) {
	s := strings.NewReplacer(" ", "", "\u00a0", "", "\u202f", "").Replace(strings.TrimSpace(in))
	g, d := z.fmt.group, z.fmt.decimal
	if g != "." && g != "," {
		if strings.Count(s, ".")+strings.Count(s, ",") > 1 {
			return "", ErrAmbiguousNumber
		}
		return strings.Replace(s, ",", ".", 1), nil
	}
	whole, frac, hasFrac := strings.Cut(s, d)
	if strings.Contains(frac, g) || strings.Contains(frac, d) {
		return "", ErrAmbiguousNumber
	}
	if strings.Contains(whole, g) {
		groups := strings.Split(strings.TrimPrefix(whole, "-"), g)
		for i, grp := range groups {
			if (i == 0 && (len(grp) < 1 || len(grp) > 3)) || (i > 0 && len(grp) != 3) {
				return "", ErrAmbiguousNumber
			}
		}
		whole = strings.ReplaceAll(whole, g, "")
	}
	if hasFrac {
		return whole + "." + frac, nil
	}
	return whole, nil
}

// Price formats a unit price in currency like Money, with at least the
// currency's digits ("5.9" reads "5.90 USD" beside "4.90 USD") but never
// fewer than it was stated with: 0.023 USD per GB stays 0.023.
func (z *Localizer) Price(amount, currency string) string {
	_, frac, _ := strings.Cut(strings.TrimPrefix(amount, "-"), ".")
	digits := max(money.Digits(currency), len(strings.TrimRight(frac, "0")))
	return z.Decimal(roundDecimal(amount, digits)) + "\u00a0" + z.currencyUnit(currency)
}
