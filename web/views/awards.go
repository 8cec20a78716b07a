package views

import "github.com/gpuquote/gpuquote/internal/chart"

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
	// NoSplitWhy says, quote by quote, why (blockers, the cap, currency…);
	// Nearest is the nearest split that can be found and NearestURL the
	// constraints that find it ("" when none can).
	NoSplitWhy []string
	Nearest    string
	NearestURL string
	Recorded   []RecordedAward
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

// RecordedAward is an award with its plan and approvers, on today's
// figures.
type RecordedAward struct {
	ID          int64
	Shares      []string
	Split       chart.SplitFigure // the shares as one bar, when more than one
	SplitText   ChartText
	Value       string
	Monthly     string // the contract's monthly equivalent
	CostPerUnit string
	// NotPriced say which awarded quotes cannot be priced now (the
	// figures above then read "unknown"), and what would price them.
	NotPriced   []string
	Status      string // awaiting_approval, approved, stale, rejected, revoked
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
	// SignBlockers are the open blockers a refused signature listed.
	SignBlockers []string
	// PlanChanged says the contract value moved the award into a higher
	// tier, and who must still sign.
	PlanChanged string
	// Changes are what moved since the last signature, before → after.
	Changes []string
	// Quotes are each awarded quote's blockers and acceptance state.
	Quotes       []AwardQuoteState
	CanReapprove bool // stale: one-step re-approval on today's figures
	CanReject    bool
	CanRevoke    bool
}

// AwardQuoteState is an awarded quote's blockers (each waived or open)
// and its acceptance suite, on the signing card.
type AwardQuoteState struct {
	Provider   string
	Acceptance string
	Blockers   []string
}

// closePath is where an award's close form posts: a rejection while it
// awaits approval, else a revocation.
func closePath(reject bool) string {
	if reject {
		return "/rejection"
	}
	return "/revocation"
}
