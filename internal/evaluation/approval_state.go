package evaluation

import (
	"context"
	"slices"

	"github.com/gpuquote/gpuquote/internal/approval"
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
// now, with both values as text.
type Change = approval.Change

// ApprovalState is where the evaluation's approval stands, in one word,
// with what a reader needs next: the approval in force and, when stale,
// what changed since; or the award awaiting approvers.
type ApprovalState struct {
	State    string
	Decision *store.DecisionRecord // the single-quote approval, when the award in force is one
	Changes  []Change
	Award    *AwardView
}

// ApprovalState says where the approval stands, judged as every surface
// judges it (ViewAward): the newest award in force (stale when an input
// of its last signature changed, approved, or awaiting approvers), with
// the quote's decision record when it is a single-quote approval; else a
// quote approval recorded before awards carried it (stale when its terms
// or the assumptions changed); else none.
func (s *Service) ApprovalState(ctx context.Context, a *Analysis) (ApprovalState, error) {
	views, err := s.Awards(ctx, a)
	if err != nil {
		return ApprovalState{}, err
	}
	cur := a.CurrentApproval()
	// An award in force comes before one awaiting approvers.
	for _, want := range []map[string]string{{AwardStale: StateStale, AwardApproved: StateApproved}, {AwardAwaiting: StateAwaiting}} {
		for i, v := range views {
			state, ok := want[v.Status]
			if !ok {
				continue
			}
			out := ApprovalState{State: state, Award: &views[i], Changes: v.Changes}
			if v.Direct && cur != nil && v.Shares[0].QuoteID == cur.QuoteID {
				out.Decision = cur
			}
			return out, nil
		}
	}
	if cur != nil {
		sq, _, ok := a.Quote(cur.QuoteID)
		if !ok {
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
