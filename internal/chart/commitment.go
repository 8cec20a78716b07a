package chart

import "math"

// Commitment is a contract's commitment month by month: a bar per month of
// what was used against what was committed (the unused part stacked on
// the used one), and under it the burn-down, what was used summed from
// the first month against the commitment summed likewise. Every amount is
// in the commitment's unit (money or GPU-hours).
type Commitment struct {
	Months []CommitmentMonth
	// Names are the legend's: used, unused, cumulative used, cumulative
	// committed.
	Used, Unused, CumUsed, CumCommitted string
	Format                              func(float64) string // y tick labels
}

// CommitmentMonth is one month of the report.
type CommitmentMonth struct {
	Label        string // e.g. "2026-03", written by the template
	Used, Unused float64
	CumUsed      float64
	CumCommitted float64
}

// CommitmentBar is one month's bar: used from the axis up, unused above.
type CommitmentBar struct {
	Label                   string
	X, W                    string
	UsedY, UsedH            string
	UnusedY, UnusedH        string
	HasUnused               bool
	LabelX                  string
	ShowLabel               bool // every month when few, else every few
	UsedValue, UnusedValue  float64
	CumUsedY, CumCommittedY string
}

// CommitmentFigure is a laid-out [Commitment]: the bars' plot on top, the
// burn-down's below, sharing the months' x positions.
type CommitmentFigure struct {
	ViewBox                  string
	Left, Right              string
	BarTop, BarAxisY         string
	BarTickY                 string
	BarYTicks                []YTick
	Bars                     []CommitmentBar
	UsedFill, UnusedFill     string
	LineTop, LineAxisY       string
	LineTickY                string
	LineYTicks               []YTick
	CumUsed, CumCommitted    LinePath
	Legend                   []LegendKey
	Empty                    bool
	UsedName, UnusedName     string
	CumUsedName, CumCommName string
}

// Layout computes the chart's geometry.
func (c Commitment) Layout() CommitmentFigure {
	const (
		left, right = 8.0, inlineWidth - 8.0
		barTop      = 10.0
		plotH       = 150.0
		gap         = 40.0
		keyH        = 18.0
	)
	f := CommitmentFigure{Left: coord(left), Right: coord(right), UsedName: c.Used, UnusedName: c.Unused,
		CumUsedName: c.CumUsed, CumCommName: c.CumCommitted}
	var barHi, lineHi float64
	for _, m := range c.Months {
		barHi = math.Max(barHi, nonNeg(m.Used)+nonNeg(m.Unused))
		lineHi = math.Max(lineHi, math.Max(nonNeg(m.CumUsed), nonNeg(m.CumCommitted)))
	}
	if len(c.Months) == 0 || !(barHi > 0) && !(lineHi > 0) {
		f.Empty = true
		f.ViewBox = "0 0 " + itoa(inlineWidth) + " 40"
		return f
	}
	bt, _, bhi := niceAxis(0, math.Max(barHi, 1e-9), 4, c.Format)
	lt, _, lhi := niceAxis(0, math.Max(lineHi, 1e-9), 4, c.Format)
	barAxis := barTop + plotH
	lineTop := barAxis + gap
	lineAxis := lineTop + plotH
	n := float64(len(c.Months))
	slot := (right - left) / n
	w := slot * 0.7
	// y positions rounded as coord writes them, so a part's top plus its
	// height is exactly the next part's top.
	by := func(v float64) float64 { return math.Round((barAxis-plotH*clampTo(v, 0, bhi)/bhi)*10) / 10 }
	ly := func(v float64) float64 { return lineAxis - plotH*clampTo(v, 0, lhi)/lhi }
	for _, t := range bt {
		f.BarYTicks = append(f.BarYTicks, YTick{Y: coord(by(t.Value)), LabelY: coord(by(t.Value) - 3), Label: t.Label})
	}
	for _, t := range lt {
		f.LineYTicks = append(f.LineYTicks, YTick{Y: coord(ly(t.Value)), LabelY: coord(ly(t.Value) - 3), Label: t.Label})
	}
	every := int(math.Ceil(n / 8))
	st0, st1 := styleFor(0), styleFor(1)
	f.UsedFill, f.UnusedFill = stackColours[0], stackColours[1]
	f.CumUsed = LinePath{Name: c.CumUsed, Colour: st0.colour, Dash: st0.dash}
	f.CumCommitted = LinePath{Name: c.CumCommitted, Colour: st1.colour, Dash: st1.dash}
	for i, m := range c.Months {
		cx := left + slot*(float64(i)+0.5)
		used, unused := nonNeg(m.Used), nonNeg(m.Unused)
		b := CommitmentBar{Label: m.Label, X: coord(cx - w/2), W: coord(w), LabelX: coord(cx), ShowLabel: i%every == 0,
			UsedValue: used, UnusedValue: unused}
		b.UsedY, b.UsedH = coord(by(used)), coord(barAxis-by(used))
		b.HasUnused = unused > 0
		b.UnusedY, b.UnusedH = coord(by(used+unused)), coord(by(used)-by(used+unused))
		b.CumUsedY, b.CumCommittedY = coord(ly(nonNeg(m.CumUsed))), coord(ly(nonNeg(m.CumCommitted)))
		f.Bars = append(f.Bars, b)
		if i > 0 {
			f.CumUsed.Points += " "
			f.CumCommitted.Points += " "
		}
		f.CumUsed.Points += coord(cx) + "," + b.CumUsedY
		f.CumCommitted.Points += coord(cx) + "," + b.CumCommittedY
	}
	f.BarTop, f.BarAxisY, f.BarTickY = coord(barTop), coord(barAxis), coord(barAxis+16)
	f.LineTop, f.LineAxisY, f.LineTickY = coord(lineTop), coord(lineAxis), coord(lineAxis+16)
	ky := lineAxis + 30
	keys := []struct{ fill, name string }{{f.UsedFill, c.Used}, {f.UnusedFill, c.Unused}, {f.CumUsed.Colour, c.CumUsed},
		{f.CumCommitted.Colour, c.CumCommitted}}
	for i, k := range keys {
		y := ky + float64(i)*keyH
		f.Legend = append(f.Legend, LegendKey{X: coord(left), Y: coord(y), TextX: coord(left + 16), TextY: coord(y + 10),
			Fill: k.fill, Label: truncate(k.name, fitChars(right-left-16, 12))})
	}
	f.ViewBox = "0 0 " + itoa(inlineWidth) + " " + itoa(int(ky+float64(len(keys))*keyH+2))
	return f
}

func nonNeg(v float64) float64 {
	if !finite(v) || v < 0 {
		return 0
	}
	return v
}
