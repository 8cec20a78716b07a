package evaluation_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
)

func asRefusal(err error, rf **evaluation.SigningRefusal) bool { return errors.As(err, rf) }

// A price changed after a 70/30 award was signed makes it stale, with
// the price and the contract value before → after, on every surface's
// judgement (the award and the evaluation's approval state); it was
// "approved" for ever before.
func TestAnApprovedAwardGoesStaleWhenAPriceChanges(t *testing.T) {
	t.Parallel()
	f := newDecisionFixture(t)
	ctx := context.Background()
	ids := f.priced(t)
	f.waiveAll(t, ids[0], ids[1])
	aw := f.record(t, store.AwardShare{QuoteID: ids[0], SharePct: 70}, store.AwardShare{QuoteID: ids[1], SharePct: 30})
	if res, err := f.svc.ApproveAward(ctx, f.m, aw.ID, "best value"); err != nil || res.Status != "approved" {
		t.Fatalf("sign: %+v %v", res, err)
	}
	if v := f.view(t, aw.ID); v.Status != evaluation.AwardApproved || len(v.Changes) != 0 {
		t.Fatalf("before the change: %s %+v", v.Status, v.Changes)
	}
	sq, _ := f.st.Quote(ctx, ids[0])
	old, _ := sq.Quote.PricePerGPUHour.Get()
	f.revisePrice(t, ids[0], double(old))
	v := f.view(t, aw.ID)
	if v.Status != evaluation.AwardStale {
		t.Fatalf("after the price doubled: %s", v.Status)
	}
	var price, value bool
	for _, c := range v.Changes {
		price = price || (c.Kind == "term" && c.Key == "price_per_gpu_hour" && c.QuoteID == ids[0] && c.Before != c.After)
		value = value || (c.Kind == "value" && c.Before != c.After)
	}
	if !price || !value {
		t.Errorf("changes %+v", v.Changes)
	}
	state, err := f.svc.ApprovalState(ctx, f.analyze(t))
	if err != nil || state.State != evaluation.StateStale || state.Award == nil || state.Award.ID != aw.ID {
		t.Errorf("approval state %+v %v", state, err)
	}
	// One step renews it on the current figures, signed by the caller.
	res, err := f.svc.ReapproveAward(ctx, f.m2, aw.ID, "new price accepted")
	if err != nil || res.Status != "approved" {
		t.Fatalf("re-approval %+v %v", res, err)
	}
	if v := f.view(t, aw.ID); v.Status != evaluation.AwardRevoked {
		t.Errorf("the stale award is %s", v.Status)
	}
	if v := f.view(t, res.AwardID); v.Status != evaluation.AwardApproved || v.RecordedByID != f.p.ID {
		t.Errorf("the renewed award %+v", v)
	}
}

// The tier comes from the contract value at each signature: an award
// recorded under the threshold needs one signer, the quote is revised
// above it, and a manager alone can no longer approve it — the plan grows
// (manager then finance), the signatures given stay.
func TestTheTierIsCheckedAtEverySignature(t *testing.T) {
	t.Parallel()
	f := newDecisionFixture(t)
	ctx := context.Background()
	ids := f.priced(t)
	f.waiveAll(t, ids[0])
	fig, fe := f.analyze(t).AwardFigures([]store.AwardShare{{QuoteID: ids[0], SharePct: 100}})
	if fe != nil || fig.Value.Currency != "USD" {
		t.Fatalf("figures %+v %v", fig, fe)
	}
	threshold := fig.Value.Decimal() // the value itself is not above it
	f.setRules(t, threshold, "manager", "finance")
	aw := f.record(t, store.AwardShare{QuoteID: ids[0], SharePct: 100})
	if aw.RequiredApprovers != 1 {
		t.Fatalf("recorded with %d approvers", aw.RequiredApprovers)
	}
	sq, _ := f.st.Quote(ctx, ids[0])
	old, _ := sq.Quote.PricePerGPUHour.Get()
	f.revisePrice(t, ids[0], double(old))
	_, err := f.svc.ApproveAward(ctx, f.m, aw.ID, "alone")
	var rf *evaluation.SigningRefusal
	if !errors.As(err, &rf) || rf.Code != evaluation.CodePlanChanged || rf.Plan.Required != 2 || strings.Join(rf.Awaiting, ",") != "manager" {
		t.Fatalf("a manager alone approved after the value moved up a tier: %v %+v", err, rf)
	}
	v := f.view(t, aw.ID)
	if v.Status != evaluation.AwardAwaiting || v.RequiredApprovers != 2 || !v.PlanChanged || v.PlanGrownFrom != 1 {
		t.Fatalf("after plan_changed: %+v", v)
	}
	if res, err := f.svc.ApproveAward(ctx, f.m, aw.ID, "manager"); err != nil || res.Status != "awaiting_approval" {
		t.Fatalf("manager on the grown plan: %+v %v", res, err)
	}
	if _, err := f.svc.ApproveAward(ctx, f.m2, aw.ID, "second manager"); refusalCode(err) != evaluation.CodeWrongRole {
		t.Errorf("a second manager took finance's step: %v", err)
	}
	if res, err := f.svc.ApproveAward(ctx, f.f, aw.ID, "finance"); err != nil || res.Status != "approved" {
		t.Fatalf("finance: %+v %v", res, err)
	}
}

