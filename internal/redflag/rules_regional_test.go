package redflag

import "testing"

// Issue 25: the upgrade path and observability terms, the guide's
// regional checks and the brief's eviction tolerance were read by no
// rule. Each is stated (nothing), not stated (a warning) or refused (a
// blocker). The good quote states every one.
var regionalCases = []ruleCase{
	{name: "upgrade path not stated on a commitment", cells: map[string]string{"upgrade_path": ""}, want: []string{"upgrade_path_missing"}},
	{name: "upgrade path refused", cells: map[string]string{"upgrade_path": "refused"}, want: []string{"upgrade_path_refused"}},
	{name: "no commitment, no brief ask: no upgrade question", cells: map[string]string{"upgrade_path": "", "min_term_months": "0",
		"min_spend": "", "upfront": ""}, want: []string{}},
	{name: "observability not stated on a commitment", cells: map[string]string{"observability_terms": ""}, want: []string{"observability_missing"}},
	{name: "observability refused", cells: map[string]string{"observability_terms": "refused"}, want: []string{"observability_refused"}},
	{name: "tax terms not stated", cells: map[string]string{"tax_terms": ""}, want: []string{"tax_terms_missing"}},
	{name: "tax terms refused", cells: map[string]string{"tax_terms": "refused"}, want: []string{"tax_terms_refused"}},
	{name: "tax terms: brief names no region", cells: map[string]string{"tax_terms": ""}, brief: map[string]string{"region": "", "data_residency": ""}, want: []string{}},
	{name: "invoicing entity not stated", cells: map[string]string{"invoicing_entity": ""}, want: []string{"invoicing_entity_missing"}},
	{name: "invoicing entity refused", cells: map[string]string{"invoicing_entity": "refused"}, want: []string{"invoicing_entity_refused"}},
	{name: "support hours not stated", cells: map[string]string{"support_hours": ""}, want: []string{"support_hours_missing"}},
	{name: "support hours refused", cells: map[string]string{"support_hours": "refused"}, want: []string{"support_hours_refused"}},
	{name: "import/export limits not stated", cells: map[string]string{"import_export_limits": ""}, want: []string{"import_export_limits_missing"}},
	{name: "import/export limits refused", cells: map[string]string{"import_export_limits": "refused"}, want: []string{"import_export_limits_refused"}},
	{name: "eviction risk above the brief's tolerance", cells: map[string]string{"eviction_risk": "high"}, brief: map[string]string{"eviction_risk": "low"},
		want: []string{"eviction_above_tolerance"}},
	{name: "eviction risk within tolerance", cells: map[string]string{"eviction_risk": "low"}, brief: map[string]string{"eviction_risk": "low"}, want: []string{}},
	{name: "the decision table's tolerance field wins", cells: map[string]string{"eviction_risk": "medium"},
		brief: map[string]string{"eviction_tolerance": "high", "eviction_risk": "none"}, want: []string{}},
	{name: "eviction risk not stated on evictable capacity", cells: map[string]string{"eviction_risk": "", "rental_model": "marketplace"},
		brief: map[string]string{"eviction_risk": "none"}, want: []string{"eviction_risk_missing"}},
	{name: "eviction risk refused", cells: map[string]string{"eviction_risk": "refused"}, brief: map[string]string{"eviction_risk": "low"},
		want: []string{"eviction_risk_refused"}},
}

func TestRegionalRules(t *testing.T) { runCases(t, regionalCases) }
