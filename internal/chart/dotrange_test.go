package chart

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

func TestDotRangeEmpty(t *testing.T) {
	for _, items := range [][]RangeItem{nil, {{Label: "x", Value: nan()}}} {
		f := DotRange{Items: items}.Layout()
		if !f.Empty || len(f.Rows) != 0 || f.ViewBox == "" {
			t.Errorf("%v: %+v", items, f)
		}
	}
}

func TestDotRangeOneQuote(t *testing.T) {
	f := DotRange{Items: []RangeItem{{Label: "Acme", Value: 2, Low: 1.5, High: 3}}}.Layout()
	if f.Empty || len(f.Rows) != 1 {
		t.Fatalf("%+v", f)
	}
	r := f.Rows[0]
	// The axis starts at zero and ends at 3 on round ticks.
	if f.Ticks[0].Label != "0" || f.Ticks[len(f.Ticks)-1].Label != "3" {
		t.Errorf("ticks %+v", f.Ticks)
	}
	if !(num(t, r.XLow) < num(t, r.X) && num(t, r.X) < num(t, r.XHigh)) || !r.HasRange || r.Clipped {
		t.Errorf("row %+v", r)
	}
	if r.XHigh != f.Right {
		t.Errorf("high %s, plot ends at %s", r.XHigh, f.Right)
	}
	if f.Ticks[0].Anchor != "start" || f.Ticks[len(f.Ticks)-1].Anchor != "end" {
		t.Errorf("end ticks anchored %+v", f.Ticks)
	}
}

func TestDotRangeSortsAndScales(t *testing.T) {
	f := DotRange{Items: []RangeItem{
		{Label: "B", Value: 4},
		{Label: "A", Value: 1, Marked: true},
		{Label: "C", Value: 2, Low: 0, High: 0}, // no range
	}, Format: func(v float64) string { return "$" + value(v) }}.Layout()
	var got []string
	for _, r := range f.Rows {
		got = append(got, r.Label)
	}
	if strings.Join(got, "") != "ACB" {
		t.Errorf("order %v", got)
	}
	if !f.Rows[0].Marked || f.Rows[1].HasRange {
		t.Errorf("rows %+v", f.Rows)
	}
	// Linear: 1 and 2 and 4 on a 0..4 axis.
	l, r := num(t, f.Left), num(t, f.Right)
	want := l + (r-l)/4
	if x := num(t, f.Rows[0].X); x < want-0.1 || x > want+0.1 {
		t.Errorf("1 of 4 at %v, want %v", x, want)
	}
	if !strings.HasPrefix(f.Ticks[0].Label, "$") {
		t.Errorf("format not used: %+v", f.Ticks)
	}
	// Rows go down the page.
	if !(num(t, f.Rows[0].LabelY) < num(t, f.Rows[0].Y) && num(t, f.Rows[0].Y) < num(t, f.Rows[0].TextY) && num(t, f.Rows[0].TextY) < num(t, f.Rows[1].LabelY)) {
		t.Errorf("a row's name, range and figure overlap: %+v", f.Rows[:2])
	}
	if !(num(t, f.Rows[0].Y) < num(t, f.Rows[1].Y) && num(t, f.Rows[1].Y) < num(t, f.AxisY)) {
		t.Errorf("rows %+v axis %s", f.Rows, f.AxisY)
	}
}

func TestDotRangeClipsAnOutlier(t *testing.T) {
	f := DotRange{Items: []RangeItem{
		{Label: "A", Value: 1, Low: 0.9, High: 1.2},
		{Label: "B", Value: 1.1},
		{Label: "C", Value: 100, Text: "100.00"},
	}}.Layout()
	c := f.Rows[2]
	if !c.Clipped || c.X != f.Right || c.Text != "100.00" {
		t.Errorf("outlier %+v", c)
	}
	// The others still spread over the axis rather than crowd at zero.
	if x := num(t, f.Rows[1].X); x < num(t, f.Right)/4 {
		t.Errorf("flattened: 1.1 at %v of %s", x, f.Right)
	}
	if f.Rows[0].Clipped || f.Rows[1].Clipped {
		t.Errorf("clipped too much: %+v", f.Rows)
	}
}

func nan() float64 { return math.NaN() }

// num reads a coordinate string.
func num(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("coordinate %q: %v", s, err)
	}
	return v
}

func TestDotRangeShortensLongNames(t *testing.T) {
	long := strings.Repeat("Very Long Provider <Name> ", 10)
	f := DotRange{Items: []RangeItem{{Label: long, Value: 1, Text: "1.00 USD (0.90 – 1.20)"}}}.Layout()
	r := f.Rows[0]
	if r.Label != long || !strings.HasSuffix(r.Name, "…") || textWidth(r.Name, 12) > num(t, f.Right)-num(t, f.Left) || len([]rune(r.Name)) < 40 {
		t.Errorf("name %q", r.Name)
	}
	if r.Arrow != "" {
		t.Errorf("not clipped, yet an arrow: %q", r.Arrow)
	}
}
