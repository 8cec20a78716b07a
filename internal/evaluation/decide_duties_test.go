package evaluation_test

import (
	"context"
	"errors"
	"testing"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/store"
)

// Separation of duties is one rule, in the use case (the store no longer
// repeats it in SQL): neither the quote's author nor someone who revised
// its terms approves it, unless the admin allows self-approval, which the
// record then says.
func TestOnlySomeoneWhoDidNotWriteTheQuoteApprovesIt(t *testing.T) {
	t.Parallel()
	f := newDecisionFixture(t)
	ctx := context.Background()
	id := f.priced(t)[0]
	f.waiveAll(t, id)
	if err := f.st.SetShortlisted(ctx, f.p.Actor(), id, true); err != nil {
		t.Fatal(err)
	}
	ownQuote := func(who store.User) {
		t.Helper()
		_, err := f.svc.Decide(ctx, who, id, "approve", "best value")
		var rf evaluation.Refusal
		if !errors.As(err, &rf) || rf.Key != "decision.error.own_quote" {
			t.Fatalf("%s approving: %v", who.Email, err)
		}
	}
	ownQuote(f.p) // the author
	sq, err := f.st.Quote(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.ReviseQuote(ctx, f.m, id, sq.Version, sq.Quote); err != nil {
		t.Fatal(err)
	}
	ownQuote(f.m) // an editor of its terms
	if err := f.st.SetSetting(ctx, f.m.Actor(), store.SettingAllowSelfApproval, "yes"); err != nil {
		t.Fatal(err)
	}
	rec, err := f.svc.Decide(ctx, f.m, id, "approve", "team of one")
	if err != nil {
		t.Fatal(err)
	}
	if !rec.SelfApproval || rec.Kind != "approve" {
		t.Errorf("a relaxed self-approval says so: %+v", rec)
	}
}

// Another manager, who neither entered nor revised the quote, approves
// it; the record is not a self-approval.
func TestAnotherManagerApproves(t *testing.T) {
	t.Parallel()
	f := newDecisionFixture(t)
	ctx := context.Background()
	id := f.priced(t)[0]
	f.waiveAll(t, id)
	if err := f.st.SetShortlisted(ctx, f.p.Actor(), id, true); err != nil {
		t.Fatal(err)
	}
	rec, err := f.svc.Decide(ctx, f.m2, id, "approve", "best value")
	if err != nil {
		t.Fatal(err)
	}
	if rec.SelfApproval {
		t.Errorf("%+v", rec)
	}
}
