package verdict

import (
	"github.com/gpuquote/gpuquote/internal/brief"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/acceptance"
	"github.com/gpuquote/gpuquote/internal/benchlog"
)

// lines returns lines [from, to] (1-based) of a benchlog sample.
func lines(t *testing.T, rel string, from, to int) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "benchlog", "testdata", rel))
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Split(string(b), "\n")
	return strings.Join(all[from-1:min(to, len(all))], "\n") + "\n"
}

func parsed(t *testing.T, name, text string) Upload {
	t.Helper()
	r, err := benchlog.Parse(benchlog.KindUnknown, []byte(text))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return Upload{Name: name, Result: benchlog.Compact(r)}
}

const fiveColl = "nccl/h100-sxm-1node-8gpu-5coll-v2.17.8.txt"

// A log cut off after its 1 GiB row, the header asking for far more, was
// judged pass on the 1 GiB row's 470 GB/s.
func TestTruncatedRunIsIncompleteNeverPass(t *testing.T) {
	cut := lines(t, fiveColl, 1, 24)
	withFooter := cut + "# Out of bounds values : 0 OK\n"
	for _, tt := range []struct {
		name, text string
		reasons    []string
	}{
		{"no footer, last row below maxBytes", cut, []string{"no_footer", "short_sweep"}},
		{"footer, last row below maxBytes", withFooter, []string{"short_sweep"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rep := Evaluate(Input{Quote: quoteOf(t, h100Node), Uploads: []Upload{parsed(t, "cut.log", tt.text)}})
			var reasons []string
			for _, c := range rep.Uploads[0].Checks {
				if c.ID == "nccl_incomplete" {
					reasons = append(reasons, strings.TrimPrefix(c.Key, "bench.check.incomplete_"))
				}
				if c.Status == Pass {
					t.Errorf("%s passed on a cut-off run", c.ID)
				}
			}
			if strings.Join(reasons, ",") != strings.Join(tt.reasons, ",") {
				t.Errorf("reasons = %v, want %v", reasons, tt.reasons)
			}
			if st := outcome(rep, acceptance.NCCLAllReduce); st != Incomplete {
				t.Errorf("nccl_allreduce = %s, want incomplete", st)
			}
			if rep.Uploads[0].Status != Incomplete {
				t.Errorf("upload status = %s", rep.Uploads[0].Status)
			}
		})
	}
	// The whole run, whose last row is the largest that fits the reduced
	// maxBytes, is complete.
	rep := Evaluate(Input{Quote: quoteOf(t, h100Node), Uploads: []Upload{parsed(t, "whole.log", lines(t, fiveColl, 1, 32))}})
	if st := outcome(rep, acceptance.NCCLAllReduce); st != Pass {
		t.Errorf("complete run: nccl_allreduce = %s, checks %v", st, got(rep.Uploads[0]))
	}
}

// Rows dropped by a publisher leave the footer's average disagreeing.
func TestTrimmedRowsAreIncomplete(t *testing.T) {
	text := lines(t, fiveColl, 1, 19) + lines(t, fiveColl, 21, 32)
	rep := Evaluate(Input{Quote: quoteOf(t, h100Node), Uploads: []Upload{parsed(t, "trimmed.log", text)}})
	if c := check(rep.Uploads[0], "nccl_incomplete"); c.Key != "bench.check.incomplete_rows_trimmed" {
		t.Errorf("checks = %v", got(rep.Uploads[0]))
	}
}

// Validation off: the figures were not checked, so the run cannot pass.
func TestValidationOffCannotPass(t *testing.T) {
	text := strings.Replace(lines(t, fiveColl, 1, 32), "validation: 1", "validation: 0", 1)
	rep := Evaluate(Input{Quote: quoteOf(t, h100Node), Uploads: []Upload{parsed(t, "c0.log", text)}})
	if c := check(rep.Uploads[0], "nccl_busbw"); c.Status != Unproven {
		t.Errorf("busbw = %s", c.Status)
	}
	if c := check(rep.Uploads[0], "nccl_validation"); c.Status != Unproven {
		t.Errorf("checks = %v", got(rep.Uploads[0]))
	}
}

