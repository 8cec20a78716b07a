package chart

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

func pct(v float64) string { return fmt.Sprintf("%.0f %%", v) }

// sensitivity is a worksheet-like chart: the cheapest quote changes from
// B to C to A as utilisation rises.
func sensitivity() Line {
	return Line{
		Title: "Cost per useful GPU-hour", XLabel: "Utilisation", YLabel: "USD",
		XTicks:  []Tick{{50, ""}, {70, ""}, {85, ""}, {95, ""}},
		XFormat: pct, YFormat: func(v float64) string { return fmt.Sprintf("$%.2f", v) },
		Highlight: HighlightMin, LowestLabel: "cheapest",
		Series: []Series{
			{"A", []Point{{50, 4.1}, {70, 2.95}, {85, 2.43}, {95, 2.18}}},
			{"B", []Point{{50, 2.9}, {70, 2.9}, {85, 2.9}, {95, 2.9}}},
			{"C", []Point{{50, 3.5}, {70, 2.6}, {85, 2.7}, {95, 2.75}}},
		},
	}
}

// busbw is a benchmark-like chart: runs over 8 B to 8 GiB on a log2 axis
// with the fabric's expected range.
func busbw(runs int) Line {
	var ss []Series
	for r := range runs {
		var pts []Point
		for e := 3; e <= 33; e++ {
			s := math.Ldexp(1, e)
			pts = append(pts, Point{s, 370 * (1 - float64(r)*0.05) * s / (s + 4e6)})
		}
		ss = append(ss, Series{fmt.Sprintf("run %d", r+1), pts})
	}
	return Line{Title: "NCCL all-reduce", XLabel: "Message size", YLabel: "Bus bandwidth (GB/s)", XScale: Log2,
		Series: ss, Bands: []Band{{"expected: NDR 400G", 340, 370}}}
}

func TestSensitivityStructure(t *testing.T) {
	b := sensitivity().SVG()
	d := parse(t, b)
	checkNumbers(t, d)
	if got := d.counts["polyline"] + d.counts["path"]; got != 3 {
		t.Errorf("%d lines, want one per series (3)", got)
	}
	if got := d.count("legend", "line"); got != 3 {
		t.Errorf("%d legend line samples, want 3", got)
	}
	for _, s := range []string{"A", "B", "C", "cheapest", "50 %", "70 %", "85 %", "95 %", "Utilisation", "USD", "Cost per useful GPU-hour"} {
		if !d.hasText(s) {
			t.Errorf("no text %q in %q", s, d.texts)
		}
	}
	// A dot at each of the four utilisations, on the cheapest quote.
	if got := d.count("lowest", "circle"); got != 4 {
		t.Errorf("%d lowest dots, want 4", got)
	}
	// The cheapest changes at 50 % (B), 70 % (C) and 85 % (A).
	for _, s := range []string{"cheapest: B", "cheapest: C", "cheapest: A"} {
		if !d.hasText(s) {
			t.Errorf("no annotation %q in %q", s, d.texts)
		}
	}
	if got := d.count("annotations", "text"); got != 3 {
		t.Errorf("%d annotations, want 3 (one per change)", got)
	}
	if !strings.Contains(d.desc, "cheapest: B at 50 %, C at 70 %, A at 85 %, A at 95 %") {
		t.Errorf("desc %q does not list the cheapest quote at each utilisation", d.desc)
	}
	// The y ticks are round amounts covering 2.18 to 4.10.
	for _, s := range []string{"$2.00", "$3.00", "$4.00"} {
		if !d.hasText(s) {
			t.Errorf("no y tick %q in %q", s, d.texts)
		}
	}
}

