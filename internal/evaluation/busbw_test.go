package evaluation_test

import (
	"context"
	"errors"
	"os"
	"testing"

	"github.com/gpuquote/gpuquote/internal/benchlog"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/store"
)

// The bus-bandwidth chart reads each quote's best all-reduce run; a
// withdrawn upload no longer counts, and an unknown evaluation is not found.
func TestBusbwRuns(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	runs, err := f.svc.BusbwRuns(ctx, f.q.EvaluationID)
	if err != nil || len(runs) != 1 || runs[0].Quote.ID != f.q.ID || runs[0].Best != nil {
		t.Fatalf("before any upload: %+v %v", runs, err)
	}
	b, err := f.st.CreateBenchmark(ctx, f.u.Actor(), f.q.ID, ncclFile(t, "h100-p5-2node-efa-srun-label-prefix.txt"))
	if err != nil {
		t.Fatal(err)
	}
	runs, err = f.svc.BusbwRuns(ctx, f.q.EvaluationID)
	if err != nil || len(runs) != 1 || runs[0].Best == nil || runs[0].Best.Collective != "all_reduce" || len(runs[0].Best.Points) == 0 {
		t.Fatalf("after an nccl upload: %+v %v", runs, err)
	}
	if _, err := f.st.WithdrawBenchmark(ctx, f.u.Actor(), b.ID, "wrong cluster"); err != nil {
		t.Fatal(err)
	}
	runs, err = f.svc.BusbwRuns(ctx, f.q.EvaluationID)
	if err != nil || len(runs) != 1 || runs[0].Best != nil {
		t.Errorf("a withdrawn upload still drawn: %+v %v", runs, err)
	}
	if _, err := f.svc.BusbwRuns(ctx, f.q.EvaluationID+1000); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("unknown evaluation: %v", err)
	}
}

func TestBestAllReduceSkipsUnparsed(t *testing.T) {
	if evaluation.BestAllReduce([]store.Benchmark{{}}) != nil {
		t.Error("an upload without a result has no run")
	}
}

// ncclFile is an upload of one of benchlog's nccl-tests logs.
func ncclFile(t *testing.T, name string) store.NewBenchmark {
	t.Helper()
	b, err := os.ReadFile("../benchlog/testdata/nccl/" + name)
	if err != nil {
		t.Fatal(err)
	}
	r, err := benchlog.ParseCompact(benchlog.KindUnknown, b)
	if err != nil {
		t.Fatal(err)
	}
	return store.NewBenchmark{Kind: "nccl", FileName: name, Content: b, Result: r}
}
