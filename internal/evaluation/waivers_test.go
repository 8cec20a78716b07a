package evaluation_test

import (
	"context"
	"errors"
	"testing"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/store"
)

// A waiver needs a reason and names a flag the analysis lists for the
// quote; a second waiver of the same flag keeps the first reason.
func TestWaiveFlag(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	d, err := f.svc.Analyze(ctx, f.q.EvaluationID)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Flags[f.q.ID]) == 0 {
		t.Fatal("the unpriced quote has no flag to waive")
	}
	flag := d.Flags[f.q.ID][0].ID
	ev, err := f.svc.WaiveFlag(ctx, f.u.Actor(), f.q.ID, flag, "  \t")
	if !errors.Is(err, evaluation.ErrWaiverReason) || ev != f.q.EvaluationID {
		t.Fatalf("a blank reason: %d %v", ev, err)
	}
	if _, err := f.svc.WaiveFlag(ctx, f.u.Actor(), f.q.ID, "no_such_flag", "agreed"); !errors.Is(err, evaluation.ErrUnknownFlag) {
		t.Fatalf("an unknown flag: %v", err)
	}
	if _, err := f.svc.WaiveFlag(ctx, f.u.Actor(), f.q.ID+1000, flag, "agreed"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a missing quote: %v", err)
	}
	waivers, err := f.st.Waivers(ctx, f.q.EvaluationID)
	if err != nil || len(waivers) != 0 {
		t.Fatalf("a refused waiver was stored: %+v %v", waivers, err)
	}
	if ev, err = f.svc.WaiveFlag(ctx, f.u.Actor(), f.q.ID, flag, "  agreed in the contract "); err != nil || ev != f.q.EvaluationID {
		t.Fatalf("%d %v", ev, err)
	}
	if _, err := f.svc.WaiveFlag(ctx, f.u.Actor(), f.q.ID, flag, "again"); err != nil {
		t.Fatalf("waiving twice: %v", err)
	}
	waivers, err = f.st.Waivers(ctx, f.q.EvaluationID)
	if err != nil || waivers[f.q.ID][flag].Reason != "agreed in the contract" {
		t.Errorf("the first reason, trimmed, stays: %+v %v", waivers, err)
	}
}