func TestBusbwStructure(t *testing.T) {
	b := busbw(3).SVG()
	d := parse(t, b)
	checkNumbers(t, d)
	if got := d.counts["polyline"] + d.counts["path"]; got != 3 {
		t.Errorf("%d lines, want 3", got)
	}
	if got := d.count("bands", "rect"); got != 1 {
		t.Errorf("%d band rects, want 1", got)
	}
	for _, s := range []string{"1 KiB", "1 MiB", "1 GiB", "expected: NDR 400G", "run 1", "run 2", "run 3"} {
		if !d.hasText(s) {
			t.Errorf("no text %q in %q", s, d.texts)
		}
	}
	if d.counts["title"] != 1 || d.desc == "" {
		t.Errorf("want one <title> and a <desc>, got %d titles and desc %q", d.counts["title"], d.desc)
	}
	for _, want := range []string{`role="img"`, `xmlns="http://www.w3.org/2000/svg"`, `viewBox="0 0 720 400"`} {
		if !bytes.Contains(b, []byte(want)) {
			t.Errorf("no %s", want)
		}
	}
	// A dense run gets no more than markerEvery markers plus the last.
	if got := d.count("series", "circle"); got > markerEvery+1 {
		t.Errorf("%d circle markers on run 1", got)
	}
	// No highlight asked for, none drawn.
	if len(d.class["lowest"]) != 0 {
		t.Error("lowest drawn without Highlight")
	}
}

// TestNoStylesOrScripts keeps the output servable under a strict CSP.
func TestNoStylesOrScripts(t *testing.T) {
	for _, c := range []Line{sensitivity(), busbw(2)} {
		d := parse(t, c.SVG())
		for _, el := range []string{"style", "script", "foreignObject", "image", "a"} {
			if d.counts[el] != 0 {
				t.Errorf("<%s> in output", el)
			}
		}
		for _, a := range d.attrs {
			if a.Name.Local == "style" || a.Name.Local == "href" || strings.HasPrefix(a.Name.Local, "on") {
				t.Errorf("attribute %s in output", a.Name.Local)
			}
		}
	}
}

func TestEscaping(t *testing.T) {
	evil := []string{"<script>alert(1)</script>", `"&'`, "]]><x>", "a\x00b\x1bc\xff"}
	c := Line{
		Title: evil[0], XLabel: evil[1], YLabel: evil[2], Lang: `en"><script>`,
		LowestLabel: "<script>", NoData: "<script>", Highlight: HighlightMin,
		XFormat: func(float64) string { return "<script>x" },
		YFormat: func(float64) string { return "</text><script>" },
		Bands:   []Band{{"<script>band</script>", 1, 2}},
	}
	for i, n := range evil {
		c.Series = append(c.Series, Series{n, []Point{{1, float64(i)}, {2, float64(i)}}})
	}
	b := c.SVG()
	d := parse(t, b)
	noRawScript(t, b)
	// Escaped, not dropped: the decoded text is the name as given.
	for _, n := range evil[:3] {
		if !d.hasText(n) && !d.hasText(strings.TrimSpace(n)) {
			t.Errorf("name %q not shown; texts %q", n, d.texts)
		}
	}
	if !strings.Contains(d.desc, "<script>alert(1)</script>") {
		t.Errorf("desc %q lost the name", d.desc)
	}
	// A user-supplied description is escaped too.
	c.Desc = "</desc><script>alert(1)</script>"
	b = c.SVG()
	d = parse(t, b)
	noRawScript(t, b)
	if d.desc != c.Desc {
		t.Errorf("desc %q, want %q", d.desc, c.Desc)
	}
}

