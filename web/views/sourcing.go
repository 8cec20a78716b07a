package views

// ComplianceForm is the new-round form's compliance part: which
// attestations are required and the scope they must cover.
type ComplianceForm struct {
	Kinds         []Option // value = kind
	Required      map[string]bool
	PenTestMonths string
	Sites         string
	Fabric        bool
}

// ComplianceMatrix is the round's vendors × required attestations.
type ComplianceMatrix struct {
	Heads []string // the requirements, translated ("Penetration test within 12 months")
	Scope string   // translated: the sites and the fabric each must cover
	Rows  []ComplianceRow
	// Alerts are the attestations that end during the contract's term,
	// one line each, naming the vendor.
	Alerts []string
}

// ComplianceRow is one vendor's line.
type ComplianceRow struct {
	Company  string
	Blockers int
	Cells    []ComplianceCell
}

// ComplianceCell is one vendor's standing on one requirement.
type ComplianceCell struct {
	Status   string // code: covered, expiring, expired, scope_gap, missing, refused, sealed
	Text     string
	CSS      string // "", warn, blocker
	Question string // what to ask the vendor, for a blocker
}

// VendorCompliance is the vendor's side: each requirement to answer.
type VendorCompliance struct {
	Scope     string
	Items     []AttestationItem
	Documents []Option // the vendor's own attachments: value = id
	ReadOnly  bool
}

// AttestationItem is one requirement with the vendor's answer.
type AttestationItem struct {
	Kind       string
	Label      string
	State      string
	Issuer     string
	From, To   string // yyyy-mm-dd
	Scope      string
	Fabric     bool
	Bridge     bool
	DocumentID string
	Status     string // the vendor's standing, translated
	Alert      string // the attestation ends during the contract's term
	StatusCSS  string
	Error      string
}
