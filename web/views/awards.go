package views

// AwardsPanel is the decision page's award section: the suggested split
// and its runner-up, the form that records an award, and the awards
// recorded with their approvers.
type AwardsPanel struct {
	EvaluationID int64
	CanRecord    bool
	Options      []AwardOption
	Reason       string
	Errors       []FormError
	// The buyer's constraints for the suggestion, as typed.
	MaxVendorPct string
	VerifiedOnly bool
	Suggested    string // the suggested split's sentence ("" when none)
	RunnerUp     string
	NoSplit      bool // no split meets the constraints
	Recorded     []RecordedAward
}

// AwardOption is one priced quote the award may give a share to.
type AwardOption struct {
	QuoteID     int64
	Provider    string
	Rental      string
	CostPerUnit string
	Share       string // the form value: typed, or the suggested share
	Error       string
}

// RecordedAward is an award with its plan and approvers.
type RecordedAward struct {
	ID          int64
	Shares      []string
	Value       string
	CostPerUnit string
	Status      string // awaiting_approval, approved, withdrawn
	StatusLabel string
	StatusClass string // ok, warn, info
	Recorded    string // who recorded it, when and why
	Plan        string
	Awaiting    string // whom it awaits, when it does
	Signatures  []string
	Hash        string
	CanSign     bool
	CannotSign  string // why the viewer cannot sign, when they hold the right
	SignError   string // a refused signature's message, on this award
	SignReason  string
}