func TestEdgeCases(t *testing.T) {
	long := strings.Repeat("Very Long Vendor Name ", 20)
	tests := []struct {
		name  string
		c     Line
		lines int // polylines expected
	}{
		{"zero value", Line{}, 0},
		{"no points", Line{Series: []Series{{"A", nil}, {"B", []Point{}}}}, 0},
		{"one point", Line{Series: []Series{{"A", []Point{{1, 1}}}}}, 1},
		{"one point log", Line{XScale: Log2, Series: []Series{{"A", []Point{{1024, 5}}}}}, 1},
		{"all equal", Line{Series: []Series{{"A", []Point{{3, 7}, {3, 7}, {3, 7}}}, {"B", []Point{{3, 7}}}}, Highlight: HighlightMin}, 2},
		{"all zero", Line{Series: []Series{{"A", []Point{{0, 0}, {0, 0}}}}}, 1},
		{"nan and inf", Line{Series: []Series{{"A", []Point{{math.NaN(), 1}, {1, math.Inf(1)}, {2, 2}, {3, math.Inf(-1)}, {4, 4}}}}}, 1},
		{"only nan", Line{Series: []Series{{"A", []Point{{math.NaN(), math.NaN()}}}}}, 0},
		{"log non-positive", Line{XScale: Log2, Series: []Series{{"A", []Point{{0, 1}, {-8, 2}, {8, 3}, {16, 4}}}}}, 1},
		{"log all non-positive", Line{XScale: Log2, Series: []Series{{"A", []Point{{0, 1}, {-8, 2}}}}}, 0},
		{"float extremes", Line{Series: []Series{{"A", []Point{{-math.MaxFloat64, -math.MaxFloat64}, {math.MaxFloat64, math.MaxFloat64}}}}}, 1},
		{"float extremes log", Line{XScale: Log2, Series: []Series{{"A", []Point{{math.SmallestNonzeroFloat64, 0}, {math.MaxFloat64, math.MaxFloat64}}}}}, 1},
		{"subnormal", Line{Series: []Series{{"A", []Point{{0, 0}, {math.SmallestNonzeroFloat64, math.SmallestNonzeroFloat64}}}}}, 1},
		{"nearly equal", Line{Series: []Series{{"A", []Point{{1, 1e300}, {2, math.Nextafter(1e300, math.Inf(1))}}}}}, 1},
		{"negative values", Line{Series: []Series{{"A", []Point{{-5, -3}, {-1, -0.5}}}}}, 1},
		{"unsorted", Line{Series: []Series{{"A", []Point{{3, 1}, {1, 2}, {2, 3}}}}}, 1},
		{"bands only", Line{Bands: []Band{{"x", 5, 1}, {"nan", math.NaN(), 1}, {"", 3, 3}}}, 0},
		{"bad size", Line{Width: -5, Height: 1 << 30, Series: []Series{{"A", []Point{{1, 1}, {2, 2}}}}}, 1},
		{"tiny size", Line{Width: 1, Height: 1, Title: long, XLabel: long, YLabel: long, Series: []Series{{long, []Point{{1, 1}, {2, 2}}}}}, 1},
		{"bad ticks", Line{XTicks: []Tick{{math.NaN(), "n"}, {math.Inf(1), "i"}}, Series: []Series{{"A", []Point{{1, 1}}}}}, 1},
		{"log bad ticks", Line{XScale: Log2, XTicks: []Tick{{0, "zero"}, {-1, "neg"}, {64, ""}}, Series: []Series{{"A", []Point{{8, 1}, {32, 2}}}}}, 1},
		{"empty names", Line{Series: []Series{{"", []Point{{1, 1}}}, {"  ", []Point{{2, 2}}}}}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := tt.c.SVG()
			d := parse(t, b)
			checkNumbers(t, d)
			if got := d.counts["polyline"] + d.counts["path"]; got != tt.lines {
				t.Errorf("%d lines, want %d", got, tt.lines)
			}
			if bytes.Contains(b, []byte("NaN")) || bytes.Contains(b, []byte("Inf")) {
				t.Errorf("NaN or Inf in output:\n%s", b)
			}
		})
	}
}

func TestNoDataIsSaid(t *testing.T) {
	d := parse(t, Line{NoData: "Нет данных"}.SVG())
	if !d.hasText("Нет данных") {
		t.Errorf("texts %q", d.texts)
	}
	// Made-up ticks are not labelled.
	if got := d.count("ticks", "text"); got != 0 {
		t.Errorf("%d tick labels on an empty chart", got)
	}
	d = parse(t, Line{Series: []Series{{"A", []Point{{1, 1}}}}}.SVG())
	if d.hasText("No data") {
		t.Error("No data shown on a chart with data")
	}
}

