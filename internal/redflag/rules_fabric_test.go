package redflag

import "testing"

var fabricCases = []ruleCase{
	{
		name: "fabric not stated for 4 nodes", cells: map[string]string{"inter_node_fabric": ""},
		want: []string{"fabric_missing"}, data: map[string]string{"Nodes": "4"},
	},
	{name: "fabric refused", cells: map[string]string{"inter_node_fabric": "refused"}, want: []string{"fabric_missing"}},
	{name: "fabric none for 4 nodes", cells: map[string]string{"inter_node_fabric": "none"}, want: []string{"fabric_missing"}},
	{
		name:  "no fabric needed on one node",
		cells: map[string]string{"nodes": "1", "gpus_per_node": "8", "inter_node_fabric": ""},
		brief: map[string]string{"node_count": "1"},
		want:  []string{},
	},
	{
		name:  "nodes not stated: the brief's node count stands in",
		cells: map[string]string{"nodes": "", "node_failure_policy": ""},
		want:  []string{"node_shape_missing", "node_failure_policy_missing"},
	},
	{
		name: "node failure policy not stated", cells: map[string]string{"node_failure_policy": ""},
		want: []string{"node_failure_policy_missing"}, data: map[string]string{"Nodes": "4"},
	},
	{name: "node failure policy refused is a blocker", cells: map[string]string{"node_failure_policy": "refused"}, want: []string{"node_failure_policy_refused"}},
	{
		name:  "node failure policy refused on one node",
		cells: map[string]string{"nodes": "1", "node_failure_policy": "refused"},
		brief: map[string]string{"node_count": "1"},
		want:  []string{},
	},
	{name: "nccl not run on the pool", cells: map[string]string{"nccl_tested_on_pool": "no"}, want: []string{"nccl_untested"}},
	{name: "nccl not stated", cells: map[string]string{"nccl_tested_on_pool": ""}, want: []string{"nccl_untested"}},
	{name: "nccl refused is a blocker", cells: map[string]string{"nccl_tested_on_pool": "refused"}, want: []string{"nccl_refused"}},
}

func TestFabricRules(t *testing.T) { runCases(t, fabricCases) }
