package tco

import (
	"testing"

	"github.com/gpuquote/gpuquote/internal/quote"
)

// The market-rate fallback reads the quote's GPU as the market and the
// benchmark checks do: an H100 NVL is a PCIe card, a GH200 is not an H200.
// Both were read by substring before and priced at the wrong card's rate.
func TestFromQuoteReadsTheGPULikeTheMarket(t *testing.T) {
	tests := []struct {
		model string
		form  quote.FormFactor
		want  string
	}{
		{"H100 SXM5", "", "H100"},
		{"H100", quote.FormFactorPCIe, "H100 PCIe"},
		{"H100 NVL", "", "H100 PCIe"},
		{"NVIDIA H100 80GB HBM3", "", "H100"},
		{"GH200", "", "GH200"},
		{"GB200 NVL72", "", "GB200"},
		{"GeForce RTX4090", "", "RTX 4090"},
	}
	for _, tt := range tests {
		q := quote.Quote{GPUModel: quote.Of(tt.model)}
		if tt.form != "" {
			q.FormFactor = quote.Of(tt.form)
		}
		if got := FromQuote("q", "Q", q).GPUModel; got != tt.want {
			t.Errorf("FromQuote(%q, %q).GPUModel = %q, want %q", tt.model, tt.form, got, tt.want)
		}
	}
	a := DefaultAssumptions("USD")
	if _, ok := a.marketRate("GH200"); ok {
		t.Error("a GH200 took a market rate of another card")
	}
}
