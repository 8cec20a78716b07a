package auth

import "testing"

// A form's lifetime is empty (the default), or 1 to 30 days.
func TestParseEvidenceDays(t *testing.T) {
	for raw, want := range map[string]struct {
		days int
		ok   bool
	}{"": {0, true}, "1": {1, true}, "30": {30, true}, "0": {0, false}, "31": {31, false}, "-2": {-2, false}, "x": {0, false}} {
		if days, ok := ParseEvidenceDays(raw); days != want.days || ok != want.ok {
			t.Errorf("%q: %d %v, want %d %v", raw, days, ok, want.days, want.ok)
		}
	}
}
