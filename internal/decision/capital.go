package decision

import (
	"slices"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/gpu"
)

// CapitalCost is one row of the admin's capital cost table: what buying
// one GPU of a model costs in USD, all in, with the figure's source and
// date.
type CapitalCost struct {
	GPUModel   string
	USDPerGPU  float64
	Source     string
	SourceDate string
}

// CapitalCostFor is the purchase price per GPU for the GPU model the
// brief targets, from the table, by the market tables' model name, exactly ("H100
// SXM" is the H100 row, an H100 PCIe card only a "H100 PCIe" row). A model
// without a row has no price: buying is then not priced, rather than
// priced at another GPU's figure.
func CapitalCostFor(table []CapitalCost, model string) (Sourced, bool) {
	if model == "" {
		return Sourced{}, false
	}
	want := gpu.Fold(gpu.RateModel(model))
	i := slices.IndexFunc(table, func(c CapitalCost) bool { return c.USDPerGPU > 0 && gpu.Fold(c.GPUModel) == want })
	if i < 0 {
		return Sourced{}, false
	}
	c := table[i]
	return Sourced{Value: c.USDPerGPU, Unit: "USD/GPU", Source: c.Source, Date: c.SourceDate,
		Note: "capital cost table, " + c.GPUModel + ": " + strconv.FormatFloat(c.USDPerGPU, 'f', -1, 64) + " USD per GPU"}, true
}