// multiNode is a complete 2-node all_reduce run peaking at busbw.
func multiNode(busbw float64, network string) Upload {
	u := run(16, 8<<30, busbw)
	r := &u.Result.NCCL.Runs[0]
	r.Nodes, r.Hosts, r.Network = 2, []string{"a", "b"}, network
	return u
}

// A healthy 4-NIC H200 bare-metal run at 320 GB/s failed against the
// 8-NIC band; the band now follows the quote's NICs and says so.
func TestBandFollowsQuotedNICs(t *testing.T) {
	q := quoteOf(t, map[string]string{"gpu_model": "H200", "gpus_per_node": "8", "nodes": "2", "inter_node_fabric": "infiniband",
		"nics_per_node": "4", "fabric_gbps_per_node": "1600"})
	rep := Evaluate(Input{Quote: q, Uploads: []Upload{multiNode(320, "infiniband")}})
	c := check(rep.Uploads[0], "nccl_busbw")
	if c.Status != Pass || c.Args["Class"] != "ib_ndr_4nic_hopper" {
		t.Fatalf("check = %+v", c)
	}
	b, _ := c.Args["Basis"].(Basis)
	if b.NICs != 4 || b.NICGbps != 400 || b.Nodes != 2 || b.Fabric != "infiniband" || c.Args["Source"] == "" {
		t.Errorf("basis = %+v, source %v", b, c.Args["Source"])
	}
	// The same hardware in VMs (184) is poor.
	if c := check(Evaluate(Input{Quote: q, Uploads: []Upload{multiNode(184, "infiniband")}}).Uploads[0], "nccl_busbw"); c.Status != Fail {
		t.Errorf("VM run = %s", c.Status)
	}
	// 8 × 200G NICs on H100: no published row, so the band is derived from
	// the aggregate (200 GB/s per node → 160–180).
	q = quoteOf(t, map[string]string{"gpu_model": "H100", "gpus_per_node": "8", "nodes": "2", "inter_node_fabric": "infiniband",
		"nics_per_node": "8", "fabric_gbps_per_node": "1600"})
	c = check(Evaluate(Input{Quote: q, Uploads: []Upload{multiNode(170, "infiniband")}}).Uploads[0], "nccl_busbw")
	if c.Status != Pass || c.Args["Class"] != "nic_aggregate" || c.Args["Lo"].(Num).String() != "160" {
		t.Errorf("derived band = %+v", c)
	}
}

// An EFA log does not verify an InfiniBand claim, nor is it scored
// against the InfiniBand band.
func TestFabricClaimNeedsARunOnThatFabric(t *testing.T) {
	q := quoteOf(t, h100IB2)
	rep := Evaluate(Input{Quote: q, Uploads: []Upload{multiNode(470, "efa")}})
	if c := check(rep.Uploads[0], "nccl_busbw"); c.Status != Unproven || c.Key != "bench.check.nccl_fabric_mismatch" {
		t.Errorf("efa run on an IB quote = %+v", c)
	}
	if st := claimOf(rep, "inter_node_fabric"); st != Unverified {
		t.Errorf("claim = %s", st)
	}
	rep = Evaluate(Input{Quote: q, Uploads: []Upload{multiNode(470, "infiniband")}})
	if st := claimOf(rep, "inter_node_fabric"); st != Verified {
		t.Errorf("IB run: claim = %s", st)
	}
}

// The limit shown is the one applied: 61 µs passes under a limit of
// 67.5 µs, and the check says 67.5, not "about 45".
func TestLatencyLimitShownIsApplied(t *testing.T) {
	for _, tt := range []struct {
		us   float64
		want Status
	}{{61, Pass}, {70, Low}} {
		u := run(8, 8<<30, 475)
		r := &u.Result.NCCL.Runs[0]
		r.SmallMsgSize, r.SmallMsgLatencyUS, r.SmallMsgLine = 8, tt.us, 3
		c := check(Evaluate(Input{Quote: quoteOf(t, h100Node), Uploads: []Upload{u}}).Uploads[0], "nccl_latency")
		if c.Status != tt.want || c.Args["Limit"].(Num).String() != "67.5" {
			t.Errorf("%v µs: %s, limit %v", tt.us, c.Status, c.Args["Limit"])
		}
	}
}

