package chart

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestLinesEmpty(t *testing.T) {
	for _, ss := range [][]Series{nil, {{Name: "x"}}, {{Name: "x", Points: []Point{{0, 5}}}}} {
		if f := (Lines{Series: ss}).Layout(); !f.Empty || len(f.Paths) != 0 {
			t.Errorf("%v: %+v", ss, f)
		}
	}
}

func TestLinesCumulativeCost(t *testing.T) {
	f := Lines{Series: []Series{
		{Name: "Buy", Points: []Point{{0, 100}, {24, 220}}},
		{Name: "Reserve", Points: []Point{{0, 0}, {24, 240}}},
	}, Marks: []Mark{{X: 20, Y: 200, Label: "break-even: month 20"}}}.Layout()
	if f.Empty || len(f.Paths) != 2 || len(f.Legend) != 2 {
		t.Fatalf("%+v", f)
	}
	// Both axes from zero; y ticks run up the plot.
	if f.XTicks[0].Label != "0" || f.YTicks[0].Label != "0" || num(t, f.YTicks[0].Y) != num(t, f.AxisY) {
		t.Errorf("ticks %+v %+v", f.XTicks, f.YTicks)
	}
	if last := f.YTicks[len(f.YTicks)-1]; num(t, last.Y) >= num(t, f.YTicks[0].Y) {
		t.Errorf("y ticks run down: %+v", f.YTicks)
	}
	// The reserve line starts at the origin: bottom left of the plot.
	if !strings.HasPrefix(f.Paths[1].Points, f.Left+","+f.AxisY+" ") {
		t.Errorf("reserve %q", f.Paths[1].Points)
	}
	if f.Paths[0].Colour == f.Paths[1].Colour || f.Paths[0].Dash == f.Paths[1].Dash {
		t.Errorf("series look alike: %+v", f.Paths)
	}
	m := f.Marks[0]
	if num(t, m.X) <= num(t, f.Left) || num(t, m.X) >= num(t, f.Right) || num(t, m.LabelY) >= num(t, m.Y) {
		t.Errorf("mark %+v", m)
	}
}

func TestLinesMarkLabelStaysInside(t *testing.T) {
	f := Lines{Series: []Series{{Name: "a", Points: []Point{{0, 0}, {10, 10}}}},
		Marks: []Mark{{X: 10, Y: 10, Label: "a long label at the right edge"}, {X: 0, Y: 0, Label: "a long label at the left edge"}}}.Layout()
	if f.Marks[0].Anchor != "end" || f.Marks[1].Anchor != "start" {
		t.Errorf("marks %+v", f.Marks)
	}
}

// An axis of large amounts reads in round figures, written by the
// reader's locale: no cents on ticks a million apart.
func TestLinesAmountAxisHasNoCents(t *testing.T) {
	group := func(plain string) string { // a stand-in for the locale: 1,200,000
		var b strings.Builder
		for i, r := range plain {
			if i > 0 && (len(plain)-i)%3 == 0 {
				b.WriteByte(',')
			}
			b.WriteRune(r)
		}
		return b.String()
	}
	f := Lines{Series: []Series{
		{Name: "Buy", Points: []Point{{0, 310000.25}, {36, 1234567.89}}},
		{Name: "Reserve", Points: []Point{{0, 0}, {36, 1080000.4}}},
	}, YFormat: func(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }, YNumber: group}.Layout()
	var got []string
	for _, tk := range f.YTicks {
		got = append(got, tk.Label)
	}
	if want := []string{"0", "500,000", "1,000,000", "1,500,000"}; !slices.Equal(got, want) {
		t.Errorf("y ticks %q, want %q", got, want)
	}
	// Small amounts keep the digits their step needs, no more.
	f = Lines{Series: []Series{{Name: "a", Points: []Point{{0, 0}, {10, 0.25}}}}, YNumber: group}.Layout()
	got = got[:0]
	for _, tk := range f.YTicks {
		got = append(got, tk.Label)
	}
	if want := []string{"0", "0.1", "0.2", "0.3"}; !slices.Equal(got, want) {
		t.Errorf("y ticks %q, want %q", got, want)
	}
}
