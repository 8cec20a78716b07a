package evaluation_test

import (
	"context"
	"testing"
)

// The forms' one field names the change: "kind" re-reads the upload,
// "reason" withdraws it; a refusal is the change's own message key.
func TestChangeBenchmarkByField(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	added, _, err := f.svc.AddBenchmark(ctx, f.u.Actor(), f.q.ID, logUpload(t, ""))
	if err != nil {
		t.Fatal(err)
	}
	b := added.Benchmark
	if _, key, err := f.svc.ChangeBenchmark(ctx, f.u.Actor(), b, "kind", "spreadsheet"); key != "bench.error.kind" || err != nil {
		t.Errorf("unknown kind: %q %v", key, err)
	}
	if rb, key, err := f.svc.ChangeBenchmark(ctx, f.u.Actor(), b, "kind", "auto"); key != "" || err != nil || rb.Kind != "nccl" {
		t.Errorf("re-read with detection: %+v %q %v", rb, key, err)
	}
	if _, key, _ := f.svc.ChangeBenchmark(ctx, f.u.Actor(), b, "reason", " "); key != "bench.error.withdraw_reason" {
		t.Errorf("no reason: %q", key)
	}
	wb, key, err := f.svc.ChangeBenchmark(ctx, f.u.Actor(), b, "reason", "wrong cluster")
	if key != "" || err != nil || wb.WithdrawnAt == nil || wb.WithdrawReason != "wrong cluster" {
		t.Errorf("withdrawn: %+v %q %v", wb, key, err)
	}
}