// A model outside the known families matches its own name.
func TestGPUIdentityByNormalisedName(t *testing.T) {
	smi := &benchlog.Result{Kind: benchlog.KindNvidiaSMI, NvidiaSMI: &benchlog.SMIReport{GPUModel: "Tesla K80", GPUCount: 8,
		GPUs: []benchlog.GPU{{Name: "Tesla K80"}}}}
	for quoted, want := range map[string]Status{"K80": Pass, "NVIDIA Tesla K80": Pass, "K40": Fail, "H100": Fail} {
		rep := Evaluate(Input{Quote: quoteOf(t, map[string]string{"gpu_model": quoted}), Uploads: []Upload{{Name: "smi", Result: smi}}})
		if c := check(rep.Uploads[0], "gpu_model"); c.Status != want {
			t.Errorf("quote %q vs Tesla K80: %s, want %s", quoted, c.Status, want)
		}
	}
	for _, pair := range [][2]string{{"A100 80GB", "NVIDIA A100-SXM4-80GB"}, {"MI300X", "AMD Instinct MI300X"}, {"RTX A6000", "NVIDIA RTX A6000"}} {
		if !modelMatches(pair[0], pair[1]) {
			t.Errorf("%q should match %q", pair[0], pair[1])
		}
	}
}

// rccl-tests on AMD GPUs are named, never scored as an NVIDIA fabric.
func TestRCCLRunIsNamedNotScored(t *testing.T) {
	text := "RCCL version 2.18.3+hip6.0\n" + lines(t, "nccl/h100-2node-16gpu-nebius-ib-hash-stripped.txt", 1, 1000)
	rep := Evaluate(Input{Quote: quoteOf(t, h100IB2), Uploads: []Upload{parsed(t, "rccl.log", text)}})
	if ids := got(rep.Uploads[0]); len(ids) != 1 || ids[0] != "nccl_rccl:unproven" {
		t.Errorf("checks = %v", ids)
	}
	if _, err := benchlog.Parse(benchlog.KindUnknown, []byte("========ROCm System Management Interface========\nGPU  Temp\n0    35.0c\n")); err == nil ||
		!strings.Contains(err.Error(), "rocm-smi") {
		t.Errorf("rocm-smi: %v", err)
	}
}

// Each test is judged from all the evidence that bears on it: a failed
// alltoall log beside a passed all-reduce log leaves all-reduce passed; a
// withdrawn failing upload is not counted.
func TestEachTestFromAllEvidence(t *testing.T) {
	good := parsed(t, "allreduce.log", lines(t, fiveColl, 1, 32))
	bad := sample(t, "nccl/BAD-h100-2node-1gpu-nccl-failure-truncated-v2.17.6.txt")
	rep := Evaluate(Input{Quote: quoteOf(t, h100Node), Uploads: []Upload{good, bad}})
	if st := outcome(rep, acceptance.NCCLAllReduce); st != Pass {
		t.Errorf("nccl_allreduce = %s", st)
	}
	failing := run(8, 8<<30, 200) // an all_reduce far below the band
	rep = Evaluate(Input{Quote: quoteOf(t, h100Node), Uploads: []Upload{good, failing}})
	if st := outcome(rep, acceptance.NCCLAllReduce); st != Fail {
		t.Errorf("with a poor all_reduce: %s", st)
	}
	failing.Withdrawn = true
	rep = Evaluate(Input{Quote: quoteOf(t, h100Node), Uploads: []Upload{good, failing}})
	if st := outcome(rep, acceptance.NCCLAllReduce); st != Pass || rep.Uploads[1].Status != Withdrawn {
		t.Errorf("withdrawn poor run: %s / %s", st, rep.Uploads[1].Status)
	}
}

