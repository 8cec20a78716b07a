package chart

// palette is the Okabe–Ito colour-blind-safe palette, strongest first and
// without its yellow, which is too faint to read as a line on white.
var palette = [...]string{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"}

// dashes are the stroke patterns that tell lines apart without colour:
// in greyscale print and for readers who cannot tell the hues apart.
var dashes = [...]string{"", "8 4", "2 3", "10 3 2 3", "4 2", "14 3 3 3 3 3"}

// shape is a point marker's outline.
type shape int

const (
	circle shape = iota
	square
	triangleUp
	diamond
	triangleDown
	plus
	numShapes
)

// style is how one series is drawn.
type style struct {
	colour string
	dash   string // stroke-dasharray; empty is solid
	shape  shape
	hollow bool // outlined rather than filled marker
}

// styleFor returns the style of the i-th series. The palette (7) and the
// dash and shape cycles (6) are coprime, and markers turn hollow after
// the first six, so the first 84 series all look different.
func styleFor(i int) style {
	return style{
		colour: palette[i%len(palette)],
		dash:   dashes[i%len(dashes)],
		shape:  shape(i % int(numShapes)),
		hollow: (i/int(numShapes))%2 == 1,
	}
}

// Colours of the chart furniture, kept neutral so series colours stand out.
const (
	inkText  = "#222"
	inkMuted = "#555"
	inkAxis  = "#555"
	inkGrid  = "#e3e3e3"
	inkBand  = "#7a7a7a"
	bgColour = "#fff"
)
