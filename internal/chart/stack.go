package chart

// stackColours tell up to nine parts of a bar apart (the Okabe–Ito
// palette, whose lightness also differs in greyscale print, and a mid
// grey for the ninth scoring criterion, past performance); parts past
// nine reuse them in order, and the legend keeps the same order as the bar.
var stackColours = [...]string{"#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000", "#8C8C8C"}

// StackItem is one bar: e.g. a quote's weighted score, made of one part
// per criterion (weight × grade), with the band its total may fall in.
type StackItem struct {
	Label     string    // user input, escaped by the template
	Text      string    // the total as the page writes it, e.g. "6.2–7.0"
	Parts     []float64 // in the order of [Stack.Series]; negative or non-finite parts count as zero
	Low, High float64   // the total's band; both zero for none
	Marked    bool      // e.g. the leader
}

// Stack is a horizontal stacked bar chart, one bar per item, highest
// total first, from 0 to Max.
type Stack struct {
	Series []string // the parts' names, for the legend
	Items  []StackItem
	Max    float64 // the axis's end, e.g. 10 for grades out of 10; at least the longest bar
	Format func(float64) string
}

// StackSeg is one part of a bar.
type StackSeg struct {
	X, W   string
	Fill   string
	Series string
}

// StackRow is the geometry of one bar.
type StackRow struct {
	StackItem
	Name                 string // Label, shortened to leave room for Text
	LabelY               string
	Y, H                 string // the bar's top and height
	Segs                 []StackSeg
	BandY                string // the band's line, under the bar
	BandLo, BandHi       string
	HasBand              bool
	BandCapY1, BandCapY2 string
}

// LegendKey is one swatch and its name.
type LegendKey struct {
	X, Y         string // the swatch's corner
	TextX, TextY string
	Fill         string
	Label        string // shortened to its column
}

// StackFigure is a laid-out [Stack].
type StackFigure struct {
	ViewBox     string
	Left, Right string
	Top, AxisY  string
	TickY       string
	Ticks       []AxisTick
	Rows        []StackRow
	Legend      []LegendKey
	Empty       bool
}

// Layout computes the chart's geometry.
func (c Stack) Layout() StackFigure {
	const (
		left, right = 8.0, inlineWidth - 8.0
		top         = 8.0
		rowH        = 46.0
		barH        = 16.0
	)
	f := StackFigure{Left: coord(left), Right: coord(right), Top: coord(top)}
	type item struct {
		StackItem
		total float64
	}
	var items []item
	hi := 0.0
	if finite(c.Max) && c.Max > 0 {
		hi = c.Max
	}
	for _, it := range c.Items {
		parts := make([]float64, len(it.Parts))
		total := 0.0
		for i, p := range it.Parts {
			if finite(p) && p > 0 {
				parts[i] = p
				total += p
			}
		}
		it.Parts = parts
		if !finite(it.Low) || !finite(it.High) || (it.Low == 0 && it.High == 0) {
			it.Low, it.High = total, total
		}
		if it.Low > it.High {
			it.Low, it.High = it.High, it.Low
		}
		hi = max(hi, total, it.High)
		items = append(items, item{it, total})
	}
	if len(items) == 0 {
		f.Empty = true
		f.ViewBox = "0 0 " + itoa(inlineWidth) + " 40"
		return f
	}
	ticks, lo, dhi := niceAxis(0, hi, 5, c.Format)
	px := func(v float64) float64 { return left + (right-left)*(clampTo(v, lo, dhi)-lo)/(dhi-lo) }
	order := sortedBy(len(items), func(i int) float64 { return -items[i].total })
	for k, i := range order {
		it := items[i]
		y := top + float64(k)*rowH
		row := StackRow{StackItem: it.StackItem,
			Name:   truncate(it.Label, max(fitChars(right-left-textWidth(it.Text, 12)-12, 12), 4)),
			LabelY: coord(y + 13), Y: coord(y + 18), H: coord(barH)}
		at := 0.0
		for j, p := range it.Parts {
			if p == 0 {
				continue
			}
			name := ""
			if j < len(c.Series) {
				name = c.Series[j]
			}
			x0, x1 := px(at), px(at+p)
			row.Segs = append(row.Segs, StackSeg{X: coord(x0), W: coord(x1 - x0), Fill: stackColours[j%len(stackColours)], Series: name})
			at += p
		}
		if it.High > it.Low {
			by := y + 18 + barH + 5
			row.HasBand, row.BandY = true, coord(by)
			row.BandLo, row.BandHi = coord(px(it.Low)), coord(px(it.High))
			row.BandCapY1, row.BandCapY2 = coord(by-3), coord(by+3)
		}
		f.Rows = append(f.Rows, row)
	}
	axisY := top + float64(len(items))*rowH
	f.AxisY, f.TickY = coord(axisY), coord(axisY+16)
	f.Ticks = axisTicks(ticks, px)
	// The legend: two columns under the axis, in the bars' order.
	const colW, keyH = (right - left) / 2, 18.0
	ly := axisY + 30
	for j, name := range c.Series {
		x := left + float64(j%2)*colW
		y := ly + float64(j/2)*keyH
		f.Legend = append(f.Legend, LegendKey{X: coord(x), Y: coord(y), TextX: coord(x + 16), TextY: coord(y + 10),
			Fill: stackColours[j%len(stackColours)], Label: truncate(name, fitChars(colW-20, 12))})
	}
	height := ly + float64((len(c.Series)+1)/2)*keyH + 4
	f.ViewBox = "0 0 " + itoa(inlineWidth) + " " + itoa(int(height+0.5))
	return f
}
