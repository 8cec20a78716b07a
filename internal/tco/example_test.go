package tco_test

import (
	"fmt"

	"github.com/gpuquote/gpuquote/internal/tco"
)

// A 64-GPU reservation at 85 % utilisation: the used share is committed
// compute, the rest idle waste, and egress the vendor refused to state is
// priced at the market reference and makes the result a range.
func ExampleCompute() {
	a := tco.DefaultAssumptions("USD")
	a.Utilisation = tco.Assumption{Value: 0.85, Unit: "share", Source: "brief"}
	q := tco.Quote{
		ID: "esc-001", Label: "Example Specialized Cloud", RentalModel: tco.Reserved,
		GPUModel: "H200", GPUsPerNode: 8, Nodes: 8, Currency: "USD",
		RatePerGPUHour:    tco.Stated(2.95),
		MinTermMonths:     tco.Stated(6),
		StoragePerTBMonth: tco.Stated(22.0),
		EgressPerGB:       tco.Refused[float64](),
		SupportPerMonth:   tco.Stated(1500.0),
	}
	ws, err := tco.Compute([]tco.Quote{q}, a)
	if err != nil {
		fmt.Println(err)
		return
	}
	r := ws.Results[0]
	fmt.Println(r.Lines[0].Basis.English())
	fmt.Println("incomplete:", r.Incomplete, r.Missing[0].Term, r.Missing[0].Status)
	fmt.Println("TCO", r.TCO, "range", r.Low, "to", r.High)
	// Output:
	// 64 GPU × 730 h × 2.95 USD/GPU-h × 85 % busy × (1 − 3.4 % retry waste); the used share of capacity paid whether used or not
	// incomplete: true egress_price_per_gb refused
	// TCO 143,384.00 USD range 142,984.00 USD to 143,684.00 USD
}

// PRODUCT.md's configuration A: 64 H100 at 4 USD/GPU-h, 48 effective and
// 58 real hours.
func ExamplePerRun() {
	c, _ := tco.PerRun(tco.Run{GPUs: 64, RatePerGPUHour: 4, Currency: "USD", EffectiveHours: 48, RealHours: 58})
	fmt.Println(c.Cost)
	fmt.Println(c.Basis.English())
	// Output:
	// 14,848.00 USD
	// 64 GPU × 4 USD/GPU-h × 48 h effective × 1.21 overhead (58 h real)
}
