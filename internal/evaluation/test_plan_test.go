package evaluation_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/testplan"
)

// The plan lists the collected runs already uploaded, so a rerun of
// collect can skip them; a withdrawn one no longer counts, an upload by
// hand is no run, and the plan's page asks for none of them.
func TestTestPlanListsUploadedRuns(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	qp, err := f.svc.TestPlan(ctx, f.q.ID, true)
	if err != nil || qp.Quote.ID != f.q.ID || len(qp.Plan.Steps) == 0 || qp.Uploaded == nil || len(qp.Uploaded) != 0 {
		t.Fatalf("before any upload: %+v %v", qp, err)
	}
	run := &testplan.Run{Step: "nccl-all-reduce", Hosts: []string{"a", "b"}, Command: "all_reduce_perf", Start: time.Now(), End: time.Now()}
	collected := ncclFile(t, "h100-p5-2node-efa-srun-label-prefix.txt")
	collected.Meta.Run = run
	b, err := f.st.CreateBenchmark(ctx, f.u.Actor(), f.q.ID, collected)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.st.CreateBenchmark(ctx, f.u.Actor(), f.q.ID, ncclFile(t, "POOR-t4-2node-efa-ncclinfo-interleaved.txt")); err != nil {
		t.Fatal(err)
	}
	qp, err = f.svc.TestPlan(ctx, f.q.ID, true)
	want := testplan.UploadedRun{Step: run.Step, Hosts: run.Hosts, Command: run.Command, BenchmarkID: b.ID}
	if err != nil || len(qp.Uploaded) != 1 || qp.Uploaded[0].BenchmarkID != want.BenchmarkID || qp.Uploaded[0].Step != want.Step {
		t.Fatalf("after a collected upload: %+v %v", qp.Uploaded, err)
	}
	if qp, err = f.svc.TestPlan(ctx, f.q.ID, false); err != nil || qp.Uploaded != nil {
		t.Errorf("runs not asked for: %+v %v", qp.Uploaded, err)
	}
	if _, err := f.st.WithdrawBenchmark(ctx, f.u.Actor(), b.ID, "wrong cluster"); err != nil {
		t.Fatal(err)
	}
	if qp, err = f.svc.TestPlan(ctx, f.q.ID, true); err != nil || len(qp.Uploaded) != 0 {
		t.Errorf("a withdrawn run still listed: %+v %v", qp.Uploaded, err)
	}
	if _, err := f.svc.TestPlan(ctx, f.q.ID+1000, true); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("unknown quote: %v", err)
	}
}

// The quote's chart reads the quote and its uploads; an unknown quote is
// not found.
func TestQuoteBenchmarks(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	b, err := f.st.CreateBenchmark(ctx, f.u.Actor(), f.q.ID, ncclFile(t, "h100-p5-2node-efa-srun-label-prefix.txt"))
	if err != nil {
		t.Fatal(err)
	}
	sq, uploads, err := f.svc.QuoteBenchmarks(ctx, f.q.ID)
	if err != nil || sq.ID != f.q.ID || len(uploads) != 1 || uploads[0].ID != b.ID {
		t.Fatalf("quote benchmarks: %+v %+v %v", sq, uploads, err)
	}
	if _, _, err := f.svc.QuoteBenchmarks(ctx, f.q.ID+1000); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("unknown quote: %v", err)
	}
}

// An evidence token reaches its own quote, or the quotes of its own
// evaluation, and no other; a quote that does not exist is not reached.
func TestEvidenceTokenReaches(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	other := f.q.ID + 1000
	ev, otherEv := f.q.EvaluationID, f.q.EvaluationID+1000
	for _, c := range []struct {
		name  string
		token store.APIToken
		quote int64
		want  bool
	}{
		{"its quote", store.APIToken{QuoteID: &f.q.ID}, f.q.ID, true},
		{"another quote", store.APIToken{QuoteID: &f.q.ID}, other, false},
		{"a quote of its evaluation", store.APIToken{EvaluationID: &ev}, f.q.ID, true},
		{"a quote of another evaluation", store.APIToken{EvaluationID: &otherEv}, f.q.ID, false},
		{"a quote that does not exist", store.APIToken{EvaluationID: &ev}, other, false},
		{"bound to nothing", store.APIToken{}, f.q.ID, false},
	} {
		if got, err := f.svc.EvidenceTokenReaches(ctx, &c.token, c.quote); err != nil || got != c.want {
			t.Errorf("%s: %v %v, want %v", c.name, got, err, c.want)
		}
	}
}
