package chart

import (
	"math"
	"testing"
)

func TestSplitEmpty(t *testing.T) {
	for _, parts := range [][]SplitPart{nil, {{Label: "x", Value: 0}}, {{Label: "x", Value: math.Inf(1)}}} {
		if f := (Split{Parts: parts}).Layout(); !f.Empty || len(f.Segs) != 0 || f.ViewBox == "" {
			t.Errorf("%v: %+v", parts, f)
		}
	}
}

func TestSplitSharesTheBar(t *testing.T) {
	f := Split{Parts: []SplitPart{{Label: "A", Text: "A: 60 %", Value: 60}, {Label: "skip", Value: -1}, {Label: "B", Value: 40}}}.Layout()
	if len(f.Segs) != 2 || len(f.Legend) != 2 {
		t.Fatalf("%+v", f)
	}
	a, b := f.Segs[0], f.Segs[1]
	wa, wb := num(t, a.W), num(t, b.W)
	if r := wa / (wa + wb); r < 0.599 || r > 0.601 {
		t.Errorf("A has %v of the bar", r)
	}
	if got, want := num(t, b.X), num(t, a.X)+wa; math.Abs(got-want) > 0.15 {
		t.Errorf("B starts at %v, A ends at %v", got, want)
	}
	if end := num(t, b.X) + wb; math.Abs(end-(inlineWidth-2)) > 0.15 {
		t.Errorf("the bar ends at %v", end)
	}
	if f.Legend[0].Label != "A: 60 %" || f.Legend[1].Label != "B" || f.Legend[0].Fill != a.Fill || a.Fill == b.Fill {
		t.Errorf("legend %+v", f.Legend)
	}
}

func TestSplitOneShare(t *testing.T) {
	f := Split{Parts: []SplitPart{{Label: "Only", Value: 100}}}.Layout()
	if len(f.Segs) != 1 || num(t, f.Segs[0].W) < inlineWidth-4.1 {
		t.Errorf("%+v", f)
	}
}