func TestLongNamesTruncatedInLegend(t *testing.T) {
	long := strings.Repeat("Extremely Long Vendor ", 10) + "End"
	d := parse(t, Line{Series: []Series{{long, []Point{{1, 1}, {2, 2}}}}}.SVG())
	var shown string
	for _, s := range d.texts {
		if strings.HasPrefix(s, "Extremely") {
			shown = s
		}
	}
	if !strings.HasSuffix(shown, "…") || len([]rune(shown)) >= len([]rune(long)) {
		t.Errorf("legend shows %q, want it truncated with an ellipsis", shown)
	}
	// The full name is kept as the entry's tooltip and in the description.
	if !slices.Contains(d.titles, long) || !strings.Contains(d.desc, long) {
		t.Errorf("full name lost: titles %q", d.titles)
	}
}

func TestDeterministic(t *testing.T) {
	// Many x values make map iteration order (in the highlight) matter.
	c := busbw(4)
	c.Highlight = HighlightMin
	want := c.SVG()
	for range 20 {
		if got := c.SVG(); !bytes.Equal(got, want) {
			t.Fatal("same input rendered differently")
		}
	}
}

func TestInputNotModified(t *testing.T) {
	pts := []Point{{3, 1}, {1, 2}, {math.NaN(), 3}}
	c := Line{Series: []Series{{"A", pts}}, XTicks: []Tick{{1, ""}}}
	c.SVG()
	if pts[0].X != 3 || pts[1].X != 1 || !math.IsNaN(pts[2].X) || c.XTicks[0].Label != "" {
		t.Errorf("input modified: %v %v", pts, c.XTicks)
	}
}

func TestLowestTiesGoToEarlierSeries(t *testing.T) {
	got := lowest([]plotSeries{
		{name: "A", pts: []Point{{1, 2}, {2, 5}}},
		{name: "B", pts: []Point{{1, 2}, {2, 1}, {3, 9}}},
	})
	want := []winner{{1, 2, 0}, {2, 1, 1}, {3, 9, 1}}
	if !slices.Equal(got, want) {
		t.Errorf("lowest = %v, want %v", got, want)
	}
}

func TestStylesDiffer(t *testing.T) {
	seen := map[style]int{}
	for i := range 84 {
		st := styleFor(i)
		if j, ok := seen[st]; ok {
			t.Fatalf("series %d and %d look the same: %+v", j, i, st)
		}
		seen[st] = i
	}
	// Without colour the first six still differ by dash and marker.
	dashSeen := map[string]bool{}
	for i := range len(dashes) {
		dashSeen[styleFor(i).dash] = true
	}
	if len(dashSeen) != len(dashes) {
		t.Error("dash patterns repeat within the first series")
	}
}

func TestTallLegendGrowsDocument(t *testing.T) {
	var ss []Series
	for i := range 60 {
		ss = append(ss, Series{fmt.Sprintf("vendor %02d with a name", i), []Point{{1, float64(i)}, {2, float64(i)}}})
	}
	d := parse(t, Line{Width: 400, Height: 300, Series: ss}.SVG())
	if d.count("legend", "text") != 60 {
		t.Errorf("%d legend entries, want 60", d.count("legend", "text"))
	}
	var h string
	for _, a := range d.attrs {
		if a.Name.Local == "height" {
			h = a.Value // the first is the root's
			break
		}
	}
	if h == "300" {
		t.Error("document did not grow to fit 60 legend entries")
	}
}

// Two costs that round to the same cent tie on the chart, and the tie
// went to the earlier series while the table, comparing exact costs,
// named the later one: the caller's choice wins.
func TestLowestNamedByTheCaller(t *testing.T) {
	c := Line{Highlight: HighlightMin, LowestLabel: "cheapest",
		Series: []Series{{"A", []Point{{50, 0.42}, {70, 0.40}}}, {"B", []Point{{50, 0.42}, {70, 0.41}}}},
		Lowest: map[float64]int{50: 1, 70: 0, 99: 1, 60: 7}}
	d := parse(t, c.SVG())
	if !d.hasText("cheapest: B") || !d.hasText("cheapest: A") {
		t.Errorf("the chart does not name B, then A")
	}
	if got := d.count("lowest", "circle"); got != 2 {
		t.Errorf("%d points ringed, want 2 (x=99 and series 7 skipped)", got)
	}
	c.Lowest = nil
	if d := parse(t, c.SVG()); d.hasText("cheapest: B") {
		t.Errorf("without the caller's choice the tie goes to the earlier series")
	}
}
