package verdict

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// smiChecks judges one node's GPU inventory: model, count and memory
// against the quote, uncorrected ECC errors, MIG against a full-GPU offer,
// and the driver and CUDA versions against any version the quote or the
// brief names.
func smiChecks(in Input, smi *benchlog.SMIReport) []Check {
	q := in.Quote
	if smi.GPUModel == "" {
		// A power or utilisation log: nothing to hold against the quote.
		return []Check{{ID: "gpu_inventory", Status: Unproven, Key: "bench.check.gpu_inventory_missing",
			Args: map[string]any{"Format": smi.Format}}}
	}
	var out []Check
	quotedModel, hasModel := q.GPUModel.Get()
	c := Check{ID: "gpu_model", Args: map[string]any{"Measured": smi.GPUModel, "Count": smi.GPUCount}}
	switch {
	case !hasModel:
		c.Status, c.Key = Info, "bench.check.gpu_model_unquoted"
	default:
		c.Key, c.Args["Quoted"] = "bench.check.gpu_model", quotedModel
		c.Status = Fail
		if modelMatches(quotedModel, smi.GPUModel) {
			c.Status = Pass
		}
	}
	out = append(out, c)
	names := map[string]bool{}
	for _, g := range smi.GPUs {
		if g.Name != "" {
			names[g.Name] = true
		}
	}
	if len(names) > 1 {
		out = append(out, Check{ID: "gpu_mixed", Status: Fail, Key: "bench.check.gpu_mixed"})
	}

	if per, ok := q.GPUsPerNode.Get(); ok {
		// -q -i 0 shows one GPU of a node whose "Attached GPUs" it prints.
		count := max(smi.GPUCount, smi.Attached)
		st := Fail
		if int64(count) == per {
			st = Pass
		}
		out = append(out, Check{ID: "gpu_count", Status: st, Key: "bench.check.gpu_count",
			Args: map[string]any{"Measured": count, "Quoted": per}})
	}

	if gb, ok := q.GPUMemoryGB.Get(); ok && minMemory(smi) == 0 && smi.GPUModel != "" {
		// -L shows no memory, but a name may state it ("A100-SXM4-40GB").
		if c, ok := nameMemoryCheck("gpu_memory", smi.GPUModel, gb, 0); ok {
			out = append(out, c)
		}
	}
	if mib := minMemory(smi); mib > 0 {
		c := Check{ID: "gpu_memory", Args: map[string]any{"Measured": num(float64(mib)/1024, 1), "MiB": mib}}
		if gb, ok := q.GPUMemoryGB.Get(); ok {
			c.Key, c.Args["Quoted"], c.Status = "bench.check.gpu_memory", gb, Fail
			if memoryMatches(mib, gb) {
				c.Status = Pass
			}
		} else {
			c.Key, c.Status = "bench.check.gpu_memory_unquoted", Info
		}
		out = append(out, c)
	}

	out = append(out, versionChecks(in, smi)...)

	var ecc, eccKnown int
	for _, g := range smi.GPUs {
		if g.ECCVolatileUncorrected != nil || g.ECCAggregateUncorrected != nil {
			eccKnown++
		}
		if (g.ECCVolatileUncorrected != nil && *g.ECCVolatileUncorrected > 0) ||
			(g.ECCAggregateUncorrected != nil && *g.ECCAggregateUncorrected > 0) {
			ecc++
		}
	}
	if ecc > 0 {
		out = append(out, Check{ID: "gpu_ecc", Status: Fail, Key: "bench.check.gpu_ecc", Args: map[string]any{"Count": ecc}})
	} else if eccKnown > 0 {
		out = append(out, Check{ID: "gpu_ecc", Status: Pass, Key: "bench.check.gpu_ecc_clean", Args: map[string]any{"Count": eccKnown}})
	}

	for _, g := range smi.GPUs {
		for _, f := range g.MemoryFaults {
			out = append(out, Check{ID: "gpu_ecc", Status: Fail, Key: "bench.check.gpu_memory_fault",
				Args: map[string]any{"GPU": g.Index, "Fault": MemoryFault(f)}})
		}
		if g.ReadErrors > 0 {
			out = append(out, Check{ID: "gpu_read_error", Status: Fail, Key: "bench.check.gpu_read_error",
				Args: map[string]any{"GPU": g.Index, "Count": g.ReadErrors}})
		}
	}
	if p, ok := q.GPUPartitioning.Get(); ok && p == quote.PartitioningFull {
		for _, g := range smi.GPUs {
			if strings.EqualFold(g.MIGMode, "Enabled") {
				out = append(out, Check{ID: "gpu_mig", Status: Fail, Key: "bench.check.gpu_mig"})
				break
			}
		}
	}
	return out
}

func minMemory(smi *benchlog.SMIReport) int64 {
	var m int64
	for _, g := range smi.GPUs {
		if g.MemoryTotalMiB > 0 && (m == 0 || g.MemoryTotalMiB < m) {
			m = g.MemoryTotalMiB
		}
	}
	return m
}

// Requirement is a minimum driver or CUDA version named in the quote's
// notes or the brief.
type Requirement struct {
	CUDA, Driver string
	Source       string // "quote" or "brief"
}

var (
	cudaRe   = regexp.MustCompile(`(?i)\bcuda\s*(?:version\s*)?[:>=≥ ]*\s*(\d{1,2}(?:\.\d{1,2}){0,2})\b`)
	driverRe = regexp.MustCompile(`(?i)\bdriver\s*(?:version\s*)?[:>=≥ ]*\s*(\d{3}(?:\.\d{1,3}){0,2})\b`)
)

