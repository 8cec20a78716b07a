package evaluation

import (
	"context"
	"slices"

	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// Approval states the evaluation home shows.
const (
	StateApproved = "approved"
	StateStale    = "stale"
	StateAwaiting = "awaiting" // an award awaits more approvers
	StateNone     = "none"
)

// Change is one input that differs between an approval's snapshot and
// now: a quote term or an assumption, with both values as text.
type Change struct {
	Kind   string // "term" or "assumption"
	Key    string
	Before string
	After  string
}

// ApprovalState is where the evaluation's approval stands, in one word,
// with what a reader needs next: the approval in force and, when stale,
// what changed since; or the award awaiting approvers.
type ApprovalState struct {
	State    string
	Decision *store.DecisionRecord
	Changes  []Change
	Award    *store.Award
}

// ApprovalState says where the approval stands: the quote approval in
// force (stale when its inputs changed), else the newest award (approved,
// or awaiting approvers), else none.
func (s *Service) ApprovalState(ctx context.Context, a *Analysis) (ApprovalState, error) {
	if cur := a.CurrentApproval(); cur != nil {
		sq, _, ok := a.Quote(cur.QuoteID)
		if !ok {
			var err error
			if sq, err = s.store.Quote(ctx, cur.QuoteID); err != nil {
				return ApprovalState{}, err
			}
		}
		out := ApprovalState{State: StateApproved, Decision: cur}
		if cur.InputsHash != a.InputsHash(sq.Quote) {
			out.State, out.Changes = StateStale, a.ChangesSince(*cur, sq.Quote)
		}
		return out, nil
	}
	awards, err := s.store.Awards(ctx, a.Evaluation.ID)
	if err != nil {
		return ApprovalState{}, err
	}
	for i, aw := range awards {
		switch aw.Status {
		case "approved":
			return ApprovalState{State: StateApproved, Award: &awards[i]}, nil
		case "awaiting_approval":
			return ApprovalState{State: StateAwaiting, Award: &awards[i]}, nil
		}
	}
	return ApprovalState{State: StateNone}, nil
}

// ChangesSince lists the quote terms and assumptions that differ between
// d's snapshot and now (q is the quote's current version), in key order.
func (a *Analysis) ChangesSince(d store.DecisionRecord, q quote.Quote) []Change {
	var out []Change
	diff := func(kind string, before, after map[string]string) {
		keys := map[string]bool{}
		for k := range before {
			keys[k] = true
		}
		for k := range after {
			keys[k] = true
		}
		sorted := make([]string, 0, len(keys))
		for k := range keys {
			sorted = append(sorted, k)
		}
		slices.Sort(sorted)
		for _, k := range sorted {
			if before[k] != after[k] {
				out = append(out, Change{Kind: kind, Key: k, Before: before[k], After: after[k]})
			}
		}
	}
	diff("term", d.Snapshot.Terms, quote.Cells(q))
	now := map[string]string{}
	for _, key := range tco.Editable {
		if f, ok := a.A.Field(key); ok {
			now[key] = AssumptionText(key, f.Value)
		}
	}
	diff("assumption", d.Snapshot.Assumptions, now)
	return out
}
