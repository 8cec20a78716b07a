package chart

import (
	"cmp"
	"math"
	"slices"
)

// The inline charts below are drawn by page templates, not by this
// package: it computes only their geometry, as attribute-ready strings,
// and the template writes every text (provider names are user input)
// through its own escaping. The figures keep a viewBox and no fixed size,
// so a page scales them to its width, down to a 390 px phone.

// inlineWidth is the viewBox width of the inline charts: narrow enough
// that 12-unit text is still about 10 px on a 390 px screen.
const inlineWidth = 480

// AxisTick is one labelled gridline of an inline chart, at X.
type AxisTick struct {
	X      string
	Label  string
	Anchor string // text-anchor: the end ticks keep their labels inside
}

// axisTicks places ticks with px, anchoring the outermost labels inward.
func axisTicks(ticks []Tick, px func(float64) float64) []AxisTick {
	var out []AxisTick
	for i, t := range ticks {
		a := "middle"
		switch i {
		case 0:
			a = "start"
		case len(ticks) - 1:
			a = "end"
		}
		out = append(out, AxisTick{X: coord(px(t.Value)), Label: t.Label, Anchor: a})
	}
	return out
}

// niceAxis returns ticks and the domain they span over [lo, hi].
func niceAxis(lo, hi float64, n int, format func(float64) string) ([]Tick, float64, float64) {
	lo, hi = pad(lo, hi)
	vals, dlo, dhi, step := niceTicks(lo, hi, n)
	var ticks []Tick
	for _, v := range vals {
		label := tickLabel(v, step)
		if format != nil {
			label = format(v)
		}
		ticks = append(ticks, Tick{v, label})
	}
	return ticks, dlo, dhi
}

// median of vs, which must not be empty.
func median(vs []float64) float64 {
	s := slices.Clone(vs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return s[n/2-1]/2 + s[n/2]/2
}

// sortedBy returns the indexes of n items ordered by key, ties in input
// order.
func sortedBy(n int, key func(int) float64) []int {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(key(a), key(b)) })
	return idx
}

// clampTo keeps v within [lo, hi].
func clampTo(v, lo, hi float64) float64 { return math.Min(math.Max(v, lo), hi) }
