package chart

import "math"

// axis maps data values on one axis to a fraction of the plot's extent.
type axis struct {
	lo, hi float64 // domain; on a log axis, exponents of two
	log    bool
	ticks  []Tick
	format func(float64) string // for values in the description
}

// frac places v on the axis: 0 at lo, 1 at hi. It halves before
// subtracting so that domains spanning most of float64 cannot overflow,
// and clamps so rounding never puts a point outside the plot.
func (a axis) frac(v float64) float64 {
	if a.log {
		v = math.Log2(v)
	}
	if !(a.hi > a.lo) {
		return 0.5
	}
	f := (v/2 - a.lo/2) / (a.hi/2 - a.lo/2)
	if math.IsNaN(f) {
		return 0.5
	}
	return math.Min(math.Max(f, 0), 1)
}

// yAxis covers every point and band with about n round ticks.
func yAxis(ss []plotSeries, bands []Band, n int, format func(float64) string) axis {
	var e extent
	for _, s := range ss {
		for _, p := range s.pts {
			e.add(p.Y)
		}
	}
	for _, b := range bands {
		e.add(b.From)
		e.add(b.To)
	}
	return linearAxis(e, n, format)
}

// linearAxis spreads about n nice ticks over e (or 0 to 1 when empty),
// widening the domain to the outermost ticks.
func linearAxis(e extent, n int, format func(float64) string) axis {
	lo, hi := 0.0, 1.0
	if e.ok {
		lo, hi = pad(e.lo, e.hi)
	}
	vals, dlo, dhi, step := niceTicks(lo, hi, n)
	a := axis{lo: dlo, hi: dhi, format: format}
	if a.format == nil {
		a.format = value
	}
	for _, v := range vals {
		label := tickLabel(v, step)
		if format != nil {
			label = format(v)
		}
		a.ticks = append(a.ticks, Tick{v, label})
	}
	return a
}

// xAxis covers every point and explicit tick. Without explicit ticks a
// linear axis gets nice ticks and a log axis powers of two.
func xAxis(c Line, ss []plotSeries, n int) axis {
	log := c.XScale == Log2
	format := c.XFormat
	if format == nil {
		format = value
		if log {
			format = Bytes
		}
	}
	var e extent
	for _, s := range ss {
		for _, p := range s.pts {
			e.add(p.X)
		}
	}
	explicit := cleanTicks(c.XTicks, log)
	for i, t := range explicit {
		e.add(t.Value)
		if t.Label == "" {
			explicit[i].Label = format(t.Value)
		}
	}
	if !log {
		if len(explicit) == 0 {
			return linearAxis(e, n, c.XFormat)
		}
		lo, hi := 0.0, 1.0
		if e.ok {
			lo, hi = pad(e.lo, e.hi)
		}
		return axis{lo: lo, hi: hi, ticks: explicit, format: format}
	}
	lo, hi := 1.0, 1024.0 // an empty log axis still shows a sensible range
	if e.ok {
		lo, hi = e.lo, e.hi
	}
	ticks := explicit
	if len(ticks) == 0 {
		ticks = Log2Ticks(lo, hi)
		if c.XFormat != nil {
			for i := range ticks {
				ticks[i].Label = c.XFormat(ticks[i].Value)
			}
		}
	}
	elo, ehi := math.Log2(lo), math.Log2(hi)
	if ehi-elo < 1e-9 {
		// One x value: show it between its half and its double.
		elo, ehi = elo-1, ehi+1
	}
	return axis{lo: elo, hi: ehi, log: true, ticks: ticks, format: format}
}
