package testplan

import (
	"fmt"
	"strconv"
	"time"

	"github.com/gpuquote/gpuquote/internal/acceptance"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/verdict"
)

// Sources named by bands that come from the quote, the brief or a default
// rather than from a published measurement.
var (
	srcQuote   = src("quote", "the quote")
	srcDefault = src("default", "gpuquote's default: the brief does not say")
)

// source is a band's source with its catalog key.
type source struct{ key, text string }

func src(key, text string) source { return source{"plan.src." + key, text} }

// band is a band from the quote, the brief or a default.
func band(key string, args map[string]string, s source) Band {
	return Band{Key: key, Args: args, Source: s.text, SourceKey: s.key}
}

func cmd(argv ...string) Command { return Command{Argv: argv} }

// inventorySteps: what the nodes are (nvidia-smi -q and -L), how their
// GPUs are joined (topo -m) and the NVLink state, on every node.
func inventorySteps(sh shape, p *Plan) {
	smi := band("plan.band.smi", gpuArgs(sh), srcQuote)
	if sh.mig {
		smi.Key = "plan.band.smi_mig"
	}
	version := []string{"nvidia-smi", "--version"}
	p.add(Step{ID: "nvidia-smi-q", Tool: "nvidia-smi", Kind: "nvidia-smi", Test: acceptance.GPUHealth, Where: EachHost,
		Command: cmd("nvidia-smi", "-q"), Version: version, Duration: 15 * time.Second, Timeout: 2 * time.Minute, Band: smi})
	p.add(Step{ID: "nvidia-smi-L", Tool: "nvidia-smi", Kind: "nvidia-smi", Test: acceptance.GPUHealth, Where: EachHost,
		Command: cmd("nvidia-smi", "-L"), Version: version, Duration: 5 * time.Second, Timeout: time.Minute, Band: smi})
	topo := band("plan.band.topo_pcie", nil, srcQuote)
	if sh.nvlink {
		topo.Key = "plan.band.topo_nvlink"
	}
	p.add(Step{ID: "topo", Tool: "nvidia-smi", Kind: "topo", Test: acceptance.Interconnect, Where: EachHost,
		Command: cmd("nvidia-smi", "topo", "-m"), Version: version, Duration: 5 * time.Second, Timeout: time.Minute, Band: topo})
	if !sh.nvlink {
		p.omit("nvlink", "no_nvlink")
		return
	}
	p.add(Step{ID: "nvlink", Tool: "nvidia-smi", Kind: "nvlink", Test: acceptance.Interconnect, Where: EachHost,
		Command: cmd("nvidia-smi", "nvlink", "-s"), Version: version, Duration: 5 * time.Second, Timeout: time.Minute,
		Band: band("plan.band.nvlink", nil, srcQuote)})
}

func gpuArgs(sh shape) map[string]string {
	args := map[string]string{"GPU": "?", "Count": "?", "Memory": "?"}
	if m, ok := sh.q.GPUModel.Get(); ok {
		args["GPU"] = m
	}
	if sh.gpus > 0 {
		args["Count"] = strconv.Itoa(sh.gpus)
	}
	if m, ok := sh.q.GPUMemoryGB.Get(); ok {
		args["Memory"] = strconv.FormatInt(m, 10)
	}
	return args
}

// dcgmLevels is how long each dcgmi diag level takes on an 8-GPU node.
var dcgmLevels = map[int64]time.Duration{1: time.Minute, 2: 3 * time.Minute, 3: 30 * time.Minute, 4: 90 * time.Minute}

// diagSteps: DCGM's active diagnostics at the brief's level, and the
// GPU-to-GPU copy bandwidth.
func diagSteps(sh shape, p *Plan) {
	level, from := int64(3), srcDefault
	if l, ok := sh.b.Int("dcgm_diag_level"); ok && l >= 1 && l <= 4 {
		level, from = l, src("brief_dcgm", "the brief's DCGM diagnostic level")
	}
	p.add(Step{ID: "dcgmi-diag", Tool: "dcgmi", Kind: "dcgmi-diag", Test: acceptance.GPUHealth, Where: EachHost,
		Command: cmd("dcgmi", "diag", "-r", strconv.FormatInt(level, 10)), Version: []string{"dcgmi", "--version"},
		Duration: dcgmLevels[level], Timeout: 2*dcgmLevels[level] + 5*time.Minute,
		Band:  band("plan.band.dcgmi", map[string]string{"Level": strconv.FormatInt(level, 10)}, from),
		Build: &Build{Repo: "https://github.com/NVIDIA/DCGM", Note: "plan.build.dcgm"}})
	if sh.mig {
		p.omit("nvbandwidth", "mig_p2p")
		return
	}
	nvbw := band("plan.band.nvbw_none", nil, src("nvbw_none", "no published per-pair floor for this GPU"))
	if floor, cite, ok := verdict.NVBandwidthFloor(sh.q); ok && sh.nvlink {
		nvbw = Band{Key: "plan.band.nvbw_floor", Args: map[string]string{"Floor": strconv.FormatFloat(floor, 'f', 0, 64)}, Source: cite}
	}
	p.add(Step{ID: "nvbandwidth", Tool: "nvbandwidth", Kind: "nvbandwidth", Test: acceptance.Interconnect, Where: EachHost,
		Command: cmd("nvbandwidth", "-t", "device_to_device_memcpy_read_ce"), Duration: 2 * time.Minute, Timeout: 15 * time.Minute,
		Band: nvbw, Build: &Build{Repo: "https://github.com/NVIDIA/nvbandwidth", Note: "plan.build.nvbandwidth",
			Commands: []string{"git clone https://github.com/NVIDIA/nvbandwidth.git", "cd nvbandwidth", "cmake .", "make",
				"export PATH=\"$PWD:$PATH\""}}})
}

