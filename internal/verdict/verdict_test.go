package verdict

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gpuquote/gpuquote/internal/acceptance"
	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// sample parses one of benchlog's real logs.
func sample(t *testing.T, rel string) Upload {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "benchlog", "testdata", rel))
	if err != nil {
		t.Fatal(err)
	}
	r, err := benchlog.Parse(benchlog.KindUnknown, b)
	if err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	return Upload{Name: filepath.Base(rel), Result: r}
}

// quoteOf builds a quote from CSV cells.
func quoteOf(t *testing.T, cells map[string]string) quote.Quote {
	t.Helper()
	base := map[string]string{"provider": "Acme", "rental_model": "on_demand", "currency": "USD"}
	for k, v := range cells {
		base[k] = v
	}
	q, errs := quote.ParseCells(base)
	if len(errs) > 0 {
		t.Fatalf("quote: %v", errs)
	}
	return q
}

// got summarises checks as "id:status" in order.
func got(rep UploadReport) []string {
	var out []string
	for _, c := range rep.Checks {
		out = append(out, c.ID+":"+string(c.Status))
	}
	return out
}

func outcome(rep Report, t acceptance.Test) Status {
	for _, o := range rep.Tests {
		if o.Test == t {
			return o.Status
		}
	}
	return ""
}

func claimOf(rep Report, term string) ClaimStatus {
	for _, c := range rep.Claims {
		if c.Term == term {
			return c.Status
		}
	}
	return ""
}

func check(rep UploadReport, id string) Check {
	for _, c := range rep.Checks {
		if c.ID == id {
			return c
		}
	}
	return Check{}
}

var (
	h100Node  = map[string]string{"gpu_model": "H100", "form_factor": "sxm", "gpu_memory_gb": "80", "gpus_per_node": "8", "nodes": "1", "intra_node_interconnect": "nvswitch", "inter_node_fabric": "none"}
	h100EFA   = map[string]string{"gpu_model": "H100", "form_factor": "sxm", "gpu_memory_gb": "80", "gpus_per_node": "8", "nodes": "2", "intra_node_interconnect": "nvswitch", "inter_node_fabric": "efa"}
	h100IB2   = map[string]string{"gpu_model": "H100", "gpus_per_node": "8", "nodes": "2", "inter_node_fabric": "infiniband"}
	h100IB4   = map[string]string{"gpu_model": "H100", "gpus_per_node": "8", "nodes": "4", "inter_node_fabric": "infiniband"}
	a100IB4   = map[string]string{"gpu_model": "A100 80GB", "gpus_per_node": "8", "nodes": "4", "inter_node_fabric": "infiniband"}
	h200Quote = map[string]string{"gpu_model": "H200", "form_factor": "sxm", "gpu_memory_gb": "141", "gpus_per_node": "8"}
	l40sQuote = map[string]string{"gpu_model": "L40S", "form_factor": "pcie", "gpu_memory_gb": "48", "gpus_per_node": "1", "intra_node_interconnect": "pcie"}
)

func with(m map[string]string, kv ...string) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		out[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i]] = kv[i+1]
	}
	return out
}

