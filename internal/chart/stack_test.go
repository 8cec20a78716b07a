package chart

import (
	"strings"
	"testing"
)

func TestStackEmpty(t *testing.T) {
	f := Stack{Series: []string{"cost"}, Max: 10}.Layout()
	if !f.Empty || len(f.Rows) != 0 || f.ViewBox == "" {
		t.Errorf("%+v", f)
	}
}

func TestStackOneQuote(t *testing.T) {
	f := Stack{Series: []string{"cost", "terms"}, Max: 10,
		Items: []StackItem{{Label: "Acme", Text: "4.0–6.0", Parts: []float64{3, 2}, Low: 4, High: 6}}}.Layout()
	if f.Empty || len(f.Rows) != 1 {
		t.Fatalf("%+v", f)
	}
	r := f.Rows[0]
	if len(r.Segs) != 2 || r.Segs[0].Series != "cost" || r.Segs[1].Series != "terms" || r.Segs[0].Fill == r.Segs[1].Fill {
		t.Fatalf("segments %+v", r.Segs)
	}
	// 0..10 over the plot: 3 is 30 %, the parts abut.
	l, rt := num(t, f.Left), num(t, f.Right)
	if w := num(t, r.Segs[0].W); w < 0.3*(rt-l)-0.2 || w > 0.3*(rt-l)+0.2 {
		t.Errorf("3 of 10 is %v wide of %v", w, rt-l)
	}
	if got, want := num(t, r.Segs[1].X), num(t, r.Segs[0].X)+num(t, r.Segs[0].W); got < want-0.15 || got > want+0.15 {
		t.Errorf("second part at %v, first ends at %v", got, want)
	}
	if f.Ticks[0].Label != "0" || f.Ticks[len(f.Ticks)-1].Label != "10" {
		t.Errorf("ticks %+v", f.Ticks)
	}
	if !r.HasBand || num(t, r.BandLo) >= num(t, r.BandHi) || num(t, r.BandY) <= num(t, r.Y)+num(t, r.H) {
		t.Errorf("band %+v", r)
	}
	if len(f.Legend) != 2 || f.Legend[0].Label != "cost" || f.Legend[0].Fill != r.Segs[0].Fill {
		t.Errorf("legend %+v", f.Legend)
	}
}

func TestStackSortsSkipsBadPartsAndFitsTheLegend(t *testing.T) {
	long := strings.Repeat("Commercial flexibility <&> ", 4)
	f := Stack{Series: []string{"a", long, "c"}, Max: 10, Items: []StackItem{
		{Label: "Low", Parts: []float64{1, nan(), 1}},
		{Label: "High", Parts: []float64{4, 3, -2}},
	}}.Layout()
	if f.Rows[0].Label != "High" || f.Rows[1].Label != "Low" {
		t.Errorf("order %q %q", f.Rows[0].Label, f.Rows[1].Label)
	}
	if len(f.Rows[0].Segs) != 2 || len(f.Rows[1].Segs) != 2 || f.Rows[1].Segs[1].Series != "c" {
		t.Errorf("segments %+v / %+v", f.Rows[0].Segs, f.Rows[1].Segs)
	}
	if f.Rows[0].HasBand {
		t.Errorf("no band given, yet one drawn: %+v", f.Rows[0])
	}
	if lb := f.Legend[1].Label; !strings.HasSuffix(lb, "…") || textWidth(lb, 12) > (num(t, f.Right)-num(t, f.Left))/2 {
		t.Errorf("legend label %q", lb)
	}
	// Two columns: the third key starts a second line under the first.
	if f.Legend[2].X != f.Legend[0].X || num(t, f.Legend[2].Y) <= num(t, f.Legend[0].Y) || num(t, f.Legend[0].Y) <= num(t, f.AxisY) {
		t.Errorf("legend %+v", f.Legend)
	}
}

func TestStackWidensPastMax(t *testing.T) {
	f := Stack{Max: 10, Items: []StackItem{{Label: "x", Parts: []float64{12}}}}.Layout()
	if last := f.Ticks[len(f.Ticks)-1]; last.Label != "12" && last.Label != "14" && last.Label != "15" {
		t.Errorf("axis ends at %q", last.Label)
	}
	if s := f.Rows[0].Segs[0]; num(t, s.X)+num(t, s.W) > num(t, f.Right)+0.1 {
		t.Errorf("bar runs past the plot: %+v", s)
	}
}

// The nine scoring criteria each have their own colour in the legend.
func TestStackNineSeriesLookApart(t *testing.T) {
	series := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i"}
	f := Stack{Series: series, Max: 10, Items: []StackItem{{Label: "q", Parts: []float64{1, 1, 1, 1, 1, 1, 1, 1, 1}}}}.Layout()
	seen := map[string]bool{}
	for _, k := range f.Legend {
		if seen[k.Fill] {
			t.Errorf("colour %s twice in %+v", k.Fill, f.Legend)
		}
		seen[k.Fill] = true
	}
	if len(seen) != len(series) {
		t.Errorf("%d colours for %d series", len(seen), len(series))
	}
}
