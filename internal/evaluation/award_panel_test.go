package evaluation_test

import (
	"context"
	"testing"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/store"
)

// The decision page offers each approver the awards they may sign: a
// manager who revised an awarded quote is refused with the rule's code,
// another manager may sign, a user who may not approve awards is offered
// nothing to refuse, and an approved award awaits nobody.
func TestSignRefusalsSayWhoMaySign(t *testing.T) {
	t.Parallel()
	f := newDecisionFixture(t)
	ctx := context.Background()
	ids := f.priced(t)
	f.waiveAll(t, ids[0])
	sq, _ := f.st.Quote(ctx, ids[0])
	if _, err := f.svc.ReviseQuote(ctx, f.m, ids[0], sq.Version, sq.Quote); err != nil {
		t.Fatal(err)
	}
	aw := f.record(t, store.AwardShare{QuoteID: ids[0], SharePct: 100})
	a := f.analyze(t)
	awards, err := f.svc.Awards(ctx, a)
	if err != nil || len(awards) != 1 {
		t.Fatalf("%+v %v", awards, err)
	}
	got, err := f.svc.SignRefusals(ctx, a, awards, f.m)
	if err != nil || len(got) != 1 || got[aw.ID] == nil || got[aw.ID].Code != evaluation.CodeOwnQuote {
		t.Fatalf("the manager who revised the quote: %+v %v", got, err)
	}
	if got, err = f.svc.SignRefusals(ctx, a, awards, f.m2); err != nil || len(got) != 0 {
		t.Fatalf("another manager may sign: %+v %v", got, err)
	}
	if got, err = f.svc.SignRefusals(ctx, a, awards, f.p); err != nil || len(got) != 0 {
		t.Fatalf("procurement may not approve awards, so nothing is refused: %+v %v", got, err)
	}
	if _, err := f.svc.ApproveAward(ctx, f.m2, aw.ID, "best value"); err != nil {
		t.Fatal(err)
	}
	a = f.analyze(t)
	if awards, err = f.svc.Awards(ctx, a); err != nil {
		t.Fatal(err)
	}
	if got, err = f.svc.SignRefusals(ctx, a, awards, f.m); err != nil || len(got) != 0 {
		t.Fatalf("an approved award awaits nobody: %+v %v", got, err)
	}
}

// The APIs read the awards and the approval in force in one call: no
// single-quote approval here, so none is judged.
func TestAwardsNowReadsTheAwardsAndTheApproval(t *testing.T) {
	t.Parallel()
	f := newDecisionFixture(t)
	ctx := context.Background()
	ids := f.priced(t)
	f.waiveAll(t, ids[0], ids[1])
	f.record(t, store.AwardShare{QuoteID: ids[0], SharePct: 60}, store.AwardShare{QuoteID: ids[1], SharePct: 40})
	awards, now, err := f.svc.AwardsNow(ctx, f.analyze(t))
	if err != nil || len(awards) != 1 || awards[0].Status != evaluation.AwardAwaiting || len(awards[0].Shares) != 2 {
		t.Fatalf("%+v %v", awards, err)
	}
	if now.Current != nil || now.Stale || len(now.Changes) != 0 {
		t.Errorf("no single-quote approval: %+v", now)
	}
}

// The reference page reads both award settings at once: none saved is no
// rules and the default weights.
func TestAwardSettingsReadsRulesAndTemplate(t *testing.T) {
	t.Parallel()
	f := newDecisionFixture(t)
	rules, ws, err := f.svc.AwardSettings(context.Background())
	if err != nil || rules != nil || len(ws) == 0 {
		t.Fatalf("%+v %+v %v", rules, ws, err)
	}
	f.setRules(t, "100000", "manager", "finance")
	if rules, _, err = f.svc.AwardSettings(context.Background()); err != nil || rules == nil || len(rules.Tiers) != 2 {
		t.Errorf("%+v %v", rules, err)
	}
}

// The award form lists every priced quote while they are few; past the
// limit, the pinned ones and then the cheapest, in worksheet order.
func TestAwardFormRowsBoundTheForm(t *testing.T) {
	t.Parallel()
	f := newDecisionFixture(t)
	a := f.analyze(t)
	none := func(int64) bool { return false }
	if got := a.AwardFormRows(len(a.Quotes), none); len(got) != len(a.Quotes) {
		t.Fatalf("every quote while few: %v", got)
	}
	cheapest := 0
	for i, r := range a.WS.Results {
		if r.CostPerUnit.Minor < a.WS.Results[cheapest].CostPerUnit.Minor {
			cheapest = i
		}
	}
	if got := a.AwardFormRows(1, none); len(got) != 1 || got[0] != cheapest {
		t.Errorf("the cheapest of %d: %v, want [%d]", len(a.Quotes), got, cheapest)
	}
	last := len(a.Quotes) - 1
	pinLast := func(id int64) bool { return id == a.Quotes[last].ID }
	if got := a.AwardFormRows(1, pinLast); len(got) != 1 || got[0] != last {
		t.Errorf("a pinned quote comes first: %v", got)
	}
	if got := a.AwardFormRows(2, pinLast); len(got) != 2 || got[1] != last || (cheapest != last && got[0] != cheapest) {
		t.Errorf("the pinned one and the cheapest, in order: %v", got)
	}
}