func TestEvaluateSamples(t *testing.T) {
	tests := []struct {
		name    string
		file    string
		quote   map[string]string
		brief   brief.Brief
		checks  []string
		tests   map[acceptance.Test]Status
		claims  map[string]ClaimStatus
		measure map[string]string // check id -> Args["Measured"] as text
	}{
		{
			name: "H100 nvidia-smi matches an H100 SXM quote", file: "nvidia-smi/h100-8gpu-table-550.txt", quote: h100Node,
			checks: []string{"gpu_model:pass", "gpu_count:pass", "gpu_memory:pass", "gpu_driver:info", "gpu_ecc:pass"},
			tests:  map[acceptance.Test]Status{acceptance.GPUHealth: Pass, acceptance.NCCLAllReduce: Unproven},
			claims: map[string]ClaimStatus{"gpu_model": Verified, "gpu_memory_gb": Verified, "form_factor": Verified, "gpus_per_node": Verified, "nodes": Unverified},
		},
		{
			name: "H100 nvidia-smi contradicts an H200 quote", file: "nvidia-smi/h100-8gpu-table-550.txt", quote: h200Quote,
			checks: []string{"gpu_model:fail", "gpu_count:pass", "gpu_memory:fail", "gpu_driver:info", "gpu_ecc:pass"},
			tests:  map[acceptance.Test]Status{acceptance.GPUHealth: Fail},
			claims: map[string]ClaimStatus{"gpu_model": Contradicted, "gpu_memory_gb": Contradicted, "form_factor": Verified},
		},
		{
			name: "L40S nvidia-smi matches a PCIe L40S quote", file: "nvidia-smi/l40s-1gpu-table-580-with-process.txt", quote: l40sQuote,
			checks: []string{"gpu_model:pass", "gpu_count:pass", "gpu_memory:pass", "gpu_driver:info", "gpu_ecc:pass"},
			tests:  map[acceptance.Test]Status{acceptance.GPUHealth: Pass},
			claims: map[string]ClaimStatus{"form_factor": Verified, "gpu_memory_gb": Verified},
		},
		{
			name: "CUDA named in the quote's notes is checked", file: "nvidia-smi/h100-8gpu-table-550.txt",
			quote:  with(h100Node, "notes", "Images ship with CUDA 12.8, driver 570"),
			checks: []string{"gpu_model:pass", "gpu_count:pass", "gpu_memory:pass", "gpu_driver:fail", "gpu_ecc:pass"},
			tests:  map[acceptance.Test]Status{acceptance.GPUHealth: Fail},
			claims: map[string]ClaimStatus{"driver_cuda_version": Contradicted},
		},
		{
			name: "CUDA named in the brief is met", file: "nvidia-smi/h100-8gpu-table-550.txt", quote: h100Node,
			brief:  brief.Brief{"quantization": "none; needs CUDA 12.2 or newer"},
			checks: []string{"gpu_model:pass", "gpu_count:pass", "gpu_memory:pass", "gpu_driver:pass", "gpu_ecc:pass"},
			tests:  map[acceptance.Test]Status{acceptance.GPUHealth: Pass},
		},
		{
			name: "a power log has no inventory", file: "nvidia-smi/query-gpu-csv-power-draw.txt", quote: h100Node,
			checks: []string{"gpu_inventory:unproven"},
			tests:  map[acceptance.Test]Status{acceptance.GPUHealth: Unproven},
		},
		{
			name: "NV18 topology verifies NVSwitch", file: "topo/h100-8gpu-nv18-no-nics.txt", quote: h100Node,
			checks: []string{"gpu_count:pass", "nvlink:pass"},
			claims: map[string]ClaimStatus{"intra_node_interconnect": Verified, "form_factor": Verified},
		},
		{
			name: "NV18 topology contradicts a PCIe quote", file: "topo/h200-8gpu-4nic-vm-irregular-spacing.txt",
			quote:  map[string]string{"gpu_model": "H200", "form_factor": "pcie", "gpus_per_node": "8", "intra_node_interconnect": "pcie"},
			checks: []string{"gpu_count:pass", "nvlink:info"},
			claims: map[string]ClaimStatus{"intra_node_interconnect": Contradicted, "form_factor": Contradicted},
		},
		{
			name: "8×H100 single node reaches NVLS", file: "nccl/h100-sxm-1node-8gpu-5coll-v2.17.8.txt", quote: h100Node,
			checks:  []string{"nccl_busbw:pass", "nccl_busbw:pass", "nccl_busbw:pass", "nccl_busbw:pass", "nccl_busbw:pass"},
			tests:   map[acceptance.Test]Status{acceptance.NCCLAllReduce: Pass},
			claims:  map[string]ClaimStatus{"gpu_model": Verified},
			measure: map[string]string{"nccl_busbw": "482.27"},
		},
		{
			// The excerpt has no footer: the figures are right but the run
			// is not proven complete, and no NCCL INFO line names EFA.
			name: "p5 EFA two nodes, abridged, is incomplete; its ranks do not count its nodes", file: "nccl/h100-p5-2node-efa-srun-label-prefix.txt", quote: h100EFA,
			checks:  []string{"nccl_incomplete:incomplete", "nccl_busbw:incomplete", "nccl_latency:pass", "nccl_span:pass"},
			tests:   map[acceptance.Test]Status{acceptance.NCCLAllReduce: Incomplete},
			claims:  map[string]ClaimStatus{"nodes": Unverified, "inter_node_fabric": Unverified},
			measure: map[string]string{"nccl_busbw": "487.26", "nccl_latency": "69.1"},
		},
		{
			name: "Nebius InfiniBand two nodes as expected", file: "nccl/h100-2node-16gpu-nebius-ib-hash-stripped.txt", quote: h100IB2,
			checks: []string{"nccl_busbw:pass", "nccl_latency:pass", "nccl_span:pass"},
			tests:  map[acceptance.Test]Status{acceptance.NCCLAllReduce: Pass},
			// No NCCL INFO line says the run went over InfiniBand.
			claims:  map[string]ClaimStatus{"inter_node_fabric": Unverified, "nodes": Unverified},
			measure: map[string]string{"nccl_busbw": "468.46"},
		},
		{
			name: "two nodes do not prove a four-node quote", file: "nccl/h100-2node-16gpu-nebius-ib-hash-stripped.txt", quote: h100IB4,
			checks: []string{"nccl_busbw:pass", "nccl_latency:pass", "nccl_span:unproven"},
			tests:  map[acceptance.Test]Status{acceptance.NCCLAllReduce: Unproven},
			claims: map[string]ClaimStatus{"nodes": Unverified, "inter_node_fabric": Unverified},
		},
		{
			name: "four DGX A100 on HDR as expected", file: "nccl/a100-4node-dgx-ib-legacy-error-column.txt", quote: a100IB4,
			checks:  []string{"nccl_busbw:pass", "nccl_span:pass"},
			tests:   map[acceptance.Test]Status{acceptance.NCCLAllReduce: Pass},
			measure: map[string]string{"nccl_busbw": "191.56"},
		},
		{
			name: "above the four-rail ceiling is impossible", file: "nccl/a100-4node-dgx-ib-legacy-error-column.txt",
			quote:  with(a100IB4, "nics_per_node", "4"),
			checks: []string{"nccl_busbw:fail", "nccl_span:pass"},
			tests:  map[acceptance.Test]Status{acceptance.NCCLAllReduce: Fail},
		},
		{
			name: "a failed alltoall run fails, but not the all-reduce test", file: "nccl/BAD-h100-2node-1gpu-nccl-failure-truncated-v2.17.6.txt", quote: h100IB2,
			checks: []string{"nccl_failed:fail"},
			tests:  map[acceptance.Test]Status{acceptance.NCCLAllReduce: Unproven},
		},
		{
			name: "T4 over EFA has no reference", file: "nccl/POOR-t4-2node-efa-ncclinfo-interleaved.txt",
			quote:  map[string]string{"gpu_model": "T4", "gpus_per_node": "1", "nodes": "2", "inter_node_fabric": "efa"},
			checks: []string{"nccl_busbw:unproven", "nccl_span:pass"},
			tests:  map[acceptance.Test]Status{acceptance.NCCLAllReduce: Unproven},
			claims: map[string]ClaimStatus{"gpu_model": Verified, "inter_node_fabric": Unverified, "nodes": Verified}, // two hosts named
		},
		{
			name: "T4s sold as H100s", file: "nccl/POOR-t4-2node-efa-ncclinfo-interleaved.txt",
			quote:  map[string]string{"gpu_model": "H100", "gpus_per_node": "1", "nodes": "2", "inter_node_fabric": "efa"},
			checks: []string{"nccl_busbw:fail", "nccl_latency:pass", "nccl_span:pass"},
			tests:  map[acceptance.Test]Status{acceptance.NCCLAllReduce: Fail},
			claims: map[string]ClaimStatus{"gpu_model": Contradicted, "inter_node_fabric": Contradicted},
		},
		{
			name: "NVMe RAID reads stage the dataset", file: "fio/text-fio-3.28-nvme-raid0-seqread-1m-qd32.txt", quote: h100Node,
			brief:   brief.Brief{"dataset_tb": "100", "staging_window_hours": "4"},
			checks:  []string{"staging:pass"},
			tests:   map[acceptance.Test]Status{acceptance.StorageStaging: Pass, acceptance.CheckpointIO: Unproven},
			measure: map[string]string{"staging": "13.74"},
		},
		{
			name: "fio without a brief cannot judge", file: "fio/text-fio-3.28-nvme-raid0-seqread-1m-qd32.txt", quote: h100Node,
			checks: []string{"staging:unproven"},
			tests:  map[acceptance.Test]Status{acceptance.StorageStaging: Unproven},
		},
		{
			name: "a persistent disk is too slow for checkpoints", file: "fio/json-fio-2.17-gce-pd-randread.json.txt", quote: h100Node,
			brief:  brief.Brief{"dataset_tb": "1", "staging_window_hours": "1", "checkpoint_gb": "500", "checkpoint_interval_min": "60", "allowed_idle_pct": "5"},
			checks: []string{"staging:fail", "checkpoint:fail"},
			tests:  map[acceptance.Test]Status{acceptance.StorageStaging: Fail, acceptance.CheckpointIO: Fail},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := Input{Quote: quoteOf(t, tt.quote), Brief: tt.brief, Uploads: []Upload{sample(t, tt.file)}}
			rep := Evaluate(in)
			if diff := cmp.Diff(tt.checks, got(rep.Uploads[0])); diff != "" {
				t.Errorf("checks (-want +got):\n%s", diff)
			}
			for test, want := range tt.tests {
				if st := outcome(rep, test); st != want {
					t.Errorf("test %s = %s, want %s", test, st, want)
				}
			}
			for term, want := range tt.claims {
				if st := claimOf(rep, term); st != want {
					t.Errorf("claim %s = %q, want %s", term, st, want)
				}
			}
			for id, want := range tt.measure {
				c := check(rep.Uploads[0], id)
				if got, _ := c.Args["Measured"].(Num); got.String() != want {
					t.Errorf("%s measured %v, want %s", id, c.Args["Measured"], want)
				}
			}
		})
	}
}

