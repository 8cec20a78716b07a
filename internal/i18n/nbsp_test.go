package i18n

import "testing"

func TestKeepCodesWithAmounts(t *testing.T) {
	for in, want := range map[string]string{
		"550,000 EUR is above 500,000 EUR.": "550,000\u00a0EUR is above 500,000\u00a0EUR.",
		"30 TB × 22 EUR/TB-month":           "30 TB × 22\u00a0EUR/TB-month",
		"8 GPU × 730 h":                     "8 GPU × 730 h",
		"3 USDT":                            "3 USDT",
		"at 3 USD":                          "at 3\u00a0USD",
		"no amount USD":                     "no amount USD",
		"200,000 USD，约":                     "200,000\u00a0USD，约",
		"3 USDé":                            "3 USDé",
	} {
		if got := KeepCodesWithAmounts(in); got != want {
			t.Errorf("%q → %q, want %q", in, got, want)
		}
	}
}
