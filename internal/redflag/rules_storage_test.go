package redflag

import "testing"

var storageCases = []ruleCase{
	{name: "storage terms not stated", cells: map[string]string{"storage_terms": ""}, want: []string{"storage_missing"}},
	{name: "storage not stated at all", cells: map[string]string{"storage_terms": "", "storage_price_per_tb_month": ""}, want: []string{"storage_missing"}},
	// Described but not priced: the worksheet would silently assume a price.
	{name: "storage described without a price", cells: map[string]string{"storage_price_per_tb_month": ""}, want: []string{"storage_price_missing"}},
	{name: "storage terms refused is a blocker", cells: map[string]string{"storage_terms": "refused"}, want: []string{"storage_refused"}},
	{
		name:  "storage price refused, terms not stated: one blocker",
		cells: map[string]string{"storage_terms": "", "storage_price_per_tb_month": "refused"},
		want:  []string{"storage_refused"},
	},
	{name: "egress not stated", cells: map[string]string{"egress_price_per_gb": ""}, want: []string{"egress_missing"}},
	{name: "egress refused is a blocker", cells: map[string]string{"egress_price_per_gb": "refused"}, want: []string{"egress_refused"}},
	{name: "free egress is stated", cells: map[string]string{"egress_price_per_gb": "0"}, want: []string{}},
}

func TestStorageRules(t *testing.T) { runCases(t, storageCases) }
