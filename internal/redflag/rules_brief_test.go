package redflag

import "testing"

var briefCases = []ruleCase{
	{
		name: "gpu outside the brief", cells: map[string]string{"gpu_model": "A100", "form_factor": "sxm"},
		want: []string{"gpu_not_acceptable"}, data: map[string]string{"GPU": "A100", "Acceptable": "H200, H100 SXM"},
	},
	{name: "h100 pcie when the brief wants sxm", cells: map[string]string{"gpu_model": "H100", "form_factor": "pcie"}, want: []string{"gpu_not_acceptable"}},
	{name: "h100 nvl is a pcie card", cells: map[string]string{"gpu_model": "H100 NVL", "form_factor": ""}, want: []string{"gpu_not_acceptable"}},
	{name: "vendor spelling of an acceptable gpu", cells: map[string]string{"gpu_model": "NVIDIA H100 80GB", "form_factor": "sxm"}, want: []string{}},
	{name: "h100 without form factor is not held against the brief", cells: map[string]string{"gpu_model": "h100", "form_factor": ""}, want: []string{"form_factor_missing"}},
	{name: "unknown gpu", cells: map[string]string{"gpu_model": "MI300X"}, want: []string{"gpu_not_acceptable"}},
	{
		name:  "brief without gpus",
		cells: map[string]string{"gpu_model": "A100"},
		brief: map[string]string{"target_gpu": "", "acceptable_gpus": ""},
		want:  []string{},
	},
	{
		name: "fewer gpus than the brief", cells: map[string]string{"nodes": "2"},
		want: []string{"gpu_count_short"},
		data: map[string]string{"Quoted": "16", "QuotedNodes": "2", "QuotedPerNode": "8", "Wanted": "32", "WantedNodes": "4", "WantedPerNode": "8"},
	},
	{name: "more gpus than the brief", cells: map[string]string{"nodes": "8"}, want: []string{}},
	{name: "same gpus in another shape", cells: map[string]string{"nodes": "8", "gpus_per_node": "4"}, want: []string{}},
	{name: "brief without node count", cells: map[string]string{"nodes": "2"}, brief: map[string]string{"node_count": ""}, want: []string{}},
	{
		name: "residency mismatch blocks", cells: map[string]string{"region": "us-east"},
		want: []string{"residency_mismatch"}, data: map[string]string{"Region": "us-east", "Wanted": "EU"},
	},
	{
		name: "region mismatch warns", cells: map[string]string{"region": "us-east"},
		brief: map[string]string{"data_residency": ""},
		want:  []string{"region_mismatch"}, data: map[string]string{"Region": "us-east", "Wanted": "EU"},
	},
	{name: "region in words", cells: map[string]string{"region": "Frankfurt, Europe"}, want: []string{}},
	{
		name: "region not stated", cells: map[string]string{"region": ""},
		want: []string{"region_missing"}, data: map[string]string{"Wanted": "EU"},
	},
	{name: "region refused against a residency brief", cells: map[string]string{"region": "refused"}, want: []string{"region_refused"}},
	{
		name:  "region not stated, brief silent",
		cells: map[string]string{"region": ""},
		brief: map[string]string{"region": "", "data_residency": ""},
		want:  []string{},
	},
	{
		name: "roce for a 70B fine-tune", cells: map[string]string{"inter_node_fabric": "roce"},
		want: []string{"inter_node_fabric_below"}, data: map[string]string{"Params": "70", "Fabric": "RoCE"},
	},
	{name: "efa for a 70B fine-tune", cells: map[string]string{"inter_node_fabric": "efa"}, want: []string{"inter_node_fabric_below"}},
	{name: "ethernet for a 70B fine-tune", cells: map[string]string{"inter_node_fabric": "ethernet"}, want: []string{"inter_node_fabric_below"}},
	{name: "roce is enough at 7B", cells: map[string]string{"inter_node_fabric": "roce"}, brief: map[string]string{"parameter_count_b": "7"}, want: []string{}},
	{name: "roce is enough for inference", cells: map[string]string{"inter_node_fabric": "roce"}, brief: map[string]string{"workload_type": "online_inference"}, want: []string{}},
	{name: "no model size, no judgement", cells: map[string]string{"inter_node_fabric": "roce"}, brief: map[string]string{"parameter_count_b": ""}, want: []string{}},
	{
		name: "pcie inside the node for 13B", cells: map[string]string{"intra_node_interconnect": "pcie"},
		brief: map[string]string{"parameter_count_b": "13"},
		want:  []string{"intra_node_below"}, data: map[string]string{"Params": "13", "Wanted": "NVLink/NVSwitch", "Link": "PCIe"},
	},
	{name: "nvlink is enough for 13B", cells: map[string]string{"intra_node_interconnect": "nvlink"}, brief: map[string]string{"parameter_count_b": "13"}, want: []string{}},
	{
		name: "nvlink without a switch for 405B", cells: map[string]string{"intra_node_interconnect": "nvlink"},
		brief: map[string]string{"workload_type": "pre_training", "parameter_count_b": "405"},
		want:  []string{"intra_node_below"}, data: map[string]string{"Params": "405", "Wanted": "NVSwitch", "Link": "NVLink"},
	},
	{
		name: "pcie for 405B", cells: map[string]string{"intra_node_interconnect": "pcie"},
		brief: map[string]string{"parameter_count_b": "405"},
		want:  []string{"intra_node_below"}, data: map[string]string{"Params": "405", "Wanted": "NVSwitch", "Link": "PCIe"},
	},
	{name: "other link is not judged", cells: map[string]string{"intra_node_interconnect": "other"}, brief: map[string]string{"parameter_count_b": "405"}, want: []string{}},
	{
		name: "support slower than the brief", cells: map[string]string{"support_response_hours": "8"},
		want: []string{"support_slower"}, data: map[string]string{"Quoted": "8", "Wanted": "4"},
	},
	{name: "support as fast as the brief", cells: map[string]string{"support_response_hours": "4"}, want: []string{}},
}

func TestBriefRules(t *testing.T) { runCases(t, briefCases) }
