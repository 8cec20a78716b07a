package gpu

import (
	"reflect"
	"testing"
)

// The spellings come from the places GPU names enter the app: quotes'
// gpu_model cells, price catalog labels, nvidia-smi product names and
// nccl-tests device lines.
func TestIdentifyAndBoardForm(t *testing.T) {
	tests := []struct {
		name, family, id string
		board            Form
	}{
		{"NVIDIA H100 80GB HBM3", "H100", "h100", SXM},
		{"H100", "H100", "h100", ""},
		{"h100", "H100", "h100", ""},
		{"8x H100-SXM", "H100", "h100", SXM},
		{"H100SXM5", "H100", "h100", SXM},
		{"gpu-h100-sxm", "H100", "h100", SXM},
		{"HGX H100", "H100", "h100", SXM},
		{"NVIDIA H100 PCIe", "H100", "h100", PCIe},
		{"NVIDIA H100 NVL", "H100", "h100", PCIe},
		{"H100 SXM with NVLink", "H100", "h100", SXM},
		{"NVIDIA A100-SXM4-80GB", "A100", "a100", SXM},
		{"A100-PCIE-40GB", "A100", "a100", PCIe},
		{"NVIDIA H200", "H200", "h200", SXM},
		{"H200 NVL", "H200", "h200", PCIe},
		{"NVIDIA GH200 480GB", "GH200", "gh200", SXM},
		{"GB200", "GB200", "gb200", SXM},
		{"B200", "B200", "b200", SXM},
		{"NVIDIA L40S", "L40S", "l40s", PCIe},
		{"NVIDIA L40", "L40", "l40", PCIe},
		{"Tesla T4", "T4", "t4", PCIe},
		{"Tesla V100-SXM2-32GB", "V100", "v100", SXM},
		{"NVIDIA GeForce RTX 4090", "RTX4090", "rtx_4090", PCIe},
		{"GeForce RTX4090", "RTX4090", "rtx_4090", PCIe},
		{"rtx_5090", "RTX5090", "rtx_5090", PCIe},
		{"4090", "RTX4090", "rtx_4090", PCIe},
		{"RTX PRO 6000", "RTXPRO6000", "rtx_pro_6000", PCIe},
		{"RTX PRO 6000 Blackwell Server Edition", "RTXPRO6000", "rtx_pro_6000", PCIe},
		{"RTX 6000 Ada Generation", "RTX6000-Ada", "rtx_6000_ada", PCIe},
		{"RTX A6000", "A6000", "a6000", PCIe},
		{"AMD Instinct MI300X", "MI300X", "mi300x", ""},
		{"RTX 6000", "", "", ""},
		{"H100 or A100", "", "", ""},
		{"Some accelerator", "", "", ""},
		{"", "", "", ""},
	}
	for _, tt := range tests {
		m, _ := Identify(tt.name)
		if m.Family != tt.family || m.ID != tt.id || ID(tt.name) != tt.id {
			t.Errorf("Identify(%q) = %q %q, want %q %q", tt.name, m.Family, m.ID, tt.family, tt.id)
		}
		if got := BoardForm(tt.name); got != tt.board {
			t.Errorf("BoardForm(%q) = %q, want %q", tt.name, got, tt.board)
		}
	}
}

func TestRead(t *testing.T) {
	tests := []struct {
		name   string
		form   Form
		memory string
		words  []string
	}{
		{"NVIDIA H100 80GB HBM3", "", "80GB", []string{"H100"}},
		{"A100 80 GB PCIe", PCIe, "80GB", []string{"A100"}},
		{"H100 NVL PCIe", NVL, "", []string{"H100"}},
		{"H100 SXM PCIe", FormConflict, "", []string{"H100"}},
		{"lambdalabs_H100-sxm5x2", SXM, "", []string{"LAMBDALABS", "H100"}},
		{"A100 40GB 80GB", "", "?", []string{"A100"}},
		{"NVIDIA Tesla K80 24GiB GDDR5", "", "24GB", []string{"K80"}},
		{"Gaudi 3", "", "", []string{"GAUDI", "3"}},
	}
	for _, tt := range tests {
		r := Read(tt.name)
		if r.Form() != tt.form || r.Memory != tt.memory || !reflect.DeepEqual(r.Words, tt.words) {
			t.Errorf("Read(%q) = form %q memory %q words %q, want %q %q %q", tt.name, r.Form(), r.Memory, r.Words, tt.form, tt.memory, tt.words)
		}
	}
}

