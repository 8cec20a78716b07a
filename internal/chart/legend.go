package chart

import "math"

// Legend geometry, in pixels.
const (
	legendRowH    = 18.0
	legendGap     = 8.0   // between the x axis caption and the legend
	legendSample  = 30.0  // the line sample before each label
	legendPad     = 6.0   // between sample and label
	legendSpacing = 16.0  // between columns
	legendMaxW    = 260.0 // widest column; longer names are truncated
)

// itemKind is what a legend entry stands for.
type itemKind int

const (
	itemSeries itemKind = iota
	itemBand
	itemLowest
)

// legendItem is one legend entry.
type legendItem struct {
	kind  itemKind
	index int    // series index, for itemSeries
	full  string // the complete text, kept as a tooltip when truncated
	text  string // the text shown
}

// legendLayout places the entries in equal columns, row by row, below
// the plot, where long vendor names have the whole width to use.
type legendLayout struct {
	items      []legendItem
	colW       float64
	cols, rows int
}

func (l legendLayout) height() float64 {
	if l.rows == 0 {
		return 0
	}
	return legendGap + float64(l.rows)*legendRowH
}

// legendItems lists every series (even one with no placeable points: it
// was asked for, and its absence from the plot should be noticed), every
// labelled band and, when anything is highlighted, the highlight's key.
func (r *renderer) legendItems() []legendItem {
	var items []legendItem
	for i, s := range r.series {
		items = append(items, legendItem{kind: itemSeries, index: i, full: s.name})
	}
	for _, b := range r.bands {
		if b.Label != "" {
			items = append(items, legendItem{kind: itemBand, full: b.Label})
		}
	}
	if len(r.lowest) > 0 {
		items = append(items, legendItem{kind: itemLowest, full: r.lowestLabel()})
	}
	return items
}

// layoutLegend sizes the columns for the longest label, up to legendMaxW,
// and truncates labels that do not fit.
func layoutLegend(items []legendItem, avail float64) legendLayout {
	if len(items) == 0 {
		return legendLayout{}
	}
	fixed := legendSample + legendPad + legendSpacing
	colW := 0.0
	for _, it := range items {
		colW = math.Max(colW, fixed+textWidth(it.full, fontSize))
	}
	colW = math.Min(colW, math.Min(legendMaxW, avail))
	chars := max(fitChars(colW-fixed, fontSize), 4)
	for i := range items {
		items[i].text = truncate(items[i].full, chars)
	}
	cols := max(int(avail/colW), 1)
	return legendLayout{items: items, colW: colW, cols: cols, rows: (len(items) + cols - 1) / cols}
}

// writeLegend draws each entry with the same stroke, dash and marker as
// its series, so the key works without colour.
func (r *renderer) writeLegend() {
	l := r.legend
	if len(l.items) == 0 {
		return
	}
	y0 := r.top + r.plotH + tickLabelH + legendGap
	if r.c.XLabel != "" {
		y0 += axisLabelH
	}
	r.b.WriteString(`<g class="legend">` + "\n")
	for i, it := range l.items {
		x := edge + float64(i%l.cols)*l.colW
		y := y0 + float64(i/l.cols)*legendRowH + legendRowH/2
		r.b.WriteString("<g>")
		if it.text != it.full {
			r.b.WriteString("<title>")
			r.text(it.full)
			r.b.WriteString("</title>")
		}
		r.legendSymbol(it, x, y)
		r.textEl(x+legendSample+legendPad, y+4, "", it.text)
		r.b.WriteString("</g>\n")
	}
	r.b.WriteString("</g>\n")
}

// legendSymbol draws an entry's key: a line sample with a marker for a
// series, a shaded swatch for a band, a ringed dot for the highlight.
func (r *renderer) legendSymbol(it legendItem, x, y float64) {
	mid := x + legendSample/2
	switch it.kind {
	case itemSeries:
		st := styleFor(it.index)
		r.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="2"%s/>`,
			coord(x), coord(y), coord(x+legendSample), coord(y), st.colour, dashAttr(st.dash))
		r.b.WriteString(markerGroup(st))
		r.marker(mid, y, st.shape, 3.5)
		r.b.WriteString("</g>")
	case itemBand:
		r.printf(`<rect x="%s" y="%s" width="%s" height="10" fill="%s" fill-opacity="0.16" stroke="%s" stroke-opacity="0.6" stroke-dasharray="4 3"/>`,
			coord(x), coord(y-5), coord(legendSample), inkBand, inkBand)
	case itemLowest:
		r.printf(`<circle cx="%s" cy="%s" r="6" fill="%s" stroke="#000" stroke-width="1.5"/>`, coord(mid), coord(y), bgColour)
	}
}