// Nobody signs an award containing a quote they entered or revised: the
// single-quote route refused it (own_quote), the award let it through.
func TestSeparationOfDutiesHoldsForAwards(t *testing.T) {
	t.Parallel()
	f := newDecisionFixture(t)
	ctx := context.Background()
	ids := f.priced(t)
	f.waiveAll(t, ids[0], ids[1])
	// The manager revises one quote of the split.
	sq, _ := f.st.Quote(ctx, ids[1])
	if _, err := f.svc.ReviseQuote(ctx, f.m, ids[1], sq.Version, sq.Quote); err != nil {
		t.Fatal(err)
	}
	aw := f.record(t, store.AwardShare{QuoteID: ids[0], SharePct: 50}, store.AwardShare{QuoteID: ids[1], SharePct: 50})
	if _, err := f.svc.ApproveAward(ctx, f.m, aw.ID, "mine"); refusalCode(err) != evaluation.CodeOwnQuote {
		t.Fatalf("the manager who revised a quote approved its award: %v", err)
	}
	// The procurement user who imported the quotes and recorded the award.
	if _, err := f.svc.ApproveAward(ctx, f.p, aw.ID, "mine"); refusalCode(err) != evaluation.CodeSameApprover {
		t.Errorf("the recorder approved: %v", err)
	}
	if res, err := f.svc.ApproveAward(ctx, f.m2, aw.ID, "another person"); err != nil || res.Status != "approved" {
		t.Errorf("another manager: %+v %v", res, err)
	}
}

// A split including a quote with open blockers is refused with the list
// until each is waived with a reason; the card shows blockers and the
// acceptance state per quote.
func TestOpenBlockersRefuseASignatureWithTheList(t *testing.T) {
	t.Parallel()
	f := newDecisionFixture(t)
	ctx := context.Background()
	a := f.analyze(t)
	var blocked int64
	for _, sq := range a.Quotes {
		if len(a.OpenBlockers(sq.ID)) > 0 {
			blocked = sq.ID
			break
		}
	}
	if blocked == 0 {
		t.Fatal("no example quote has a blocker")
	}
	aw := f.record(t, store.AwardShare{QuoteID: blocked, SharePct: 100})
	_, err := f.svc.ApproveAward(ctx, f.m, aw.ID, "skip the blockers")
	var rf *evaluation.SigningRefusal
	if !errors.As(err, &rf) || rf.Code != evaluation.CodeBlockersOpen || len(rf.Blockers) != 1 || rf.Blockers[0].Open() == 0 {
		t.Fatalf("signed over open blockers: %v %+v", err, rf)
	}
	v := f.view(t, aw.ID)
	if len(v.Blockers) != 1 || v.Blockers[0].Tests == 0 || v.Blockers[0].Open() != len(a.OpenBlockers(blocked)) {
		t.Errorf("card blockers %+v", v.Blockers)
	}
	f.waiveAll(t, blocked)
	if res, err := f.svc.ApproveAward(ctx, f.m, aw.ID, "waived"); err != nil || res.Status != "approved" {
		t.Fatalf("after the waivers: %+v %v", res, err)
	}
	for _, b := range f.view(t, aw.ID).Blockers[0].Blockers {
		if !b.Waived {
			t.Errorf("blocker %s not shown waived", b.ID)
		}
	}
}

