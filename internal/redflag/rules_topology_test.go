package redflag

import "testing"

var topologyCases = []ruleCase{
	{name: "good quote", want: []string{}},
	{name: "gpu model not stated", cells: map[string]string{"gpu_model": ""}, want: []string{"gpu_model_missing"}},
	{name: "gpu model refused", cells: map[string]string{"gpu_model": "refused"}, want: []string{"gpu_model_missing"}},
	{
		name: "model api has no hardware terms",
		cells: map[string]string{
			"rental_model": "model_api", "gpu_model": "", "form_factor": "", "gpu_memory_gb": "", "gpus_per_node": "",
			"nodes": "", "intra_node_interconnect": "", "inter_node_fabric": "", "node_failure_policy": "",
			"nccl_tested_on_pool": "", "driver_cuda_verifiable": "",
		},
		want: []string{},
	},
	{
		name: "form factor not stated", cells: map[string]string{"form_factor": ""},
		want: []string{"form_factor_missing"}, data: map[string]string{"GPU": "H200"},
	},
	{name: "form factor refused", cells: map[string]string{"form_factor": "refused"}, want: []string{"form_factor_missing"}},
	{name: "form factor named in the gpu text", cells: map[string]string{"gpu_model": "H100 SXM5", "form_factor": ""}, want: []string{}},
	{name: "pcie-only gpu needs no form factor", cells: map[string]string{"gpu_model": "L40S", "form_factor": ""}, brief: map[string]string{"acceptable_gpus": "l40s"}, want: []string{}},
	// The benchmark check reads a B200 as SXM (it is sold on HGX boards
	// only); the red flag used to ask for its form all the same.
	{name: "sxm-only gpu needs no form factor", cells: map[string]string{"gpu_model": "B200", "form_factor": ""}, brief: map[string]string{"acceptable_gpus": "b200"}, want: []string{}},
	{name: "no gpu, no form factor question of its own", cells: map[string]string{"gpu_model": "", "form_factor": ""}, want: []string{"gpu_model_missing"}},
	{name: "nodes not stated", cells: map[string]string{"nodes": ""}, want: []string{"node_shape_missing"}},
	{name: "gpus per node refused", cells: map[string]string{"gpus_per_node": "refused"}, want: []string{"node_shape_missing"}},
	{
		name:  "single-node rental implies one node",
		cells: map[string]string{"rental_model": "single_node", "nodes": "", "inter_node_fabric": "none"},
		brief: map[string]string{"node_count": "1"},
		want:  []string{},
	},
	{name: "memory not stated", cells: map[string]string{"gpu_memory_gb": ""}, want: []string{"gpu_memory_missing"}},
	{name: "memory refused is a blocker", cells: map[string]string{"gpu_memory_gb": "refused"}, want: []string{"gpu_memory_refused"}},
	{
		name: "intra-node link not stated", cells: map[string]string{"intra_node_interconnect": ""},
		want: []string{"intra_node_missing"}, data: map[string]string{"PerNode": "8"},
	},
	{name: "intra-node link refused is a blocker", cells: map[string]string{"intra_node_interconnect": "refused"}, want: []string{"intra_node_refused"}},
	{
		name:  "one gpu per node has no intra-node link",
		cells: map[string]string{"gpus_per_node": "1", "nodes": "32", "intra_node_interconnect": ""},
		want:  []string{},
	},
}

func TestTopologyRules(t *testing.T) { runCases(t, topologyCases) }
