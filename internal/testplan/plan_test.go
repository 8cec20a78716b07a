package testplan

import (
	"slices"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/acceptance"
	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/quote"
)

func quoteOf(t *testing.T, cells map[string]string) quote.Quote {
	t.Helper()
	base := map[string]string{"provider": "Acme", "rental_model": "reserved", "currency": "USD"}
	for k, v := range cells {
		base[k] = v
	}
	q, errs := quote.ParseCells(base)
	if len(errs) > 0 {
		t.Fatalf("quote: %v", errs)
	}
	return q
}

func ids(p Plan) []string {
	out := make([]string, len(p.Steps))
	for i, s := range p.Steps {
		out[i] = s.ID
	}
	return out
}

func omitted(p Plan) map[string]string {
	out := map[string]string{}
	for _, o := range p.Omitted {
		out[o.Step] = o.Reason
	}
	return out
}

func step(t *testing.T, p Plan, id string) Step {
	t.Helper()
	s, ok := p.Step(id)
	if !ok {
		t.Fatalf("no step %s in %v", id, ids(p))
	}
	return s
}

var h100Node = map[string]string{"gpu_model": "H100 SXM", "gpus_per_node": "8", "gpu_memory_gb": "80", "intra_node_interconnect": "nvswitch"}

func with(base map[string]string, more map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range base {
		out[k] = v
	}
	for k, v := range more {
		out[k] = v
	}
	return out
}

func TestSingleNodePlan(t *testing.T) {
	q := quoteOf(t, with(h100Node, map[string]string{"nodes": "1", "inter_node_fabric": "none"}))
	p := New(q, brief.Brief{"workload_type": "online_inference", "checkpoint_gb": "400"})
	want := []string{"nvidia-smi-q", "nvidia-smi-L", "topo", "nvlink", "dcgmi-diag", "nvbandwidth", "nccl-all_reduce",
		"fio-checkpoint", "fio-staging", "gpu-burn", "dmesg-xid"}
	if got := ids(p); !slices.Equal(got, want) {
		t.Fatalf("steps %v, want %v", got, want)
	}
	if o := omitted(p); o["ibstat"] != "single_node" || o["ib_write_bw"] != "single_node" {
		t.Errorf("omitted %v", o)
	}
	nccl := step(t, p, "nccl-all_reduce")
	if nccl.Where != FirstHost || strings.Join(nccl.Command.Argv, " ") != "all_reduce_perf -b 8 -e 16G -f 2 -g 8" {
		t.Errorf("single-node nccl: %s %v", nccl.Where, nccl.Command.Argv)
	}
	if nccl.Band.Key != "plan.band.nccl" || nccl.Band.Args["Lo"] == "" || !strings.Contains(nccl.Band.Source, "nccl") {
		t.Errorf("nccl band %+v", nccl.Band)
	}
	if nccl.Build == nil || !strings.Contains(nccl.Build.Repo, "github.com/NVIDIA/nccl-tests") {
		t.Errorf("nccl-tests build %+v", nccl.Build)
	}
	fio := step(t, p, "fio-checkpoint")
	if !slices.Contains(fio.Command.Argv, "--size=50G") || !slices.Contains(fio.Command.Argv, "--rw=write") {
		t.Errorf("fio at the brief's 400 GB in 8 jobs: %v", fio.Command.Argv)
	}
	dcgm := step(t, p, "dcgmi-diag")
	if strings.Join(dcgm.Command.Argv, " ") != "dcgmi diag -r 3" || dcgm.Band.Source != srcDefault.text || dcgm.Band.SourceKey != "plan.src.default" {
		t.Errorf("dcgmi default: %v %+v", dcgm.Command.Argv, dcgm.Band)
	}
	nvbw := step(t, p, "nvbandwidth")
	if nvbw.Band.Key != "plan.band.nvbw_floor" || nvbw.Band.Args["Floor"] != "316" {
		t.Errorf("nvbandwidth floor %+v", nvbw.Band)
	}
	for _, s := range p.Steps {
		if !s.Test.Valid() || s.DurationS <= 0 || s.TimeoutS <= s.DurationS || s.Band.Key == "" || s.Band.Source == "" {
			t.Errorf("step %s: test %q, %d s within %d s, band %+v", s.ID, s.Test, s.DurationS, s.TimeoutS, s.Band)
		}
	}
	if burn := step(t, p, "gpu-burn"); burn.DurationS != 48*3600 || burn.Band.SourceKey != "plan.src.reserved_burn" || p.TotalS < 48*3600 {
		t.Errorf("a reserved quote's default burn-in: %d s (%s), total %d s", burn.DurationS, burn.Band.SourceKey, p.TotalS)
	}
}

