package verdict

import (
	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/brief"
)

// fioChecks judges a storage benchmark against the brief: reads must stage
// the dataset within the staging window; writes must finish a checkpoint
// within the share of the checkpoint interval the brief allows GPUs to
// idle (a synchronous checkpoint stalls every GPU while it is written).
func fioChecks(b brief.Brief, fio *benchlog.FioReport) []Check {
	var out []Check
	for _, j := range fio.Jobs {
		if j.Error != 0 {
			out = append(out, Check{ID: "fio_error", Status: Fail, Key: "bench.check.fio_error",
				Args: map[string]any{"Job": j.Name, "Code": j.Error}})
		}
	}
	for _, why := range fio.IncompleteReasons {
		out = append(out, Check{ID: "fio_incomplete", Status: Incomplete, Key: "bench.check.fio_" + why})
	}
	totals := fio.RunTotals
	if len(totals) == 0 {
		totals = []benchlog.FioTotals{fio.Total}
	}
	// A run with a job on an engine that moves no data measured no disk.
	noData := make([]string, len(totals))
	for _, j := range fio.Jobs {
		if j.MovesNoData() && j.Run < len(noData) {
			noData[j.Run] = j.IOEngine
		}
	}
	// Each run of a file of several is judged on its own: their sum is no
	// bandwidth any single run reached.
	for i, t := range totals {
		var cs []Check
		if read := max(t.Read.BWBytes, t.Mixed.BWBytes); read > 0 {
			cs = append(cs, stagingCheck(b, read))
		}
		if write := max(t.Write.BWBytes, t.Mixed.BWBytes); write > 0 {
			cs = append(cs, checkpointCheck(b, write))
		}
		for k := range cs {
			if len(totals) > 1 {
				cs[k].Args["Run"] = i + 1
			}
			cut := fio.Incomplete
			if i < len(fio.RunIncomplete) {
				cut = fio.RunIncomplete[i] // this run's own completeness
			}
			if cs[k].Status == Pass && cut {
				cs[k].Status = Incomplete // a good number from a cut-short run proves nothing
			}
			if noData[i] != "" {
				cs[k].Status, cs[k].Key = Unproven, "bench.check.fio_no_data"
				cs[k].Args["Engine"] = noData[i]
			}
		}
		out = append(out, cs...)
	}
	for _, j := range fio.Jobs {
		if j.Sync != nil {
			out = append(out, syncCheck(j))
		}
	}
	if len(out) == 0 {
		out = append(out, Check{ID: "fio_empty", Status: Unproven, Key: "bench.check.fio_empty"})
	}
	return out
}

// syncCheck records the fsync latency a checkpoint writer waits for (the
// brief states no limit for it, so it is shown, not judged).
func syncCheck(j benchlog.FioJob) Check {
	c := Check{ID: "fio_sync", Status: Info, Key: "bench.check.fio_sync", Args: map[string]any{"Job": j.Name, "Mean": num(j.Sync.MeanUS, 1),
		"P99": "?"}}
	for _, p := range j.Sync.Percentiles {
		if p.P == 99 {
			c.Args["P99"] = num(p.US, 0).String()
		}
	}
	return c
}

func gbps(bytesPerSecond float64) Num { return num(bytesPerSecond/1e9, 2) }

func stagingCheck(b brief.Brief, read float64) Check {
	c := Check{ID: "staging", Args: map[string]any{"Measured": gbps(read)}}
	tb, okTB := b.Float("dataset_tb")
	hours, okH := b.Float("staging_window_hours")
	if !okTB || !okH || tb <= 0 || hours <= 0 {
		c.Status, c.Key = Unproven, "bench.check.staging_unknown"
		return c
	}
	need := tb * 1e12 / (hours * 3600)
	c.Key = "bench.check.staging"
	c.Args["Dataset"], c.Args["Window"] = num(tb, 1), num(hours, 1)
	c.Args["Needed"], c.Args["Hours"] = gbps(need), num(tb*1e12/read/3600, 1)
	c.Status = Fail
	if read >= need {
		c.Status = Pass
	}
	return c
}

func checkpointCheck(b brief.Brief, write float64) Check {
	c := Check{ID: "checkpoint", Args: map[string]any{"Measured": gbps(write)}}
	gb, ok := b.Float("checkpoint_gb")
	if !ok || gb <= 0 {
		c.Status, c.Key = Unproven, "bench.check.checkpoint_unknown"
		return c
	}
	seconds := gb * 1e9 / write
	c.Args["Checkpoint"], c.Args["Seconds"] = num(gb, 0), num(seconds, 0)
	interval, okI := b.Float("checkpoint_interval_min")
	idle, okIdle := b.Float("allowed_idle_pct")
	if okI && interval > 0 && !okIdle && seconds >= interval*60 {
		// Without an allowed idle share nothing is allowed but less than
		// the whole interval: a checkpoint that outlasts it fails anyway.
		idle, okIdle = 100, true
	}
	if !okI || !okIdle || interval <= 0 {
		c.Status, c.Key = Unproven, "bench.check.checkpoint_no_budget"
		return c
	}
	share := 100 * seconds / (interval * 60)
	c.Key = "bench.check.checkpoint"
	c.Args["Interval"], c.Args["Share"], c.Args["Allowed"] = num(interval, 0), num(share, 1), num(idle, 1)
	c.Status = Fail
	if share <= idle {
		c.Status = Pass
	}
	return c
}
