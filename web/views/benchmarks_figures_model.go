package views

import (
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/chart"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/verdict"
)

// benchKindLabel names a log format as its tool prints it.
func benchKindLabel(z *i18n.Localizer, kind string) string {
	switch kind {
	case "nccl":
		return "nccl-tests"
	case "topo":
		return "nvidia-smi topo -m"
	case "dcgmi-diag":
		return "dcgmi diag"
	case "nvlink":
		return "nvidia-smi nvlink -s"
	case "perftest":
		return "perftest (ib_*_bw / ib_*_lat)"
	case "ibstat":
		return "ibstat / ibstatus"
	case "kernel-log":
		return "dmesg / journalctl -k (Xid)"
	case "dcgmi-health":
		return "dcgmi health -c"
	case "nvidia-smi", "fio", "nvbandwidth", "gpu-burn":
		return kind
	}
	return z.T("bench.kind." + kind)
}

// BenchFigures are an upload's headline numbers, one line each.
func BenchFigures(z *i18n.Localizer, r *benchlog.Result) []string {
	var out []string
	switch {
	case r == nil:
	case r.NCCL != nil:
		for i, run := range r.NCCL.Runs {
			args := map[string]any{"Run": i + 1, "Collective": run.Collective, "Ranks": z.Int(int64(run.Ranks))}
			if run.Failed {
				args["Reason"] = strings.Join(run.FailureReasons, "; ")
				out = append(out, z.T("bench.figure.nccl_failed", args))
				continue
			}
			// The judged peak (at 1 GiB and more) when there is one: the
			// figure the verdict and the worksheet use, so one log reads
			// one number everywhere.
			peak, size := run.PeakBusBW, run.PeakSize
			if bw, at, _, ok := verdict.JudgedPeak(run); ok {
				peak, size = bw, at
			}
			args["Peak"], args["Size"] = benchGBs(z, peak), chart.Bytes(float64(size))
			args["Latency"] = z.Decimal(strconv.FormatFloat(run.SmallMsgLatencyUS, 'f', 1, 64))
			args["Small"] = chart.Bytes(float64(run.SmallMsgSize))
			out = append(out, z.T("bench.figure.nccl", args))
		}
		for _, o := range r.NCCL.Omitted {
			out = append(out, z.T("bench.figure.nccl_omitted", map[string]any{"Runs": z.Int(int64(o.Runs)), "Collective": o.Collective,
				"Best": benchGBs(z, o.BestBusBW), "Worst": benchGBs(z, o.WorstBusBW)}))
		}
	case r.NvidiaSMI != nil && r.NvidiaSMI.GPUModel == "" && r.NvidiaSMI.CSV != nil:
		out = append(out, benchSMITableFigure(z, r.NvidiaSMI))
	case r.NvidiaSMI != nil:
		smi := r.NvidiaSMI
		var mib int64
		for _, g := range smi.GPUs {
			mib = max(mib, g.MemoryTotalMiB)
		}
		out = append(out, z.T("bench.figure.smi", map[string]any{"Count": z.Int(int64(smi.GPUCount)), "Model": benchOrDash(smi.GPUModel),
			"Memory": z.Int(mib), "Driver": benchOrDash(smi.DriverVersion), "CUDA": benchOrDash(smi.CUDAVersion)}))
	case r.Topo != nil:
		all := z.T("common.no")
		if r.Topo.AllNVLink {
			all = z.T("common.yes")
		}
		out = append(out, z.T("bench.figure.topo", map[string]any{"GPUs": z.Int(int64(len(r.Topo.GPUs))),
			"NICs": z.Int(int64(len(r.Topo.NICs))), "NVLink": all}))
	case r.Fio != nil:
		t := r.Fio.Total
		out = append(out, z.T("bench.figure.fio", map[string]any{"Read": benchGBs(z, t.Read.BWBytes/1e9), "Write": benchGBs(z, t.Write.BWBytes/1e9),
			"ReadIOPS": z.Int(int64(t.Read.IOPS)), "WriteIOPS": z.Int(int64(t.Write.IOPS))}))
	default:
		out = benchToolFigures(z, r)
	}
	return out
}

