package views

// AwardedCompliance is an awarded quote's vendor row of the compliance
// matrix of the round the quote came through, requirement by requirement.
type AwardedCompliance struct {
	Provider string
	Scope    string // translated: the sites and the fabric each must cover
	Lines    []ComplianceLine
	Alerts   []string // attestations that end during the contract's term
}

// ComplianceLine is one requirement and the vendor's standing on it.
type ComplianceLine struct {
	Requirement string // translated ("Penetration test within 12 months")
	Cell        ComplianceCell
}
