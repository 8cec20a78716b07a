package views

import "github.com/gpuquote/gpuquote/internal/benchlog"

// benchAPINCCLRun is one nccl-tests run's figures. Status is "failed" for a run
// whose figures must not be used, else "ok"; bandwidths are GB/s.
type benchAPINCCLRun struct {
	Run               int      `json:"run"`
	Collective        string   `json:"collective"`
	Status            string   `json:"status"`
	Failed            bool     `json:"failed"`
	FailureReasons    []string `json:"failure_reasons,omitempty"`
	Ranks             int      `json:"ranks"`
	Nodes             int      `json:"nodes"`
	GPUModel          string   `json:"gpu_model,omitempty"`
	PeakBusBW         float64  `json:"peak_busbw_gbs"`
	PeakSize          int64    `json:"peak_size_bytes"`
	MaxSize           int64    `json:"max_size_bytes"`
	MaxSizeBusBW      float64  `json:"max_size_busbw_gbs"`
	AvgBusBW          *float64 `json:"avg_busbw_gbs,omitempty"`
	SmallMsgSize      int64    `json:"small_msg_size_bytes"`
	SmallMsgLatencyUS float64  `json:"small_msg_latency_us"`
	TotalWrong        int64    `json:"total_wrong"`
	StartLine         int      `json:"start_line"`
	// Incomplete runs did not finish their sweep; the reasons are codes:
	// no_footer, short_sweep, rows_trimmed.
	Incomplete        bool     `json:"incomplete"`
	IncompleteReasons []string `json:"incomplete_reasons,omitempty"`
	Library           string   `json:"library,omitempty"` // nccl or rccl
	Network           string   `json:"network,omitempty"` // from NCCL INFO lines
	Hosts             []string `json:"hosts,omitempty"`
}

// benchAPIFigures are an upload's figures by format.
func benchAPIFigures(r *benchlog.Result) any {
	switch {
	case r == nil:
		return nil
	case r.NCCL != nil:
		runs := make([]benchAPINCCLRun, 0, len(r.NCCL.Runs))
		for i, run := range r.NCCL.Runs {
			a := benchAPINCCLRun{Run: i + 1, Collective: run.Collective, Status: "ok", Failed: run.Failed, FailureReasons: run.FailureReasons,
				Ranks: run.Ranks, Nodes: run.Nodes, GPUModel: run.GPUModel, PeakBusBW: run.PeakBusBW, PeakSize: run.PeakSize,
				MaxSize: run.MaxSize, MaxSizeBusBW: run.MaxSizeBusBW, SmallMsgSize: run.SmallMsgSize,
				SmallMsgLatencyUS: run.SmallMsgLatencyUS, TotalWrong: run.TotalWrong, StartLine: run.StartLine,
				Incomplete: run.Incomplete, IncompleteReasons: run.IncompleteReasons, Library: run.Library, Network: run.Network, Hosts: run.Hosts}
			if run.Failed {
				a.Status = "failed"
			}
			if run.HasAvgBusBW {
				avg := run.AvgBusBW
				a.AvgBusBW = &avg
			}
			runs = append(runs, a)
		}
		return map[string]any{"nccl": map[string]any{"runs": runs, "omitted": r.NCCL.Omitted}}
	case r.NvidiaSMI != nil:
		s := r.NvidiaSMI
		var mib int64
		for _, g := range s.GPUs {
			mib = max(mib, g.MemoryTotalMiB)
		}
		return map[string]any{"nvidia_smi": map[string]any{"format": s.Format, "driver_version": s.DriverVersion,
			"cuda_version": s.CUDAVersion, "gpu_count": s.GPUCount, "gpu_model": s.GPUModel, "memory_total_mib": mib}}
	case r.Topo != nil:
		return map[string]any{"topo": map[string]any{"gpus": len(r.Topo.GPUs), "nics": len(r.Topo.NICs),
			"all_nvlink": r.Topo.AllNVLink, "min_nvlinks": r.Topo.MinNVLinks}}
	case r.Fio != nil:
		return map[string]any{"fio": benchAPIFio(r.Fio)}
	case r.DCGMI != nil:
		return map[string]any{"dcgmi_diag": r.DCGMI}
	case r.NVBandwidth != nil:
		return map[string]any{"nvbandwidth": r.NVBandwidth}
	case r.NVLink != nil:
		return map[string]any{"nvlink": r.NVLink}
	case r.Perftest != nil:
		return map[string]any{"perftest": r.Perftest}
	case r.IBStat != nil:
		return map[string]any{"ibstat": r.IBStat}
	case r.GPUBurn != nil:
		return map[string]any{"gpu_burn": r.GPUBurn}
	case r.KernelLog != nil:
		return map[string]any{"kernel_log": r.KernelLog}
	case r.DCGMHealth != nil:
		return map[string]any{"dcgmi_health": r.DCGMHealth}
	}
	return nil
}

// apiFio is a fio report's totals, and each job with its latency
// percentiles, bandwidth in GB/s.
func benchAPIFio(f *benchlog.FioReport) map[string]any {
	t := f.Total
	jobs := make([]map[string]any, 0, len(f.Jobs))
	for _, j := range f.Jobs {
		jobs = append(jobs, map[string]any{"name": j.Name, "rw": j.RW, "block_size": j.BlockSize, "error": j.Error,
			"read_gbs": j.Read.BWBytes / 1e9, "write_gbs": j.Write.BWBytes / 1e9, "read_iops": j.Read.IOPS, "write_iops": j.Write.IOPS,
			"read_latency": j.Read.Latency, "write_latency": j.Write.Latency, "sync_latency": j.Sync})
	}
	return map[string]any{"jobs": len(f.Jobs), "read_gbs": t.Read.BWBytes / 1e9, "write_gbs": t.Write.BWBytes / 1e9,
		"read_iops": t.Read.IOPS, "write_iops": t.Write.IOPS, "runs": f.Runs, "incomplete": f.Incomplete,
		"incomplete_reasons": f.IncompleteReasons, "job_details": jobs}
}
