package chart

import (
	"cmp"
	"math"
	"slices"
)

// winner is the lowest series at one x value.
type winner struct {
	x, y   float64
	series int // index into the chart's series
}

// lowest finds the series with the lowest y at every x value any series
// has. Ties go to the earlier series, as the worksheet breaks them, so the
// chart and the table name the same quote.
func lowest(ss []plotSeries) []winner {
	best := map[float64]winner{}
	for i, s := range ss {
		for _, p := range s.pts {
			if w, ok := best[p.X]; !ok || p.Y < w.y {
				best[p.X] = winner{p.X, p.Y, i}
			}
		}
	}
	out := make([]winner, 0, len(best))
	for _, w := range best {
		out = append(out, w)
	}
	// Map order is random; sorting by x makes the output deterministic.
	slices.SortFunc(out, func(a, b winner) int { return cmp.Compare(a.x, b.x) })
	return out
}

// given is the lowest series at each x as the caller named it, placed at
// that series' point.
func given(ss []plotSeries, at map[float64]int) []winner {
	var out []winner
	for x, i := range at {
		if i < 0 || i >= len(ss) {
			continue
		}
		for _, p := range ss[i].pts {
			if p.X == x {
				out = append(out, winner{x, p.Y, i})
				break
			}
		}
	}
	slices.SortFunc(out, func(a, b winner) int { return cmp.Compare(a.x, b.x) })
	return out
}

// lowestLabel is the word for the highlighted series.
func (r *renderer) lowestLabel() string {
	if r.c.LowestLabel != "" {
		return r.c.LowestLabel
	}
	return "lowest"
}

// writeLowest rings the lowest point at every x and, above the plot,
// names the lowest series wherever it changes, so the crossover points
// read at a glance.
func (r *renderer) writeLowest() {
	if len(r.lowest) == 0 {
		return
	}
	r.b.WriteString(`<g class="lowest" stroke="#000" stroke-width="1.5">` + "\n")
	for _, w := range r.lowest {
		r.printf(`<circle cx="%s" cy="%s" r="6" fill="%s"/>`+"\n", coord(r.px(w.x)), coord(r.py(w.y)), styleFor(w.series).colour)
	}
	r.b.WriteString("</g>\n")

	var changes []winner
	for i, w := range r.lowest {
		if i == 0 || w.series != r.lowest[i-1].series {
			changes = append(changes, w)
		}
	}
	r.b.WriteString(`<g class="annotations" font-size="` + coord(tickFont) + `" text-anchor="middle">` + "\n")
	y := r.top - 8
	// Left to right, each label gets the space from the end of the one
	// before to halfway to the next change (the last: to the edge), and
	// is centred on its point as far as that space allows; so labels keep
	// their order and never overlap, and a short label leaves room for
	// the next one.
	start := 2.0
	for i, w := range changes {
		x := r.px(w.x)
		end := r.w - 2
		if i < len(changes)-1 {
			end = (x + r.px(changes[i+1].x)) / 2
		}
		label := r.annotation(r.series[w.series].name, fitChars(end-start, tickFont))
		if label == "" {
			continue
		}
		half := textWidth(label, tickFont) / 2
		at := math.Min(math.Max(x, start+half), end-half)
		start = at + half + 8
		r.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-dasharray="2 2"/>`+"\n",
			coord(x), coord(y+3), coord(x), coord(r.top), inkMuted)
		r.textEl(at, y, "", label)
	}
	r.b.WriteString("</g>\n")
}

// annotation is "lowest: name" in at most n runes, dropping the prefix
// and then truncating the name when room is short; empty when even a
// clipped name would not fit.
func (r *renderer) annotation(name string, n int) string {
	full := r.lowestLabel() + ": " + name
	switch {
	case len([]rune(full)) <= n:
		return full
	case n >= 4:
		return truncate(name, n)
	}
	return ""
}
