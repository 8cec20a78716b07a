package tco

import "testing"

func TestNewMoneyRoundsHalfAwayFromZero(t *testing.T) {
	tests := []struct {
		name     string
		amount   float64
		currency string
		want     int64
	}{
		{"half cent up", 0.005, "USD", 1},
		{"half cent down for negatives", -0.005, "USD", -1},
		{"binary 2.675 is the decimal half", 2.675, "USD", 268},
		{"negative binary half", -2.675, "USD", -268},
		{"1.005", 1.005, "USD", 101},
		{"just below half", 0.00499, "USD", 0},
		{"large", 1234567.891, "EUR", 123456789},
		{"zero-decimal currency", 1234.5, "JPY", 1235},
		{"VND has no minor unit", 25000.4, "VND", 25000},
		{"three-decimal currency", 1.2345, "KWD", 1235},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := NewMoney(tt.amount, tt.currency)
			if got.Minor != tt.want || got.Currency != tt.currency {
				t.Errorf("NewMoney(%v, %s) = %+v, want %d %s", tt.amount, tt.currency, got, tt.want, tt.currency)
			}
		})
	}
}

func TestMoneyString(t *testing.T) {
	tests := []struct {
		m    Money
		want string
	}{
		{Money{1234567, "USD"}, "12,345.67 USD"},
		{Money{0, "USD"}, "0.00 USD"},
		{Money{5, "EUR"}, "0.05 EUR"},
		{Money{-123450, "EUR"}, "-1,234.50 EUR"},
		{Money{100000000, "USD"}, "1,000,000.00 USD"},
		{Money{1234567, "JPY"}, "1,234,567 JPY"},
		{Money{1234, "KWD"}, "1.234 KWD"},
		{Money{99, "USD"}, "0.99 USD"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := tt.m.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestMoneyFloat(t *testing.T) {
	if got := (Money{1234567, "USD"}).Float(); got != 12345.67 {
		t.Errorf("Float() = %v, want 12345.67", got)
	}
	if got := (Money{1234, "JPY"}).Float(); got != 1234 {
		t.Errorf("Float() = %v, want 1234", got)
	}
}

func TestLargeAmountsRoundToTheNearestCent(t *testing.T) {
	for _, tt := range []struct {
		v    float64
		want int64
	}{{5_000_000, 500_000_000}, {2_000_000.004, 200_000_000}, {2_000_000.005, 200_000_001}, {2.675, 268}} {
		if got := NewMoney(tt.v, "USD").Minor; got != tt.want {
			t.Errorf("NewMoney(%v) = %d, want %d", tt.v, got, tt.want)
		}
	}
}
