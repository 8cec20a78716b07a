package evaluation

import (
	"context"
	"slices"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/store"
)

// Award statuses, as the API names them.
const (
	AwardAwaiting = "awaiting_approval"
	AwardApproved = "approved"
	AwardStale    = "stale"
	AwardRejected = "rejected"
	AwardRevoked  = "revoked"
)

// AwardView is a recorded award as every surface shows it (home, the
// decision page, the memo, the API), judged on one analysis.
type AwardView struct {
	store.Award
	// Status is the stored one, except that an approved award whose
	// inputs changed since its last signature is "stale".
	Status  string
	Figures AwardFigures // on the current analysis
	Priced  bool         // every awarded quote is priced now
	// NotPriced are the awarded quotes the analysis cannot price now,
	// with why: the award's value is unknown and nobody can sign it.
	NotPriced []NotPriced
	// Changes are what moved since the last signature (before → after):
	// why a stale award is stale, or why the next signature would be.
	Changes  []Change
	Blockers []QuoteBlockers
	// PlanChanged: the contract value moved the award into a higher
	// tier (kept already, or to be kept at the next signature); Plan is
	// the plan in force then and Awaiting who must still sign.
	PlanChanged bool
	Plan        approval.Plan
	Awaiting    []string
}

// ViewAward judges a recorded award on this analysis.
func (a *Analysis) ViewAward(aw store.Award) AwardView {
	v := AwardView{Award: aw, Status: aw.Status, Plan: aw.Plan(), Blockers: a.AwardBlockers(aw.Shares)}
	if aw.Status == "withdrawn" {
		v.Status = AwardRevoked
	}
	fig, fe := a.AwardFigures(aw.Shares)
	v.Figures, v.Priced = fig, fe == nil
	v.NotPriced = a.awardNotPriced(aw.Shares)
	now := a.AwardInputs(aw.Shares)
	if aw.InputsHash != "" && aw.InputsHash != inputsDigest(now) && (aw.Status == AwardApproved || aw.Status == AwardAwaiting) {
		v.Changes = awardChanges(aw.Inputs, now)
		if aw.Status == AwardApproved {
			v.Status = AwardStale
		}
	}
	v.PlanChanged = aw.PlanGrownFrom > 0
	if aw.Status == AwardAwaiting {
		if _, plan, err := a.awardPlan(aw.Shares); err == nil && grows(v.Plan, plan) {
			v.PlanChanged, v.Plan = true, plan
		}
	}
	if aw.Status == AwardAwaiting {
		v.Awaiting = v.Plan.Awaiting(aw.Signatures)
	}
	return v
}

// Awards are the evaluation's recorded awards, newest first, judged on a:
// those read with its snapshot (an award or a signature moves the
// revision, so a kept analysis holds the awards of its revision).
func (s *Service) Awards(_ context.Context, a *Analysis) ([]AwardView, error) {
	out := make([]AwardView, 0, len(a.awards))
	for _, aw := range a.awards {
		out = append(out, a.ViewAward(aw))
	}
	return out, nil
}

// Award is one recorded award judged on its evaluation's analysis now.
func (s *Service) Award(ctx context.Context, id int64) (AwardView, *Analysis, error) {
	aw, err := s.store.Award(ctx, id)
	if err != nil {
		return AwardView{}, nil, err
	}
	a, err := s.Analyze(ctx, aw.EvaluationID)
	if err != nil {
		return AwardView{}, nil, err
	}
	return a.ViewAward(aw), a, nil
}

// SignRefusal is why u could not sign the award now (nil: the page may
// offer the button), by the rules a signature meets; a plan that would
// grow is not a refusal here (the signature keeps the grown plan and says
// so).
func (s *Service) SignRefusal(ctx context.Context, a *Analysis, aw store.Award, u store.User) (*SigningRefusal, error) {
	authors, err := authorsOf(ctx, s.store, a, aw.Shares)
	if err != nil {
		return nil, err
	}
	_, err = signing{a: a, aw: aw, by: u, authors: authors}.check()
	if rf := (*SigningRefusal)(nil); errorsAs(err, &rf) {
		if rf.Code == CodePlanChanged {
			return nil, nil
		}
		return rf, nil
	}
	return nil, err
}

// AwardedQuotes are the quotes whose evidence the decision page and the
// memo show: those of the awards in force or awaiting approval (not
// revoked, rejected or withdrawn), then the single approved quote
// (approved; 0: none), each once.
func AwardedQuotes(awards []AwardView, approved int64) []int64 {
	var ids []int64
	add := func(id int64) {
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	for _, aw := range awards {
		if aw.Status == AwardRevoked || aw.Status == AwardRejected || aw.Award.Status == "withdrawn" {
			continue
		}
		for _, sh := range aw.Shares {
			add(sh.QuoteID)
		}
	}
	if approved != 0 {
		add(approved)
	}
	return ids
}
