package market

import (
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/quote"
)

func TestQuoteGPU(t *testing.T) {
	tests := []struct {
		model     string
		form      quote.FormFactor
		key       string
		anyForm   bool
		anyMemory bool
		known     bool
		note      string // substring of a note, if one is expected
	}{
		{model: "H100", form: quote.FormFactorSXM, key: "H100-SXM", known: true},
		{model: "H100", form: quote.FormFactorPCIe, key: "H100-PCIe", known: true},
		{model: "H100", key: "H100", anyForm: true, known: true, note: "every form factor"},
		{model: "H100", form: quote.FormFactorOther, key: "H100", anyForm: true, known: true, note: `form_factor is "other"`},
		{model: "H100 SXM5", key: "H100-SXM", known: true},
		{model: "H100-SXM5-80GB", key: "H100-SXM", known: true},
		{model: "H100SXM5", key: "H100-SXM", known: true},
		{model: "8x H100 SXM", key: "H100-SXM", known: true},
		{model: "8xH100", form: quote.FormFactorSXM, key: "H100-SXM", known: true},
		{model: "HGX H100", key: "H100-SXM", known: true},
		{model: "NVIDIA H100 80GB HBM3", key: "H100-SXM", known: true, note: "nvidia-smi"},
		{model: "NVIDIA H100 80GB HBM3", form: quote.FormFactorPCIe, key: "H100-PCIe", known: true},
		{model: "NVIDIA H100 PCIe", key: "H100-PCIe", known: true},
		{model: "H100 NVL", key: "H100-NVL", known: true},
		{model: "H100 NVL", form: quote.FormFactorPCIe, key: "H100-NVL", known: true},
		{model: "H100 SXM", form: quote.FormFactorPCIe, key: "H100-SXM", known: true, note: "model's wording was used"},
		{model: "H100 SXM NVLink", key: "H100-SXM", known: true},
		{model: "NVIDIA H100 Tensor Core GPU", key: "H100", anyForm: true, known: true, note: "every form factor"},
		{model: "H200", key: "H200", known: true},
		{model: "H200", form: quote.FormFactorSXM, key: "H200", known: true},
		{model: "H200 SXM 141GB", key: "H200", known: true},
		{model: "H200 NVL", key: "H200-NVL", known: true},
		{model: "H200", form: quote.FormFactorPCIe, key: "H200-NVL", known: true},
		{model: "GH200", key: "GH200", known: true},
		{model: "B200", form: quote.FormFactorSXM, key: "B200", known: true},
		{model: "A100", key: "A100", anyForm: true, anyMemory: true, known: true, note: "40GB and 80GB"},
		{model: "A100 80GB", form: quote.FormFactorSXM, key: "A100-80GB-SXM", known: true},
		{model: "A100 80 GB PCIe", key: "A100-80GB-PCIe", known: true},
		{model: "NVIDIA A100-SXM4-40GB", key: "A100-40GB-SXM", known: true},
		{model: "A100", form: quote.FormFactorPCIe, key: "A100-PCIe", anyMemory: true, known: true, note: "40GB and 80GB"},
		{model: "A10", key: "A10", known: true},
		{model: "A10G", key: "A10G", known: true},
		{model: "L40S", key: "L40S", known: true},
		{model: "L40S", form: quote.FormFactorPCIe, key: "L40S", known: true},
		{model: "NVIDIA L40", key: "L40", known: true},
		{model: "L4", key: "L4", known: true},
		{model: "Tesla V100-SXM2-16GB", key: "V100", known: true},
		{model: "RTX 4090", key: "RTX4090", known: true},
		{model: "GeForce RTX 4090 24GB", key: "RTX4090", known: true},
		{model: "rtx_5090", key: "RTX5090", known: true},
		{model: "4090", key: "RTX4090", known: true}, // as the brief rule and the benchmark check read it
		{model: "RTX 6000 Ada Generation", key: "RTX6000-Ada", known: true},
		{model: "RTX PRO 6000 Blackwell Server Edition", key: "RTXPRO6000", known: true},
		{model: "RTX A6000", key: "A6000", known: true},
		{model: "Quadro RTX 6000", key: "RTX6000", known: true},
		{model: "RTX 6000", key: "", note: "ambiguous"},
		{model: "AMD Instinct MI300X", key: "MI300X", known: true},
		{model: "H100 or A100", key: "", note: "more than one GPU"},
		{model: "", key: "", note: "no GPU model"},
		{model: "Gaudi 3", key: "GAUDI-3", note: "not one the reader knows"},
	}
	for _, tt := range tests {
		t.Run(tt.model+"/"+string(tt.form), func(t *testing.T) {
			m := QuoteGPU(tt.model, tt.form)
			if m.Key() != tt.key || m.AnyForm != tt.anyForm || m.AnyMemory != tt.anyMemory || m.Known != tt.known {
				t.Errorf("QuoteGPU(%q, %q) = key %q anyForm %v anyMemory %v known %v, want %q %v %v %v",
					tt.model, tt.form, m.Key(), m.AnyForm, m.AnyMemory, m.Known, tt.key, tt.anyForm, tt.anyMemory, tt.known)
			}
			if tt.note != "" && !strings.Contains(strings.Join(m.Notes, "|"), tt.note) {
				t.Errorf("notes %q do not mention %q", m.Notes, tt.note)
			}
			if tt.note == "" && len(m.Notes) > 0 {
				t.Errorf("unexpected notes %q", m.Notes)
			}
		})
	}
}

