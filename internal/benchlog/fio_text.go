package benchlog

import (
	"fmt"
	"strconv"
	"strings"
)

// parseFioText reads fio's default (normal) output of fio 2.x and 3.x.
func parseFioText(s string) (*FioReport, error) {
	rep := &FioReport{Format: "text"}
	type desc struct{ rw, bs, engine string }
	descs := map[string]desc{}
	var job *FioJob
	var dir *FioDir // direction whose latency lines follow
	var group *FioGroup
	inDisks := false
	// Several invocations pasted into one file: a job description or a
	// version line after a "Run status group" summary starts a new run.
	run, sawGroup := 0, false
	nextRun := func() {
		if sawGroup {
			run, sawGroup = run+1, false
			descs = map[string]desc{}
		}
	}
	var pct *FioLatency // the distribution whose "| 1.00th=[..]" lines follow
	pctScale := 1.0
	askedMS := 0.0
	sc := lineScanner{s: s}
	for {
		raw, ok := sc.next()
		if !ok {
			break
		}
		t := trim(raw)
		if t == "" {
			continue
		}
		if pct != nil && strings.HasPrefix(t, "|") {
			fioPercentiles(pct, t, pctScale)
			continue
		}
		pct = nil
		// runtime= only caps a job unless time_based makes it the length.
		if ms, ok := fioRuntimeFlag(t); ok && strings.Contains(t, "time_based") {
			askedMS = ms
		}
		switch {
		case strings.HasPrefix(t, "fio: terminating on signal") || strings.Contains(t, "fio: terminating on signal"):
			// Printed while the run goes on, before its results: once a
			// run's group line is read, the message is the next run's.
			if sawGroup {
				rep.incomplete(FioInterrupted, run+1)
			} else {
				rep.incomplete(FioInterrupted, run)
			}
			continue
		case strings.HasPrefix(t, "fio-") && !strings.ContainsAny(t, " \t"):
			nextRun()
			rep.Version = strings.Clone(t)
			continue
		case strings.Contains(t, "percentiles (") && job != nil:
			pct, pctScale = &FioLatency{}, fioUnitScale(t)
			if strings.HasPrefix(t, "sync") || strings.HasPrefix(t, "fsync") {
				if job.Sync == nil {
					job.Sync = &FioLatency{}
				}
				pct = job.Sync
			} else if dir != nil && strings.HasPrefix(t, "clat") {
				if dir.Latency != nil {
					pct = dir.Latency // its mean came on the "clat (usec): ... avg=" line
				} else {
					dir.Latency = pct
				}
			}
			continue
		case (strings.HasPrefix(t, "sync (") || strings.HasPrefix(t, "fsync (")) && job != nil && strings.Contains(t, "avg="):
			if us, ok := fioLatency(t); ok {
				if job.Sync == nil {
					job.Sync = &FioLatency{}
				}
				job.Sync.MeanUS = us
			}
			continue
		case strings.Contains(t, ": (g=") && strings.Contains(t, "rw="):
			nextRun()
			name := t[:strings.Index(t, ": (g=")]
			descs[name] = desc{rw: kvValue(t, "rw="), bs: fioBlockSize(t), engine: kvValue(t, "ioengine=")}
			continue
		case strings.Contains(t, ": (groupid="):
			nextRun()
			k := strings.Index(t, ": (groupid=")
			name := t[:k]
			j := FioJob{Name: strings.Clone(name), Run: run, RuntimeAskedMS: askedMS}
			j.GroupID, _ = strconv.Atoi(kvValue(t, "groupid="))
			j.Jobs, _ = strconv.Atoi(kvValue(t, "jobs="))
			j.Error, _ = strconv.Atoi(kvValue(t, "err="))
			if d, ok := descs[name]; ok {
				j.RW, j.BlockSize, j.IOEngine = strings.Clone(d.rw), strings.Clone(d.bs), strings.Clone(d.engine)
			}
			rep.Jobs = append(rep.Jobs, j)
			job, dir, group, inDisks = &rep.Jobs[len(rep.Jobs)-1], nil, nil, false
			continue
		case strings.HasPrefix(t, "Run status group"):
			var arr [16]string
			f := fields(t, arr[:0])
			id := 0
			if len(f) >= 4 {
				id, _ = strconv.Atoi(f[3])
			}
			rep.Groups = append(rep.Groups, FioGroup{ID: id})
			sawGroup = true
			group, job, dir, inDisks = &rep.Groups[len(rep.Groups)-1], nil, nil, false
			continue
		case strings.HasPrefix(t, "Disk stats"):
			inDisks, job, dir, group = true, nil, nil, nil
			continue
		}
		if name, rest, ok := fioDirLine(t); ok {
			if group != nil && isUpperWord(name) {
				d, err := parseFioGroupLine(rest, sc.n)
				if err != nil {
					return nil, err
				}
				*groupDir(group, name) = d
				continue
			}
			if group == nil && isLowerWord(name) {
				if job == nil {
					nextRun()
					rep.Jobs = append(rep.Jobs, FioJob{Run: run, RuntimeAskedMS: askedMS})
					job = &rep.Jobs[len(rep.Jobs)-1]
				}
				d, err := parseFioDirLine(rest, sc.n)
				if err != nil {
					return nil, err
				}
				dir = jobDir(job, name)
				*dir = d
				continue
			}
		}
		if dir != nil && strings.HasPrefix(t, "lat (") && strings.Contains(t, "avg=") {
			if us, ok := fioLatency(t); ok {
				dir.MeanLatencyUS = us
			}
			continue
		}
		if dir != nil && strings.HasPrefix(t, "clat (") && strings.Contains(t, "avg=") {
			// The completion latency, whose percentiles follow: as JSON's
			// clat_ns mean.
			if us, ok := fioLatency(t); ok {
				if dir.Latency == nil {
					dir.Latency = &FioLatency{}
				}
				dir.Latency.MeanUS = us
			}
			continue
		}
		if inDisks {
			if name, rest, ok := strings.Cut(t, ": "); ok && strings.Contains(rest, "util=") {
				var arr [16]string
				for _, kv := range splitString(rest, ", ", arr[:0]) {
					if v, ok := strings.CutPrefix(kv, "util="); ok {
						if u, ok := parseFinite(strings.TrimSuffix(v, "%")); ok {
							rep.Disks = append(rep.Disks, FioDisk{Name: strings.Clone(name), UtilPct: u})
						}
					}
				}
			}
		}
	}
	if len(rep.Jobs) == 0 && len(rep.Groups) == 0 {
		return nil, errorf(KindFio, sc.n, "no fio job results found (no \"name: (groupid=...)\" or \"read:/write:\" lines)")
	}
	if len(rep.Jobs) == 0 {
		// Only the group summary survived the paste; it still has the
		// bandwidth, so report each group as a job.
		for _, g := range rep.Groups {
			rep.Jobs = append(rep.Jobs, FioJob{Name: fmt.Sprintf("group %d", g.ID), GroupID: g.ID, Read: g.Read, Write: g.Write, Trim: g.Trim, Mixed: g.Mixed})
		}
		rep.Notes = addCapped(rep.Notes, maxNotes, newNote(NoteFioGroupsOnly, "no per-job results; jobs built from Run status group lines (IOPS unknown)"))
	}
	return rep, nil
}

