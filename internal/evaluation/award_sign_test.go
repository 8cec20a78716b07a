package evaluation_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

// awardToApprove records a one-quote award with the given plan.
func awardToApprove(t *testing.T, st *store.Store, recorder store.User, plan approval.Plan) store.Award {
	t.Helper()
	ctx := context.Background()
	e, err := st.CreateEvaluation(ctx, recorder.Actor(), "Award "+plan.Order)
	if err != nil {
		t.Fatal(err)
	}
	// A priced quote: nobody signs an award whose value is unknown.
	qs, err := quote.ReadCSV(strings.NewReader("provider,rental_model,currency,gpu_model,gpus_per_node,nodes,price_per_gpu_hour,billing_unit,min_term_months\n" +
		"Acme,reserved,USD,H100,8,1,2.00,hour,12\n"))
	if err != nil {
		t.Fatal(err)
	}
	ids, err := st.ImportQuotes(ctx, recorder.Actor(), e.ID, qs)
	if err != nil {
		t.Fatal(err)
	}
	// The quote's blockers are waived: these tests are about the plan.
	an, err := evaluation.New(st).Analyze(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range an.OpenBlockers(ids[0]) {
		if err := st.WaiveFlag(ctx, recorder.Actor(), ids[0], b.ID, "not in scope of this test"); err != nil {
			t.Fatal(err)
		}
	}
	aw, err := st.RecordAward(ctx, recorder.Actor(), store.NewAward{EvaluationID: e.ID, Shares: []store.AwardShare{{QuoteID: ids[0], SharePct: 100}},
		Reason: "cheapest per unit", Currency: "USD", ContractValue: "900000.00", CostPerUnit: "1.00",
		RequiredApprovers: plan.Required, ApprovalOrder: plan.Order, ApproverRoles: plan.Roles})
	if err != nil {
		t.Fatal(err)
	}
	return aw
}

// In order: finance cannot sign before the manager, a second manager
// cannot take finance's step, and the approval snapshot names both
// approvers with their role, time and reason.
func TestOrderedAwardApprovalWaitsForTheFirstApprover(t *testing.T) {
	t.Parallel()
	st, _ := storetest.New(t, nil)
	svc := evaluation.New(st)
	ctx := context.Background()
	p := newUser(t, st, "p@example.com", auth.Procurement)
	m := newUser(t, st, "m@example.com", auth.Manager)
	m2 := newUser(t, st, "m2@example.com", auth.Manager)
	f := newUser(t, st, "f@example.com", auth.Finance)
	aw := awardToApprove(t, st, p, approval.Plan{Required: 2, Order: approval.InOrder, Roles: []string{"manager", "finance"}})

	if _, err := svc.ApproveAward(ctx, f, aw.ID, "budget ok"); !errors.Is(err, approval.ErrNotYourTurn) {
		t.Fatalf("finance signed before the manager: %v", err)
	}
	if a, err := svc.ApproveAward(ctx, m, aw.ID, "best value"); err != nil || a.Status != "awaiting_approval" {
		t.Fatalf("manager %+v %v", a, err)
	}
	if _, err := svc.ApproveAward(ctx, m2, aw.ID, "me too"); !errors.Is(err, approval.ErrWrongRole) {
		t.Fatalf("a second manager took finance's step: %v", err)
	}
	a, err := svc.ApproveAward(ctx, f, aw.ID, "budget ok")
	if err != nil || a.Status != "approved" {
		t.Fatalf("finance %+v %v", a, err)
	}
	got, err := st.Award(ctx, aw.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != "approved" || len(got.Signatures) != 2 || got.ApprovalHash == "" {
		t.Fatalf("award %+v", got)
	}
	first, second := got.Signatures[0], got.Signatures[1]
	if first.Email != m.Email || first.Role != "manager" || first.Reason != "best value" || first.At.IsZero() ||
		second.Email != f.Email || second.Role != "finance" || second.Reason != "budget ok" || first.Name == "" {
		t.Errorf("signatures %+v", got.Signatures)
	}
	awards, err := st.Awards(ctx, aw.EvaluationID)
	if err != nil || len(awards) != 1 || len(awards[0].Signatures) != 2 || awards[0].ApproverRoles[1] != "finance" {
		t.Errorf("awards %+v %v", awards, err)
	}
}

// A replayed request cannot complete a two-step approval, even when the
// copies arrive at once: the same approver's signature counts once, and
// the award stays awaiting its second approver.
func TestReplayedAwardApprovalCountsOnce(t *testing.T) {
	t.Parallel()
	st, _ := storetest.New(t, nil)
	svc := evaluation.New(st)
	ctx := context.Background()
	p := newUser(t, st, "p@example.com", auth.Procurement)
	m := newUser(t, st, "m@example.com", auth.Manager)
	aw := awardToApprove(t, st, p, approval.Plan{Required: 2, Order: approval.InParallel})
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = svc.ApproveAward(ctx, m, aw.ID, "replayed")
		}()
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		switch {
		case err == nil:
			ok++
		case !errors.Is(err, approval.ErrSameApprover):
			t.Errorf("replay: %v", err)
		}
	}
	got, err := st.Award(ctx, aw.ID)
	if err != nil {
		t.Fatal(err)
	}
	if ok != 1 || got.Status != "awaiting_approval" || len(got.Signatures) != 1 {
		t.Errorf("%d accepted, award %s with %d signatures", ok, got.Status, len(got.Signatures))
	}
}