// TestCatalogGPU covers every accelerator label in the bundled file.
func TestCatalogGPU(t *testing.T) {
	tests := []struct{ accel, instance, key string }{
		{"H100-SXM", "p5.48xlarge", "H100-SXM"},
		{"H100-SXM5", "gpu_8x_h100_sxm5", "H100-SXM"},
		{"H100-PCIe", "8x_H100_SECURE", "H100-PCIe"},
		{"H100-NVL", "Standard_NC40ads_H100_v5", "H100-NVL"},
		{"H100", "gpu-h100-sxm_8gpu-128vcpu-1600gb", "H100-SXM"}, // Nebius: form from the instance name
		{"H100", "lambdalabs_H100-sxm5x2", "H100-SXM"},
		{"H100", "scaleway_H100", "H100"}, // form not stated anywhere: stays unknown
		{"H100", "a3-highgpu-8g", "H100"},
		{"H100-MEGA", "a3-megagpu-8g", "H100-SXM"},
		{"H200", "p5en.48xlarge", "H200"},
		{"H200-SXM", "1x_H200-SXM_SECURE", "H200"},
		{"B200", "gpu_8x_b200_sxm6", "B200"},
		{"GH200", "gpu_1x_gh200", "GH200"},
		{"A100-40GB", "p4d.24xlarge", "A100-40GB-SXM"}, // AWS p4d boards are SXM4
		{"A100-80GB", "p4de.24xlarge", "A100-80GB-SXM"},
		{"A100-40GB", "gpu_1x_a100", "A100-40GB"},
		{"A100-40GB-SXM", "Standard_ND96asr_v4", "A100-40GB-SXM"},
		{"A100-40GB-SXM4", "gpu_1x_a100_sxm4", "A100-40GB-SXM"},
		{"A100-80GB-SXM", "Standard_ND96amsr_A100_v4", "A100-80GB-SXM"},
		{"A100-80GB-SXM4", "gpu_8x_a100_80gb_sxm4", "A100-80GB-SXM"},
		{"A100-80GB-PCIe", "Standard_NC24ads_A100_v4", "A100-80GB-PCIe"},
		{"A100-80GB", "crusoe_A100-80G-sxm4x8", "A100-80GB-SXM"},
		{"A100-80GB", "crusoe_A100-80GBx2", "A100-80GB"},
		{"L40S", "g6e.xlarge", "L40S"},
		{"L4", "4x_L4_SECURE", "L4"},
		{"A10", "gpu_1x_a10", "A10"},
		{"A6000", "gpu_1x_a6000", "A6000"},
		{"V100", "gpu_8x_v100", "V100"},
		{"RTX6000", "gpu_1x_rtx6000", "RTX6000"}, // the catalog's bare RTX6000 is the Turing Quadro
		{"RTX4090", "1x-RTX_4090-32-65536", "RTX4090"},
		{"RTX5090", "1x-RTX_5090-32-65536", "RTX5090"},
		{"RTX6000-Ada", "1x-RTX_6000Ada-32-65536", "RTX6000-Ada"},
		{"RTXPRO6000S", "1x-RTX_PRO_6000_S-32-65536", "RTXPRO6000"},
	}
	for _, tt := range tests {
		g, ok := CatalogGPU(tt.accel, tt.instance)
		if g.Key() != tt.key || !ok {
			t.Errorf("CatalogGPU(%q, %q) = %q, %v; want %q, true", tt.accel, tt.instance, g.Key(), ok, tt.key)
		}
	}
	if g, ok := CatalogGPU("TPU-v5p", "ct5p"); ok || g.Key() != "TPU-V5P" {
		t.Errorf("unknown label = %q, %v; want its own name, false", g.Key(), ok)
	}
}

// TestQuoteMeetsCatalog checks the pooling rules: a stated field must
// match, an unstated one pools.
func TestQuoteMeetsCatalog(t *testing.T) {
	sxm, _ := CatalogGPU("H100-SXM", "p5.48xlarge")
	pcie, _ := CatalogGPU("H100-PCIe", "x")
	unknown, _ := CatalogGPU("H100", "scaleway_H100")
	h200, _ := CatalogGPU("H200", "x")
	tests := []struct {
		m    QuoteMatch
		g    GPU
		want bool
	}{
		{QuoteGPU("H100", quote.FormFactorSXM), sxm, true},
		{QuoteGPU("H100", quote.FormFactorSXM), pcie, false},
		{QuoteGPU("H100", quote.FormFactorSXM), unknown, false}, // a listing that does not say is not evidence of SXM
		{QuoteGPU("H100", ""), sxm, true},
		{QuoteGPU("H100", ""), pcie, true},
		{QuoteGPU("H100", ""), unknown, true},
		{QuoteGPU("H100", ""), h200, false},
		{QuoteGPU("H200 NVL", ""), h200, false},
		{QuoteGPU("RTX 6000", ""), GPU{}, false},
	}
	for i, tt := range tests {
		if got := tt.m.Matches(tt.g); got != tt.want {
			t.Errorf("%d: %q matches %q = %v, want %v", i, tt.m.Key(), tt.g.Key(), got, tt.want)
		}
	}
}
