package chart

import (
	"math"
	"slices"
	"testing"
)

func TestNiceTicks(t *testing.T) {
	tests := []struct {
		lo, hi   float64
		n        int
		want     []float64
		dlo, dhi float64
	}{
		{0, 1, 6, []float64{0, 0.2, 0.4, 0.6, 0.8, 1}, 0, 1},
		{0, 97, 6, []float64{0, 20, 40, 60, 80, 100}, 0, 100},
		{2.18, 4.1, 5, []float64{2, 2.5, 3, 3.5, 4, 4.5}, 2, 4.5},
		{-3, 7, 3, []float64{-5, 0, 5, 10}, -5, 10},
		{0.0012, 0.0047, 6, []float64{0.001, 0.002, 0.003, 0.004, 0.005}, 0.001, 0.005},
	}
	for _, tt := range tests {
		got, dlo, dhi, _ := niceTicks(tt.lo, tt.hi, tt.n)
		if !approxEqual(got, tt.want) || !approx(dlo, tt.dlo) || !approx(dhi, tt.dhi) {
			t.Errorf("niceTicks(%g, %g, %d) = %v [%g, %g], want %v [%g, %g]", tt.lo, tt.hi, tt.n, got, dlo, dhi, tt.want, tt.dlo, tt.dhi)
		}
	}
}

// TestNiceTicksExtremes checks ranges at the float64 limits still give a
// finite domain covering the data with at least two ticks.
func TestNiceTicksExtremes(t *testing.T) {
	for _, r := range [][2]float64{{-math.MaxFloat64, math.MaxFloat64}, {0, math.SmallestNonzeroFloat64}, {math.MaxFloat64 / 2, math.MaxFloat64}} {
		got, dlo, dhi, _ := niceTicks(r[0], r[1], 5)
		if len(got) < 2 || !(dlo <= r[0]) || !(dhi >= r[1]) || math.IsInf(dlo, 0) || math.IsInf(dhi, 0) {
			t.Errorf("niceTicks(%g, %g) = %v [%g, %g]", r[0], r[1], got, dlo, dhi)
		}
	}
}

func TestPad(t *testing.T) {
	tests := []struct{ lo, hi, wlo, whi float64 }{
		{5, 5, 4.5, 5.5},
		{0, 0, -1, 1},
		{-2, -2, -2.2, -1.8},
		{1, 2, 1, 2}, // not degenerate: unchanged
	}
	for _, tt := range tests {
		if lo, hi := pad(tt.lo, tt.hi); !approx(lo, tt.wlo) || !approx(hi, tt.whi) {
			t.Errorf("pad(%g, %g) = %g, %g, want %g, %g", tt.lo, tt.hi, lo, hi, tt.wlo, tt.whi)
		}
	}
	if lo, hi := pad(math.MaxFloat64, math.MaxFloat64); !(hi > lo) || math.IsInf(hi, 0) {
		t.Errorf("pad(max, max) = %g, %g", lo, hi)
	}
}

func TestLog2Ticks(t *testing.T) {
	tests := []struct {
		min, max float64
		want     []string
	}{
		{1024, 1 << 30, []string{"1 KiB", "32 KiB", "1 MiB", "32 MiB", "1 GiB"}},
		{8, 8 << 30, []string{"32 B", "1 KiB", "32 KiB", "1 MiB", "32 MiB", "1 GiB"}},
		{1 << 30, 1024, []string{"1 KiB", "32 KiB", "1 MiB", "32 MiB", "1 GiB"}}, // swapped
		{1, 8, []string{"1 B", "2 B", "4 B", "8 B"}},
		{4096, 4096, []string{"4 KiB"}},
		{3, 3.5, []string{"3 B", "3.5 B"}}, // no power of two inside
		{0, 4, []string{"1 B", "2 B", "4 B"}},
		{-5, 0.5, []string{"0.5 B"}},
	}
	for _, tt := range tests {
		var got []string
		for _, tk := range Log2Ticks(tt.min, tt.max) {
			got = append(got, tk.Label)
			if tk.Label != Bytes(tk.Value) {
				t.Errorf("tick %v: label is not Bytes(value)", tk)
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("Log2Ticks(%g, %g) = %q, want %q", tt.min, tt.max, got, tt.want)
		}
	}
	for _, r := range [][2]float64{{math.NaN(), 1}, {1, math.NaN()}, {-1, 0}} {
		if got := Log2Ticks(r[0], r[1]); got != nil {
			t.Errorf("Log2Ticks(%g, %g) = %v, want nil", r[0], r[1], got)
		}
	}
	if got := Log2Ticks(math.SmallestNonzeroFloat64, math.Inf(1)); len(got) == 0 || len(got) > maxLog2Ticks {
		t.Errorf("Log2Ticks over all of float64: %d ticks", len(got))
	}
}

func TestFloorCeilDiv(t *testing.T) {
	for _, tt := range []struct{ a, b, floor, ceil int }{
		{7, 5, 1, 2}, {-7, 5, -2, -1}, {10, 5, 2, 2}, {-10, 5, -2, -2}, {0, 5, 0, 0},
	} {
		if f, c := floorDiv(tt.a, tt.b), ceilDiv(tt.a, tt.b); f != tt.floor || c != tt.ceil {
			t.Errorf("%d/%d: floor %d ceil %d, want %d %d", tt.a, tt.b, f, c, tt.floor, tt.ceil)
		}
	}
}

func approx(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

func approxEqual(a, b []float64) bool {
	return slices.EqualFunc(a, b, approx)
}