// Two different approvers signing at once both count, each on its own
// step, and the award is approved once.
func TestParallelApproversAtOnceFillBothSteps(t *testing.T) {
	t.Parallel()
	st, _ := storetest.New(t, nil)
	svc := evaluation.New(st)
	ctx := context.Background()
	p := newUser(t, st, "p@example.com", auth.Procurement)
	m := newUser(t, st, "m@example.com", auth.Manager)
	f := newUser(t, st, "f@example.com", auth.Finance)
	aw := awardToApprove(t, st, p, approval.Plan{Required: 2, Order: approval.InParallel, Roles: []string{"manager", "finance"}})
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, u := range []store.User{m, f} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = svc.ApproveAward(ctx, u, aw.ID, "agreed")
		}()
	}
	wg.Wait()
	got, _ := st.Award(ctx, aw.ID)
	if errs[0] != nil || errs[1] != nil || got.Status != "approved" || len(got.Signatures) != 2 ||
		got.Signatures[0].Role != "manager" || got.Signatures[1].Role != "finance" {
		t.Errorf("errors %v, award %+v", errs, got)
	}
}

// A two-approver award cannot be completed by one person: not by its
// recorder, not by the same approver twice (a replayed request), only by
// two different approvers; after that it is no longer open to approval.
func TestTwoStepAwardApprovalNeedsTwoPeople(t *testing.T) {
	t.Parallel()
	st, _ := storetest.New(t, nil)
	svc := evaluation.New(st)
	ctx := context.Background()
	p := newUser(t, st, "p@example.com", auth.Procurement)
	m := newUser(t, st, "m@example.com", auth.Manager)
	f := newUser(t, st, "f@example.com", auth.Finance)
	m2 := newUser(t, st, "m2@example.com", auth.Manager)
	aw := awardToApprove(t, st, m, approval.Plan{Required: 2})
	if _, err := svc.ApproveAward(ctx, m, aw.ID, "mine"); !errors.Is(err, approval.ErrSameApprover) {
		t.Errorf("the recorder approved: %v", err)
	}
	a1, err := svc.ApproveAward(ctx, f, aw.ID, "within budget")
	if err != nil || a1.Status != "awaiting_approval" || a1.Approvals != 1 {
		t.Fatalf("first approval %+v %v", a1, err)
	}
	if _, err := svc.ApproveAward(ctx, f, aw.ID, "within budget"); !errors.Is(err, approval.ErrSameApprover) {
		t.Errorf("a replayed approval counted: %v", err)
	}
	a2, err := svc.ApproveAward(ctx, m2, aw.ID, "agreed")
	if err != nil || a2.Status != "approved" || a2.Approvals != 2 || len(a2.Approvers) != 2 {
		t.Fatalf("second approval %+v %v", a2, err)
	}
	if _, err := svc.ApproveAward(ctx, p, aw.ID, "late"); !evaluation.IsSigningRefusal(err) {
		t.Errorf("an approved award took another approval: %v", err)
	}
}

func newUser(t *testing.T, st *store.Store, email string, role auth.Role) store.User {
	t.Helper()
	u, err := st.CreateUser(context.Background(), audit.Actor{Email: "test"}, store.User{Email: email, Name: "N " + email, Role: role, PasswordHash: "x"})
	if err != nil {
		t.Fatal(err)
	}
	return u
}
