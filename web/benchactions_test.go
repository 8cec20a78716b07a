package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/store"
)

func suiteStatus(out map[string]any, test string) string {
	for _, tt := range out["acceptance"].(map[string]any)["tests"].([]any) {
		if m := tt.(map[string]any); m["test"] == test {
			return m["status"].(string)
		}
	}
	return ""
}

// A wrong upload is withdrawn: kept, shown with who and why, audited, and
// no longer counted by the suite.
func TestWithdrawnUploadIsKeptButNotCounted(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	q := benchQuote(t, a)
	tok := a.token("eng@example.com", auth.Engineer)
	a.apiUpload(tok, q.ID, "good.log", completeEFALog(t), nil)
	_, out := a.apiUpload(tok, q.ID, "poor.log", sampleLog(t, "nccl/POOR-t4-2node-efa-ncclinfo-interleaved.txt"), nil)
	if suiteStatus(out, "nccl_allreduce") != "failed" {
		t.Fatalf("a T4 run on an H100 quote should fail: %v", out["acceptance"])
	}
	poor := int64(out["benchmark"].(map[string]any)["id"].(float64))
	path := "/api/v1/quotes/" + itoa(q.ID) + "/benchmarks/" + itoa(poor) + "/withdraw"

	res, _ := a.api(tok, "POST", path, `{"reason":"  "}`)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	res, out = a.api(tok, "POST", path, `{"reason":"uploaded from the wrong cluster"}`)
	wantStatus(t, res, http.StatusOK)
	b := out["benchmark"].(map[string]any)
	if w, _ := b["withdrawn"].(map[string]any); w == nil || w["reason"] != "uploaded from the wrong cluster" || b["verdict"].(map[string]any)["status"] != "withdrawn" {
		t.Errorf("withdrawn answer = %v", b)
	}
	if suiteStatus(out, "nccl_allreduce") != "passed" {
		t.Errorf("after withdrawal nccl_allreduce = %v", out["acceptance"])
	}
	res, _ = a.api(tok, "POST", path, `{"reason":"again"}`)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if list, _ := a.store.ListBenchmarks(context.Background(), q.ID); len(list) != 2 {
		t.Errorf("the withdrawn upload must be kept: %d rows", len(list))
	}
	entries, _ := a.store.ListAudit(context.Background(), store.AuditFilter{ObjectType: "benchmark"})
	found := false
	for _, e := range entries {
		found = found || e.Action == "benchmark.withdraw"
	}
	if !found {
		t.Error("no benchmark.withdraw audit row")
	}
	// A reader may not withdraw.
	reader := a.token("reader@example.com", auth.Procurement)
	res, _ = a.api(reader, "POST", "/api/v1/quotes/"+itoa(q.ID)+"/benchmarks/1/withdraw", `{"reason":"x"}`)
	wantStatus(t, res, http.StatusForbidden)

	// The page shows it withdrawn, with the reason.
	eng, _ := a.login("eng2@example.com", auth.Engineer)
	d := doc(t, eng.get("/quotes/"+itoa(q.ID)+"/benchmarks"))
	row := d.Find("#benchmark-" + itoa(poor))
	if st, _ := row.Attr("data-status"); st != "withdrawn" || !strings.Contains(row.Find("[data-testid=bench-withdrawn]").Text(), "wrong cluster") {
		t.Errorf("withdrawn row: %s %q", st, row.Text())
	}
}

