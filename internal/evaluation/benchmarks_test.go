package evaluation_test

import (
	"context"
	"errors"
	"strconv"
	"testing"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/verdict"
)

func logUpload(t *testing.T, kind string) evaluation.Upload {
	t.Helper()
	nb := ncclUpload(t, "")
	return evaluation.Upload{FileName: "nccl.log", Content: nb.Content, Fields: map[string]string{"kind": kind, "region": "us-east-1"}}
}

// An upload is parsed, stored and judged; the same bytes again are a
// duplicate naming the stored upload, unless a different kind is stated,
// which re-reads the stored upload instead.
func TestAddBenchmarkStoresDuplicatesAndReclassifies(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	added, refusal, err := f.svc.AddBenchmark(ctx, f.u.Actor(), f.q.ID, logUpload(t, ""))
	if err != nil || refusal != nil {
		t.Fatal(err, refusal)
	}
	if !added.Parsed || added.Reclassified || added.Benchmark.Kind != "nccl" || added.Benchmark.Meta.Region != "us-east-1" {
		t.Errorf("%+v", added)
	}
	_, refusal, err = f.svc.AddBenchmark(ctx, f.u.Actor(), f.q.ID, logUpload(t, "auto"))
	if err != nil || refusal == nil || refusal.Key != "bench.error.duplicate" || refusal.Duplicate == nil || refusal.Duplicate.ID != added.Benchmark.ID {
		t.Fatalf("the same file again: %+v %v", refusal, err)
	}
	again, refusal, err := f.svc.AddBenchmark(ctx, f.u.Actor(), f.q.ID, logUpload(t, "fio"))
	if err != nil || refusal != nil {
		t.Fatal(err, refusal)
	}
	if !again.Reclassified || again.Benchmark.ID != added.Benchmark.ID || again.Benchmark.Kind != "fio" || again.Parsed {
		t.Errorf("stated as fio: %+v", again)
	}
	d, err := f.svc.Bench(ctx, f.q, store.StoredBrief{}.Data)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Uploads) != 1 || len(d.Report.Uploads) != 1 {
		t.Errorf("one upload, judged once: %+v", d)
	}
}

func TestAddBenchmarkRefusesAndStoresNothing(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	_, refusal, err := f.svc.AddBenchmark(ctx, f.u.Actor(), f.q.ID, evaluation.Upload{FileName: "x.pdf", Content: []byte("%PDF-1.7\n"), Fields: map[string]string{}})
	if err != nil || refusal == nil || refusal.Key != "bench.error.binary" {
		t.Fatalf("%+v %v", refusal, err)
	}
	if list, err := f.st.ListBenchmarks(ctx, f.q.ID); err != nil || len(list) != 0 {
		t.Errorf("a refused upload was stored: %v %v", list, err)
	}
}

// Withdrawing needs a reason and happens once; re-classifying refuses an
// unknown kind and evidence files.
func TestWithdrawAndReclassify(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	added, _, err := f.svc.AddBenchmark(ctx, f.u.Actor(), f.q.ID, logUpload(t, ""))
	if err != nil {
		t.Fatal(err)
	}
	b, err := f.svc.QuoteBenchmark(ctx, f.q.ID, added.Benchmark.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.QuoteBenchmark(ctx, f.q.ID+1, b.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an upload read through another quote: %v", err)
	}
	if _, key, err := f.svc.Reclassify(ctx, f.u.Actor(), b, "spreadsheet"); key != "bench.error.kind" || err != nil {
		t.Errorf("unknown kind: %q %v", key, err)
	}
	rb, key, err := f.svc.Reclassify(ctx, f.u.Actor(), b, "auto")
	if key != "" || err != nil || rb.Kind != "nccl" || rb.Result == nil {
		t.Errorf("re-read with detection: %+v %q %v", rb, key, err)
	}
	if _, key, _ := f.svc.Withdraw(ctx, f.u.Actor(), b, "  "); key != "bench.error.withdraw_reason" {
		t.Errorf("no reason: %q", key)
	}
	wb, key, err := f.svc.Withdraw(ctx, f.u.Actor(), b, "wrong cluster")
	if key != "" || err != nil || wb.WithdrawnAt == nil || wb.WithdrawReason != "wrong cluster" {
		t.Fatalf("%+v %q %v", wb, key, err)
	}
	if _, key, err := f.svc.Withdraw(ctx, f.u.Actor(), b, "again"); key != "bench.error.withdrawn" || err != nil {
		t.Errorf("twice: %q %v", key, err)
	}
	d, err := f.svc.Bench(ctx, f.q, store.StoredBrief{}.Data)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Uploads) != 1 || d.Uploads[0].WithdrawnAt == nil {
		t.Errorf("a withdrawn upload is kept: %+v", d.Uploads)
	}
	for test, a := range store.CurrentAcceptance(d.History) {
		if a.Automatic && a.EvidenceID == b.ID && a.Status != store.AcceptancePending {
			t.Errorf("%s still rests on the withdrawn upload: %+v", test, a)
		}
	}
}

// A person's record takes an evidence file, or names an upload of the
// same quote; one of another quote or a binary file is a field error.
func TestRecordAcceptanceChecksItsEvidence(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	other, err := f.st.CreateQuote(ctx, f.u.Actor(), f.q.EvaluationID, f.q.Quote)
	if err != nil {
		t.Fatal(err)
	}
	elsewhere, _, err := f.svc.AddBenchmark(ctx, f.u.Actor(), other.ID, logUpload(t, ""))
	if err != nil {
		t.Fatal(err)
	}
	fields := map[string]string{"test": "burn_in", "status": store.AcceptancePassed, "evidence_upload_id": strconv.FormatInt(elsewhere.Benchmark.ID, 10)}
	_, errs, err := f.svc.RecordAcceptance(ctx, f.u.Actor(), f.q.ID, evaluation.Upload{Fields: fields})
	if err != nil || errs["evidence_upload_id"] != "bench.error.evidence" {
		t.Errorf("evidence of another quote: %v %v", errs, err)
	}
	_, errs, err = f.svc.RecordAcceptance(ctx, f.u.Actor(), f.q.ID, evaluation.Upload{FileName: "a.png", Content: []byte("\x89PNG\r\n\x1a\n\x00\x00"), Fields: map[string]string{"test": "burn_in", "status": "passed"}})
	if err != nil || errs["file"] != "bench.error.binary" {
		t.Errorf("a binary evidence file: %v %v", errs, err)
	}
	a, errs, err := f.svc.RecordAcceptance(ctx, f.u.Actor(), f.q.ID, evaluation.Upload{FileName: "burn.txt", Content: []byte("12 h burn-in, no errors\n"),
		Fields: map[string]string{"test": "burn_in", "status": store.AcceptanceWaived, "waiver_reason": "done by the vendor"}})
	if err != nil || len(errs) != 0 {
		t.Fatal(errs, err)
	}
	if a.Status != store.AcceptanceWaived || a.WaiverReason != "done by the vendor" || a.EvidenceID == 0 || a.Automatic {
		t.Errorf("%+v", a)
	}
	if got := current(t, f.st, f.q.ID)["burn_in"]; got.ID != a.ID {
		t.Errorf("the record is not current: %+v", got)
	}
	d, err := f.svc.Bench(ctx, f.q, store.StoredBrief{}.Data)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Uploads) != 1 || d.Uploads[0].Kind != store.KindEvidence || d.Report.Uploads[0].Status == verdict.Fail {
		t.Errorf("the evidence file is kept as evidence: %+v", d.Uploads)
	}
}
