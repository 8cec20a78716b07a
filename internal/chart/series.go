package chart

import (
	"fmt"
	"strings"
)

// markerEvery is how many markers a line carries at most; on a dense run
// (thirty message sizes) a marker per point would blur into a thick line.
const markerEvery = 24

// writeSeries draws one <polyline> per series with at least one placeable
// point, with markers on its points.
func (r *renderer) writeSeries() {
	r.b.WriteString(`<g class="series" fill="none" stroke-width="2" stroke-linejoin="round" stroke-linecap="round">` + "\n")
	for i, s := range r.series {
		if len(s.pts) == 0 {
			continue
		}
		st := styleFor(i)
		r.printf(`<polyline stroke="%s"%s points="`, st.colour, dashAttr(st.dash))
		for j, p := range s.pts {
			if j > 0 {
				r.b.WriteByte(' ')
			}
			r.b.WriteString(coord(r.px(p.X)) + "," + coord(r.py(p.Y)))
		}
		r.b.WriteString(`"/>` + "\n")

		r.b.WriteString(markerGroup(st))
		step := (len(s.pts) + markerEvery - 1) / markerEvery
		for j, p := range s.pts {
			if j%step == 0 || j == len(s.pts)-1 {
				r.marker(r.px(p.X), r.py(p.Y), st.shape, 3.5)
			}
		}
		r.b.WriteString("</g>\n")
	}
	r.b.WriteString("</g>\n")
}

func dashAttr(d string) string {
	if d == "" {
		return ""
	}
	return ` stroke-dasharray="` + d + `"`
}

// markerGroup opens a group painting markers in a series' style; filled
// and hollow markers double the number of distinguishable series.
func markerGroup(st style) string {
	if st.hollow {
		return fmt.Sprintf(`<g fill="%s" stroke="%s" stroke-width="1.5" stroke-dasharray="none">`, bgColour, st.colour)
	}
	return fmt.Sprintf(`<g fill="%s" stroke="none">`, st.colour)
}

// marker draws one marker of shape centred on (x, y), about 2s across.
// Markers are circles, rects and polygons, never paths or polylines, so
// those count the series.
func (r *renderer) marker(x, y float64, sh shape, s float64) {
	switch sh {
	case circle:
		r.printf(`<circle cx="%s" cy="%s" r="%s"/>`, coord(x), coord(y), coord(s))
	case square:
		s *= 0.9 // a square looks larger than a circle of the same width
		r.printf(`<rect x="%s" y="%s" width="%s" height="%s"/>`, coord(x-s), coord(y-s), coord(2*s), coord(2*s))
	case triangleUp:
		r.polygon(x, y, s*1.2, [][2]float64{{0, -1}, {0.95, 0.7}, {-0.95, 0.7}})
	case triangleDown:
		r.polygon(x, y, s*1.2, [][2]float64{{0, 1}, {0.95, -0.7}, {-0.95, -0.7}})
	case diamond:
		r.polygon(x, y, s*1.25, [][2]float64{{0, -1}, {1, 0}, {0, 1}, {-1, 0}})
	default: // plus
		a, b := 0.35, 1.0
		r.polygon(x, y, s*1.1, [][2]float64{{-a, -b}, {a, -b}, {a, -a}, {b, -a}, {b, a}, {a, a}, {a, b}, {-a, b}, {-a, a}, {-b, a}, {-b, -a}, {-a, -a}})
	}
	r.b.WriteByte('\n')
}

// polygon draws a unit outline scaled by s around (x, y).
func (r *renderer) polygon(x, y, s float64, pts [][2]float64) {
	var b strings.Builder
	for i, p := range pts {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(coord(x+p[0]*s) + "," + coord(y+p[1]*s))
	}
	r.printf(`<polygon points="%s"/>`, b.String())
}