func TestBriefSetsLevelsAndDurations(t *testing.T) {
	q := quoteOf(t, with(h100Node, map[string]string{"nodes": "1"}))
	p := New(q, brief.Brief{"dcgm_diag_level": "4", "burn_in_hours": "48", "checkpoint_gb": "100",
		"checkpoint_interval_min": "30", "allowed_idle_pct": "5", "dataset_tb": "20", "staging_window_hours": "2"})
	if s := step(t, p, "dcgmi-diag"); s.Command.Argv[3] != "4" || s.Band.SourceKey != "plan.src.brief_dcgm" {
		t.Errorf("dcgmi level from the brief: %v %q", s.Command.Argv, s.Band.Source)
	}
	burn := step(t, p, "gpu-burn")
	if strings.Join(burn.Command.Argv, " ") != "gpu_burn -tc 172800" || burn.DurationS != 172800 || !burn.InToolDir {
		t.Errorf("gpu-burn for 48 h: %v %d", burn.Command.Argv, burn.DurationS)
	}
	// 100 GB within 5 % of 30 min: 100 / 90 s = 1.11 GB/s.
	if b := step(t, p, "fio-checkpoint").Band; b.Key != "plan.band.checkpoint" || b.Args["Needed"] != "1.11" {
		t.Errorf("checkpoint band %+v", b)
	}
	// 20 TB in 2 h: 2.78 GB/s.
	if b := step(t, p, "fio-staging").Band; b.Key != "plan.band.staging" || b.Args["Needed"] != "2.78" {
		t.Errorf("staging band %+v", b)
	}
}

func multiNode(t *testing.T, fabric string) Plan {
	q := quoteOf(t, with(h100Node, map[string]string{"nodes": "4", "inter_node_fabric": fabric, "nics_per_node": "8",
		"fabric_gbps_per_node": "3200"}))
	return New(q, brief.Brief{"workload_type": "pre_training"})
}

func TestMultiNodeInfiniBandPlan(t *testing.T) {
	p := multiNode(t, "infiniband")
	var perftest []string
	for _, s := range p.Steps {
		if s.Tool == "ib_write_bw" {
			perftest = append(perftest, s.ID)
			if s.Where != HostPair || s.Server == nil || s.Command.Argv[len(s.Command.Argv)-1] != PPeer {
				t.Errorf("%s: %s server %v client %v", s.ID, s.Where, s.Server, s.Command.Argv)
			}
			if s.Band.Args["Rate"] != "400" || s.Band.Args["Pass"] != "360" {
				t.Errorf("%s band %+v", s.ID, s.Band)
			}
		}
	}
	if len(perftest) != 8 || perftest[7] != "ib_write_bw-mlx5_7" {
		t.Errorf("one ib_write_bw per quoted NIC: %v", perftest)
	}
	step(t, p, "ibstat")
	for _, coll := range []string{"all_reduce", "all_gather", "reduce_scatter"} {
		s := step(t, p, "nccl-"+coll)
		line := s.Command.Shell()
		if s.Where != Launcher || !strings.HasPrefix(line, "env NCCL_DEBUG=INFO NCCL_IB_HCA=mlx5 mpirun -np \"$RANKS\" -H \"$HOSTS_SLOTS\"") ||
			!strings.HasSuffix(line, coll+"_perf -b 8 -e 16G -f 2 -g 1") || !strings.Contains(line, "-x NCCL_IB_HCA") {
			t.Errorf("%s: %s", coll, line)
		}
	}
}

func TestMultiNodeRoCEPlanOnSlurm(t *testing.T) {
	q := quoteOf(t, with(h100Node, map[string]string{"nodes": "2", "inter_node_fabric": "roce", "nics_per_node": "4",
		"fabric_gbps_per_node": "1600"}))
	p := New(q, brief.Brief{"scheduler": "slurm"})
	if p.Remote != "srun" {
		t.Errorf("remote %q on Slurm", p.Remote)
	}
	s := step(t, p, "nccl-all_reduce")
	if !slices.Contains(s.Command.Env, "NCCL_IB_GID_INDEX=3") || s.Command.Argv[0] != "srun" ||
		!slices.Contains(s.Command.Argv, "--ntasks-per-node=8") || !slices.Contains(s.Command.Argv, "--nodelist="+PNodeList) {
		t.Errorf("RoCE over srun: %v %v", s.Command.Env, s.Command.Argv)
	}
	if bw := step(t, p, "ib_write_bw-mlx5_3"); !slices.Contains(bw.Server.Argv, "-x") {
		t.Errorf("RoCE perftest needs its GID index: %v", bw.Server.Argv)
	}
	if _, ok := p.Step("ib_write_bw-mlx5_4"); ok {
		t.Error("a fifth NIC the quote does not have")
	}
}

