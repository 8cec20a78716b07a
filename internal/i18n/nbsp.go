package i18n

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gpuquote/gpuquote/internal/money"
)

// KeepCodesWithAmounts joins an amount to the currency (or unit) code
// that follows it with a non-breaking space: a message such as "{{.Price}}
// {{.Currency}}" wrote a plain space, and a narrow cell broke the line
// between "1,150,187.56" and "EUR". A code is an ISO 4217 code followed
// by no further letter ("USD", "EUR/TB"); the scan allocates only when it
// changes something.
func KeepCodesWithAmounts(s string) string {
	if !strings.Contains(s, " ") {
		return s
	}
	var b []byte
	for i := 1; i+3 < len(s)+1; i++ {
		if s[i] != ' ' || !isDigit(s[i-1]) || i+4 > len(s) || !isUpper(s[i+1]) || !isUpper(s[i+2]) || !isUpper(s[i+3]) {
			continue
		}
		if r, _ := utf8.DecodeRuneInString(s[i+4:]); i+4 < len(s) && unicode.IsLetter(r) || !money.Valid(s[i+1:i+4]) {
			continue
		}
		if b == nil {
			b = []byte(s)
		}
		b[i] = 0 // marks the space; replaced below
	}
	if b == nil {
		return s
	}
	return strings.ReplaceAll(string(b), "\x00", "\u00a0")
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
