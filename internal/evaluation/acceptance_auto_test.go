package evaluation_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

type benchFixture struct {
	st  *store.Store
	svc *evaluation.Service
	u   store.User
	q   store.StoredQuote
}

func newBenchFixture(t *testing.T, csv string) benchFixture {
	t.Helper()
	st, _ := storetest.New(t, nil)
	ctx := context.Background()
	u, err := st.CreateUser(ctx, audit.Actor{Email: "test"}, store.User{Email: "eng@example.com", Name: "Eng", Role: "engineer", PasswordHash: "x"})
	if err != nil {
		t.Fatal(err)
	}
	ev, err := st.CreateEvaluation(ctx, u.Actor(), "Bench")
	if err != nil {
		t.Fatal(err)
	}
	qs, err := quote.ReadCSV(strings.NewReader(csv))
	if err != nil {
		t.Fatal(err)
	}
	q, err := st.CreateQuote(ctx, u.Actor(), ev.ID, qs[0])
	if err != nil {
		t.Fatal(err)
	}
	return benchFixture{st: st, svc: evaluation.New(st), u: u, q: q}
}

func ncclUpload(t *testing.T, suffix string) store.NewBenchmark {
	t.Helper()
	raw, err := os.ReadFile("../benchlog/testdata/nccl/h100-p5-2node-efa-srun-label-prefix.txt")
	if err != nil {
		t.Fatal(err)
	}
	// The full run's transport line and footer, which the published
	// excerpt lacks: without them the run is incomplete.
	b := append([]byte("0: NCCL INFO NET/OFI Selected Provider is efa\n"), raw...)
	b = append(b, "0: # Out of bounds values : 0 OK\n0: # Avg bus bandwidth    : 124.536 \n"...)
	r, err := benchlog.Parse(benchlog.KindUnknown, b)
	if err != nil {
		t.Fatal(err)
	}
	return store.NewBenchmark{Kind: "nccl", FileName: "nccl" + suffix + ".log", Content: append(b, suffix...), Result: r}
}

const h100Quote = "provider,rental_model,currency,gpu_model,form_factor,gpu_memory_gb,gpus_per_node,nodes,intra_node_interconnect,inter_node_fabric\n" +
	"Acme,on_demand,USD,H100,sxm,80,8,2,nvswitch,efa\n"

func current(t *testing.T, st *store.Store, quoteID int64) map[string]store.AcceptanceResult {
	t.Helper()
	h, err := st.AcceptanceHistory(context.Background(), quoteID)
	if err != nil {
		t.Fatal(err)
	}
	return store.CurrentAcceptance(h)
}

// A verdict never overwrites what a person recorded: the rule lives in
// the use case now, not in the store.
func TestAnUploadNeverOverwritesAPersonsResult(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	b1, err := f.svc.UploadBenchmark(ctx, f.u.Actor(), f.q.ID, ncclUpload(t, ""))
	if err != nil {
		t.Fatal(err)
	}
	auto := current(t, f.st, f.q.ID)
	var test string
	for name, a := range auto {
		if !a.Automatic || a.EvidenceID != b1.ID {
			t.Errorf("%s: %+v", name, a)
		}
		test = name
	}
	if test == "" {
		t.Fatal("the upload judged no test")
	}
	person := store.AcceptanceWaived
	if _, err := f.st.RecordAcceptance(ctx, f.u.Actor(), f.q.ID, store.NewAcceptance{Test: test, Status: person, WaiverReason: "judged by hand"}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.UploadBenchmark(ctx, f.u.Actor(), f.q.ID, ncclUpload(t, "\n")); err != nil {
		t.Fatal(err)
	}
	if a := current(t, f.st, f.q.ID)[test]; a.Status != person || a.Automatic {
		t.Errorf("the person's record was overwritten: %+v", a)
	}
}

// A revision of the terms judges the uploads again inside the revision's
// own transaction (what SetDecider used to inject).
func TestARevisionJudgesTheUploadsAgain(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	if _, err := f.svc.UploadBenchmark(ctx, f.u.Actor(), f.q.ID, ncclUpload(t, "")); err != nil {
		t.Fatal(err)
	}
	before := current(t, f.st, f.q.ID)
	revised, err := quote.ReadCSV(strings.NewReader("provider,rental_model,currency,gpu_model,form_factor,gpu_memory_gb,gpus_per_node,nodes,intra_node_interconnect,inter_node_fabric\n" +
		"Acme,on_demand,USD,T4,pcie,16,8,2,pcie,efa\n"))
	if err != nil {
		t.Fatal(err)
	}
	q := revised[0]
	if _, err := f.svc.ReviseQuote(ctx, f.u, f.q.ID, f.q.Version, q); err != nil {
		t.Fatal(err)
	}
	after := current(t, f.st, f.q.ID)
	changed := false
	for name, a := range after {
		changed = changed || a.ID != before[name].ID
	}
	if !changed {
		t.Errorf("a T4 quote kept the H100 outcomes: %+v", after)
	}
	if _, err := f.svc.ReviseQuote(ctx, f.u, f.q.ID, f.q.Version, q); err == nil {
		t.Error("a stale version was saved")
	}
}

// What a Tx did is undone when its function fails: the upload and its
// outcomes are one unit.
func TestAFailedTxLeavesNothing(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	err := f.st.Tx(ctx, func(tx *store.Store) error {
		b, err := tx.CreateBenchmark(ctx, f.u.Actor(), f.q.ID, ncclUpload(t, ""))
		if err != nil {
			return err
		}
		if err := evaluation.RejudgeQuote(ctx, tx, f.u.Actor(), f.q.ID, b.ID); err != nil {
			return err
		}
		return tx.RecordAutoAcceptance(ctx, f.u.Actor(), f.q.ID, store.AutoResult{Test: "no_such_test", Status: "passed"})
	})
	if err == nil {
		t.Fatal("an unknown test was recorded")
	}
	if list, _ := f.st.ListBenchmarks(ctx, f.q.ID); len(list) != 0 {
		t.Error("the upload survived its failed transaction")
	}
	if len(current(t, f.st, f.q.ID)) != 0 {
		t.Error("outcomes survived their failed transaction")
	}
}