// benchToolFigures are the headline numbers of the acceptance tools.
func benchToolFigures(z *i18n.Localizer, r *benchlog.Result) []string {
	var out []string
	switch {
	case r.DCGMI != nil:
		out = append(out, z.T("bench.figure.dcgmi", map[string]any{"Tests": z.Int(int64(len(r.DCGMI.Tests))),
			"Version": benchOrDash(r.DCGMI.Version), "GPUs": z.Int(int64(r.DCGMI.GPUs))}))
	case r.NVBandwidth != nil:
		for _, t := range r.NVBandwidth.Tests {
			weak, strong, measured, na := t.Extremes()
			out = append(out, z.T("bench.figure.nvbandwidth", map[string]any{"Test": t.Name, "Weak": benchGBs(z, weak.GBs),
				"Strong": benchGBs(z, strong.GBs), "Measured": z.Int(int64(measured)), "NA": z.Int(int64(na))}))
		}
	case r.NVLink != nil:
		for _, g := range r.NVLink.GPUs {
			active := 0
			for _, l := range g.Links {
				if l.Active {
					active++
				}
			}
			out = append(out, z.T("bench.figure.nvlink", map[string]any{"GPU": g.Index, "Active": z.Int(int64(active)), "Links": z.Int(int64(len(g.Links)))}))
		}
	case r.Perftest != nil:
		for _, p := range r.Perftest.Runs() {
			out = append(out, z.T("bench.figure.perftest", map[string]any{"Test": benchOrDash(p.Test), "Device": benchOrDash(p.Device),
				"Peak": benchGBs(z, p.PeakGbps), "QPs": z.Int(int64(p.QPs))}))
		}
	case r.IBStat != nil:
		for _, p := range r.IBStat.Ports {
			out = append(out, z.T("bench.figure.ibstat", map[string]any{"CA": p.CA, "Port": p.Port, "State": p.State, "Phys": p.PhysState,
				"Rate": z.Decimal(strconv.FormatFloat(p.Rate, 'f', -1, 64)), "Layer": p.LinkLayer}))
		}
	case r.KernelLog != nil:
		out = append(out, z.T("bench.figure.kernel_log", map[string]any{"Xids": z.Int(int64(len(r.KernelLog.Xids) + r.KernelLog.XidsOmitted)),
			"Hosts": z.Int(int64(len(r.KernelLog.Hosts)))}))
	case r.DCGMHealth != nil:
		out = append(out, z.T("bench.figure.dcgmi_health", map[string]any{"Overall": z.T("bench.health." + r.DCGMHealth.Overall),
			"Incidents": z.Int(int64(len(r.DCGMHealth.Incidents)))}))
	case r.GPUBurn != nil:
		for _, g := range r.GPUBurn.GPUs {
			out = append(out, z.T("bench.figure.gpu_burn", map[string]any{"GPU": g.Index, "Verdict": benchOrDash(g.Verdict),
				"Gflops": z.Int(int64(g.Gflops)), "Errors": z.Int(g.Errors), "Temp": z.Int(int64(g.MaxTempC))}))
		}
	}
	return out
}

// benchNoteText translates a parser note; a note stored before notes had keys
// (or one the catalog lacks) is shown in the parser's English.
func benchNoteText(z *i18n.Localizer, n benchlog.RunNote) string {
	text := n.Note.Text
	if n.Note.Key != "" {
		args := make(map[string]any, len(n.Note.Args))
		for k, v := range n.Note.Args {
			args[k] = v
			// Figures read from the log are shown in the reader's number
			// format; line numbers and counts stay plain.
			if strings.HasSuffix(k, "GBs") || k == "Max" {
				args[k] = z.Decimal(v)
			}
		}
		if t := z.T(n.Note.Key, args); t != n.Note.Key {
			text = t
		}
	}
	if n.Run > 0 {
		return z.T("bench.parser_note.in_run", map[string]any{"Run": n.Run, "Note": text})
	}
	return text
}

func benchNoteTexts(z *i18n.Localizer, notes []benchlog.RunNote) []string {
	var out []string
	for _, n := range notes {
		out = append(out, benchNoteText(z, n))
	}
	return out
}

// benchSMITableFigure describes an nvidia-smi --query-gpu table that names no
// GPU model (a power or clock log): how many samples of which fields, for
// how many GPUs, rather than an inventory of dashes.
func benchSMITableFigure(z *i18n.Localizer, smi *benchlog.SMIReport) string {
	var fields []string
	for i, h := range smi.CSV.Header {
		if h == "index" || h == "timestamp" {
			continue
		}
		if i < len(smi.CSV.Units) && smi.CSV.Units[i] != "" {
			h += " [" + smi.CSV.Units[i] + "]"
		}
		fields = append(fields, h)
	}
	return z.T("bench.figure.smi_table", map[string]any{"Rows": z.Int(int64(len(smi.CSV.Rows))),
		"Fields": strings.Join(fields, ", "), "GPUs": z.Int(int64(max(smi.GPUCount, 1)))})
}
