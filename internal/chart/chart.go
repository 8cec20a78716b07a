package chart

// Point is one data point in data units.
type Point struct {
	X, Y float64
}

// Series is one named line, e.g. one vendor quote or one benchmark run.
// Points need not be sorted: they are drawn in order of X.
type Series struct {
	Name   string // shown in the legend; user-provided, escaped on output
	Points []Point
}

// Band is a shaded horizontal range of y values across the whole plot,
// e.g. the bus bandwidth expected of the quoted fabric. From and To may be
// given in either order.
type Band struct {
	Label    string // shown in the band and the legend; may be empty
	From, To float64
}

// Tick is one labelled position on an axis, in data units.
type Tick struct {
	Value float64
	Label string
}

// Scale is how the x axis maps data values to positions.
type Scale int

// The x scales.
const (
	// Linear spaces values evenly; the default.
	Linear Scale = iota
	// Log2 spaces powers of two evenly, for message sizes that double.
	// Values <= 0 cannot be placed and are skipped. Without XFormat and
	// XTicks its ticks are labelled as byte sizes (see [Bytes]).
	Log2
)

// Highlight selects an optional marking of particular points.
type Highlight int

// The highlight modes.
const (
	// None marks nothing; the default.
	None Highlight = iota
	// HighlightMin marks, at each x value, the series with the lowest y
	// with a dot, and names it above the plot wherever the lowest series
	// changes, so the points where e.g. the cheapest quote changes stand
	// out. Ties go to the earlier series, as in the worksheet.
	HighlightMin
)

// Line is a line chart. The zero value renders an empty chart with the
// default size; set the fields that apply and call [Line.SVG].
type Line struct {
	Title  string // shown above the plot and as the document's <title>
	XLabel string // x axis caption, e.g. "Message size"
	YLabel string // y axis caption, e.g. "Bus bandwidth (GB/s)"

	XScale Scale
	// XTicks, when set, replace the automatic x ticks: e.g. exactly the
	// utilisations a worksheet was computed at. A tick with an empty Label
	// is labelled with XFormat. Ticks that cannot be placed are skipped.
	XTicks []Tick

	// YFormat and XFormat label tick values (and the values in the
	// description), e.g. as money or percentages in the reader's locale.
	// When nil, numbers are printed plainly, and a Log2 x axis uses [Bytes].
	YFormat func(float64) string
	XFormat func(float64) string

	Series []Series
	Bands  []Band

	// Width and Height are the size in pixels (and viewBox units); zero
	// means 720×400. A long legend makes the document taller than Height
	// rather than squeeze the plot.
	Width, Height int

	Highlight Highlight
	// Lowest, when set, tells HighlightMin which series is the lowest at
	// each x value (an index into Series) instead of comparing the drawn
	// y values: the caller may have compared figures more exact than the
	// rounded ones it plots, and the chart must name what its table names.
	// An x no series has a point at, or an index out of range, is skipped.
	Lowest map[float64]int

	// The remaining fields exist for translation; each has an English
	// default.

	// LowestLabel names the highlighted series, e.g. "cheapest";
	// default "lowest".
	LowestLabel string
	// NoData is shown when there is nothing to plot; default "No data".
	NoData string
	// Desc replaces the generated English <desc> (the text screen readers
	// read out), e.g. with a translated summary.
	Desc string
	// Lang is the BCP 47 language of the text, e.g. "ru", set as xml:lang.
	Lang string
}
