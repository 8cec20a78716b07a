package sheet

import (
	"github.com/gpuquote/gpuquote/internal/gpu"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// marketRateKey finds which market reference tco uses for a GPU model
// ("H100 SXM" → "H100"): the same gpu.RateKey lookup tco prices with.
func marketRateKey(rates map[string]tco.Assumption, model string) (string, bool) {
	return gpu.RateKey(rates, model)
}
