package chart

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"strconv"
)

// Layout constants, in pixels. Fonts are sized in the same units because
// the viewBox equals the nominal size.
const (
	defaultWidth  = 720
	defaultHeight = 400
	minWidth      = 240
	minHeight     = 180
	maxSize       = 4096 // a chart, not a poster; also bounds the work a request can cause

	fontSize    = 12.0
	tickFont    = 11.0
	titleFont   = 15.0
	edge        = 12.0  // outer padding
	titleH      = 24.0  // title line
	annotationH = 18.0  // strip above the plot naming the lowest series
	tickLabelH  = 18.0  // x tick labels under the plot
	axisLabelH  = 20.0  // x axis caption
	minPlotH    = 100.0 // the plot keeps this much however long the legend
)

// renderer holds one chart's cleaned data and layout while it is written.
type renderer struct {
	c      Line
	b      bytes.Buffer
	series []plotSeries
	bands  []Band
	x, y   axis
	lowest []winner
	legend legendLayout

	w, h                    float64 // document size
	left, top, plotW, plotH float64
}

// SVG renders the chart as a complete standalone SVG document. It never
// panics on bad data: unplaceable points are skipped and an empty chart
// says so. The same Line always yields the same bytes.
func (c Line) SVG() []byte {
	r := newRenderer(c)
	r.write()
	return r.b.Bytes()
}

// newRenderer cleans the data and lays the chart out. The order matters:
// the legend's height fixes the plot's height, which sets how many y
// ticks fit, whose labels set the left margin, which fixes the plot's
// width and so how many x ticks fit.
func newRenderer(c Line) *renderer {
	r := &renderer{c: c}
	r.w = float64(clampSize(c.Width, defaultWidth, minWidth))
	r.h = float64(clampSize(c.Height, defaultHeight, minHeight))
	r.series = cleanSeries(c.Series, c.XScale == Log2)
	r.bands = cleanBands(c.Bands)
	if c.Highlight == HighlightMin {
		r.lowest = lowest(r.series)
		if c.Lowest != nil {
			r.lowest = given(r.series, c.Lowest)
		}
	}
	r.legend = layoutLegend(r.legendItems(), r.w-2*edge)

	r.top = edge
	if c.Title != "" {
		r.top += titleH
	}
	if len(r.lowest) > 0 {
		r.top += annotationH
	}
	r.top += 6
	bottom := tickLabelH + r.legend.height() + edge
	if c.XLabel != "" {
		bottom += axisLabelH
	}
	r.plotH = r.h - r.top - bottom
	if r.plotH < minPlotH {
		r.plotH = minPlotH
		r.h = r.top + r.plotH + bottom
	}

	r.y = yAxis(r.series, r.bands, clampInt(int(r.plotH/45), 2, 10), c.YFormat)
	r.left = edge + r.yLabelWidth() + 8
	if c.YLabel != "" {
		r.left += axisLabelH
	}
	r.plotW = r.w - r.left - edge - 8
	r.x = xAxis(c, r.series, clampInt(int(r.plotW/90), 2, 10))
	// Without data the automatic ticks are made up; labelling them would
	// suggest figures that do not exist.
	if !r.hasPoints() {
		if len(r.bands) == 0 {
			r.y.ticks = nil
		}
		if len(cleanTicks(c.XTicks, r.x.log)) == 0 {
			r.x.ticks = nil
		}
	}
	return r
}

// hasPoints reports whether any series has a point to draw.
func (r *renderer) hasPoints() bool {
	for _, s := range r.series {
		if len(s.pts) > 0 {
			return true
		}
	}
	return false
}

// yLabelWidth is the width the y tick labels need, at most a third of
// the chart; longer labels are truncated when drawn.
func (r *renderer) yLabelWidth() float64 {
	w := 0.0
	for _, t := range r.y.ticks {
		w = math.Max(w, textWidth(t.Label, tickFont))
	}
	return math.Min(w, r.w/3)
}

func clampSize(v, def, lo int) int {
	if v <= 0 {
		return def
	}
	return clampInt(v, lo, maxSize)
}

func clampInt(v, lo, hi int) int { return min(max(v, lo), hi) }

// px and py place data values in the document.
func (r *renderer) px(v float64) float64 { return r.left + r.plotW*r.x.frac(v) }
func (r *renderer) py(v float64) float64 { return r.top + r.plotH*(1-r.y.frac(v)) }

// printf writes markup. Only numbers and constants go through it: text
// goes through r.text, which escapes.
func (r *renderer) printf(format string, args ...any) { fmt.Fprintf(&r.b, format, args...) }

// text writes character data escaped for XML; EscapeText also replaces
// invalid UTF-8 and characters XML forbids, so any string is safe.
func (r *renderer) text(s string) { _ = xml.EscapeText(&r.b, []byte(s)) }

// textEl writes a <text> element at (x, y); attrs are extra constant
// attributes, e.g. text-anchor.
func (r *renderer) textEl(x, y float64, attrs, s string) {
	r.printf(`<text x="%s" y="%s"%s>`, coord(x), coord(y), attrs)
	r.text(s)
	r.b.WriteString("</text>\n")
}

