package chart

import (
	"math"
	"slices"
)

// writeBands shades each band across the plot, under the series, so the
// lines stay readable where they run through it.
func (r *renderer) writeBands() {
	if len(r.bands) == 0 {
		return
	}
	r.printf(`<g class="bands" fill="%s" fill-opacity="0.16" stroke="%s" stroke-opacity="0.6" stroke-dasharray="4 3">`+"\n", inkBand, inkBand)
	for _, b := range r.bands {
		top, bottom := r.py(b.To), r.py(b.From)
		// A band of one value is still drawn, as a thin strip.
		height := math.Max(bottom-top, 1.5)
		r.printf(`<rect x="%s" y="%s" width="%s" height="%s"/>`+"\n", coord(r.left), coord(top), coord(r.plotW), coord(height))
	}
	r.b.WriteString("</g>\n")
}

// writeBandLabels labels each band at its top left, inside it when it is
// tall enough and just above it otherwise. The labels are written after
// the series, with a halo, so lines do not strike through them.
func (r *renderer) writeBandLabels() {
	if !slices.ContainsFunc(r.bands, func(b Band) bool { return b.Label != "" }) {
		return
	}
	r.b.WriteString(`<g class="band-labels" font-size="` + coord(tickFont) + `" fill="#333" stroke="#fff" stroke-width="3" stroke-linejoin="round" paint-order="stroke">` + "\n")
	for _, b := range r.bands {
		if b.Label == "" {
			continue
		}
		top, bottom := r.py(b.To), r.py(b.From)
		y := top + tickFont + 3
		if bottom-top < tickFont+6 {
			y = top - 4
		}
		r.textEl(r.left+6, y, "", truncate(b.Label, fitChars(r.plotW-12, tickFont)))
	}
	r.b.WriteString("</g>\n")
}
