package chart

import (
	"math"
)

// maxLog2Ticks bounds the automatic ticks on a log2 axis: message sizes
// commonly span 2^3 to 2^33, and thirty labels do not fit.
const maxLog2Ticks = 8

// log2Steps are the exponent strides Log2Ticks tries, smallest first;
// multiples of 5 and 10 land on 1 KiB, 32 KiB, 1 MiB and so on.
var log2Steps = [...]int{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000}

// Log2Ticks returns ticks at powers of two from min to max, labelled with
// [Bytes]. When the range holds more than a handful of powers it keeps
// only exponents that are multiples of a round stride (1, 2, 5, 10, ...),
// so labels read 1 KiB, 32 KiB, 1 MiB rather than odd sizes. A range
// without a power of two yields ticks at min and max themselves. min <= 0
// is raised to 1 (or to max, if max < 1), as a log axis cannot show it;
// NaN or max <= 0 yields nil.
func Log2Ticks(min, max float64) []Tick {
	if math.IsNaN(min) || math.IsNaN(max) {
		return nil
	}
	if min > max {
		min, max = max, min
	}
	if max <= 0 {
		return nil
	}
	max = math.Min(max, math.MaxFloat64)
	if min <= 0 {
		min = math.Min(1, max)
	}
	e0, e1 := int(math.Ceil(math.Log2(min))), int(math.Floor(math.Log2(max)))
	if e0 > e1 {
		if min == max {
			return []Tick{{min, Bytes(min)}}
		}
		return []Tick{{min, Bytes(min)}, {max, Bytes(max)}}
	}
	k := log2Steps[len(log2Steps)-1]
	for _, s := range log2Steps {
		if alignedCount(e0, e1, s) <= maxLog2Ticks {
			k = s
			break
		}
	}
	var ticks []Tick
	for e := ceilDiv(e0, k) * k; e <= e1; e += k {
		v := math.Ldexp(1, e)
		ticks = append(ticks, Tick{v, Bytes(v)})
	}
	return ticks
}

// alignedCount is how many multiples of k lie in [e0, e1].
func alignedCount(e0, e1, k int) int {
	return floorDiv(e1, k) - ceilDiv(e0, k) + 1
}

// floorDiv and ceilDiv divide rounding toward -Inf and +Inf; Go's /
// truncates toward zero, which is wrong for negative exponents.
func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func ceilDiv(a, b int) int { return -floorDiv(-a, b) }

// niceNum returns a "nice" number near x: 1, 2 or 5 times a power of ten,
// rounded to the nearest one or else the next one up (Heckbert, "Nice
// numbers for graph labels", Graphics Gems, 1990).
func niceNum(x float64, round bool) float64 {
	exp := math.Floor(math.Log10(x))
	p := math.Pow(10, exp)
	f := x / p
	var nf float64
	if round {
		switch {
		case f < 1.5:
			nf = 1
		case f < 3:
			nf = 2
		case f < 7:
			nf = 5
		default:
			nf = 10
		}
	} else {
		switch {
		case f <= 1:
			nf = 1
		case f <= 2:
			nf = 2
		case f <= 5:
			nf = 5
		default:
			nf = 10
		}
	}
	return nf * p
}

// maxTicks guards against a degenerate step making thousands of ticks.
const maxTicks = 50

// niceTicks spreads about n ticks at round values over [lo, hi], which
// must be finite with lo < hi. It widens the domain outward to the first
// and last tick, so the plot starts and ends on a gridline. When the
// range is too extreme for round steps (near the float64 limits) it falls
// back to ticks at lo and hi.
func niceTicks(lo, hi float64, n int) (vals []float64, dlo, dhi, step float64) {
	fallback := func() ([]float64, float64, float64, float64) {
		return []float64{lo, hi}, lo, hi, 0
	}
	n = max(n, 2)
	r := niceNum(hi-lo, false)
	step = niceNum(r/float64(n-1), true)
	if !(step > 0) || math.IsInf(step, 0) {
		return fallback()
	}
	dlo, dhi = math.Floor(lo/step)*step, math.Ceil(hi/step)*step
	if math.IsInf(dlo, 0) || math.IsInf(dhi, 0) || !(dhi > dlo) {
		return fallback()
	}
	count := math.Round((dhi - dlo) / step)
	if !(count >= 1) || count > maxTicks {
		return fallback()
	}
	for i := range int(count) + 1 {
		v := dlo + float64(i)*step
		if math.Abs(v) < step*1e-9 {
			v = 0 // not 1e-17 from accumulated rounding
		}
		vals = append(vals, v)
	}
	return vals, dlo, dhi, step
}

// pad widens a degenerate range (all values equal, or equal up to float
// precision) to something a scale can divide by, keeping it finite.
func pad(lo, hi float64) (float64, float64) {
	m := math.Max(math.Abs(lo), math.Abs(hi))
	if hi-lo > m*1e-9 && !math.IsInf(hi-lo, 0) {
		return lo, hi
	}
	if math.IsInf(hi-lo, 0) {
		return lo, hi // a huge range is not degenerate; niceTicks copes
	}
	mid := lo/2 + hi/2
	d := math.Abs(mid) * 0.1
	if d == 0 || math.IsInf(d, 0) {
		d = 1
	}
	lo, hi = math.Max(mid-d, -math.MaxFloat64), math.Min(mid+d, math.MaxFloat64)
	if !(hi > lo) {
		// mid is so small that ±d rounds back to it: use a unit range.
		lo, hi = mid-1, mid+1
	}
	return lo, hi
}
