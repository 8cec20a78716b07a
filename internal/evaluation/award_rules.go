package evaluation

import (
	"context"
	"errors"
	"slices"

	"github.com/gpuquote/gpuquote/internal/acceptance"
	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/internal/store"
)

// Codes of a refused signature: the API's `code`, and the page's message
// key (award.refused.<code>).
const (
	CodeOwnQuote       = "own_quote"
	CodeSameApprover   = "same_approver"
	CodeNotYourTurn    = "not_your_turn"
	CodeWrongRole      = "wrong_role"
	CodeBlockersOpen   = "blockers_open"
	CodeAcceptanceOpen = "acceptance_open"
	CodePlanChanged    = "plan_changed"
	CodeStale          = "stale"
	CodeValueUnknown   = "value_unknown"
	CodeNotAwaiting    = "not_awaiting_approval"
)

// SigningRefusal is a signature the rules refuse, with what the signer
// needs to act: the open blockers, who must still sign after the plan
// grew, what changed since the last signature.
type SigningRefusal struct {
	Code     string
	Err      error // the approval rule's error, where one applies
	Blockers []QuoteBlockers
	Plan     approval.Plan
	Awaiting []string // roles still to sign ("" any approver)
	Changes  []Change
}

func (r *SigningRefusal) Error() string { return "evaluation: signature refused: " + r.Code }

// Unwrap lets errors.Is see the approval rule's error.
func (r *SigningRefusal) Unwrap() error { return r.Err }

// Blocker is one blocker of an awarded quote: a blocker red flag (waived
// or not) or a failed acceptance test (open until waived in the suite).
type Blocker = approval.AwardBlocker

// QuoteBlockers are an awarded quote's blockers and acceptance state.
type QuoteBlockers struct {
	QuoteID    int64
	Provider   string
	Blockers   []Blocker
	Acceptance store.SuiteCounts
	Tests      int // how many tests the suite has
	// AutomaticOpen are the automatic tests neither passed nor waived.
	AutomaticOpen []string
}

// Open counts the blockers not waived.
func (q QuoteBlockers) Open() int {
	n := 0
	for _, b := range q.Blockers {
		if !b.Waived {
			n++
		}
	}
	return n
}

// AwardBlockers are the blockers and acceptance state of each awarded
// quote, in share order.
func (a *Analysis) AwardBlockers(shares []store.AwardShare) []QuoteBlockers {
	out := make([]QuoteBlockers, 0, len(shares))
	for _, sh := range shares {
		qb := QuoteBlockers{QuoteID: sh.QuoteID, Acceptance: store.Count(a.Suites[sh.QuoteID]), Tests: len(store.AcceptanceTests),
			Blockers: []Blocker{}}
		if sq, ok := a.quoteByID(sh.QuoteID); ok {
			qb.Provider = sq.ProviderName
		}
		for _, f := range a.Flags[sh.QuoteID] {
			if f.Severity != redflag.Blocker {
				continue
			}
			b := Blocker{Kind: "flag", ID: f.ID, Message: f.Message}
			if w, ok := a.Waivers[sh.QuoteID][f.ID]; ok {
				b.Waived, b.Reason = true, w.Reason
			}
			qb.Blockers = append(qb.Blockers, b)
		}
		for _, test := range store.AcceptanceTests {
			r, ok := a.Suites[sh.QuoteID][test]
			if ok && r.Status == store.AcceptanceFailed {
				qb.Blockers = append(qb.Blockers, Blocker{Kind: "test", ID: test, Message: r.Note})
			}
			if acceptance.Test(test).IsAutomatic() && (!ok || (r.Status != store.AcceptancePassed && r.Status != store.AcceptanceWaived)) {
				qb.AutomaticOpen = append(qb.AutomaticOpen, test)
			}
		}
		out = append(out, qb)
	}
	return out
}

// signing is what the rules read about one signature: the award (locked),
// the analysis of the moment, the signer, and the quotes' authors.
type signing struct {
	a       *Analysis
	aw      store.Award
	by      store.User
	authors map[int64]bool // who entered, imported or revised an awarded quote
}