// Where logs name NICs, one well below the others is listed by name.
func TestOutliersNamed(t *testing.T) {
	var ups []Upload
	for i, bw := range []float64{98, 97.5, 61, 98.2} {
		ups = append(ups, Upload{Name: "nic" + string(rune('a'+i)), Result: &benchlog.Result{Kind: benchlog.KindPerftest,
			Perftest: &benchlog.PerftestReport{PerftestRun: benchlog.PerftestRun{Test: "RDMA_Write BW Test", Device: "mlx5_" + string(rune('0'+i)), PeakGbps: bw,
				Rows: []benchlog.PerftestRow{{Line: 30, Bytes: 65536, PeakBW: bw}}}}}})
	}
	rep := Evaluate(Input{Quote: quoteOf(t, h100IB2), Uploads: ups})
	for i, u := range rep.Uploads {
		c := check(u, "outlier")
		if (i == 2) != (c.ID == "outlier") {
			t.Errorf("upload %d outlier = %+v", i, c)
		}
		if i == 2 && !strings.Contains(c.Args["ID"].(string), "mlx5_2") {
			t.Errorf("outlier id = %v", c.Args["ID"])
		}
	}
}

// An interrupted fio run is incomplete: its good bandwidth passes nothing.
func TestInterruptedFioIsIncomplete(t *testing.T) {
	text := strings.Replace(lines(t, "fio/text-fio-3.28-nvme-raid0-seqread-1m-qd32.txt", 1, 1000), "Run status group 0",
		"fio: terminating on signal 2\nRun status group 0", 1)
	rep := Evaluate(Input{Quote: quoteOf(t, h100Node), Brief: map[string]string{"dataset_tb": "100", "staging_window_hours": "4"},
		Uploads: []Upload{parsed(t, "fio.txt", text)}})
	if ids := got(rep.Uploads[0]); strings.Join(ids, ",") != "fio_incomplete:incomplete,staging:incomplete" {
		t.Errorf("checks = %v", ids)
	}
	if st := outcome(rep, acceptance.StorageStaging); st != Incomplete {
		t.Errorf("storage_staging = %s", st)
	}
}

// The memory in a device name is compared with the quoted memory.
func TestDeviceNameMemory(t *testing.T) {
	u := parsed(t, "coll.log", lines(t, fiveColl, 1, 32)) // NVIDIA H100 80GB HBM3
	for gb, want := range map[string]ClaimStatus{"80": Verified, "141": Contradicted} {
		rep := Evaluate(Input{Quote: quoteOf(t, with(h100Node, "gpu_memory_gb", gb)), Uploads: []Upload{u}})
		if st := claimOf(rep, "gpu_memory_gb"); st != want {
			t.Errorf("quoted %s GB: %s, want %s", gb, st, want)
		}
	}
}

// An abridged device list is shown among the checks; the run still
// counts its eight ranks from busbw/algbw and passes.
func TestAbridgedDeviceListShown(t *testing.T) {
	text := lines(t, fiveColl, 1, 9) + lines(t, fiveColl, 14, 32)
	rep := Evaluate(Input{Quote: quoteOf(t, h100Node), Uploads: []Upload{parsed(t, "abridged.log", text)}})
	if c := check(rep.Uploads[0], "nccl_abridged"); c.Status != Info || c.Args["Ranks"] != 8 {
		t.Errorf("checks = %v", got(rep.Uploads[0]))
	}
	if st := outcome(rep, acceptance.NCCLAllReduce); st != Pass {
		t.Errorf("nccl_allreduce = %s", st)
	}
}

// A file of two fio runs, the first interrupted: the complete second run
// decides staging; the interrupted one is still shown as incomplete.
func TestAnInterruptedFioRunDoesNotSpoilTheCompleteOne(t *testing.T) {
	one := lines(t, "fio/text-fio-3.28-nvme-raid0-seqread-1m-qd32.txt", 1, 1000)
	cut := strings.Replace(one, "Run status group 0", "fio: terminating on signal 2\nRun status group 0", 1)
	rep := Evaluate(Input{Quote: quoteOf(t, h100Node), Brief: map[string]string{"dataset_tb": "100", "staging_window_hours": "4"},
		Uploads: []Upload{parsed(t, "fio.txt", cut+one)}})
	if ids := strings.Join(got(rep.Uploads[0]), ","); ids != "fio_incomplete:incomplete,staging:incomplete,staging:pass" {
		t.Errorf("checks = %v", ids)
	}
	if st := outcome(rep, acceptance.StorageStaging); st != Pass {
		t.Errorf("storage_staging = %s, want pass from the complete run", st)
	}
}

