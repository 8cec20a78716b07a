package benchlog

// Compaction: what is stored per upload is the figures a page and a
// verdict need, not every parsed row. A 45 MB nccl-tests log holds
// hundreds of thousands of rows; kept as parsed JSON it was twice the log's
// size and every page that listed uploads decoded all of it. The raw log
// is kept byte for byte for download, so nothing is lost: a re-parse
// (re-classification) reads the log again.

// MaxStoredRuns is how many nccl-tests runs keep their own summary; later
// runs are folded into one NCCLOmitted per collective.
const MaxStoredRuns = 64

// maxChartRuns bounds the runs that keep chart points, maxChartPoints the
// points of each (a sweep from 8 B to 16 GiB by factor 2 has 32 rows).
const (
	maxChartRuns   = 32
	maxChartPoints = 128
)

// NCCLPoint is one row of a run reduced to what a chart draws: the size
// and the better busbw of the two placements.
type NCCLPoint struct {
	Size  int64   `json:"s"`
	BusBW float64 `json:"b"`
}

// NCCLOmitted summarises the runs of one collective past MaxStoredRuns.
type NCCLOmitted struct {
	Collective string  `json:"collective"`
	Runs       int     `json:"runs"`
	Failed     int     `json:"failed"`
	Incomplete int     `json:"incomplete"`
	BestBusBW  float64 `json:"best_busbw"`  // best judged (≥ 1 GiB) busbw of the complete runs
	WorstBusBW float64 `json:"worst_busbw"` // worst of the same
	FirstLine  int     `json:"first_line"`
	LastLine   int     `json:"last_line"`
	// FailLine and FailReason locate the first failed run among them.
	FailLine   int    `json:"fail_line,omitempty"`
	FailReason string `json:"fail_reason,omitempty"`
}

// Compact returns r reduced to its stored form: nccl-tests rows become
// chart points (for the first runs only), device lists are dropped once
// their figures are derived, and runs past MaxStoredRuns are summarised.
// Compact is idempotent and leaves r unchanged.
func Compact(r *Result) *Result {
	if r == nil || r.NCCL == nil {
		return r
	}
	out := *r
	rep := &NCCLReport{Omitted: append([]NCCLOmitted(nil), r.NCCL.Omitted...)}
	charted := 0
	for i := range r.NCCL.Runs {
		run := r.NCCL.Runs[i]
		if i >= MaxStoredRuns {
			rep.Omitted = omit(rep.Omitted, run)
			continue
		}
		if len(run.Rows) > 0 && len(run.Points) == 0 && charted < maxChartRuns && !run.Failed {
			run.Points = points(run.Rows)
			charted++
		} else if len(run.Points) > 0 {
			charted++
		}
		run.Rows, run.Devices = nil, nil
		rep.Runs = append(rep.Runs, run)
	}
	out.NCCL = rep
	return &out
}

// ParseCompact is Parse returning the stored form directly: nccl-tests
// runs are compacted as the parser finishes them, so memory stays bounded
// by one run whatever the log's size. Compact(Parse(...)) gives the same.
func ParseCompact(kind Kind, data []byte) (*Result, error) {
	data = stripANSI(data)
	if kind == KindUnknown {
		kind = Detect(data)
	}
	if kind != KindNCCL {
		res, err := Parse(kind, data)
		return Compact(res), err
	}
	rep, err := parseNCCL(data, true)
	if err != nil {
		return nil, err
	}
	return &Result{Kind: KindNCCL, NCCL: rep}, nil
}

func points(rows []NCCLRow) []NCCLPoint {
	step := 1
	if len(rows) > maxChartPoints {
		step = (len(rows) + maxChartPoints - 1) / maxChartPoints
	}
	out := make([]NCCLPoint, 0, min(len(rows), maxChartPoints))
	for i := 0; i < len(rows); i += step {
		row := rows[i]
		if !row.OutOfPlace.Present && !row.InPlace.Present {
			continue
		}
		out = append(out, NCCLPoint{Size: row.Size, BusBW: max(row.OutOfPlace.BusBW, row.InPlace.BusBW)})
	}
	return out
}

func omit(list []NCCLOmitted, run NCCLRun) []NCCLOmitted {
	k := -1
	for i := range list {
		if list[i].Collective == run.Collective {
			k = i
		}
	}
	if k < 0 {
		list = append(list, NCCLOmitted{Collective: run.Collective, FirstLine: run.StartLine})
		k = len(list) - 1
	}
	o := &list[k]
	o.Runs++
	o.LastLine = run.EndLine
	switch {
	case run.Failed:
		o.Failed++
		if o.FailLine == 0 {
			o.FailLine = run.EndLine
			if len(run.FailureReasons) > 0 {
				o.FailReason = run.FailureReasons[0]
			}
		}
	case run.Incomplete:
		o.Incomplete++
	case run.JudgedSize > 0:
		if o.BestBusBW == 0 || run.JudgedBusBW > o.BestBusBW {
			o.BestBusBW = run.JudgedBusBW
		}
		if o.WorstBusBW == 0 || run.JudgedBusBW < o.WorstBusBW {
			o.WorstBusBW = run.JudgedBusBW
		}
	}
	return list
}
