package money

import (
	"testing"

	"golang.org/x/text/currency"
)

func TestDigitsFollowISO4217(t *testing.T) {
	for code, want := range map[string]int{"USD": 2, "EUR": 2, "JPY": 0, "VND": 0, "KRW": 0, "CLP": 0, "JOD": 3, "KWD": 3,
		"BHD": 3, "IDR": 2, "INR": 2, "RUB": 2, "CNY": 2} {
		if got := Digits(code); got != want {
			t.Errorf("Digits(%s) = %d, want %d", code, got, want)
		}
	}
}

func TestFormat(t *testing.T) {
	tests := []struct {
		minor int64
		code  string
		want  string
	}{
		{15260731, "CLP", "15260731"}, // once shown as "152,607.31 CLP"
		{1234567, "JOD", "1234.567"},
		{5, "USD", "0.05"},
		{-5, "USD", "-0.05"},
		{-123456, "EUR", "-1234.56"},
		{0, "VND", "0"},
		{-9223372036854775808, "USD", "-92233720368547758.08"},
	}
	for _, tt := range tests {
		if got := Format(tt.minor, tt.code); got != tt.want {
			t.Errorf("Format(%d, %s) = %q, want %q", tt.minor, tt.code, got, tt.want)
		}
	}
}

func TestValid(t *testing.T) {
	for code, want := range map[string]bool{"USD": true, "CLP": true, "usd": false, "XYZ": false, "US": false, "": false} {
		if Valid(code) != want {
			t.Errorf("Valid(%q) = %v", code, !want)
		}
	}
}

// The table read once agrees with CLDR for every code it holds.
func TestDigitsTableAgreesWithCLDR(t *testing.T) {
	if len(digits) < 150 {
		t.Fatalf("only %d currencies in the table", len(digits))
	}
	for code, d := range digits {
		if o, ok := overrides[code]; ok {
			if d != o {
				t.Errorf("%s: table %d, override %d", code, d, o)
			}
			continue
		}
		u, err := currency.ParseISO(code)
		if err != nil {
			t.Errorf("%s in the table does not parse: %v", code, err)
			continue
		}
		if want, _ := currency.Standard.Rounding(u); d != want {
			t.Errorf("%s: table %d, CLDR %d", code, d, want)
		}
	}
}