func TestBusBWMessageCarriesMeasuredExpectedAndEfficiency(t *testing.T) {
	rep := Evaluate(Input{Quote: quoteOf(t, h100IB2), Uploads: []Upload{sample(t, "nccl/h100-2node-16gpu-nebius-ib-hash-stripped.txt")}})
	c := check(rep.Uploads[0], "nccl_busbw")
	want := map[string]string{"Measured": "468.46", "Lo": "460", "Hi": "480", "Efficiency": "102"}
	for k, v := range want {
		if got, _ := c.Args[k].(Num); got.String() != v {
			t.Errorf("%s = %v, want %s", k, c.Args[k], v)
		}
	}
	if c.Args["Class"] != "ib_ndr_2node_hopper" || c.Args["Size"] != Bytes(8589934592) || c.Line == 0 {
		t.Errorf("check = %+v", c)
	}
	if rep.Expected == nil || rep.Expected.Lo != 460 {
		t.Errorf("quote expectation = %+v", rep.Expected)
	}
}

// run builds a one-row all_reduce run at size with busbw.
func run(ranks int, size int64, busbw float64) Upload {
	r := benchlog.NCCLRun{Collective: "all_reduce", Ranks: ranks, Nodes: 1, PeakBusBW: busbw, PeakSize: size, MaxSize: size,
		HasFooter: true, LastSize: size, PeakLine: 7,
		Rows: []benchlog.NCCLRow{{Line: 7, Size: size, OutOfPlace: benchlog.NCCLResult{Present: true, BusBW: busbw}}}}
	if size >= gib {
		r.JudgedBusBW, r.JudgedSize, r.JudgedLine = busbw, size, 7
	}
	return Upload{Name: "synthetic.log", Result: &benchlog.Result{Kind: benchlog.KindNCCL, NCCL: &benchlog.NCCLReport{Runs: []benchlog.NCCLRun{r}}}}
}