// fioDirLine recognises "read: IOPS=..." (fio 3), "read : io=..." (fio 2)
// and the group lines "READ: bw=..." / "WRITE: io=...".
func fioDirLine(t string) (name, rest string, ok bool) {
	k := strings.IndexByte(t, ':')
	if k <= 0 {
		return "", "", false
	}
	name = trim(t[:k])
	for _, d := range [...]string{"read", "write", "trim", "mixed"} {
		if strings.EqualFold(name, d) { // no ToLower copy for every "key: value" line
			return name, trim(t[k+1:]), true
		}
	}
	return "", "", false
}

func jobDir(j *FioJob, name string) *FioDir {
	switch {
	case strings.EqualFold(name, "write"):
		return &j.Write
	case strings.EqualFold(name, "trim"):
		return &j.Trim
	case strings.EqualFold(name, "mixed"):
		return &j.Mixed
	}
	return &j.Read
}

func groupDir(g *FioGroup, name string) *FioDir {
	switch {
	case strings.EqualFold(name, "write"):
		return &g.Write
	case strings.EqualFold(name, "trim"):
		return &g.Trim
	case strings.EqualFold(name, "mixed"):
		return &g.Mixed
	}
	return &g.Read
}

// parseFioDirLine reads "IOPS=13.1k, BW=12.8GiB/s (13.8GB/s)(10.0GiB/779msec)"
// or fio 2's "io=10240MB, bw=1043.5MB/s, iops=1043, runt=  9813msec".
func parseFioDirLine(rest string, n int) (FioDir, error) {
	var d FioDir
	fio2 := strings.HasPrefix(rest, "io=") || strings.Contains(rest, "runt=")
	gotBW, gotIOPS := false, false
	var arr [16]string // the line's settings, on the stack
	for _, kv := range splitString(rest, ", ", arr[:0]) {
		key, val, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		val = trim(val)
		switch key {
		case "IOPS", "iops":
			v, ok := fioCount(val)
			if !ok {
				return d, errorf(KindFio, n, "IOPS %q is not a number", val)
			}
			d.IOPS, gotIOPS = v, true
		case "BW", "bw":
			// fio 3.2x appends "; 0 zone resets" to a write line.
			if i := strings.IndexByte(val, ';'); i >= 0 {
				val = trim(val[:i])
			}
			first := val
			if i := strings.IndexAny(first, " ("); i >= 0 {
				first = first[:i]
			}
			v, ok := fioBytes(strings.TrimSuffix(first, "/s"), fio2)
			if !ok {
				return d, errorf(KindFio, n, "bandwidth %q is not a rate", first)
			}
			d.BWBytes, gotBW = v, true
			// fio 3 appends "(10.0GiB/779msec)": total I/O and runtime.
			if i := strings.LastIndexByte(val, '('); i >= 0 && strings.HasSuffix(val, ")") {
				if io, rt, ok := strings.Cut(val[i+1:len(val)-1], "/"); ok {
					if b, ok := fioBytes(io, false); ok {
						d.IOBytes = clampInt64(b)
					}
					if ms, ok := fioDuration(rt); ok {
						d.RuntimeMS = ms
					}
				}
			}
		case "io":
			if b, ok := fioBytes(val, fio2); ok {
				d.IOBytes = clampInt64(b)
			}
		case "runt":
			if ms, ok := fioDuration(val); ok {
				d.RuntimeMS = ms
			}
		}
	}
	if !gotBW && !gotIOPS {
		return d, errorf(KindFio, n, "direction line without IOPS or bandwidth: %q", rest)
	}
	return d, nil
}

