// Package approval holds the rules of signing off a provider: who may
// approve which quote, what must be settled first, and the snapshot an
// approval freezes. It knows no HTTP and no SQL.
package approval

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"time"
)

// Decision kinds.
const (
	Approve = "approve"
	Reject  = "reject"
	Revoke  = "revoke"
)

// Refusal reasons; the web layer maps them to messages and statuses.
var (
	ErrReasonRequired = errors.New("approval: a reason is required")
	ErrNotShortlisted = errors.New("approval: only a shortlisted quote can be decided")
	ErrOwnQuote       = errors.New("approval: the author of a quote may not approve it")
	ErrOpenBlockers   = errors.New("approval: open blockers must be waived first")
	ErrNotApproved    = errors.New("approval: only an approved quote can be revoked")
	ErrUnknownKind    = errors.New("approval: unknown decision")
)

// Blocker is something that must be waived before approval: a blocker red
// flag or a failed acceptance test.
type Blocker struct {
	Kind    string // "flag" or "test"
	ID      string // the flag id or the test key
	Message string
}

// Request is one manager's decision on one quote, with the facts the rules
// read.
type Request struct {
	Kind              string
	Reason            string
	ApproverID        int64
	AuthorID          int64
	ApproverEdited    bool   // the approver saved a revision of the quote: its terms are partly theirs
	Status            string // the quote's shortlist status: "", "shortlisted", "approved", "rejected"
	AllowSelfApproval bool   // the admin setting for a team of one
	OpenBlockers      []Blocker
}

// Check applies the rules to r: a reason always; only shortlisted quotes
// are approved or rejected; the author may not approve (unless the setting
// relaxes it); every blocker is waived before an approval.
func Check(r Request) error {
	if strings.TrimSpace(r.Reason) == "" {
		return ErrReasonRequired
	}
	switch r.Kind {
	case Approve, Reject:
		if r.Status != "shortlisted" {
			return ErrNotShortlisted
		}
		if r.Kind == Approve && ownQuote(r) && !r.AllowSelfApproval {
			return ErrOwnQuote
		}
		if r.Kind == Approve && len(r.OpenBlockers) > 0 {
			return ErrOpenBlockers
		}
	case Revoke:
		if r.Status != "approved" {
			return ErrNotApproved
		}
	default:
		return ErrUnknownKind
	}
	return nil
}

// SelfApproval reports whether r approves the approver's own quote, which
// the decision record must say.
func SelfApproval(r Request) bool { return r.Kind == Approve && ownQuote(r) }

// ownQuote: the approver entered the quote or revised its terms.
func ownQuote(r Request) bool { return r.ApproverID == r.AuthorID || r.ApproverEdited }

// Snapshot is what an approval freezes: enough to defend the decision
// later even if the quote, the assumptions or the rules change.
type Snapshot struct {
	EvaluationID   int64             `json:"evaluation_id"`
	EvaluationName string            `json:"evaluation_name"`
	QuoteID        int64             `json:"quote_id"`
	Provider       string            `json:"provider"`
	Terms          map[string]string `json:"terms"`
	Worksheet      Figures           `json:"worksheet"`
	Assumptions    map[string]string `json:"assumptions"`
	Flags          []FlagRecord      `json:"flags"`
	Suite          []TestRecord      `json:"suite"`
	Recommendation Recommendation    `json:"recommendation"`
	Decision       string            `json:"decision"`
	Reason         string            `json:"reason"`
	DecidedBy      string            `json:"decided_by"`
	DecidedAt      time.Time         `json:"decided_at"`
	SelfApproval   bool              `json:"self_approval"`
	// Approvers lists who signed an approval (name, role, time, reason);
	// absent from records made before it was kept.
	Approvers []Signature `json:"approvers,omitempty"`
}

// Figures are the quote's worksheet figures at the time of the decision.
type Figures struct {
	Currency    string `json:"currency"`
	TCO         string `json:"tco"`
	TCOLow      string `json:"tco_low"`
	TCOHigh     string `json:"tco_high"`
	CostPerUnit string `json:"cost_per_unit"`
	// ContractValue and MonthlyEquivalent are what the quote's term,
	// minimum spend and upfront make owed.
	ContractValue     string            `json:"contract_value,omitempty"`
	MonthlyEquivalent string            `json:"monthly_equivalent,omitempty"`
	Unit              string            `json:"unit"`
	Lines             map[string]string `json:"lines"`
	Incomplete        bool              `json:"incomplete"`
	Missing           []string          `json:"missing"`
}

// FlagRecord is a red flag and, for a blocker, its waiver.
type FlagRecord struct {
	ID        string `json:"id"`
	Severity  string `json:"severity"`
	Message   string `json:"message"`
	Waived    bool   `json:"waived"`
	Reason    string `json:"waiver_reason,omitempty"`
	WaivedBy  string `json:"waived_by,omitempty"`
	WaivedAtS string `json:"waived_at,omitempty"`
}

// TestRecord is one acceptance test's state.
type TestRecord struct {
	Test   string `json:"test"`
	Status string `json:"status"`
	Note   string `json:"note,omitempty"`
}

// Recommendation is the engine's answer at the time.
type Recommendation struct {
	Option   string   `json:"option"`
	NotReady bool     `json:"not_ready"`
	Summary  string   `json:"summary"`
	Reasons  []string `json:"reasons"`
	// AwardQuoteID and AwardProvider name the quote the analysis said to
	// award, so a record shows when a manager chose another (and why).
	AwardQuoteID  int64  `json:"award_quote_id,omitempty"`
	AwardProvider string `json:"award_provider,omitempty"`
}

// DiffersFromAward reports whether the decision is on another quote than
// the one the analysis said to award.
func (s Snapshot) DiffersFromAward() bool {
	return s.Recommendation.AwardQuoteID != 0 && s.Recommendation.AwardQuoteID != s.QuoteID
}

// Hash is the SHA-256 of the snapshot's JSON. encoding/json writes struct
// fields in order and map keys sorted, so equal snapshots hash equally.
func (s Snapshot) Hash() (string, error) {
	b, err := json.Marshal(s)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

// InputsHash fingerprints what a decision rests on and a later edit can
// change: the quote's terms and the evaluation's assumptions. A decision
// whose inputs hash differs from the current one is stale.
func InputsHash(terms map[string]string, assumptions map[string]string) string {
	b, _ := json.Marshal(struct {
		T map[string]string `json:"t"`
		A map[string]string `json:"a"`
	}{terms, assumptions})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