func TestBusBWThresholds(t *testing.T) {
	tests := []struct {
		name  string
		ranks int
		size  int64
		bw    float64
		want  Status
		key   string
	}{
		{"as expected", 8, 8 << 30, 470, Pass, "bench.check.nccl_busbw_band"},
		{"90 % is as expected", 8, 8 << 30, 423, Pass, "bench.check.nccl_busbw_band"},
		{"ring on 8 GPUs is low", 8, 8 << 30, 368, Low, "bench.check.nccl_busbw_band"},
		{"half is poor", 8, 8 << 30, 235, Fail, "bench.check.nccl_busbw_band"},
		{"above NVLink4 is impossible", 8, 8 << 30, 540, Fail, "bench.check.nccl_busbw_impossible"},
		{"four GPUs are judged on ring", 4, 8 << 30, 368, Pass, "bench.check.nccl_busbw_band"},
		{"256 MiB is too small to judge", 8, 256 << 20, 300, Incomplete, "bench.check.nccl_busbw_small"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := Evaluate(Input{Quote: quoteOf(t, h100Node), Uploads: []Upload{run(tt.ranks, tt.size, tt.bw)}})
			c := check(rep.Uploads[0], "nccl_busbw")
			if c.Status != tt.want || c.Key != tt.key {
				t.Errorf("got %s %s, want %s %s", c.Status, c.Key, tt.want, tt.key)
			}
		})
	}
}