// parseFioGroupLine reads "bw=12.8GiB/s (13.8GB/s), ..., io=10.0GiB (10.7GB), run=779-779msec"
// or fio 2's "io=10240MB, aggrb=1043.5MB/s, ..., mint=9813msec, maxt=9813msec".
func parseFioGroupLine(rest string, n int) (FioDir, error) {
	var d FioDir
	fio2 := strings.Contains(rest, "aggrb=")
	got := false
	var arr [16]string // the line's settings, on the stack
	for _, kv := range splitString(rest, ", ", arr[:0]) {
		key, val, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		first := trim(val)
		if i := strings.IndexAny(first, " ("); i >= 0 {
			first = first[:i]
		}
		switch key {
		case "bw", "aggrb":
			v, ok := fioBytes(strings.TrimSuffix(first, "/s"), fio2)
			if !ok {
				return d, errorf(KindFio, n, "group bandwidth %q is not a rate", first)
			}
			d.BWBytes, got = v, true
		case "io":
			if b, ok := fioBytes(first, fio2); ok {
				d.IOBytes = clampInt64(b)
			}
		case "run":
			if _, hi, ok := strings.Cut(first, "-"); ok {
				first = hi
			}
			if ms, ok := fioDuration(first); ok {
				d.RuntimeMS = ms
			}
		case "maxt":
			if ms, ok := fioDuration(first); ok {
				d.RuntimeMS = ms
			}
		}
	}
	if !got {
		return d, errorf(KindFio, n, "group line without bandwidth: %q", rest)
	}
	return d, nil
}
