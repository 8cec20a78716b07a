package web_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/collect"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
)

// standIns puts small scripts named after the plan's tools first on PATH:
// each prints a real published log from testdata and exits with its
// status. dcgmi prints the start of its log and hangs; fio fails; there
// is no nvbandwidth.
func standIns(t *testing.T, more ...string) {
	dir := t.TempDir()
	abs := func(rel string) string {
		p, err := filepath.Abs(samples + rel)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	nccl := filepath.Join(dir, "nccl.log")
	if err := os.WriteFile(nccl, completeEFALog(t), 0o644); err != nil {
		t.Fatal(err)
	}
	scripts := map[string]string{
		"nvidia-smi": `case "$1" in
  --version) echo "NVIDIA-SMI version  : 550.54.15" ;;
  topo) cat ` + abs("topo/h100-8gpu-nv18-no-nics.txt") + ` ;;
  nvlink) cat ` + abs("nvlink/azure-a100-gpu7-good.txt") + ` ;;
  *) cat ` + abs("nvidia-smi/h100-8gpu-table-550.txt") + ` ;;
esac`,
		"dcgmi": `if [ "$1" = --version ]; then echo "dcgmi  version: 3.3.3"; exit 0; fi
head -12 ` + abs("dcgmi/aws-p4de-a100-r2-nvlinks-expected-pass.txt") + `
sleep 60`,
		"mpirun":          `cat ` + nccl,
		"all_reduce_perf": `cat ` + nccl,
		"fio": `if [ "$1" = --version ]; then echo fio-3.28; exit 0; fi
echo "fio: io_u error on file /scratch/checkpoint.0.0: No space left on device: write offset=0, buflen=1048576" >&2
exit 1`,
		"gpu_burn": `cat ` + abs("gpu-burn/superbench-a100x8-doubles-tc-cr-progress.txt"),
		"dmesg": `echo "[Mon Dec  1 10:00:00 2026] usb 1-1: new high-speed USB device"
echo "[Mon Dec  1 10:00:01 2026] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15"`,
	}
	for i := 0; i+1 < len(more); i += 2 {
		scripts[more[i]] = strings.ReplaceAll(more[i+1], "SAMPLES/", abs("")+"/")
	}
	for name, body := range scripts {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", dir+":/usr/bin:/bin")
}

func collectOpts(a *app, tok string, quoteID int64, out string, stdout *bytes.Buffer) collect.Options {
	return collect.Options{Server: a.srv.URL, Token: tok, QuoteID: quoteID, Out: out, Timeout: 3 * time.Second,
		Stdout: stdout, PairDelay: 100 * time.Millisecond, Version: "test"}
}

func byStep(rs []collect.Result) map[string]collect.Result {
	out := map[string]collect.Result{}
	for _, r := range rs {
		out[r.Step] = r
	}
	return out
}

func evidenceTokenFor(t *testing.T, a *app, quoteID int64) string {
	t.Helper()
	eng := a.token("eng-"+itoa(quoteID)+"@example.com", auth.Engineer)
	res, out := a.api(eng, "POST", "/api/v1/quotes/"+itoa(quoteID)+"/evidence-tokens", `{"days": 2}`)
	wantStatus(t, res, 201)
	return out["token"].(string)
}

func TestCollectorRunsThePlanAndUploads(t *testing.T) {
	a := newApp(t)
	standIns(t)
	q := benchQuote(t, a)
	tok := evidenceTokenFor(t, a, q.ID)
	var stdout bytes.Buffer
	out := t.TempDir()
	results, err := collect.Run(context.Background(), collectOpts(a, tok, q.ID, out, &stdout))
	if err != nil {
		t.Fatalf("collect: %v\n%s", err, stdout.String())
	}
	got := byStep(results)
	if r := got["dcgmi-diag"]; r.Outcome != "failed" || !strings.Contains(r.Detail, "timed out after 3s") {
		t.Errorf("the hanging dcgmi: %+v", r)
	}
	if r := got["nvbandwidth"]; r.Outcome != "skipped" || !strings.Contains(r.Detail, "nvbandwidth is not on PATH") ||
		!strings.Contains(r.Detail, "github.com/NVIDIA/nvbandwidth") {
		t.Errorf("the missing nvbandwidth: %+v", r)
	}
	if r := got["fio-checkpoint"]; r.Outcome != "failed" || !strings.Contains(r.Detail, "exit 1") || !strings.Contains(r.Detail, "uploaded #") {
		t.Errorf("the failing fio: %+v", r)
	}
	if r := got["nccl-all_reduce"]; !strings.Contains(r.Detail, "uploaded #") || !strings.Contains(r.Detail, "verdict") {
		t.Errorf("nccl: %+v", r)
	}
	if !strings.Contains(stdout.String(), "STEP") || !strings.Contains(stdout.String(), "[1/") {
		t.Errorf("no progress or summary:\n%s", stdout.String())
	}

	// The server stored each output with its run, and the suite filled in.
	uploads, err := a.store.ListBenchmarks(context.Background(), q.ID)
	if err != nil {
		t.Fatal(err)
	}
	var fio, dmesg *store.Benchmark
	for i, u := range uploads {
		if u.Meta.Run == nil || u.UploadedBy == "" {
			t.Errorf("upload %s has no run record", u.FileName)
			continue
		}
		switch u.Meta.Run.Step {
		case "fio-checkpoint":
			fio = &uploads[i]
		case "dmesg-xid":
			dmesg = &uploads[i]
		}
	}
	if fio == nil || fio.Meta.Run.Exit != 1 || fio.Meta.Run.ToolVersion != "fio-3.28" {
		t.Errorf("fio's run %+v", fio)
	}
	if dmesg == nil || dmesg.Meta.Run.Test != "" {
		t.Errorf("dmesg's run %+v", dmesg)
	}
	if _, content, _ := a.store.BenchmarkContent(context.Background(), dmesg.ID); strings.Contains(string(content), "usb") {
		t.Errorf("the kernel log excerpt keeps other lines: %q", content)
	}
	history, err := a.store.AcceptanceHistory(context.Background(), q.ID)
	if err != nil {
		t.Fatal(err)
	}
	current := store.CurrentAcceptance(history)
	if current["checkpoint_io"].Status != store.AcceptanceFailed || current["gpu_health"].Status != store.AcceptanceFailed {
		t.Errorf("the failed fio and the timed-out dcgmi: checkpoint_io %s, gpu_health %s", current["checkpoint_io"].Status, current["gpu_health"].Status)
	}

	// A rerun skips what was uploaded: what the server lists, and what the
	// folder knows went up as the same bytes as another step's.
	stdout.Reset()
	again, err := collect.Run(context.Background(), collectOpts(a, tok, q.ID, out, &stdout))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range again {
		if r.Outcome != "skipped" {
			t.Errorf("rerun ran %s: %+v", r.Step, r)
		}
	}
	after, _ := a.store.ListBenchmarks(context.Background(), q.ID)
	if len(after) != len(uploads) {
		t.Errorf("the rerun uploaded %d more", len(after)-len(uploads))
	}

	// A token of another quote is refused before anything runs.
	var other store.StoredQuote
	t.Run("other", func(t *testing.T) { other = benchQuote(t, a) })
	stdout.Reset()
	_, err = collect.Run(context.Background(), collectOpts(a, tok, other.ID, t.TempDir(), &stdout))
	if err == nil || !strings.Contains(err.Error(), "refused the token (403)") {
		t.Errorf("another quote's plan: %v", err)
	}
}

func TestCollectorOfflineKeepsAndUploadsLater(t *testing.T) {
	a := newApp(t)
	standIns(t)
	q := benchQuote(t, a)
	tok := evidenceTokenFor(t, a, q.ID)
	out := t.TempDir()
	var stdout bytes.Buffer
	// A dry run keeps the plan and runs nothing; then the server is gone.
	o := collectOpts(a, tok, q.ID, out, &stdout)
	o.DryRun = true
	planned, err := collect.Run(context.Background(), o)
	if err != nil || len(planned) < 8 || planned[0].Outcome != "planned" || planned[0].Detail != "nvidia-smi -q" {
		t.Fatalf("dry run: %v %+v", err, planned)
	}
	offline := collectOpts(a, tok, q.ID, out, &stdout)
	offline.Server = "http://127.0.0.1:1"
	offline.Only = []string{"nvidia-smi-L", "topo"}
	results, err := collect.Run(context.Background(), offline)
	if err != nil {
		t.Fatalf("offline: %v\n%s", err, stdout.String())
	}
	for _, r := range results {
		if r.Outcome != "kept" || !strings.Contains(r.Detail, "--upload") {
			t.Errorf("offline %s: %+v", r.Step, r)
		}
	}
	stdout.Reset()
	sent, err := collect.Upload(context.Background(), out, collectOpts(a, tok, 0, "", &stdout))
	if err != nil || len(sent) != 2 {
		t.Fatalf("upload: %v %+v\n%s", err, sent, stdout.String())
	}
	for _, r := range sent {
		if r.Outcome != "uploaded" || !strings.Contains(r.Detail, "verdict") {
			t.Errorf("%s: %+v", r.Step, r)
		}
	}
	uploads, err := a.store.ListBenchmarks(context.Background(), q.ID)
	if err != nil || len(uploads) != 2 || uploads[0].Meta.Run == nil || uploads[1].Meta.Run.Step != "topo" {
		t.Errorf("stored: %v %+v", err, uploads)
	}
	sent, err = collect.Upload(context.Background(), out, collectOpts(a, tok, 0, "", &stdout))
	if err != nil || sent[0].Outcome != "skipped" {
		t.Errorf("a second upload: %v %+v", err, sent)
	}
}

// Two nodes reached through ssh (a stand-in that runs the command here):
// the hosts travel with each upload, and an nccl-tests log that names no
// host is judged as spanning the two nodes it was launched on.
func TestCollectorOnTwoHostsThroughSSH(t *testing.T) {
	a := newApp(t)
	standIns(t,
		"ssh", `while [ "$1" != "--" ]; do host=$1; shift; done; shift; STANDIN_HOST=$host exec sh -c "$*"`,
		// Each node's burn-in waits for the other's to start: run one after
		// the other, the first gives up and fails.
		"gpu_burn", `touch "$STANDIN_DIR/started.$STANDIN_HOST"
for i in $(seq 50); do [ "$(ls "$STANDIN_DIR" | grep -c started)" -ge 2 ] && break; sleep 0.1; done
[ "$(ls "$STANDIN_DIR" | grep -c started)" -ge 2 ] || exit 3
cat SAMPLES/gpu-burn/superbench-a100x8-doubles-tc-cr-progress.txt`,
		"mpirun", `cat SAMPLES/nccl/h100-2node-16gpu-nebius-ib-hash-stripped.txt`,
		"ib_write_bw", `case "$*" in *localhost*|*gpu-b*) cat SAMPLES/perftest/oci-oke-roce-write-bw-gbits-4qp.txt ;; *) sleep 5 ;; esac`)
	ctx := context.Background()
	owner := a.user("owner-two@example.com", auth.Procurement)
	ev, err := a.store.CreateEvaluation(ctx, owner.Actor(), "Two nodes")
	if err != nil {
		t.Fatal(err)
	}
	qs, err := quote.ReadCSV(strings.NewReader("provider,rental_model,currency,gpu_model,form_factor,gpu_memory_gb,gpus_per_node,nodes," +
		"intra_node_interconnect,inter_node_fabric,nics_per_node,fabric_gbps_per_node\nAcme,on_demand,USD,H100,sxm,80,8,2,nvswitch,infiniband,8,3200\n"))
	if err != nil {
		t.Fatal(err)
	}
	q, err := a.store.CreateQuote(ctx, owner.Actor(), ev.ID, qs[0])
	if err != nil {
		t.Fatal(err)
	}
	tok := evidenceTokenFor(t, a, q.ID)
	var stdout bytes.Buffer
	o := collectOpts(a, tok, q.ID, t.TempDir(), &stdout)
	t.Setenv("STANDIN_DIR", t.TempDir())
	o.Hosts, o.Only = []string{"gpu-a", "gpu-b"}, []string{"nvidia-smi-q", "ib_write_bw-mlx5_0", "nccl-all_reduce", "gpu-burn"}
	results, err := collect.Run(ctx, o)
	if err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	if len(results) != 6 {
		t.Fatalf("results %+v\n%s", results, stdout.String())
	}
	for _, r := range results[4:] {
		if r.Step != "gpu-burn" || r.Outcome != "uploaded" {
			t.Errorf("the burn-in ran on both nodes at once: %+v", r)
		}
	}
	uploads, _ := a.store.ListBenchmarks(ctx, q.ID)
	hosts := map[string][]string{}
	var nccl store.Benchmark
	for _, u := range uploads {
		hosts[u.Meta.Run.Step+"@"+u.Meta.Run.Hosts[0]] = u.Meta.Run.Hosts
		if u.Meta.Run.Step == "nccl-all_reduce" {
			nccl = u
		}
	}
	if len(hosts["ib_write_bw-mlx5_0@gpu-a"]) != 2 || len(hosts["nccl-all_reduce@gpu-a"]) != 2 || (hosts["nvidia-smi-q@gpu-a"] == nil && hosts["nvidia-smi-q@gpu-b"] == nil) {
		t.Errorf("hosts per upload %v\n%s", hosts, stdout.String())
	}
	if !strings.Contains(nccl.Meta.Run.Command, "-H gpu-a:8,gpu-b:8") || !strings.Contains(nccl.Meta.Run.Command, "-np 16") {
		t.Errorf("mpirun line %q", nccl.Meta.Run.Command)
	}
	eng := a.token("reader-two@example.com", auth.Engineer)
	_, list := a.api(eng, "GET", "/api/v1/quotes/"+itoa(q.ID)+"/benchmarks", "")
	span := ""
	for _, b := range list["benchmarks"].([]any) {
		bm := b.(map[string]any)
		for _, c := range bm["verdict"].(map[string]any)["checks"].([]any) {
			if c.(map[string]any)["id"] == "nccl_span" {
				span = c.(map[string]any)["status"].(string)
			}
		}
	}
	if span != "pass" {
		t.Errorf("the nccl run launched on two hosts spans them: %q\n%v", span, list["benchmarks"])
	}
}
