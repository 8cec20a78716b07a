package chart_test

import (
	"fmt"

	"github.com/gpuquote/gpuquote/internal/chart"
)

func ExampleBytes() {
	fmt.Println(chart.Bytes(1024), chart.Bytes(8<<20), chart.Bytes(16<<30), chart.Bytes(1536))
	// Output: 1 KiB 8 MiB 16 GiB 1.5 KiB
}

func ExampleLog2Ticks() {
	for _, t := range chart.Log2Ticks(1024, 1<<30) {
		fmt.Print(t.Label, "; ")
	}
	fmt.Println()
	// Output: 1 KiB; 32 KiB; 1 MiB; 32 MiB; 1 GiB;
}

// The worksheet's sensitivity chart: one line per quote, the cheapest
// marked at each utilisation.
func ExampleLine_sensitivity() {
	c := chart.Line{
		Title:     "Cost per useful GPU-hour",
		XLabel:    "Utilisation",
		YLabel:    "USD per useful GPU-hour",
		XTicks:    []chart.Tick{{Value: 50}, {Value: 70}, {Value: 85}, {Value: 95}},
		XFormat:   func(v float64) string { return fmt.Sprintf("%.0f %%", v) },
		YFormat:   func(v float64) string { return fmt.Sprintf("$%.2f", v) },
		Highlight: chart.HighlightMin,
		Series: []chart.Series{
			{Name: "Vendor A", Points: []chart.Point{{X: 50, Y: 4.1}, {X: 70, Y: 2.95}, {X: 85, Y: 2.43}, {X: 95, Y: 2.18}}},
			{Name: "Vendor B", Points: []chart.Point{{X: 50, Y: 2.9}, {X: 70, Y: 2.9}, {X: 85, Y: 2.9}, {X: 95, Y: 2.9}}},
		},
	}
	svg := c.SVG() // serve as image/svg+xml
	fmt.Println(len(svg) > 0)
	// Output: true
}

// The benchmark chart: bus bandwidth against message size on a log2
// axis, with the quoted fabric's expected range as a band.
func ExampleLine_busbw() {
	c := chart.Line{
		Title:  "NCCL all-reduce bus bandwidth",
		XLabel: "Message size",
		YLabel: "Bus bandwidth (GB/s)",
		XScale: chart.Log2,
		Series: []chart.Series{{Name: "run 1", Points: []chart.Point{{X: 1 << 10, Y: 0.1}, {X: 1 << 20, Y: 42}, {X: 1 << 30, Y: 361}}}},
		Bands:  []chart.Band{{Label: "expected: 8× NDR 400G", From: 340, To: 370}},
	}
	svg := c.SVG()
	fmt.Println(len(svg) > 0)
	// Output: true
}
