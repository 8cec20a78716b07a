package approval

import (
	"errors"
	"slices"
	"time"
)

// How the approvers of a multi-approver rule sign.
const (
	// InParallel: the approvers sign in any order.
	InParallel = "in_parallel"
	// InOrder: each approver signs only after the one before.
	InOrder = "in_order"
)

// Refusals of a signature on an award.
var (
	// ErrSameApprover: separation of duties — the award's recorder may not
	// approve it, and nobody signs twice (a replayed request counts once).
	ErrSameApprover = errors.New("approval: this person cannot approve this award again")
	// ErrNotYourTurn: in order, an earlier approver has not signed yet.
	ErrNotYourTurn = errors.New("approval: an earlier approver must sign first")
	// ErrWrongRole: no open step of the rule is for the approver's role.
	ErrWrongRole = errors.New("approval: the rule needs an approver of another role")
	// ErrComplete: every step is signed.
	ErrComplete = errors.New("approval: every approver has signed")
)

// Plan is the approval an award needs, fixed from the rules when it is
// recorded: how many approvers, in which order, and optionally the role
// of each step (empty: any role that may approve awards).
type Plan struct {
	Required int      `json:"required"`
	Order    string   `json:"order"`
	Roles    []string `json:"roles,omitempty"`
}

// Signature is one approver's approval of an award.
type Signature struct {
	Step       int       `json:"step"`
	ApproverID int64     `json:"-"`
	Name       string    `json:"name"`
	Email      string    `json:"email"`
	Role       string    `json:"role"`
	Reason     string    `json:"reason"`
	At         time.Time `json:"at"`
	// InputsHash is the digest of the inputs the signature was given on.
	InputsHash string `json:"-"`
}

// Admit says which step (1-based) a signature by approverID in role
// fills, given the award's recorder and the signatures so far, or why it
// is refused. It is the one rule the store applies under the award's lock
// and the pages apply to decide whether to offer the Approve button.
func (p Plan) Admit(recorderID int64, done []Signature, approverID int64, role string) (int, error) {
	if approverID == recorderID || slices.ContainsFunc(done, func(s Signature) bool { return s.ApproverID == approverID }) {
		return 0, ErrSameApprover
	}
	required := max(p.Required, 1)
	if len(done) >= required {
		return 0, ErrComplete
	}
	filled := map[int]bool{}
	for _, s := range done {
		filled[s.Step] = true
	}
	roleOf := func(step int) string {
		if len(p.Roles) >= step {
			return p.Roles[step-1]
		}
		return ""
	}
	if p.Order == InOrder {
		next := 1
		for filled[next] {
			next++
		}
		if r := roleOf(next); r == "" || r == role {
			return next, nil
		}
		for later := next + 1; later <= required; later++ {
			if roleOf(later) == role {
				return 0, ErrNotYourTurn
			}
		}
		return 0, ErrWrongRole
	}
	for step := 1; step <= required; step++ {
		if r := roleOf(step); !filled[step] && (r == "" || r == role) {
			return step, nil
		}
	}
	return 0, ErrWrongRole
}

// Awaiting lists the roles the award now waits for: in order, the next
// step's; in parallel, every open step's ("" stands for any approver).
func (p Plan) Awaiting(done []Signature) []string {
	filled := map[int]bool{}
	for _, s := range done {
		filled[s.Step] = true
	}
	var out []string
	for step := 1; step <= max(p.Required, 1); step++ {
		if filled[step] {
			continue
		}
		r := ""
		if len(p.Roles) >= step {
			r = p.Roles[step-1]
		}
		out = append(out, r)
		if p.Order == InOrder {
			break
		}
	}
	return out
}
