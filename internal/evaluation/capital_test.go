package evaluation

import (
	"testing"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/store"
)

// Issue 25: buying used the H100's capital cost for every GPU: an L40S
// brief was priced at 40,000 USD per GPU. The purchase price is the
// capital cost table's row for the brief's GPU; without one it is empty.
func TestPurchasePriceFollowsTheBriefsGPU(t *testing.T) {
	rows := []store.CapitalCost{{GPUModel: "H100", USDPerGPU: "40000.00", Source: "HGX H100 node model", SourceDate: "2024-08"}}
	table := capitalTable(rows)
	if got := factDefaults(brief.Brief{"target_gpu": "h100_sxm"}, table)["purchase_per_gpu"]; got != "40000" {
		t.Errorf("H100 brief: purchase %q, want 40000", got)
	}
	if got := factDefaults(brief.Brief{"target_gpu": "l40s"}, table)["purchase_per_gpu"]; got != "" {
		t.Errorf("L40S brief priced at %q without an L40S row (the H100's figure)", got)
	}
	table = capitalTable(append(rows, store.CapitalCost{GPUModel: "L40S", USDPerGPU: "11500.00", Source: "reseller list", SourceDate: "2026-01"}))
	if got := factDefaults(brief.Brief{"target_gpu": "l40s"}, table)["purchase_per_gpu"]; got != "11500" {
		t.Errorf("L40S brief: purchase %q, want the L40S row's 11500", got)
	}
}
