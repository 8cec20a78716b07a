package evaluation

import (
	"math"
	"testing"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/tco"
	"github.com/gpuquote/gpuquote/internal/verdict"
)

func speedQuote(t *testing.T, cells map[string]string) (quote.Quote, tco.Quote) {
	t.Helper()
	base := map[string]string{"provider": "P", "rental_model": "reserved", "currency": "USD", "price_per_gpu_hour": "2",
		"gpu_model": "H100 SXM", "gpus_per_node": "8", "nodes": "4", "inter_node_fabric": "infiniband",
		"nics_per_node": "8", "fabric_gbps_per_node": "3200"}
	for k, v := range cells {
		base[k] = v
	}
	q, errs := quote.ParseCells(base)
	if len(errs) > 0 {
		t.Fatalf("ParseCells: %v", errs)
	}
	return q, tco.FromQuote("1", "P", q)
}

// Issue 10, case 5: the relative throughput comes from the uploads when a
// passing multi-node all-reduce was measured, else from the brief's
// target and the bundled references, and says which.
func TestSpeedIsMeasuredElseFromTheBriefOrTheReference(t *testing.T) {
	ib, _ := speedQuote(t, nil)
	ibRef, ok := verdict.QuoteExpectation(ib)
	if !ok || ibRef.Lo <= 0 {
		t.Fatal("no bench reference for 4 × 8 H100 on 8 × 400G InfiniBand")
	}
	amdahl := func(bw, target float64) float64 { return 1 / (0.75 + 0.25*target/bw) }
	twoNodes := store.AllReduceRun{QuoteID: 1, BusBW: 200, Nodes: 2}
	tests := []struct {
		name       string
		cells      map[string]string
		brief      brief.Brief
		runs       []store.AllReduceRun
		wantFactor float64
		wantSource string
	}{
		{"same GPU and no target: not adjusted", nil, brief.Brief{"target_gpu": "h100_sxm"}, nil, 0, ""},
		{"L40S against an H100 brief, one node", map[string]string{"gpu_model": "L40S", "nodes": "1", "inter_node_fabric": "none"},
			brief.Brief{"target_gpu": "h100_sxm"}, nil, 362.0 / 989, tco.SpeedReference},
		{"measured at half the brief's target", nil, brief.Brief{"target_gpu": "h100_sxm", "allreduce_target_gbs": "400"},
			[]store.AllReduceRun{twoNodes}, amdahl(200, 400), tco.SpeedMeasured},
		{"a failed run is no measurement", nil, brief.Brief{"allreduce_target_gbs": "400"},
			[]store.AllReduceRun{{QuoteID: 1, BusBW: 100, Nodes: 2, Failed: true}}, math.Min(1, amdahl(ibRef.Lo, 400)), tco.SpeedBrief},
		{"a single-node run says nothing of the fabric", nil, brief.Brief{"allreduce_target_gbs": "400"},
			[]store.AllReduceRun{{QuoteID: 1, BusBW: 100, Nodes: 1}}, math.Min(1, amdahl(ibRef.Lo, 400)), tco.SpeedBrief},
		{"fragmented: measured below its own fabric's reference", nil, brief.Brief{},
			[]store.AllReduceRun{twoNodes, {QuoteID: 1, BusBW: 150, Nodes: 4}}, amdahl(200, ibRef.Lo), tco.SpeedMeasured},
		{"ranks across nodes count as a multi-node run", nil, brief.Brief{},
			[]store.AllReduceRun{{QuoteID: 1, BusBW: 200, Ranks: 16}}, amdahl(200, ibRef.Lo), tco.SpeedMeasured},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, in := speedQuote(t, tt.cells)
			s := speedFor(q, in, tt.brief, tt.runs)
			if math.Abs(s.Factor-tt.wantFactor) > 1e-9 || s.Source != tt.wantSource {
				t.Errorf("speed %g (%q), want %g (%q); basis %+v", s.Factor, s.Source, tt.wantFactor, tt.wantSource, s.Basis)
			}
		})
	}
}