func TestExpect(t *testing.T) {
	tests := []struct {
		shape  Shape
		class  string
		lo, hi float64
		ok     bool
	}{
		{Shape{GPU: famH100, Nodes: 1, Ranks: 8}, "nvlink4_nvls_8gpu", 470, 483, true},
		{Shape{GPU: famH200, Nodes: 1, Ranks: 4}, "nvlink4_ring", 365, 370, true},
		{Shape{GPU: famA100, Nodes: 1, Ranks: 8}, "nvlink3_a100", 230, 235, true},
		{Shape{GPU: famB200, Nodes: 1, Ranks: 8}, "nvlink5_nvls_8gpu", 836, 841, true},
		{Shape{GPU: famH100, Nodes: 2, Fabric: quote.FabricInfiniBand}, "ib_ndr_2node_hopper", 460, 480, true},
		{Shape{GPU: famH100, Nodes: 8, Fabric: quote.FabricInfiniBand}, "ib_ndr_multinode", 290, 370, true},
		{Shape{GPU: famH100, Nodes: 2, Fabric: quote.FabricEFA}, "efa_v2_hopper", 480, 487, true},
		{Shape{GPU: famA100, Nodes: 2, Fabric: quote.FabricEFA}, "efa_v1_a100", 78, 78, true},
		{Shape{GPU: famA100, Nodes: 4, Fabric: quote.FabricInfiniBand, NICs: 4}, "ib_hdr_4nic_a100", 86, 96, true},
		{Shape{GPU: famL40S, Nodes: 1, PCIeOnly: true}, "pcie_only", 0, 0, true},
		{Shape{GPU: "t4", Nodes: 2, Fabric: quote.FabricEFA}, "", 0, 0, false},
		{Shape{GPU: famH100, Nodes: 2, Fabric: quote.FabricEthernet}, "", 0, 0, false},
	}
	for _, tt := range tests {
		e, ok := Expect(tt.shape)
		if ok != tt.ok || e.Class != tt.class || e.Lo != tt.lo || e.Hi != tt.hi {
			t.Errorf("Expect(%+v) = %+v %v", tt.shape, e, ok)
		}
		if ok && e.Source == "" {
			t.Errorf("%s has no source", e.Class)
		}
	}
}

