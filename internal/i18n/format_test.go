package i18n

import (
	"errors"
	"testing"
)

// One rule in every language: the ISO code after the amount, never a
// symbol ("EUR" in English but "€" in Russian was two rules, and "¥" is
// both the yuan and the yen).
func TestMoney(t *testing.T) {
	tests := []struct{ lang, amount, cur, want string }{
		{"en", "1234.56", "USD", "1,234.56\u00a0USD"},
		{"ru", "1234.56", "RUB", "1\u00a0234,56\u00a0RUB"},
		{"zh", "1234.5", "CNY", "1,234.50\u00a0CNY"},
		{"vi", "1234567.5", "VND", "1.234.568\u00a0VND"},
		{"en", "0.005", "EUR", "0.01\u00a0EUR"},
		{"en", "-2.345", "USD", "-2.35\u00a0USD"},
		{"en", "999.995", "USD", "1,000.00\u00a0USD"},
		{"ru", "0.1", "USD", "0,10\u00a0USD"},
	}
	for _, tt := range tests {
		t.Run(tt.lang+tt.amount, func(t *testing.T) {
			if got := New(tt.lang).Money(tt.amount, tt.cur); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestParseDecimal(t *testing.T) {
	tests := []struct{ lang, in, want string }{
		{"en", "1,234.5", "1234.5"},
		{"en", "2.50", "2.50"},
		{"en", "1,234,567", "1234567"},
		{"en", "-1,234.5", "-1234.5"},
		{"ru", "1 234,5", "1234.5"},
		{"ru", "1.5", "1.5"},
		{"ru", "2,50", "2.50"},
		{"vi", "1.234,5", "1234.5"},
		{"vi", "2,5", "2.5"},
		{"zh", "12.75", "12.75"},
		{"en", "abc", "abc"}, // not a number: the caller's parser refuses it
	}
	for _, tt := range tests {
		got, err := New(tt.lang).ParseDecimal(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("%s %q: got %q, %v, want %q", tt.lang, tt.in, got, err, tt.want)
		}
	}
}

// The cases: in English "2,50" as a price was saved as 250 and an
// FX rate "1,08" as 108. Each is refused.
func TestParseDecimalRefusesAmbiguousInput(t *testing.T) {
	for _, tt := range []struct{ lang, in string }{
		{"en", "2,50"}, {"en", "1,08"}, {"en", "1,2345"}, {"en", "1.2,5"}, {"zh", "2,50"},
		{"vi", "1.5"}, {"vi", "2.50"}, {"ru", "1.234,5"}, {"en", "1,234.5.6"},
	} {
		if got, err := New(tt.lang).ParseDecimal(tt.in); !errors.Is(err, ErrAmbiguousNumber) {
			t.Errorf("%s %q: got %q, %v, want ErrAmbiguousNumber", tt.lang, tt.in, got, err)
		}
	}
}

func TestMatch(t *testing.T) {
	tests := []struct{ pref, accept, want string }{
		{"", "", "en"},
		{"", "ru-RU,ru;q=0.9,en;q=0.8", "ru"},
		{"", "zh-CN", "zh"},
		{"", "vi", "vi"},
		{"", "de-DE", "en"},
		{"vi", "ru", "vi"},
		{"xx", "zh-TW", "zh"},
	}
	for _, tt := range tests {
		if got := Match(tt.pref, tt.accept); got != tt.want {
			t.Errorf("Match(%q, %q) = %q, want %q", tt.pref, tt.accept, got, tt.want)
		}
	}
}

// A price stated as "5.9" read "5.9 USD" beside "4.90 USD": it takes the
// currency's digits, and keeps any finer ones it was stated with.
func TestPrice(t *testing.T) {
	for _, tt := range []struct{ lang, amount, cur, want string }{
		{"en", "5.9", "USD", "5.90\u00a0USD"},
		{"en", "0.023", "USD", "0.023\u00a0USD"},
		{"en", "0.0230", "USD", "0.023\u00a0USD"},
		{"ru", "2.95", "EUR", "2,95\u00a0EUR"},
		{"en", "12", "JPY", "12\u00a0JPY"},
		{"vi", "1234.5", "USD", "1.234,50\u00a0USD"},
	} {
		if got := New(tt.lang).Price(tt.amount, tt.cur); got != tt.want {
			t.Errorf("%s Price(%s, %s) = %q, want %q", tt.lang, tt.amount, tt.cur, got, tt.want)
		}
	}
}