// The acceptance rule is off by default; on, every automatic test of the
// awarded quotes must pass or be waived.
func TestTheAcceptanceRuleIsAnAdminSwitch(t *testing.T) {
	t.Parallel()
	f := newDecisionFixture(t)
	ctx := context.Background()
	ids := f.priced(t)
	f.waiveAll(t, ids[0])
	if err := f.st.SetSetting(ctx, f.p.Actor(), store.SettingAwardRequiresAcceptance, "yes"); err != nil {
		t.Fatal(err)
	}
	aw := f.record(t, store.AwardShare{QuoteID: ids[0], SharePct: 100})
	if _, err := f.svc.ApproveAward(ctx, f.m, aw.ID, "untested"); refusalCode(err) != evaluation.CodeAcceptanceOpen {
		t.Fatalf("signed with no automatic test passed: %v", err)
	}
	if err := f.st.SetSetting(ctx, f.p.Actor(), store.SettingAwardRequiresAcceptance, "no"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.ApproveAward(ctx, f.m, aw.ID, "rule off"); err != nil {
		t.Fatalf("rule off: %v", err)
	}
}

// The single-quote route records a 100 % award and signs it in one step;
// an exchange rate changed afterwards makes it stale there too.
func TestADirectApprovalIsAnAwardAndGoesStale(t *testing.T) {
	t.Parallel()
	f := newDecisionFixture(t)
	ctx := context.Background()
	id, cur := f.priced(t)[0], "EUR"
	if err := f.st.SetFXRate(ctx, f.p.Actor(), cur, "1.08", f.st.Now()); err != nil {
		t.Fatal(err)
	}
	sq, _ := f.st.Quote(ctx, id)
	q := sq.Quote
	c, _ := quote.ColumnByName("currency")
	if err := c.Parse(&q, cur); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.ReviseQuote(ctx, f.p, id, sq.Version, q); err != nil {
		t.Fatal(err)
	}
	f.waiveAll(t, id)
	a := f.analyze(t)
	if err := f.st.SetShortlisted(ctx, f.p.Actor(), id, true); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Decide(ctx, f.m, id, "approve", "best value"); err != nil {
		t.Fatal(err)
	}
	views, err := f.svc.Awards(ctx, f.analyze(t))
	if err != nil || len(views) != 1 || !views[0].Direct || views[0].Status != evaluation.AwardApproved || len(views[0].Signatures) != 1 {
		t.Fatalf("direct award %+v %v", views, err)
	}
	rate := a.FX.USDPer[cur]
	if err := f.st.SetFXRate(ctx, f.p.Actor(), cur, double(rate), f.st.Now()); err != nil {
		t.Fatal(err)
	}
	state, err := f.svc.ApprovalState(ctx, f.analyze(t))
	if err != nil || state.State != evaluation.StateStale || state.Decision == nil {
		t.Fatalf("after the rate doubled: %+v %v", state, err)
	}
	fx := false
	for _, c := range state.Changes {
		fx = fx || (c.Kind == "fx" && c.Key == cur)
	}
	if !fx {
		t.Errorf("changes %+v", state.Changes)
	}
	// One step renews it on the current rate (only the rate moved).
	if _, err := f.svc.Decide(ctx, f.m2, id, evaluation.Reapprove, "new rate accepted"); err != nil {
		t.Fatalf("re-approval after an FX change: %v", err)
	}
	if v := f.view(t, views[0].ID); v.Status != evaluation.AwardRevoked {
		t.Errorf("the stale direct award is %s after the re-approval", v.Status)
	}
	state, err = f.svc.ApprovalState(ctx, f.analyze(t))
	if err != nil || state.State != evaluation.StateApproved || state.Award == nil || !state.Award.Direct {
		t.Fatalf("after the re-approval: %+v %v", state, err)
	}
	if _, err := f.svc.Decide(ctx, f.m2, id, "revoke", "changed our mind"); err != nil {
		t.Fatal(err)
	}
	if v := f.view(t, state.Award.ID); v.Status != evaluation.AwardRevoked {
		t.Errorf("the direct award is %s after the quote's revocation", v.Status)
	}
}

// double is twice d, as a decimal string.
func double(d quote.Decimal) string { return strconv.FormatFloat(d.Float64()*2, 'f', 6, 64) }

// An approver signs the figures of their moment: when a price changes
// between the manager's signature and finance's, finance is refused with
// stale (what changed listed) rather than completing an approval the
// manager gave on other figures.
func TestASignatureAfterTheFiguresMovedIsRefusedAsStale(t *testing.T) {
	t.Parallel()
	f := newDecisionFixture(t)
	ctx := context.Background()
	ids := f.priced(t)
	f.waiveAll(t, ids[0])
	f.setRules(t, "1", "manager", "finance")
	aw := f.record(t, store.AwardShare{QuoteID: ids[0], SharePct: 100})
	if _, err := f.svc.ApproveAward(ctx, f.m, aw.ID, "manager"); err != nil {
		t.Fatal(err)
	}
	sq, _ := f.st.Quote(ctx, ids[0])
	old, _ := sq.Quote.PricePerGPUHour.Get()
	f.revisePrice(t, ids[0], double(old))
	_, err := f.svc.ApproveAward(ctx, f.f, aw.ID, "finance")
	var rf *evaluation.SigningRefusal
	if !errors.As(err, &rf) || rf.Code != evaluation.CodeStale || len(rf.Changes) == 0 {
		t.Fatalf("finance completed an approval given on other figures: %v %+v", err, rf)
	}
	if v := f.view(t, aw.ID); v.Status != evaluation.AwardAwaiting || len(v.Changes) == 0 {
		t.Errorf("view %s %+v", v.Status, v.Changes)
	}
	res, err := f.svc.ReapproveAward(ctx, f.m2, aw.ID, "renewed on the new price")
	if err != nil || res.Status != evaluation.AwardAwaiting || len(res.Signatures) != 1 {
		t.Fatalf("re-approval: %+v %v", res, err)
	}
}
