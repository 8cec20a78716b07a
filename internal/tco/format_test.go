package tco

import "testing"

func TestFormatting(t *testing.T) {
	tests := []struct {
		got, want string
	}{
		{num(64), "64"},
		{num(2.95), "2.95"},
		{num(46720), "46,720"},
		{num(1234567.891), "1,234,567.89"},
		{num(0.085), "0.085"},
		{num(0.0038), "0.0038"},
		{num(-1500), "-1,500"},
		{num(0), "0"},
		{pct(0.85), "85 %"},
		{pct(0.034), "3.4 %"},
		{dur(1.5), "1.5 h"},
		{dur(0.05), "3 min"},
		{dur(0.5 / 60), "30 s"},
		{unitName(1.0 / 60), "per minute"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("got %q, want %q", tt.got, tt.want)
			}
		})
	}
}
