package redflag

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestGPUOptions(t *testing.T) {
	tests := []struct {
		model string
		ff    string // form_factor cell
		want  []string
	}{
		{"H100", "sxm", []string{"h100_sxm"}},
		{"H100", "pcie", []string{"h100_pcie"}},
		{"H100", "", []string{"h100_sxm", "h100_pcie"}},
		{"H100", "other", []string{"h100_sxm", "h100_pcie"}},
		{"H100 SXM5", "", []string{"h100_sxm"}},
		{"h100", "", []string{"h100_sxm", "h100_pcie"}},
		{"NVIDIA H100 80GB", "sxm", []string{"h100_sxm"}},
		{"NVIDIA H100 80GB HBM3 SXM", "", []string{"h100_sxm"}},
		{"H100 PCIe", "", []string{"h100_pcie"}},
		{"H100 NVL", "", []string{"h100_pcie"}},
		{"H100 SXM with NVLink", "", []string{"h100_sxm"}},
		{"8x H100-SXM", "", []string{"h100_sxm"}},
		{"H200", "sxm", []string{"h200"}},
		{"H200 NVL", "", []string{"h200"}},
		{"B200", "sxm", []string{"b200"}},
		{"A100-SXM4-80GB", "", []string{"a100"}},
		{"A100 40GB", "pcie", []string{"a100"}},
		{"L40S", "", []string{"l40s"}},
		{"L40", "", nil},
		{"RTX 4090", "pcie", []string{"rtx_4090"}},
		{"GeForce RTX4090", "", []string{"rtx_4090"}},
		{"RTX PRO 6000 Blackwell", "", []string{"rtx_pro_6000"}},
		// The market reader used to know no bare "4090"; the brief rule did.
		{"4090", "", []string{"rtx_4090"}},
		{"NVIDIA GeForce RTX 4090", "", []string{"rtx_4090"}},
		{"RTX 6000 Ada", "", nil},
		{"GB200", "", nil},
		{"MI300X", "", nil},
		{"A10", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.model+"/"+tt.ff, func(t *testing.T) {
			q := ruleCase{cells: map[string]string{"gpu_model": tt.model, "form_factor": tt.ff}}.input(t).Quote
			if diff := cmp.Diff(tt.want, gpuOptions(q)); diff != "" {
				t.Errorf("gpuOptions (-want +got):\n%s", diff)
			}
		})
	}
}

func TestPlaceMatches(t *testing.T) {
	tests := []struct {
		wanted, region string
		want           bool
	}{
		{"EU", "eu-west", true},
		{"EU", "EU-WEST-1", true},
		{"EU", "us-east", false},
		{"eu-west-1", "eu-west", true},
		{"US or EU", "us-east", true},
		{"EU only", "eu-central", true},
		{"Europe", "eu-north", true},
		{"Data must stay in the EU", "eu-west", true},
		{"Russia (152-FZ)", "ru-central1", true},
		{"India", "in-mumbai", true},
		{"west Europe", "us-west", false},
		{"Germany", "us-east", false},
		{"EU", "Seoul", false},
		{"US", "Australia East", false},
		{"ЕС", "eu-west", true},
		{"Frankfurt", "Frankfurt", true},
		{"EU", "", true},
	}
	for _, tt := range tests {
		if got := placeMatches(tt.wanted, tt.region); got != tt.want {
			t.Errorf("placeMatches(%q, %q) = %v, want %v", tt.wanted, tt.region, got, tt.want)
		}
	}
}