// fio's falloc engine only allocates files: its "bandwidth" is no disk's
// and proves nothing about checkpoint writes.
func TestFioEngineThatMovesNoDataProvesNothing(t *testing.T) {
	doc := `{"fio version": "fio-3.33", "global options": {"ioengine": "falloc", "rw": "write", "bs": "1M"},
		"jobs": [{"jobname": "ckpt", "groupid": 0, "error": 0, "job options": {"name": "ckpt"},
			"write": {"io_bytes": 585000000000, "io_kbytes": 571289062, "bw_bytes": 1950180255, "bw": 1904472, "iops": 476118, "runtime": 300000}}]}`
	rep := Evaluate(Input{Quote: quoteOf(t, h100Node), Brief: map[string]string{"checkpoint_size_gb": "100", "checkpoint_interval_minutes": "60"},
		Uploads: []Upload{parsed(t, "fio.json", doc)}})
	c := check(rep.Uploads[0], "checkpoint")
	if c.Status != Unproven || c.Key != "bench.check.fio_no_data" {
		t.Errorf("checkpoint check %+v, want unproven: falloc moves no data", c)
	}
}

// A GPU whose nvidia-smi row shows ERR! fails GPU health, named.
func TestNvidiaSMIReadErrorFailsGPUHealth(t *testing.T) {
	smi := `| NVIDIA-SMI 550.54.15   Driver Version: 550.54.15   CUDA Version: 12.4     |
|-------------------------------+----------------------+----------------------+
| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |
| Fan  Temp  Perf  Pwr:Usage/Cap|         Memory-Usage | GPU-Util  Compute M. |
|===============================+======================+======================|
|   0  NVIDIA H100 80GB HBM3 On | 00000000:18:00.0 Off |                    0 |
|ERR!   38C    P0    69W / 700W |      1MiB / 81559MiB |      0%      Default |
+-------------------------------+----------------------+----------------------+
`
	rep := Evaluate(Input{Quote: quoteOf(t, map[string]string{"gpu_model": "H100", "gpus_per_node": "1"}), Uploads: []Upload{parsed(t, "smi.txt", smi)}})
	if c := check(rep.Uploads[0], "gpu_read_error"); c.Status != Fail || c.Args["GPU"] != 0 {
		t.Errorf("checks %v", got(rep.Uploads[0]))
	}
	if st := outcome(rep, acceptance.GPUHealth); st != Fail {
		t.Errorf("gpu health = %s", st)
	}
}

// A one-rank all_reduce moves no data between GPUs: no latency is judged
// from it (its in-place rows take 0.2 µs, a no-op).
func TestOneRankRunJudgesNoLatency(t *testing.T) {
	log := "# nThread 1 nGpus 1 minBytes 8 maxBytes 16 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0\n" +
		"#  Rank  0 Group  0 Pid   5092 on   GENOA-06 device  0 [0x21] NVIDIA GeForce RTX 5090\n" +
		"#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong\n" +
		"           8             2     float     sum      -1     5.63    0.00    0.00      0     0.20    0.04    0.00      0\n" +
		"          16             4     float     sum      -1     5.60    0.00    0.00      0     0.19    0.08    0.00      0\n" +
		"# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 0\n"
	rep := Evaluate(Input{Quote: quoteOf(t, h100Node), Uploads: []Upload{parsed(t, "one.log", log)}})
	if c := check(rep.Uploads[0], "nccl_latency"); c.ID != "" {
		t.Errorf("latency judged from one rank: %+v", c)
	}
}

