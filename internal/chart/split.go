package chart

// SplitPart is one share of a whole, e.g. a vendor's share of an award.
type SplitPart struct {
	Label string  // user input, escaped by the template
	Text  string  // the share as the page writes it, e.g. "Acme: 60 %"
	Value float64 // the share; non-finite or negative counts as none
}

// Split is one bar divided into its parts' shares of their sum, with a
// key per part under it, in the bar's order.
type Split struct {
	Parts []SplitPart
}

// SplitFigure is a laid-out [Split].
type SplitFigure struct {
	ViewBox string
	Y, H    string // the bar's top and height
	Segs    []StackSeg
	Legend  []LegendKey
	Empty   bool
}

// Layout computes the bar's geometry.
func (c Split) Layout() SplitFigure {
	const (
		left, right = 2.0, inlineWidth - 2.0
		top, barH   = 2.0, 22.0
		keyH        = 18.0
	)
	total := 0.0
	for _, p := range c.Parts {
		if finite(p.Value) && p.Value > 0 {
			total += p.Value
		}
	}
	f := SplitFigure{Y: coord(top), H: coord(barH)}
	if !(total > 0) || !finite(total) {
		f.Empty = true
		f.ViewBox = "0 0 " + itoa(inlineWidth) + " 24"
		return f
	}
	at := 0.0
	ly := top + barH + 8
	for _, p := range c.Parts {
		if !finite(p.Value) || p.Value <= 0 {
			continue
		}
		fill := stackColours[len(f.Segs)%len(stackColours)]
		x0 := left + (right-left)*at/total
		at += p.Value
		x1 := left + (right-left)*at/total
		f.Segs = append(f.Segs, StackSeg{X: coord(x0), W: coord(x1 - x0), Fill: fill, Series: p.Label})
		y := ly + float64(len(f.Legend))*keyH
		label := p.Text
		if label == "" {
			label = p.Label
		}
		f.Legend = append(f.Legend, LegendKey{X: coord(left), Y: coord(y), TextX: coord(left + 16), TextY: coord(y + 10),
			Fill: fill, Label: truncate(label, fitChars(right-left-16, 12))})
	}
	f.ViewBox = "0 0 " + itoa(inlineWidth) + " " + itoa(int(ly+float64(len(f.Legend))*keyH+2))
	return f
}
