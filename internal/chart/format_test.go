package chart

import (
	"math"
	"testing"
)

func TestBytes(t *testing.T) {
	tests := []struct {
		in   float64
		want string
	}{
		{0, "0 B"},
		{1, "1 B"},
		{8, "8 B"},
		{1023, "1023 B"},
		{1024, "1 KiB"},
		{1536, "1.5 KiB"},
		{8 << 20, "8 MiB"},
		{16 << 30, "16 GiB"},
		{1 << 40, "1 TiB"},
		{1 << 60, "1 EiB"},
		{math.Ldexp(1, 90), "1024 YiB"},
		{0.5, "0.5 B"},
		{-2048, "-2 KiB"},
		{math.NaN(), "NaN"},
		{math.Inf(1), "+Inf"},
	}
	for _, tt := range tests {
		if got := Bytes(tt.in); got != tt.want {
			t.Errorf("Bytes(%g) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := Bytes(math.MaxFloat64); len(got) > 20 {
		t.Errorf("Bytes(max) = %q, too long for a label", got)
	}
}

func TestCoord(t *testing.T) {
	tests := []struct {
		in   float64
		want string
	}{
		{0, "0"},
		{math.Copysign(0, -1), "0"},
		{-0.04, "0"},
		{12, "12"},
		{12.34, "12.3"},
		{12.36, "12.4"},
		{-3.95, "-4"}, // rounds half away from zero
		{math.NaN(), "0"},
	}
	for _, tt := range tests {
		if got := coord(tt.in); got != tt.want {
			t.Errorf("coord(%g) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestTickLabel(t *testing.T) {
	tests := []struct {
		v, step float64
		want    string
	}{
		{0.1 + 0.2, 0.1, "0.3"},
		{1e-17, 0.1, "0"}, // accumulated rounding around zero
		{math.Copysign(0, -1), 1, "0"},
		{40, 20, "40"},
		{2.5, 0.5, "2.5"},
		{0.005, 0.001, "0.005"},
		{1.2e20, 2e19, "1.2e+20"},
		{3e-8, 1e-8, "3e-08"},
		{7, 0, "7"},
	}
	for _, tt := range tests {
		if got := tickLabel(tt.v, tt.step); got != tt.want {
			t.Errorf("tickLabel(%g, %g) = %q, want %q", tt.v, tt.step, got, tt.want)
		}
	}
}

func TestValue(t *testing.T) {
	tests := []struct {
		in   float64
		want string
	}{
		{0, "0"},
		{2.18, "2.18"},
		{1234567, "1235000"},
		{0.012345, "0.01235"},
		{1e300, "1e+300"},
	}
	for _, tt := range tests {
		if got := value(tt.in); got != tt.want {
			t.Errorf("value(%g) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestTruncate(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"exactly10!", 10, "exactly10!"},
		{"Very Long Name", 6, "Very…"}, // no space before the ellipsis
		{"Ωμέγα Ltd", 3, "Ωμ…"},
		{"abc", 1, "…"},
		{"abc", 0, "…"},
	}
	for _, tt := range tests {
		if got := truncate(tt.in, tt.n); got != tt.want {
			t.Errorf("truncate(%q, %d) = %q, want %q", tt.in, tt.n, got, tt.want)
		}
	}
}