// perftestBuild builds ib_write_bw where no perftest package is installed.
var perftestBuild = &Build{Repo: "https://github.com/linux-rdma/perftest", Note: "plan.build.perftest",
	Commands: []string{"git clone https://github.com/linux-rdma/perftest.git", "cd perftest", "./autogen.sh", "./configure", "make",
		"export PATH=\"$PWD:$PATH\""}}

// fabricSteps: the NIC ports' state and rate, and each quoted NIC's RDMA
// write bandwidth between two nodes.
func fabricSteps(sh shape, p *Plan) {
	switch {
	case !sh.multiNode():
		p.omit("ibstat", "single_node")
		p.omit("ib_write_bw", "single_node")
		return
	case sh.fabric != quote.FabricInfiniBand && sh.fabric != quote.FabricRoCE:
		p.omit("ibstat", "no_verbs")
		p.omit("ib_write_bw", "no_verbs")
		return
	}
	nicGbps, nics := verdict.NICGbps(sh.q)
	rate := "?"
	if nicGbps > 0 {
		rate = strconv.FormatFloat(nicGbps, 'f', 0, 64)
	}
	p.add(Step{ID: "ibstat", Tool: "ibstat", Kind: "ibstat", Test: acceptance.FabricLinks, Where: EachHost,
		Command: cmd("ibstat"), Version: []string{"ibstat", "-V"}, Duration: 5 * time.Second, Timeout: time.Minute,
		Band: band("plan.band.ibstat", map[string]string{"NICs": countText(nics), "Rate": rate}, srcQuote)})
	bw := band("plan.band.perftest_none", nil, srcQuote)
	if nicGbps > 0 {
		bw = band("plan.band.perftest", map[string]string{"Rate": rate, "Pass": strconv.FormatFloat(nicGbps*verdict.PerftestPass, 'f', 0, 64),
			"Low": strconv.FormatFloat(nicGbps*verdict.PerftestLow, 'f', 0, 64)},
			src("perftest", "the quote's fabric bandwidth per node over its NICs; pass from 90 %, low from 70 %"))
	}
	for i := range max(nics, 1) {
		dev := "mlx5_" + strconv.Itoa(i)
		server := []string{"ib_write_bw", "-d", dev, "-F", "--report_gbits", "-q", "4", "-D", "10"}
		if sh.fabric == quote.FabricRoCE {
			server = append(server, "-x", "3") // RoCE v2's usual GID index
		}
		client := append(append([]string{}, server...), PPeer)
		p.add(Step{ID: "ib_write_bw-" + dev, Tool: "ib_write_bw", Kind: "perftest", Test: acceptance.FabricLinks, Where: HostPair,
			Command: cmd(client...), Server: &Command{Argv: server}, Version: []string{"ib_write_bw", "--version"},
			Duration: 30 * time.Second, Timeout: 3 * time.Minute, Band: bw, Build: perftestBuild})
	}
}

func countText(n int) string {
	if n <= 0 {
		return "?"
	}
	return strconv.Itoa(n)
}

// kernelSteps: the kernel's NVIDIA driver lines after everything ran, for
// the Xid errors the steps may have provoked.
func kernelSteps(_ shape, p *Plan) {
	p.add(Step{ID: "dmesg-xid", Tool: "dmesg", Kind: "kernel-log", Test: acceptance.GPUHealth, Where: EachHost, Command: cmd("dmesg", "-T"),
		KeepLines: "NVRM", ExitNotJudged: true, Version: []string{"dmesg", "--version"}, Duration: 5 * time.Second, Timeout: time.Minute,
		Band: band("plan.band.xid", nil, src("xid", "NVIDIA's Xid catalogue: an Xid during the plan is a finding to explain"))})
}

// hoursText is a duration in hours as the plan prints it.
func hoursText(h float64) string { return strconv.FormatFloat(h, 'f', -1, 64) }

func gbText(v float64) string { return fmt.Sprintf("%.2f", v) }