func TestSame(t *testing.T) {
	tests := []struct {
		quoted, reported string
		want             bool
	}{
		{"H100 SXM", "NVIDIA H100 80GB HBM3", true},
		{"H100", "NVIDIA H100 80GB HBM3", true},
		{"H100 PCIe", "NVIDIA H100 80GB HBM3", false},
		{"H100 NVL", "NVIDIA H100 80GB HBM3", false},
		{"H100 NVL", "NVIDIA H100 NVL", true},
		{"H200", "NVIDIA H100 80GB HBM3", false},
		{"A100 80GB", "NVIDIA A100-SXM4-80GB", true},
		{"K80", "NVIDIA Tesla K80", true},
		{"K80", "Tesla K40", false},
		{"", "", false},
	}
	for _, tt := range tests {
		if got := Same(tt.quoted, tt.reported); got != tt.want {
			t.Errorf("Same(%q, %q) = %v, want %v", tt.quoted, tt.reported, got, tt.want)
		}
	}
}

func TestOptionsFor(t *testing.T) {
	tests := []struct {
		family string
		form   Form
		want   []string
	}{
		{"H100", "", []string{"h100_sxm", "h100_pcie"}},
		{"H100", SXM, []string{"h100_sxm"}},
		{"H100", NVL, []string{"h100_pcie"}},
		{"H200", NVL, []string{"h200"}},
		{"RTX4090", PCIe, []string{"rtx_4090"}},
		{"L40", "", nil},
	}
	for _, tt := range tests {
		if got := OptionsFor(tt.family, tt.form); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("OptionsFor(%q, %q) = %q, want %q", tt.family, tt.form, got, tt.want)
		}
	}
}

func TestRateModelAndKey(t *testing.T) {
	table := map[string]int{"H100": 1, "H100 PCIe": 2, "H200": 3, "B200": 4, "RTX 4090": 5}
	tests := []struct {
		text, model, key string
	}{
		{"H100 SXM5", "H100", "H100"},
		{"NVIDIA H100 PCIe", "H100 PCIe", "H100 PCIe"},
		// An H100 NVL is a PCIe card: it takes the PCIe rate, not the SXM one.
		{"H100 NVL", "H100 PCIe", "H100 PCIe"},
		// A GH200 and a GB200 are not an H200 and a B200.
		{"GH200", "GH200", ""},
		{"GB200 NVL72", "GB200", ""},
		{"GeForce RTX4090", "RTX 4090", "RTX 4090"},
		{" Gaudi 3 ", "Gaudi 3", ""},
	}
	for _, tt := range tests {
		m := RateModel(tt.text)
		k, _ := RateKey(table, m)
		if m != tt.model || k != tt.key {
			t.Errorf("RateModel(%q) = %q key %q, want %q key %q", tt.text, m, k, tt.model, tt.key)
		}
	}
	if k, ok := RateKey(table, "h100-pcie"); !ok || k != "H100 PCIe" {
		t.Errorf("folded key = %q %v", k, ok)
	}
}

// The benchmark basis used to print an ID upper-cased, "RTX_4090".
func TestLabelOf(t *testing.T) {
	for id, want := range map[string]string{"h100": "H100", "rtx_4090": "RTX 4090", "rtx_pro_6000": "RTX PRO 6000", "mi300x": "MI300X", "": ""} {
		if got := LabelOf(id); got != want {
			t.Errorf("LabelOf(%q) = %q, want %q", id, got, want)
		}
	}
	for _, m := range models {
		if got := LabelOf(ID(m.Label)); got != m.Label && m.Family != "RTX6000" {
			t.Errorf("%s: the label does not read back (%q)", m.Family, got)
		}
	}
}

// A superchip's name states the Grace CPU's or the module's memory; its
// GPU memory is the superchip's own.
func TestSuperchipMemory(t *testing.T) {
	for _, tc := range []struct {
		name string
		gb   int64
		ok   bool
	}{
		{"NVIDIA GH200 120GB", 96, true}, {"NVIDIA GH200 480GB", 96, true}, {"NVIDIA GH200 144G HBM3e", 144, true},
		{"NVIDIA GB200", 192, true}, {"NVIDIA H200", 0, false}, {"NVIDIA H100 80GB HBM3", 0, false},
	} {
		if gb, ok := SuperchipMemoryGB(tc.name); gb != tc.gb || ok != tc.ok {
			t.Errorf("%s: %d %v, want %d %v", tc.name, gb, ok, tc.gb, tc.ok)
		}
	}
}
