package quote

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// The value parsers below see a trimmed, non-empty cell that is not the
// word "refused"; Column.Parse has already handled those. Each returns an
// error whose text is the reason shown to the person who typed the cell.

// dateLayout is the contract's only date form. One form keeps 03/04 from
// meaning March in one office and April in another.
const dateLayout = "2006-01-02"

// parseText accepts any valid UTF-8 without NUL bytes (PostgreSQL text
// cannot hold either). Line breaks become "\n": browsers submit textareas
// with "\r\n" and the CSV reader drops the "\r", so without this a form
// edit and a file import of the same words would differ.
func parseText(s string) (string, error) {
	if plainASCII(s) {
		return s, nil
	}
	if !utf8.ValidString(s) {
		return "", errors.New("not valid UTF-8 text: save the file as UTF-8")
	}
	if strings.IndexByte(s, 0) >= 0 {
		return "", errors.New("contains a NUL character")
	}
	if strings.IndexByte(s, '\r') >= 0 {
		s = strings.ReplaceAll(s, "\r\n", "\n")
		s = strings.ReplaceAll(s, "\r", "\n")
	}
	return s, nil
}

// plainASCII reports whether s is ASCII without NUL or carriage return:
// text parseText keeps as it is.
func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || c == 0 || c == '\r' {
			return false
		}
	}
	return true
}

// MaxNameLen bounds a provider name, as the providers table does.
const MaxNameLen = 200

// parseName is parseText for a provider's name: at most MaxNameLen
// characters.
func parseName(s string) (string, error) {
	s, err := parseText(s)
	if err == nil && utf8.RuneCountInString(s) > MaxNameLen {
		err = fmt.Errorf("longer than %d characters", MaxNameLen)
	}
	return s, err
}

// parseCurrency accepts the shape of an ISO 4217 code, three ASCII letters,
// and upper-cases it. It does not check the code against the ISO list: FX
// rates are reference data kept by an admin, which is where an unknown
// currency is best noticed.
func parseCurrency(s string) (string, error) {
	if len(s) != 3 || !isASCIILetters(s) {
		return "", reasonf("%s is not a currency code: use three letters, e.g. USD, EUR, INR", quoteRaw(s))
	}
	return strings.ToUpper(s), nil
}

func isASCIILetters(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20 // fold ASCII upper to lower case
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// parseInt accepts a whole number ≥ 0 in plain ASCII digits.
func parseInt(s string) (int64, error) {
	if len(s) <= 18 && allDigits(s) { // 18 digits cannot overflow an int64
		var n int64
		for i := 0; i < len(s); i++ {
			n = n*10 + int64(s[i]-'0')
		}
		return n, nil
	}
	if !allDigits(s) {
		switch {
		case strings.HasPrefix(s, "-"):
			return 0, reasonf("%s: must be 0 or more", quoteRaw(s))
		case strings.ContainsAny(s, ", '_"):
			return 0, reasonf("%s: write the number without thousands separators", quoteRaw(s))
		}
		return 0, reasonf("%s is not a whole number", quoteRaw(s))
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, reasonf("%s is too large", quoteRaw(s))
	}
	return n, nil
}

// parseDecimalCell is ParseDecimal with the cell quoted in the reason, like
// the other types.
func parseDecimalCell(s string) (Decimal, error) {
	d, err := ParseDecimal(s)
	if err != nil {
		return Decimal{}, reasonf("%s: %v", quoteRaw(s), err)
	}
	return d, nil
}

// boolWords are the contract's spellings; yes/no is what the export writes.
var boolWords = map[string]bool{"yes": true, "no": false, "true": true, "false": false, "1": true, "0": false}

func parseBool(s string) (bool, error) {
	switch s { // the export's own words, without lower-casing
	case "yes":
		return true, nil
	case "no":
		return false, nil
	}
	b, ok := boolWords[strings.ToLower(s)]
	if !ok {
		return false, reasonf("%s is not yes or no (also accepted: true/false, 1/0)", quoteRaw(s))
	}
	return b, nil
}

func formatBool(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func parseDate(s string) (time.Time, error) {
	if t, ok := parsePlainDate(s); ok {
		return t, nil
	}
	t, err := time.Parse(dateLayout, s)
	if err != nil {
		return time.Time{}, reasonf("%s is not a date: use YYYY-MM-DD, e.g. 2027-03-31", quoteRaw(s))
	}
	return t, nil
}

// parsePlainDate reads a valid YYYY-MM-DD date as time.Parse does (UTC)
// in one pass; anything else is left to time.Parse and its checks.
func parsePlainDate(s string) (time.Time, bool) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return time.Time{}, false
	}
	num := func(t string) (int, bool) {
		n := 0
		for i := 0; i < len(t); i++ {
			if t[i] < '0' || t[i] > '9' {
				return 0, false
			}
			n = n*10 + int(t[i]-'0')
		}
		return n, true
	}
	y, ok1 := num(s[:4])
	m, ok2 := num(s[5:7])
	d, ok3 := num(s[8:])
	if !ok1 || !ok2 || !ok3 || m < 1 || m > 12 || d < 1 {
		return time.Time{}, false
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d { // the 31st of a 30-day month rolled over
		return time.Time{}, false
	}
	return t, true
}

// formatDate writes the calendar date of t in t's own location, so a date
// built in local time is not shifted by a day through a UTC conversion.
func formatDate(t time.Time) string { return t.Format(dateLayout) }

// reasonf builds a cell error. It exists so reasons read the same way
// everywhere; they are shown to users as they are.
func reasonf(format string, args ...any) error { return fmt.Errorf(format, args...) }

// quoteRaw quotes a user's cell for a reason, cut short so a pasted
// paragraph does not swamp the error list.
func quoteRaw(s string) string {
	const max = 40
	if utf8.RuneCountInString(s) > max {
		r := []rune(s)
		s = string(r[:max]) + "…"
	}
	return strconv.Quote(s)
}

// sortedKeys returns m's keys in order, for deterministic error lists.
func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
