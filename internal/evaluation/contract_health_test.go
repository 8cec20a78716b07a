package evaluation_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/store"
)

// xidLog is a kernel log of the contract's two nodes: gpu-02 fell off the
// bus at 09:00 and again at 11:30 on 5 March.
const xidLog = "2026-03-05T07:12:01+0000 gpu-01 kernel: NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  550.90.07\n" +
	"2026-03-05T07:12:03+0000 gpu-02 kernel: NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  550.90.07\n" +
	"2026-03-05T09:00:00+0000 gpu-02 kernel: NVRM: Xid (PCI:0000:9d:00): 79, pid=1, name=python3, GPU has fallen off the bus.\n" +
	"2026-03-05T11:30:00+0000 gpu-02 kernel: NVRM: Xid (PCI:0000:9d:00): 79, pid=1, name=python3, GPU has fallen off the bus.\n"

// An uploaded kernel log with Xid lines for the contract's quote records
// an outage on the active contract: the failing node, from the first Xid
// line's time to the last, linked to the upload. Reading it again changes
// nothing; withdrawn, the outage goes. A draft contract records none.
func TestHealthEvidenceRecordsAnOutage(t *testing.T) {
	t.Parallel()
	st, svc, p, c := approvedContract(t)
	ctx := context.Background()
	added, refusal, err := svc.AddBenchmark(ctx, p.Actor(), c.QuoteID, evaluation.Upload{FileName: "kern.log", Content: []byte(xidLog),
		Fields: map[string]string{"kind": "kernel-log"}})
	if err != nil || refusal != nil || !added.Parsed {
		t.Fatalf("upload: %+v %+v %v", added, refusal, err)
	}
	if got, err := svc.Outages(ctx, c.ID); err != nil || len(got) != 0 {
		t.Fatalf("a draft contract got outages %+v %v", got, err)
	}
	if _, err := svc.ReviseContract(ctx, p, c.ID, evaluation.ContractChange{Reason: "signed",
		Fields: fields(t, `{"start_date": "2026-03-01", "activated": true}`)}); err != nil {
		t.Fatal(err)
	}
	b := added.Benchmark
	for range 2 { // read again, twice: one outage, the same one
		if _, key, err := svc.Reclassify(ctx, p.Actor(), b, "kernel-log"); err != nil || key != "" {
			t.Fatalf("re-read: %q %v", key, err)
		}
	}
	got, err := svc.Outages(ctx, c.ID)
	if err != nil || len(got) != 1 {
		t.Fatalf("outages %+v %v", got, err)
	}
	o := got[0]
	want := store.Outage{Start: time.Date(2026, 3, 5, 9, 0, 0, 0, time.UTC), End: time.Date(2026, 3, 5, 11, 30, 0, 0, time.UTC), Nodes: 1, Source: "xid", UploadID: b.ID}
	if !o.Start.Equal(want.Start) || !o.End.Equal(want.End) || o.Nodes != 1 || o.Source != "xid" || o.UploadID != b.ID {
		t.Errorf("outage %+v, want %+v", o, want)
	}
	first := o.ID
	if _, key, err := svc.Reclassify(ctx, p.Actor(), b, "kernel-log"); err != nil || key != "" {
		t.Fatal(key, err)
	}
	if again, _ := svc.Outages(ctx, c.ID); len(again) != 1 || again[0].ID != first {
		t.Errorf("read again: %+v", again)
	}
	log, err := st.ListAudit(ctx, store.AuditFilter{ObjectType: "contract", Action: "contract.outage", Limit: 10})
	if err != nil || len(log) != 1 {
		t.Errorf("audit rows for one outage read three times: %d %v", len(log), err)
	}

	if _, key, err := svc.Withdraw(ctx, p.Actor(), b, "wrong cluster"); err != nil || key != "" {
		t.Fatal(key, err)
	}
	if left, _ := svc.Outages(ctx, c.ID); len(left) != 0 {
		t.Errorf("a withdrawn upload's outage stays: %+v", left)
	}
}

// A dcgmi health run of node gpu-02 that fails its health gate (a
// double-bit ECC error) records an outage of that node from the run's
// date, for the hour the evidence shows; a passing run records none.
func TestFailedHealthGateRecordsAnOutage(t *testing.T) {
	t.Parallel()
	_, svc, p, c := approvedContract(t)
	ctx := context.Background()
	if _, err := svc.ReviseContract(ctx, p, c.ID, evaluation.ContractChange{Reason: "signed",
		Fields: fields(t, `{"start_date": "2026-03-01", "activated": true}`)}); err != nil {
		t.Fatal(err)
	}
	// In this order: a map's would be random, and the failing run's outage
	// stays when the healthy run comes after it.
	for _, step := range []struct {
		name string
		want int
	}{{"dcgmi-health-healthy.txt", 0}, {"dcgmi-health-failure-ecc.txt", 1}} {
		name, want := step.name, step.want
		log, err := os.ReadFile(filepath.Join("..", "benchlog", "testdata", "written", name))
		if err != nil {
			t.Fatal(err)
		}
		_, refusal, err := svc.AddBenchmark(ctx, p.Actor(), c.QuoteID, evaluation.Upload{FileName: name, Content: log,
			Fields: map[string]string{"kind": "dcgmi-health", "node_ids": "gpu-02", "run_date": "2026-03-07"}})
		if err != nil || refusal != nil {
			t.Fatalf("%s: %+v %v", name, refusal, err)
		}
		got, err := svc.Outages(ctx, c.ID)
		if err != nil || len(got) != want {
			t.Fatalf("after %s: outages %+v %v", name, got, err)
		}
	}
	got, _ := svc.Outages(ctx, c.ID)
	start := time.Date(2026, 3, 7, 0, 0, 0, 0, time.UTC)
	if o := got[0]; o.Source != "health_gate" || o.Nodes != 1 || !o.Start.Equal(start) || !o.End.Equal(start.Add(time.Hour)) || !strings.Contains(o.Note, "gpu-02") {
		t.Errorf("outage %+v", o)
	}
}
