package chart

// Lines is an inline line chart over x from 0, e.g. the cumulative cost
// of renting, reserving and buying month by month, with marked points
// such as a break-even month.
type Lines struct {
	Series  []Series
	Marks   []Mark
	XFormat func(float64) string // x tick labels; plain numbers when nil
	YFormat func(float64) string // y tick labels
	// YNumber, when set, labels the y ticks instead of YFormat. It is
	// given each tick as a plain decimal with only the digits the axis's
	// step needs ("1200000" on a step of 200,000, never "1200000.00"),
	// and writes it as the reader's locale does (digit grouping): an
	// axis of amounts shows round figures; the exact amounts, to the
	// cent, are the table's.
	YNumber func(plain string) string
}

// Mark is one labelled point, e.g. "break-even: month 14".
type Mark struct {
	X, Y  float64
	Label string
}

// LinePath is one laid-out series.
type LinePath struct {
	Name   string
	Points string // polyline points
	Colour string
	Dash   string // stroke-dasharray, "" for solid
}

// MarkDot is one laid-out mark; its label sits above it, anchored to stay
// inside the plot.
type MarkDot struct {
	X, Y, LabelY string
	Anchor       string
	Label        string
}

// LinesFigure is a laid-out [Lines]. Y tick labels sit just above their
// gridlines inside the plot, so the plot keeps the full width on a phone.
type LinesFigure struct {
	ViewBox     string
	Left, Right string
	Top, AxisY  string
	TickY       string
	XTicks      []AxisTick
	YTicks      []YTick
	Paths       []LinePath
	Marks       []MarkDot
	Legend      []LegendKey
	Empty       bool
}

// YTick is one horizontal gridline and its label.
type YTick struct {
	Y, LabelY string
	Label     string
}

// Layout computes the chart's geometry.
func (c Lines) Layout() LinesFigure {
	const (
		left, right = 8.0, inlineWidth - 8.0
		top, plotH  = 10.0, 220.0
		keyH        = 18.0
	)
	f := LinesFigure{Left: coord(left), Right: coord(right), Top: coord(top)}
	ss := cleanSeries(c.Series, false)
	var ex, ey extent
	ex.add(0)
	ey.add(0)
	for _, s := range ss {
		for _, p := range s.pts {
			ex.add(p.X)
			ey.add(p.Y)
		}
	}
	if !(ex.hi > 0) {
		f.Empty = true
		f.ViewBox = "0 0 " + itoa(inlineWidth) + " 40"
		return f
	}
	xt, xlo, xhi := niceAxis(ex.lo, ex.hi, 6, c.XFormat)
	yFormat := c.YFormat
	if c.YNumber != nil {
		yFormat = nil // tickLabel: the digits the step needs, no more
	}
	yt, ylo, yhi := niceAxis(ey.lo, ey.hi, 5, yFormat)
	if c.YNumber != nil {
		for i := range yt {
			yt[i].Label = c.YNumber(yt[i].Label)
		}
	}
	px := func(v float64) float64 { return left + (right-left)*(clampTo(v, xlo, xhi)-xlo)/(xhi-xlo) }
	py := func(v float64) float64 { return top + plotH*(1-(clampTo(v, ylo, yhi)-ylo)/(yhi-ylo)) }
	for _, t := range yt {
		f.YTicks = append(f.YTicks, YTick{Y: coord(py(t.Value)), LabelY: coord(py(t.Value) - 3), Label: t.Label})
	}
	f.XTicks = axisTicks(xt, px)
	axisY := top + plotH
	f.AxisY, f.TickY = coord(axisY), coord(axisY+16)
	ly := axisY + 30
	for i, s := range ss {
		st := styleFor(i)
		lp := LinePath{Name: s.name, Colour: st.colour, Dash: st.dash}
		for j, p := range s.pts {
			if j > 0 {
				lp.Points += " "
			}
			lp.Points += coord(px(p.X)) + "," + coord(py(p.Y))
		}
		f.Paths = append(f.Paths, lp)
		y := ly + float64(i)*keyH
		f.Legend = append(f.Legend, LegendKey{X: coord(left), Y: coord(y), TextX: coord(left + 16), TextY: coord(y + 10),
			Fill: st.colour, Label: truncate(s.name, fitChars(right-left-16, 12))})
	}
	for _, m := range c.Marks {
		if !finite(m.X) || !finite(m.Y) {
			continue
		}
		x, y := px(m.X), py(m.Y)
		anchor := "middle"
		switch {
		case x-left < textWidth(m.Label, 12)/2:
			anchor = "start"
		case right-x < textWidth(m.Label, 12)/2:
			anchor = "end"
		}
		f.Marks = append(f.Marks, MarkDot{X: coord(x), Y: coord(y), LabelY: coord(max(y-9, top+10)), Anchor: anchor, Label: m.Label})
	}
	f.ViewBox = "0 0 " + itoa(inlineWidth) + " " + itoa(int(ly+float64(len(ss))*keyH+2))
	return f
}
