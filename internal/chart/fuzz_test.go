package chart

import (
	"math"
	"testing"
)

// FuzzLineSVG feeds arbitrary names and values through both scales and
// the highlight: whatever comes in, the output must be well-formed XML
// with finite coordinates and no markup from the input.
func FuzzLineSVG(f *testing.F) {
	f.Add("<script>alert(1)</script>", `"&'`, "band", 1.0, 2.0, 3.0, 4.0, 5.0, 1.0, 2.0, false, true)
	f.Add("a", "b", "", 8.0, 1.0, 1024.0, 100.0, 1073741824.0, 0.0, 400.0, true, false)
	f.Add("", "\xff\x00", "]]>", math.NaN(), math.Inf(1), 0.0, -1.0, math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, true, true)
	f.Add("same", "same", "b", 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, false, true)
	f.Fuzz(func(t *testing.T, n1, n2, band string, x1, y1, x2, y2, x3, from, to float64, log, hl bool) {
		c := Line{
			Title: n1, XLabel: n2, YLabel: band,
			Series: []Series{
				{n1, []Point{{x1, y1}, {x2, y2}, {x3, y1}}},
				{n2, []Point{{x2, y1}, {x1, y2}, {x3, to}}},
			},
			Bands: []Band{{band, from, to}},
		}
		if log {
			c.XScale = Log2
		}
		if hl {
			c.Highlight = HighlightMin
		}
		b := c.SVG()
		d, err := decode(b)
		if err != nil {
			t.Fatalf("not well-formed: %v\n%s", err, b)
		}
		checkNumbers(t, d)
		noRawScript(t, b)
	})
}