// Requirements finds the driver and CUDA versions the quote's notes or any
// free-text brief field name, the quote first. Neither the quote nor the
// brief has a version field, so this is where they get written down.
func Requirements(q quote.Quote, b brief.Brief) Requirement {
	var r Requirement
	scan := func(text, source string) {
		if m := cudaRe.FindStringSubmatch(text); m != nil && r.CUDA == "" {
			r.CUDA, r.Source = m[1], source
		}
		if m := driverRe.FindStringSubmatch(text); m != nil && r.Driver == "" {
			r.Driver, r.Source = m[1], source
		}
	}
	if notes, ok := q.Notes.Get(); ok {
		scan(notes, "quote")
	}
	for _, f := range brief.Fields {
		if f.Kind == brief.Text && b.Filled(f.Key) {
			scan(b[f.Key], "brief")
		}
	}
	return r
}

// versionAtLeast compares dotted versions numerically; false when either
// does not parse.
func versionAtLeast(have, want string) bool {
	h, w := strings.Split(have, "."), strings.Split(want, ".")
	for i := 0; i < len(w); i++ {
		wn, err := strconv.Atoi(w[i])
		if err != nil {
			return false
		}
		hn := 0
		if i < len(h) {
			if hn, err = strconv.Atoi(h[i]); err != nil {
				return false
			}
		}
		if hn != wn {
			return hn > wn
		}
	}
	return true
}

func versionChecks(in Input, smi *benchlog.SMIReport) []Check {
	req := Requirements(in.Quote, in.Brief)
	if smi.DriverVersion == "" && smi.CUDAVersion == "" {
		if req.CUDA == "" && req.Driver == "" {
			return nil
		}
		return []Check{{ID: "gpu_driver", Status: Unproven, Key: "bench.check.driver_missing"}}
	}
	c := Check{ID: "gpu_driver", Status: Info, Key: "bench.check.driver",
		Args: map[string]any{"Driver": orQ(smi.DriverVersion), "CUDA": orQ(smi.CUDAVersion)}}
	if req.CUDA == "" && req.Driver == "" {
		return []Check{c}
	}
	c.Key, c.Status = "bench.check.driver_required", Pass
	c.Args["RequiredDriver"], c.Args["RequiredCUDA"], c.Args["Source"] = "—", "—", req.Source
	if req.Driver != "" {
		c.Args["RequiredDriver"] = "≥ " + req.Driver
		if !versionAtLeast(smi.DriverVersion, req.Driver) {
			c.Status = Fail
		}
	}
	if req.CUDA != "" {
		c.Args["RequiredCUDA"] = "≥ " + req.CUDA
		if !versionAtLeast(smi.CUDAVersion, req.CUDA) {
			c.Status = Fail
		}
	}
	return []Check{c}
}

func orQ(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// wantsNVLink reports a quote that promises NVLink between its GPUs.
func wantsNVLink(q quote.Quote) (quote.IntraNode, bool) {
	in, ok := q.IntraNode.Get()
	return in, ok && (in == quote.IntraNodeNVLink || in == quote.IntraNodeNVSwitch)
}

// topoChecks judges one node's topology matrix: GPU count, and NVLink
// between every GPU pair when the quote promises NVLink or NVSwitch.
func topoChecks(q quote.Quote, topo *benchlog.Topology) []Check {
	var out []Check
	if per, ok := q.GPUsPerNode.Get(); ok {
		st := Fail
		if int64(len(topo.GPUs)) == per {
			st = Pass
		}
		out = append(out, Check{ID: "gpu_count", Status: st, Key: "bench.check.gpu_count",
			Args: map[string]any{"Measured": len(topo.GPUs), "Quoted": per}})
	}
	if len(topo.GPUs) < 2 {
		return out
	}
	intra, wants := wantsNVLink(q)
	pairs := len(topo.GPUs) * (len(topo.GPUs) - 1) / 2
	if topo.AllNVLink {
		st := Info
		if wants {
			st = Pass
		}
		out = append(out, Check{ID: "nvlink", Status: st, Key: "bench.check.nvlink_all",
			Args: map[string]any{"Pairs": pairs, "Links": topo.MinNVLinks}})
		return out
	}
	if topo.PCIeView {
		// topo -mp shows PCIe paths only: "PIX" there is no verdict on NVLink.
		return append(out, Check{ID: "nvlink", Status: Unproven, Key: "bench.check.topo_pcie_view",
			Args: map[string]any{"Quoted": orQ(string(intra))}})
	}
	a, b, link := firstNonNVLink(topo)
	c := Check{ID: "nvlink", Status: Info, Key: "bench.check.nvlink_missing",
		Args: map[string]any{"A": a, "B": b, "Link": link, "Quoted": string(intra)}}
	if wants {
		c.Status = Fail
	}
	return append(out, c)
}

// firstNonNVLink names the first GPU pair that is not joined by NVLink.
func firstNonNVLink(topo *benchlog.Topology) (a, b, link string) {
	for i, di := range topo.Devices {
		if !strings.HasPrefix(di, "GPU") || i >= len(topo.Links) || topo.Links[i] == nil {
			continue
		}
		for j := i + 1; j < len(topo.Devices) && j < len(topo.Links[i]); j++ {
			if dj := topo.Devices[j]; strings.HasPrefix(dj, "GPU") && !strings.HasPrefix(topo.Links[i][j], "NV") {
				return di, dj, topo.Links[i][j]
			}
		}
	}
	return "?", "?", "?"
}
