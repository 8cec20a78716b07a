package redflag

import "testing"

var securityCases = []ruleCase{
	{name: "dedicated without tenant isolation", cells: map[string]string{"tenant_isolation": ""}, want: []string{"dedicated_unbacked"}},
	{name: "dedicated without placement guarantee", cells: map[string]string{"placement_guarantee": ""}, want: []string{"dedicated_unbacked"}},
	{name: "dedicated across nodes, placement denied", cells: map[string]string{"placement_guarantee": "no"}, want: []string{"dedicated_unbacked"}},
	{
		name:  "dedicated single node needs no placement",
		cells: map[string]string{"nodes": "1", "placement_guarantee": ""},
		brief: map[string]string{"node_count": "1"},
		want:  []string{},
	},
	{name: "not called dedicated", cells: map[string]string{"dedicated_claim": "no", "tenant_isolation": ""}, want: []string{}},
	{name: "dedicated, isolation refused is a blocker", cells: map[string]string{"tenant_isolation": "refused"}, want: []string{"dedicated_refused"}},
	{
		name: "compliance claimed without deletion terms", cells: map[string]string{"data_deletion_terms": ""},
		want: []string{"compliance_without_deletion"}, data: map[string]string{"Claims": "ISO 27001"},
	},
	{name: "no compliance claims, no deletion terms", cells: map[string]string{"data_deletion_terms": "", "compliance_claims": ""}, want: []string{}},
	{
		name:  "deletion refused is a blocker even without compliance claims",
		cells: map[string]string{"data_deletion_terms": "refused", "compliance_claims": ""},
		want:  []string{"data_deletion_refused"},
	},
}

func TestSecurityRules(t *testing.T) { runCases(t, securityCases) }