// write emits the document, back to front: later elements paint over
// earlier ones, so data lines sit above the grid and bands.
func (r *renderer) write() {
	w, h := coord(r.w), coord(r.h)
	r.b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	r.printf(`<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" role="img" aria-labelledby="chart-title chart-desc"`, w, h, w, h)
	r.printf(` font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="%s" fill="%s"`, coord(fontSize), inkText)
	if r.c.Lang != "" {
		r.b.WriteString(` xml:lang="`)
		r.text(r.c.Lang)
		r.b.WriteString(`"`)
	}
	r.b.WriteString(">\n")
	r.b.WriteString(`<title id="chart-title">`)
	r.text(r.title())
	r.b.WriteString("</title>\n")
	r.b.WriteString(`<desc id="chart-desc">`)
	r.text(r.describe())
	r.b.WriteString("</desc>\n")
	r.printf(`<rect width="%s" height="%s" fill="%s"/>`+"\n", w, h, bgColour)
	if r.c.Title != "" {
		r.textEl(edge, edge+titleFont, fmt.Sprintf(` font-size="%s" font-weight="600"`, coord(titleFont)),
			truncate(r.c.Title, fitChars(r.w-2*edge, titleFont)))
	}
	r.writeGrid()
	r.writeBands()
	r.writeAxes()
	r.writeSeries()
	r.writeLowest()
	r.writeBandLabels()
	r.writeEmpty()
	r.writeLegend()
	r.b.WriteString("</svg>\n")
}

// title is the document's accessible name.
func (r *renderer) title() string {
	if r.c.Title != "" {
		return r.c.Title
	}
	return "Line chart"
}

// writeGrid draws a gridline and a label at every y tick and at every x
// tick whose label has room.
func (r *renderer) writeGrid() {
	x0, x1 := r.left, r.left+r.plotW
	y0, y1 := r.top, r.top+r.plotH
	r.printf(`<g class="grid" stroke="%s" stroke-width="1">`+"\n", inkGrid)
	for _, t := range r.y.ticks {
		y := coord(r.py(t.Value))
		r.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", coord(x0), y, coord(x1), y)
	}
	xt := r.visibleXTicks()
	for _, t := range xt {
		x := coord(r.px(t.tick.Value))
		r.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", x, coord(y0), x, coord(y1))
	}
	r.b.WriteString("</g>\n")

	r.printf(`<g class="ticks" font-size="%s" fill="%s">`+"\n", coord(tickFont), inkMuted)
	maxChars := fitChars(r.w/3, tickFont)
	for _, t := range r.y.ticks {
		r.textEl(x0-6, r.py(t.Value)+4, ` text-anchor="end"`, truncate(t.Label, maxChars))
	}
	for _, t := range xt {
		r.textEl(t.at, y1+tickFont+4, ` text-anchor="middle"`, t.label)
	}
	r.b.WriteString("</g>\n")
}

// xTick is an x tick placed for drawing: its label's centre is moved
// inside the document when the tick sits near an edge.
type xTick struct {
	tick  Tick
	label string
	at    float64
}

// visibleXTicks drops x ticks whose labels would overlap the previous
// kept label, left to right, so dense explicit ticks stay legible.
func (r *renderer) visibleXTicks() []xTick {
	var out []xTick
	lastEnd := math.Inf(-1)
	maxChars := fitChars(r.plotW, tickFont)
	for _, t := range r.x.ticks {
		label := truncate(t.Label, maxChars)
		half := textWidth(label, tickFont) / 2
		at := math.Min(math.Max(r.px(t.Value), half+2), r.w-half-2)
		if at-half < lastEnd+6 {
			continue
		}
		lastEnd = at + half
		out = append(out, xTick{t, label, at})
	}
	return out
}

// writeAxes draws the axis lines and their captions.
func (r *renderer) writeAxes() {
	x0, x1 := r.left, r.left+r.plotW
	y0, y1 := r.top, r.top+r.plotH
	r.printf(`<g class="axes" stroke="%s" stroke-width="1">`+"\n", inkAxis)
	r.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", coord(x0), coord(y0), coord(x0), coord(y1))
	r.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", coord(x0), coord(y1), coord(x1), coord(y1))
	r.b.WriteString("</g>\n")
	if r.c.XLabel != "" {
		r.textEl(x0+r.plotW/2, y1+tickLabelH+axisLabelH-4, ` text-anchor="middle"`,
			truncate(r.c.XLabel, fitChars(r.plotW, fontSize)))
	}
	if r.c.YLabel != "" {
		x, y := edge+fontSize, y0+r.plotH/2
		r.textEl(x, y, fmt.Sprintf(` text-anchor="middle" transform="rotate(-90 %s %s)"`, coord(x), coord(y)),
			truncate(r.c.YLabel, fitChars(r.plotH, fontSize)))
	}
}

// writeEmpty says so when nothing could be plotted, rather than leave an
// empty frame that looks like a rendering fault.
func (r *renderer) writeEmpty() {
	if r.hasPoints() {
		return
	}
	msg := r.c.NoData
	if msg == "" {
		msg = "No data"
	}
	r.textEl(r.left+r.plotW/2, r.top+r.plotH/2, ` text-anchor="middle" fill="`+inkMuted+`"`,
		truncate(msg, fitChars(r.plotW, fontSize)))
}

// itoa is strconv.Itoa, short for the many counts in the description.
func itoa(n int) string { return strconv.Itoa(n) }