func TestFamilyAndFormFactor(t *testing.T) {
	tests := []struct {
		name, fam string
		ff        quote.FormFactor
	}{
		{"NVIDIA H100 80GB HBM3", famH100, quote.FormFactorSXM},
		{"H100", famH100, ""},
		{"NVIDIA H100 PCIe", famH100, quote.FormFactorPCIe},
		{"NVIDIA H100 NVL", famH100, quote.FormFactorPCIe},
		{"NVIDIA A100-SXM4-80GB", famA100, quote.FormFactorSXM},
		{"A100-PCIE-40GB", famA100, quote.FormFactorPCIe},
		{"NVIDIA H200", famH200, quote.FormFactorSXM},
		{"NVIDIA GH200 480GB", famGH200, quote.FormFactorSXM},
		{"NVIDIA L40S", famL40S, quote.FormFactorPCIe},
		{"Tesla T4", "t4", quote.FormFactorPCIe},
		{"NVIDIA GeForce RTX 4090", "rtx_4090", quote.FormFactorPCIe},
		{"RTX PRO 6000", "rtx_pro_6000", quote.FormFactorPCIe},
		{"Some accelerator", "", ""},
	}
	for _, tt := range tests {
		if f, ff := family(tt.name), formFactorOf(tt.name); f != tt.fam || ff != tt.ff {
			t.Errorf("%q: family %q form %q, want %q %q", tt.name, f, ff, tt.fam, tt.ff)
		}
	}
	if !modelMatches("H100 SXM", "NVIDIA H100 80GB HBM3") || modelMatches("H100 PCIe", "NVIDIA H100 80GB HBM3") || modelMatches("H200", "NVIDIA H100 80GB HBM3") {
		t.Error("modelMatches")
	}
}

func TestRequirementsAndVersions(t *testing.T) {
	q := quoteOf(t, map[string]string{"notes": "Driver 550.54 preinstalled"})
	r := Requirements(q, brief.Brief{"privacy": "Need CUDA >= 12.4"})
	if r.Driver != "550.54" || r.CUDA != "12.4" {
		t.Errorf("requirements = %+v", r)
	}
	for _, tt := range []struct {
		have, want string
		ok         bool
	}{{"550.90.07", "550.54", true}, {"550.54", "550.90", false}, {"12.4", "12.4", true}, {"13.0", "12.8", true}, {"12", "12.1", false}, {"x", "1", false}} {
		if got := versionAtLeast(tt.have, tt.want); got != tt.ok {
			t.Errorf("versionAtLeast(%s, %s) = %v", tt.have, tt.want, got)
		}
	}
}

func TestSeveralUploadsTogether(t *testing.T) {
	q := quoteOf(t, h100EFA)
	in := Input{Quote: q, Uploads: []Upload{
		sample(t, "nccl/BAD-h100-2node-1gpu-nccl-failure-truncated-v2.17.6.txt"),
		sample(t, "nccl/h100-p5-2node-efa-srun-label-prefix.txt"),
		sample(t, "nvidia-smi/h100-8gpu-table-550.txt"),
		sample(t, "topo/h100-8gpu-nv18-no-nics.txt"),
		{Name: "notes.txt"}, // did not parse
	}}
	rep := Evaluate(in)
	if len(rep.Uploads) != 5 || rep.Uploads[4].Status != Unproven || len(rep.Uploads[4].Checks) != 0 {
		t.Fatalf("uploads = %+v", rep.Uploads)
	}
	// The failed alltoall run says nothing about all-reduce; the
	// all_reduce log has no footer, so the test is incomplete, not failed.
	nccl := rep.Tests[1]
	if nccl.Test != acceptance.NCCLAllReduce || nccl.Status != Incomplete || nccl.Upload != 1 {
		t.Errorf("nccl outcome = %+v", nccl)
	}
	if gpu := rep.Tests[0]; gpu.Status != Pass || gpu.Upload != 2 {
		t.Errorf("gpu outcome = %+v", gpu)
	}
	var evidence []string
	for _, c := range rep.Claims {
		if c.Term == "gpu_model" {
			for _, e := range c.Evidence {
				evidence = append(evidence, e.File)
			}
		}
	}
	if strings.Join(evidence, ",") != "BAD-h100-2node-1gpu-nccl-failure-truncated-v2.17.6.txt,h100-8gpu-table-550.txt" {
		t.Errorf("gpu_model evidence = %v", evidence)
	}
}