// A withdrawn upload is no evidence for a claim either: the GPU model it
// named stops verifying the quote's.
func TestWithdrawnUploadIsNoClaimEvidence(t *testing.T) {
	u := parsed(t, "coll.log", lines(t, fiveColl, 1, 32)) // NVIDIA H100 80GB HBM3
	rep := Evaluate(Input{Quote: quoteOf(t, h100Node), Uploads: []Upload{u}})
	if st := claimOf(rep, "gpu_model"); st != Verified {
		t.Fatalf("gpu_model = %s with the upload", st)
	}
	u.Withdrawn = true
	rep = Evaluate(Input{Quote: quoteOf(t, h100Node), Uploads: []Upload{u}})
	if st := claimOf(rep, "gpu_model"); st == Verified {
		t.Errorf("gpu_model = %s from a withdrawn upload", st)
	}
}

// A checkpoint that takes longer than the interval between checkpoints
// fails whatever idle share the brief would allow; shorter, it waits for
// that share to be stated.
func TestCheckpointLongerThanItsIntervalFails(t *testing.T) {
	b := brief.Brief{"checkpoint_gb": "1100", "checkpoint_interval_min": "60"}
	if c := checkpointCheck(b, 0.3e6); c.Status != Fail { // about 42 days
		t.Errorf("a checkpoint of %v s in a 60-minute interval: %s", c.Args["Seconds"], c.Status)
	}
	if c := checkpointCheck(b, 2e9); c.Status != Unproven { // 550 s
		t.Errorf("a 550 s checkpoint without an allowed idle share: %s, want unproven", c.Status)
	}
}

// nvidia-smi -q -i 0 shows one GPU of a node whose size it states:
// "Attached GPUs : 8" is the count held against the quote.
func TestSMIQueryOfOneGPUCountsTheAttachedGPUs(t *testing.T) {
	q := "==============NVSMI LOG==============\n\nDriver Version                            : 535.104.05\n\n" +
		"Attached GPUs                             : 8\nGPU 00000000:18:00.0\n    Product Name                          : NVIDIA H100 80GB HBM3\n" +
		"    FB Memory Usage\n        Total                             : 81559 MiB\n"
	rep := Evaluate(Input{Quote: quoteOf(t, map[string]string{"gpu_model": "H100", "gpus_per_node": "8"}), Uploads: []Upload{parsed(t, "q.txt", q)}})
	if c := check(rep.Uploads[0], "gpu_count"); c.Status != Pass || c.Args["Measured"] != 8 {
		t.Errorf("gpu_count %+v", c)
	}
}

// nvidia-smi -L names the memory in the model ("A100-SXM4-40GB") and lists
// MIG devices under their GPU: both are held against the quote.
func TestSMIListNamesMemoryAndMIG(t *testing.T) {
	list := "GPU 0: NVIDIA A100-SXM4-40GB (UUID: GPU-9e4aeb94-01c0-5173-4811-4ca60f77b3a9)\n" +
		"  MIG 4g.20gb     Device  0: (UUID: MIG-c42101f0-a1fa-5b68-8908-7c5c887f28bd)\n" +
		"GPU 1: NVIDIA A100-SXM4-40GB (UUID: GPU-934e3c41-2e9a-efbf-5e75-a17cc8913c9e)\n"
	a100 := map[string]string{"gpu_model": "A100", "gpu_memory_gb": "80", "gpus_per_node": "2", "gpu_partitioning": "full"}
	rep := Evaluate(Input{Quote: quoteOf(t, a100), Uploads: []Upload{parsed(t, "l.txt", list)}})
	if c := check(rep.Uploads[0], "gpu_memory"); c.Status != Fail {
		t.Errorf("40 GB named against 80 quoted: %+v", c)
	}
	if c := check(rep.Uploads[0], "gpu_mig"); c.Status != Fail {
		t.Errorf("MIG devices listed, full GPUs quoted: %+v; checks %v", c, got(rep.Uploads[0]))
	}
	if st := outcome(rep, acceptance.GPUHealth); st != Fail {
		t.Errorf("gpu health = %s", st)
	}
}