// A misdetected file is re-read as another kind, through its own route or
// by uploading the same bytes again with the kind stated: no 409.
func TestMisdetectedUploadIsReclassified(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	q := benchQuote(t, a)
	tok := a.token("eng@example.com", auth.Engineer)
	smi := sampleLog(t, "nvidia-smi/h100-8gpu-table-550.txt")
	res, out := a.apiUpload(tok, q.ID, "smi.txt", smi, map[string]string{"kind": "fio"})
	wantStatus(t, res, http.StatusCreated)
	b := out["benchmark"].(map[string]any)
	if b["status"] != "parse_failed" {
		t.Fatalf("nvidia-smi read as fio should not parse: %v", b)
	}
	if v := b["verdict"].(map[string]any); v["status"] != "unproven" {
		t.Errorf("an unreadable log's verdict is %v: it proves nothing, it is no failed cluster", v["status"])
	}
	res, out = a.apiUpload(tok, q.ID, "smi.txt", smi, map[string]string{"kind": "nvidia-smi"})
	wantStatus(t, res, http.StatusOK)
	if b = out["benchmark"].(map[string]any); b["kind"] != "nvidia-smi" || b["status"] != "parsed" || out["reclassified"] != true {
		t.Errorf("re-upload with a kind = %v", out)
	}
	if suiteStatus(out, "gpu_health") != "passed" {
		t.Errorf("gpu_health = %v", out["acceptance"])
	}
	id := itoa(int64(b["id"].(float64)))
	res, out = a.api(tok, "POST", "/api/v1/quotes/"+itoa(q.ID)+"/benchmarks/"+id+"/kind", `{"kind":"topo"}`)
	wantStatus(t, res, http.StatusOK)
	if b = out["benchmark"].(map[string]any); b["kind"] != "topo" && b["status"] != "parse_failed" {
		t.Errorf("re-classified as topo = %v", b)
	}
	res, _ = a.api(tok, "POST", "/api/v1/quotes/"+itoa(q.ID)+"/benchmarks/"+id+"/kind", `{"kind":"ior"}`)
	wantStatus(t, res, http.StatusUnprocessableEntity)

	// The page's form does the same.
	eng, _ := a.login("eng2@example.com", auth.Engineer)
	wantStatus(t, eng.post("/quotes/"+itoa(q.ID)+"/benchmarks/"+id+"/kind", url.Values{"kind": {"nvidia-smi"}}), http.StatusSeeOther)
	if list, _ := a.store.ListBenchmarks(context.Background(), q.ID); len(list) != 1 || list[0].Kind != "nvidia-smi" || list[0].Result == nil {
		t.Errorf("after the form: %+v", list)
	}
	entries, _ := a.store.ListAudit(context.Background(), store.AuditFilter{ObjectType: "benchmark"})
	n := 0
	for _, e := range entries {
		if e.Action == "benchmark.reclassify" {
			n++
		}
	}
	if n != 3 {
		t.Errorf("%d benchmark.reclassify audit rows, want 3", n)
	}
}

// The parser's notes reach the page and the API; the cut-off run is shown
// incomplete, never passed.
func TestParserNotesAndIncompleteRunsShown(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	q, b := uploadCutOffLog(t, a)
	notes, _ := b["notes"].([]any)
	if len(notes) == 0 || !strings.Contains(notes[0].(string), "no footer") || b["verdict"].(map[string]any)["status"] != "incomplete" {
		t.Errorf("answer = %v", b)
	}
	eng, _ := a.login("eng2@example.com", auth.Engineer)
	d := doc(t, eng.get("/quotes/"+itoa(q.ID)+"/benchmarks"))
	if n := d.Find("[data-testid=bench-notes]").Text(); !strings.Contains(n, "no footer") {
		t.Errorf("notes on the page = %q", n)
	}
	if v := d.Find("[data-testid=bench-verdict]").Text(); !strings.Contains(v, "incomplete") {
		t.Errorf("verdict = %q", v)
	}
}

// The API returns fio's latency percentiles, sync latency included.
func TestAPIReturnsFioLatency(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	q := benchQuote(t, a)
	tok := a.token("eng@example.com", auth.Engineer)
	log := "ckpt: (groupid=0, jobs=1): err= 0: pid=42: Tue Dec  1 10:00:00 2026\n" +
		"  write: IOPS=2210, BW=2210MiB/s (2317MB/s)(129GiB/60001msec)\n" +
		"    clat percentiles (usec):\n     |  1.00th=[  200], 99.00th=[  900],\n" +
		"  fsync/fdatasync/sync_file_range:\n    sync (usec): min=194, max=32040, avg=1436.45, stdev=1264.44\n" +
		"    sync percentiles (usec):\n     |  1.00th=[  212], 99.00th=[ 6456],\n"
	res, out := a.apiUpload(tok, q.ID, "fio.txt", []byte(log), nil)
	wantStatus(t, res, http.StatusCreated)
	fio := out["benchmark"].(map[string]any)["figures"].(map[string]any)["fio"].(map[string]any)
	job := fio["job_details"].([]any)[0].(map[string]any)
	sync := job["sync_latency"].(map[string]any)
	pcts := sync["percentiles"].([]any)
	if sync["mean_us"] != 1436.45 || len(pcts) != 2 || pcts[1].(map[string]any)["us"] != float64(6456) {
		t.Errorf("sync latency = %v", sync)
	}
	if clat := job["write_latency"].(map[string]any)["percentiles"].([]any); len(clat) != 2 {
		t.Errorf("write latency = %v", job["write_latency"])
	}
}
