package chart

import "strconv"

// RangeItem is one quote on a dot-range chart: its point estimate and the
// range it may fall in when some of its terms were assumed.
type RangeItem struct {
	Label     string  // e.g. the provider; user input, escaped by the template
	Text      string  // the figure as the page writes it, e.g. "1.23 USD (1.10 – 1.40)"
	Value     float64 // the point estimate
	Low, High float64 // the range; equal to Value (or both zero) when exact
	Marked    bool    // e.g. the cheapest or the awarded quote
}

// DotRange is a dot-and-range chart, one row per item, sorted by value.
// An item far above the others (past three times the median) is clipped
// at the axis's end, its value written beside it, so one outlier does not
// flatten the rest.
type DotRange struct {
	Items  []RangeItem
	Format func(float64) string // tick labels; plain numbers when nil
}

// RangeRow is the geometry of one row of a [DotRange].
type RangeRow struct {
	RangeItem
	Name           string // Label, shortened to the chart's width
	Arrow          string // polygon points of the arrow at a clipped end; empty when not clipped
	LabelY         string // baseline of the row's name
	TextY          string // baseline of its figure, under the range
	Y              string // the range line and dot
	X, XLow, XHigh string // dot and range ends
	Clipped        bool   // the range or the dot runs past the axis's end
	HasRange       bool   // the range is wider than the dot
}

// DotRangeFigure is a laid-out [DotRange]; Empty when no item has a
// finite value.
type DotRangeFigure struct {
	ViewBox     string
	Width       string // viewBox width, for the axis line
	Left, Right string // the plot's x extent
	Top, AxisY  string // gridlines run from Top to AxisY
	TickY       string // baseline of the tick labels
	Ticks       []AxisTick
	Rows        []RangeRow
	Empty       bool
}

// Layout computes the chart's geometry.
func (c DotRange) Layout() DotRangeFigure {
	const (
		left, right = 8.0, inlineWidth - 16.0
		top         = 8.0
		rowH        = 48.0
	)
	var items []RangeItem
	for _, it := range c.Items {
		if !finite(it.Value) {
			continue
		}
		if !finite(it.Low) || !finite(it.High) || (it.Low == 0 && it.High == 0) {
			it.Low, it.High = it.Value, it.Value
		}
		if it.Low > it.High {
			it.Low, it.High = it.High, it.Low
		}
		it.Low, it.High = min(it.Low, it.Value), max(it.High, it.Value)
		items = append(items, it)
	}
	f := DotRangeFigure{Width: itoa(inlineWidth), Left: coord(left), Right: coord(right), Top: coord(top)}
	if len(items) == 0 {
		f.Empty = true
		f.ViewBox = "0 0 " + itoa(inlineWidth) + " 40"
		return f
	}
	var e extent
	values := make([]float64, len(items))
	for i, it := range items {
		values[i] = it.Value
		e.add(it.Low)
		e.add(it.High)
	}
	if e.lo > 0 {
		e.lo = 0 // costs read against zero
	}
	// An outlier is clipped: the axis ends near three medians.
	if m := median(values); len(items) >= 3 && m > 0 && e.hi > 3*m {
		e.hi = 3 * m
	}
	ticks, lo, hi := niceAxis(e.lo, e.hi, 5, c.Format)
	px := func(v float64) float64 { return left + (right-left)*(clampTo(v, lo, hi)-lo)/(hi-lo) }
	order := sortedBy(len(items), func(i int) float64 { return items[i].Value })
	for k, i := range order {
		it := items[i]
		y := top + float64(k)*rowH
		name := truncate(it.Label, fitChars(right-left, 12))
		row := RangeRow{RangeItem: it, Name: name,
			LabelY: coord(y + 13), Y: coord(y + 24), TextY: coord(y + 40),
			X: coord(px(it.Value)), XLow: coord(px(it.Low)), XHigh: coord(px(it.High)),
			Clipped:  it.High > hi || it.Low < lo,
			HasRange: it.High > it.Value || it.Low < it.Value}
		if row.Clipped {
			yy := y + 24
			row.Arrow = coord(right+2) + "," + coord(yy-5) + " " + coord(right+10) + "," + coord(yy) + " " + coord(right+2) + "," + coord(yy+5)
		}
		f.Rows = append(f.Rows, row)
	}
	axisY := top + float64(len(items))*rowH + 4
	f.AxisY, f.TickY = coord(axisY), coord(axisY+16)
	f.Ticks = axisTicks(ticks, px)
	f.ViewBox = "0 0 " + itoa(inlineWidth) + " " + strconv.Itoa(int(axisY+24))
	return f
}
