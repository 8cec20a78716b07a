package decision

import "testing"

// Issue 25: buying used the H100's capital cost for every GPU, e.g.
// 40,000 USD for an L40S. Each GPU model has its own row with its source
// and date; a model without one is not priced at another's figure.
func TestCapitalCostPerGPUModel(t *testing.T) {
	table := []CapitalCost{
		{GPUModel: "H100", USDPerGPU: 40000, Source: "HGX H100 node model", SourceDate: "2024-08"},
		{GPUModel: "L40S", USDPerGPU: 12000, Source: "vendor quote", SourceDate: "2026-01"},
	}
	cases := []struct {
		model string
		want  float64
		ok    bool
	}{
		{"H100 SXM", 40000, true},
		{"L40S", 12000, true},
		{"NVIDIA L40S 48GB", 12000, true},
		{"A100", 0, false},
		{"H100 PCIe", 0, false}, // a PCIe card is not priced as an SXM node
		{"", 0, false},
	}
	for _, c := range cases {
		got, ok := CapitalCostFor(table, c.model)
		if ok != c.ok || got.Value != c.want {
			t.Errorf("%q: %v %v, want %v %v", c.model, got.Value, ok, c.want, c.ok)
		}
		if ok && (got.Source == "" || got.Date == "") {
			t.Errorf("%q: no source or date: %+v", c.model, got)
		}
	}
}

// A GPU without a capital cost: buying is not priced (no break-even) and
// a note says why, instead of the recommendation failing or pricing it at
// the H100's figure.
func TestUnknownCapitalCostLeavesBuyingUnpriced(t *testing.T) {
	in := readyInput()
	buyable(&in)
	in.Buy.PurchasePerGPU = Sourced{}
	in.Buy.GPUModel = "L40S"
	rec, err := Recommend(in)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Option == OptionBuy {
		t.Errorf("recommends buying without a capital cost")
	}
	found := false
	for _, n := range rec.Notes {
		if n.Key == "decision.note.capital_cost_unknown" {
			found = true
		}
	}
	if !found {
		t.Errorf("no note on the missing capital cost: %+v", rec.Notes)
	}
}
