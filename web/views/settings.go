package views

// ApprovalSettings is the admin's two award settings on the reference
// page: approval rules by contract value, and the criteria template.
type ApprovalSettings struct {
	Currency string
	Tiers    []TierRow
	Roles    []Option // the roles that may approve awards
	Criteria []CriterionWeight
	// Errors by field id (rule-currency, rule-0-above, crit-cost_per_unit…).
	Errors map[string]string
}

// TierRow is one threshold of the approval rules, as typed.
type TierRow struct {
	Above     string
	Approvers string
	Order     string
	Roles     [3]string // the role of each step, "" for any
}

// CriterionWeight is one criterion's weight in the template, as typed.
type CriterionWeight struct {
	Key    string
	Label  string
	Weight string
}
