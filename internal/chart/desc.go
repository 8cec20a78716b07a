package chart

import "strings"

// describe is the chart's <desc>: what a screen reader says instead of
// showing the picture, so it states the figures the picture shows.
func (r *renderer) describe() string {
	if r.c.Desc != "" {
		return r.c.Desc
	}
	var b strings.Builder
	b.WriteString("Line chart")
	if r.c.Title != "" {
		b.WriteString(": " + r.c.Title)
	}
	b.WriteString(". ")

	var xs, ys extent
	var names []string
	for _, s := range r.series {
		if len(s.pts) == 0 {
			continue
		}
		names = append(names, s.name)
		for _, p := range s.pts {
			xs.add(p.X)
			ys.add(p.Y)
		}
	}
	if len(names) == 0 {
		msg := r.c.NoData
		if msg == "" {
			msg = "No data"
		}
		b.WriteString(msg + ".")
	} else {
		b.WriteString(itoa(len(names)) + " series: " + strings.Join(names, ", ") + ". ")
		b.WriteString("X axis")
		if r.c.XLabel != "" {
			b.WriteString(" (" + r.c.XLabel + ")")
		}
		if r.x.log {
			b.WriteString(", log scale")
		}
		b.WriteString(": " + r.x.format(xs.lo) + " to " + r.x.format(xs.hi) + ". ")
		b.WriteString("Y axis")
		if r.c.YLabel != "" {
			b.WriteString(" (" + r.c.YLabel + ")")
		}
		b.WriteString(": " + r.y.format(ys.lo) + " to " + r.y.format(ys.hi) + ".")
	}
	for _, band := range r.bands {
		b.WriteString(" Band")
		if band.Label != "" {
			b.WriteString(" " + band.Label)
		}
		b.WriteString(": " + r.y.format(band.From) + " to " + r.y.format(band.To) + ".")
	}
	if len(r.lowest) > 0 {
		b.WriteString(" " + r.lowestLabel() + ":")
		for i, w := range r.lowest {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(" " + r.series[w.series].name + " at " + r.x.format(w.x))
		}
		b.WriteString(".")
	}
	return b.String()
}