func TestMultiNodeEFAPlan(t *testing.T) {
	p := multiNode(t, "efa")
	if o := omitted(p); o["ibstat"] != "no_verbs" || o["ib_write_bw"] != "no_verbs" {
		t.Errorf("EFA has no InfiniBand verbs ports to test: %v", o)
	}
	s := step(t, p, "nccl-all_reduce")
	if !slices.Contains(s.Command.Env, "FI_PROVIDER=efa") || s.Band.Key != "plan.band.nccl" || !strings.Contains(s.Band.Source, "aws") {
		t.Errorf("EFA nccl: %v %+v", s.Command.Env, s.Band)
	}
}

func TestPCIeWithoutNVLinkPlan(t *testing.T) {
	q := quoteOf(t, map[string]string{"gpu_model": "L40S", "gpus_per_node": "4", "form_factor": "pcie", "intra_node_interconnect": "pcie", "nodes": "1",
		"rental_model": "on_demand"})
	p := New(q, nil)
	if burn := step(t, p, "gpu-burn"); burn.DurationS != 3600 || burn.Band.SourceKey != "plan.src.on_demand_burn" {
		t.Errorf("on demand, an hour's burn: %d s (%s)", burn.DurationS, burn.Band.SourceKey)
	}
	if omitted(p)["nvlink"] != "no_nvlink" {
		t.Errorf("nvlink -s on a PCIe node: %v", ids(p))
	}
	if s := step(t, p, "topo"); s.Band.Key != "plan.band.topo_pcie" {
		t.Errorf("topo band %+v", s.Band)
	}
	if s := step(t, p, "nvbandwidth"); s.Band.Key != "plan.band.nvbw_none" {
		t.Errorf("no NVLink floor holds on PCIe: %+v", s.Band)
	}
	if s := step(t, p, "nccl-all_reduce"); slices.Contains(s.Command.Argv, "-x") || s.Command.Argv[len(s.Command.Argv)-1] != "4" {
		t.Errorf("PCIe single node nccl %v", s.Command.Argv)
	}
}

func TestMIGPlan(t *testing.T) {
	q := quoteOf(t, with(h100Node, map[string]string{"nodes": "1", "gpu_partitioning": "mig"}))
	p := New(q, nil)
	o := omitted(p)
	if o["nccl"] != "mig_nccl" || o["nvbandwidth"] != "mig_p2p" {
		t.Errorf("MIG instances do no peer-to-peer: %v", o)
	}
	if s := step(t, p, "nvidia-smi-L"); s.Band.Key != "plan.band.smi_mig" {
		t.Errorf("MIG band %+v", s.Band)
	}
	for _, s := range p.Steps {
		if s.Test == acceptance.NCCLAllReduce {
			t.Errorf("nccl step %s on MIG", s.ID)
		}
	}
}

func TestScriptRunsEveryStepAndDownloadsNothing(t *testing.T) {
	p := multiNode(t, "infiniband")
	text := func(key string, args map[string]string) string { return key }
	sh := Script(p, "plan for quote 7", text)
	for _, s := range p.Steps {
		if !strings.Contains(sh, "\"$OUT/"+s.ID) {
			t.Errorf("script lacks %s", s.ID)
		}
	}
	for _, bad := range []string{"curl ", "wget ", "\ngit clone"} {
		if strings.Contains(sh, bad) {
			t.Errorf("the script runs %q", bad)
		}
	}
	if !strings.Contains(sh, "# plan for quote 7") || !strings.Contains(sh, "timeout 1800 env NCCL_DEBUG=INFO") {
		t.Errorf("script:\n%s", sh)
	}
	if !strings.Contains(sh, `sh -c 'cd "$(dirname "$(command -v gpu_burn)")" && exec timeout`) {
		t.Errorf("gpu-burn runs from its folder:\n%s", sh)
	}
}

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{"a-b": "a-b", "": "''", "it's": `'it'\''s'`, "$HOME": "'$HOME'",
		"--nodelist={nodelist}": `--nodelist="$NODELIST"`} {
		if got := shellWord(in); got != want {
			t.Errorf("shellWord(%q) = %s, want %s", in, got, want)
		}
	}
}
