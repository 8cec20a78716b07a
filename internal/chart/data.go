package chart

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"
)

// plotSeries is a series ready to draw: a display name and the points
// that can be placed, in order of x. Series keep their input index, and
// with it their style, even when none of their points can be placed, so
// one run's bad data does not recolour the others.
type plotSeries struct {
	name string
	pts  []Point
}

// cleanSeries drops the points that cannot be drawn (NaN or infinite, or
// x <= 0 on a log axis) and sorts the rest by x; it never changes the
// caller's slices.
func cleanSeries(in []Series, log bool) []plotSeries {
	out := make([]plotSeries, len(in))
	for i, s := range in {
		name := strings.TrimSpace(s.Name)
		if name == "" {
			name = "Series " + strconv.Itoa(i+1)
		}
		var pts []Point
		for _, p := range s.Points {
			if finite(p.X) && finite(p.Y) && (!log || p.X > 0) {
				pts = append(pts, p)
			}
		}
		slices.SortStableFunc(pts, func(a, b Point) int { return cmp.Compare(a.X, b.X) })
		out[i] = plotSeries{name: name, pts: pts}
	}
	return out
}

// cleanBands drops bands with a non-finite end and orders the ends.
func cleanBands(in []Band) []Band {
	var out []Band
	for _, b := range in {
		if !finite(b.From) || !finite(b.To) {
			continue
		}
		if b.From > b.To {
			b.From, b.To = b.To, b.From
		}
		b.Label = strings.TrimSpace(b.Label)
		out = append(out, b)
	}
	return out
}

// cleanTicks drops explicit ticks that cannot be placed.
func cleanTicks(in []Tick, log bool) []Tick {
	var out []Tick
	for _, t := range in {
		if finite(t.Value) && (!log || t.Value > 0) {
			out = append(out, t)
		}
	}
	return out
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// extent is the range of the values added to it.
type extent struct {
	lo, hi float64
	ok     bool // at least one value was added
}

func (e *extent) add(v float64) {
	if !e.ok {
		e.lo, e.hi, e.ok = v, v, true
		return
	}
	e.lo, e.hi = math.Min(e.lo, v), math.Max(e.hi, v)
}
