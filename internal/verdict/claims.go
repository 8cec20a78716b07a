package verdict

import (
	"regexp"

	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// ClaimStatus is what the evidence says about one claim of the quote.
type ClaimStatus string

// Claim states. Unverified covers both "no evidence yet" and evidence that
// cannot decide (a run on fewer nodes than quoted).
const (
	Verified     ClaimStatus = "verified"
	Contradicted ClaimStatus = "contradicted"
	Unverified   ClaimStatus = "unproven"
)

// Claim is one checkable statement of the quote and the evidence on it.
// Term is the quote column the claim comes from, or "driver_cuda_version"
// for versions named in the quote's notes (Quoted then holds them).
type Claim struct {
	Term     string      `json:"term"`
	Quoted   string      `json:"quoted,omitempty"`
	Status   ClaimStatus `json:"status"`
	Evidence []Evidence  `json:"evidence"`
}

// Evidence is a finding in one upload that bears on a claim.
type Evidence struct {
	Upload int    `json:"-"` // index into Input.Uploads
	File   string `json:"file"`
	Line   int    `json:"line,omitempty"`
	Check  Check  `json:"check"`
}

// claimRule decides a claim from the checks: judge maps a check to its
// bearing on the claim (ok false: none).
type claimRule struct {
	term   string
	stated bool
	judge  func(c Check) (ClaimStatus, bool)
}

func byStatus(ids ...string) func(Check) (ClaimStatus, bool) {
	return func(c Check) (ClaimStatus, bool) {
		for _, id := range ids {
			if c.ID != id {
				continue
			}
			switch c.Status {
			case Pass:
				return Verified, true
			case Fail, Low:
				return Contradicted, true
			}
			return Unverified, true
		}
		return "", false
	}
}

func claims(in Input, reports []UploadReport) []Claim {
	q := in.Quote
	ff, ffOK := q.FormFactor.Get()
	intra, intraOK := q.IntraNode.Get()
	fabric, fabricOK := q.InterNodeFabric.Get()
	verifiable, verOK := q.DriverCUDAVerifiable.Get()
	req := Requirements(q, in.Brief)
	rules := []claimRule{
		{term: "gpu_model", stated: q.GPUModel.State == quote.Stated, judge: byStatus("gpu_model", "nccl_gpu")},
		{term: "gpu_memory_gb", stated: q.GPUMemoryGB.State == quote.Stated, judge: byStatus("gpu_memory", "name_memory")},
		{term: "form_factor", stated: ffOK && ff != quote.FormFactorOther, judge: func(c Check) (ClaimStatus, bool) {
			switch c.ID {
			case "form_factor":
				return byStatus("form_factor")(c)
			case "nvlink":
				// NVLink between every pair of four or more GPUs means SXM
				// boards on NVSwitch; PCIe cards bridge pairs at most.
				all := c.Key == "bench.check.nvlink_all"
				if pairs, _ := c.Args["Pairs"].(int); all && pairs < 6 {
					return "", false
				}
				if all == (ff == quote.FormFactorSXM) {
					return Verified, true
				}
				return Contradicted, true
			}
			return "", false
		}},
		{term: "gpus_per_node", stated: q.GPUsPerNode.State == quote.Stated, judge: byStatus("gpu_count")},
		{term: "intra_node_interconnect", stated: intraOK && intra != quote.IntraNodeOther, judge: func(c Check) (ClaimStatus, bool) {
			if c.ID != "nvlink" {
				return "", false
			}
			all := c.Key == "bench.check.nvlink_all"
			if all == (intra != quote.IntraNodePCIe) {
				return Verified, true
			}
			return Contradicted, true
		}},
		{term: "nodes", stated: q.Nodes.State == quote.Stated, judge: func(c Check) (ClaimStatus, bool) {
			if c.ID != "nccl_span" {
				return "", false
			}
			if c.Args["Counted"] == false {
				return "", false // nodes from the quote's own GPUs per node: no evidence of the count
			}
			if c.Status == Pass {
				return Verified, true
			}
			return Unverified, true
		}},
		{term: "inter_node_fabric", stated: fabricOK && fabric != quote.FabricNone, judge: func(c Check) (ClaimStatus, bool) {
			switch c.ID {
			case "nccl_busbw":
			case "ib_ports", "perftest_bw":
				return byStatus(c.ID)(c)
			default:
				return "", false
			}
			if nodes, _ := c.Args["Nodes"].(int); nodes < 2 {
				return "", false // a one-node run says nothing about the fabric
			}
			// Only a run on the quoted fabric verifies it: an EFA log says
			// nothing about an InfiniBand claim, and a log that does not
			// name its transport cannot tell.
			nw, _ := c.Args["Network"].(string)
			if ran, ok := fabricOfNetwork(nw); !ok || ran != fabric {
				return Unverified, true
			}
			return byStatus("nccl_busbw")(c)
		}},
		{term: "driver_cuda_verifiable", stated: verOK && verifiable, judge: func(c Check) (ClaimStatus, bool) {
			if c.ID != "gpu_driver" {
				return "", false
			}
			if c.Key == "bench.check.driver_missing" {
				return Unverified, true
			}
			return Verified, true
		}},
		{term: "driver_cuda_version", stated: req.Source == "quote", judge: func(c Check) (ClaimStatus, bool) {
			if c.ID != "gpu_driver" || c.Key != "bench.check.driver_required" {
				return "", false
			}
			return byStatus("gpu_driver")(c)
		}},
	}
	extra := derivedChecks(in)
	var out []Claim
	for _, r := range rules {
		if !r.stated {
			continue
		}
		cl := Claim{Term: r.term, Status: Unverified, Evidence: []Evidence{}}
		if r.term == "driver_cuda_version" {
			cl.Quoted = joinNonEmpty(prefixed("driver ≥ ", req.Driver), prefixed("CUDA ≥ ", req.CUDA))
		}
		verified, contradicted := false, false
		for i, rep := range reports {
			for _, c := range append(append([]Check{}, rep.Checks...), extra[i]...) {
				st, ok := r.judge(c)
				if !ok {
					continue
				}
				cl.Evidence = append(cl.Evidence, Evidence{Upload: i, File: in.Uploads[i].Name, Line: c.Line, Check: c})
				verified = verified || st == Verified
				contradicted = contradicted || st == Contradicted
			}
		}
		switch {
		case contradicted:
			cl.Status = Contradicted
		case verified:
			cl.Status = Verified
		}
		out = append(out, cl)
	}
	return out
}

// derivedChecks are findings that only the claims matrix shows: the board
// form read from nvidia-smi's product name, and the GPU model the nccl
// device lines name.
func derivedChecks(in Input) [][]Check {
	out := make([][]Check, len(in.Uploads))
	ff, ffOK := in.Quote.FormFactor.Get()
	model, modelOK := in.Quote.GPUModel.Get()
	for i, u := range in.Uploads {
		r := u.Result
		if r == nil || u.Withdrawn {
			continue // a withdrawn upload is no evidence
		}
		if r.NvidiaSMI != nil && r.NvidiaSMI.GPUModel != "" && ffOK {
			if got := formFactorOf(r.NvidiaSMI.GPUModel); got != "" {
				st := Fail
				if got == ff {
					st = Pass
				}
				out[i] = append(out[i], Check{ID: "form_factor", Status: st, Key: "bench.check.form_factor",
					Args: map[string]any{"Measured": r.NvidiaSMI.GPUModel, "Form": formName(got)}})
			}
		}
		name, count, line := deviceName(r)
		if name == "" {
			continue
		}
		if modelOK {
			st := Fail
			if modelMatches(model, name) {
				st = Pass
			}
			out[i] = append(out[i], Check{ID: "nccl_gpu", Status: st, Key: "bench.check.gpu_model", Line: line,
				Args: map[string]any{"Measured": name, "Count": count, "Quoted": model}})
		}
		// A memory size in the device name ("A100-SXM4-40GB") is held
		// against the quoted memory too.
		if gb, ok := in.Quote.GPUMemoryGB.Get(); ok {
			if c, ok := nameMemoryCheck("name_memory", name, gb, line); ok {
				out[i] = append(out[i], c)
			}
		}
	}
	return out
}

var nameMemory = regexp.MustCompile(`(?i)(\d{2,3})\s?GB\b`)

// deviceName is the GPU name a benchmark log names (nccl-tests device
// lines, nvbandwidth's device list, nvidia-smi nvlink's GPU lines), with
// how many devices carry it and the line; "" when it names none.
func deviceName(r *benchlog.Result) (string, int, int) {
	switch {
	case r.NCCL != nil:
		for _, run := range r.NCCL.Runs {
			if run.GPUModel != "" {
				return run.GPUModel, run.Ranks, run.StartLine // every run of a file ran on the same devices
			}
		}
	case r.NVBandwidth != nil && len(r.NVBandwidth.Devices) > 0:
		return r.NVBandwidth.Devices[0], len(r.NVBandwidth.Devices), 1
	case r.NVLink != nil && len(r.NVLink.GPUs) > 0 && r.NVLink.GPUs[0].Name != "":
		return r.NVLink.GPUs[0].Name, len(r.NVLink.GPUs), r.NVLink.GPUs[0].Line
	}
	return "", 0, 0
}

func formName(ff quote.FormFactor) string {
	if ff == quote.FormFactorSXM {
		return "SXM"
	}
	return "PCIe"
}

func prefixed(p, v string) string {
	if v == "" {
		return ""
	}
	return p + v
}

func joinNonEmpty(parts ...string) string {
	out := ""
	for _, p := range parts {
		if p == "" {
			continue
		}
		if out != "" {
			out += ", "
		}
		out += p
	}
	return out
}
