package verdict

import (
	"sort"
	"strconv"
	"strings"
)

// outlierShare is how far below the median of its peers a node, NIC or
// GPU must fall to be listed: 15 %, well past run-to-run noise.
const outlierShare = 0.85

type peer struct {
	id     string
	value  float64
	upload int
	line   int
}

// belowPeers returns the peers well below the median of at least three.
func belowPeers(ps []peer) ([]peer, float64) {
	if len(ps) < 3 {
		return nil, 0
	}
	vals := make([]float64, len(ps))
	for i, p := range ps {
		vals[i] = p.value
	}
	sort.Float64s(vals)
	med := vals[len(vals)/2]
	if len(vals)%2 == 0 {
		med = (vals[len(vals)/2-1] + vals[len(vals)/2]) / 2
	}
	var out []peer
	for _, p := range ps {
		if p.value < outlierShare*med {
			out = append(out, p)
		}
	}
	return out, med
}

// outlierChecks lists, where logs name nodes, NICs or GPUs, the ones well
// below the others: nccl-tests runs of the same shape across uploads (by
// their hosts), perftest NICs across uploads, and GPUs within a gpu-burn
// or nvbandwidth log. They are findings to look at (Info), not verdicts.
func outlierChecks(in Input, reports []UploadReport) {
	groups := map[string][]peer{}
	var order []string
	add := func(group string, p peer) {
		if _, ok := groups[group]; !ok {
			order = append(order, group)
		}
		groups[group] = append(groups[group], p)
	}
	for i, u := range in.Uploads {
		if u.Withdrawn || u.Result == nil {
			continue
		}
		r := u.Result
		switch {
		case r.NCCL != nil:
			for _, run := range r.NCCL.Runs {
				if run.Failed || run.JudgedSize == 0 || len(run.Hosts) == 0 {
					continue
				}
				add("nccl "+run.Collective+" "+strconv.Itoa(run.Ranks), peer{id: strings.Join(run.Hosts, ", "), value: run.JudgedBusBW, upload: i, line: run.JudgedLine})
			}
		case r.Perftest != nil:
			for _, run := range r.Perftest.Runs() {
				if !run.Latency && run.Sustained() > 0 {
					add("perftest "+run.Test, peer{id: orQ(run.Device) + " (" + u.Name + ")", value: run.Sustained(), upload: i, line: run.Line})
				}
			}
		case r.GPUBurn != nil:
			g := "burn " + strconv.Itoa(i)
			for _, gpu := range r.GPUBurn.GPUs {
				add(g, peer{id: "GPU " + strconv.Itoa(gpu.Index), value: gpu.Gflops, upload: i, line: r.GPUBurn.Line})
			}
		case r.NVBandwidth != nil:
			for ti, t := range r.NVBandwidth.Tests {
				g := "nvbw " + strconv.Itoa(i) + " " + strconv.Itoa(ti)
				for ri, row := range t.Cells {
					sum, n := 0.0, 0
					for _, v := range row {
						if v > 0 {
							sum, n = sum+v, n+1
						}
					}
					if n > 0 {
						add(g, peer{id: "GPU " + strconv.Itoa(t.Rows[ri]), value: sum / float64(n), upload: i, line: t.Line})
					}
				}
			}
		}
	}
	for _, g := range order {
		low, med := belowPeers(groups[g])
		for _, p := range low {
			reports[p.upload].Checks = append(reports[p.upload].Checks, Check{ID: "outlier", Status: Info, Key: "bench.check.outlier",
				Line: p.line, Args: map[string]any{"ID": p.id, "Measured": num(p.value, 2), "Median": num(med, 2), "Peers": len(groups[g])}})
		}
	}
}

func sortStrings(s []string) { sort.Strings(s) }