// authorsOf reads who entered, imported or revised the awarded quotes.
func authorsOf(ctx context.Context, tx *store.Store, a *Analysis, shares []store.AwardShare) (map[int64]bool, error) {
	out := map[int64]bool{}
	for _, sh := range shares {
		if sq, ok := a.quoteByID(sh.QuoteID); ok {
			out[sq.AuthorID] = true
		}
		revs, err := tx.Revisions(ctx, sh.QuoteID)
		if err != nil {
			return nil, err
		}
		for _, r := range revs {
			out[r.AuthorID] = true
		}
	}
	return out, nil
}

// check applies every rule to the signature on the figures of the
// moment, in the order a signer can act on: who signs, whether the
// figures moved since the last signature, the blockers, acceptance, the
// tier, then the plan's order and roles. It returns the step the
// signature fills, or a *SigningRefusal (plan_changed carries the grown
// plan, which the caller stores).
func (g signing) check() (int, error) {
	aw, a, by := g.aw, g.a, g.by
	if aw.Status != "awaiting_approval" {
		return 0, &SigningRefusal{Code: CodeNotAwaiting, Err: approval.ErrComplete}
	}
	if (aw.RecordedByID == by.ID && !aw.Direct) || slices.ContainsFunc(aw.Signatures, func(s approval.Signature) bool { return s.ApproverID == by.ID }) {
		return 0, &SigningRefusal{Code: CodeSameApprover, Err: approval.ErrSameApprover}
	}
	if g.authors[by.ID] && !a.AllowSelf {
		return 0, &SigningRefusal{Code: CodeOwnQuote, Err: approval.ErrOwnQuote}
	}
	now := a.AwardInputs(aw.Shares)
	if aw.InputsHash != "" && aw.InputsHash != inputsDigest(now) {
		return 0, &SigningRefusal{Code: CodeStale, Changes: awardChanges(aw.Inputs, now)}
	}
	_, plan, err := a.awardPlan(aw.Shares)
	if err != nil {
		return 0, err
	}
	blockers := a.AwardBlockers(aw.Shares)
	for _, qb := range blockers {
		if qb.Open() > 0 {
			return 0, &SigningRefusal{Code: CodeBlockersOpen, Err: approval.ErrOpenBlockers, Blockers: blockers}
		}
	}
	if a.RequireAcceptance && slices.ContainsFunc(blockers, func(q QuoteBlockers) bool { return len(q.AutomaticOpen) > 0 }) {
		return 0, &SigningRefusal{Code: CodeAcceptanceOpen, Blockers: blockers}
	}
	if grows(aw.Plan(), plan) {
		return 0, &SigningRefusal{Code: CodePlanChanged, Plan: plan, Awaiting: plan.Awaiting(aw.Signatures)}
	}
	step, err := aw.Plan().Admit(0, aw.Signatures, by.ID, string(by.Role))
	switch {
	case errors.Is(err, approval.ErrNotYourTurn):
		return 0, &SigningRefusal{Code: CodeNotYourTurn, Err: err, Awaiting: aw.Plan().Awaiting(aw.Signatures)}
	case errors.Is(err, approval.ErrWrongRole):
		return 0, &SigningRefusal{Code: CodeWrongRole, Err: err, Awaiting: aw.Plan().Awaiting(aw.Signatures)}
	case err != nil:
		return 0, &SigningRefusal{Code: CodeNotAwaiting, Err: err}
	}
	return step, nil
}

// grows reports whether the plan the value needs now asks more than the
// award's: more approvers, or named roles where it had fewer. A plan
// never shrinks: signatures given stay, and a lower value asks no fewer.
func grows(had, now approval.Plan) bool {
	switch {
	case now.Required > had.Required:
		return true
	case now.Required < had.Required:
		return false
	}
	return len(now.Roles) > len(had.Roles)
}

func errorsAs(err error, rf **SigningRefusal) bool { return errors.As(err, rf) }

// refusal is a refused signature as a refused decision (the single-quote
// routes speak Refusal).
func (r *SigningRefusal) refusal() Refusal {
	switch r.Code {
	case CodeOwnQuote:
		return Refusal{Kind: "forbidden", Key: "decision.error.own_quote"}
	case CodeBlockersOpen:
		return Refusal{Kind: "conflict", Key: "decision.error.blockers"}
	}
	return Refusal{Kind: "conflict", Key: "award.refused." + r.Code}
}
