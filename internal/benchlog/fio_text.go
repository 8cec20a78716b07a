package benchlog

import (
	"fmt"
	"strconv"
	"strings"
)

// parseFioText reads fio's default (normal) output of fio 2.x and 3.x.
func parseFioText(s string) (*FioReport, error) {
	p := fioTextParser{rep: &FioReport{Format: "text"}, descs: map[string]fioJobDesc{}, pctScale: 1.0}
	sc := lineScanner{s: s}
	for {
		raw, ok := sc.next()
		if !ok {
			break
		}
		if t := trim(raw); t != "" {
			if err := p.line(t, sc.n); err != nil {
				return nil, err
			}
		}
	}
	rep := p.rep
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

// fioJobDesc is a job's description line: its rw, block size and engine.
type fioJobDesc struct{ rw, bs, engine string }

// fioTextParser reads fio's text output a line at a time.
type fioTextParser struct {
	rep     *FioReport
	descs   map[string]fioJobDesc
	job     *FioJob
	dir     *FioDir // direction whose latency lines follow
	group   *FioGroup
	inDisks bool
	// Several invocations pasted into one file: a job description or a
	// version line after a "Run status group" summary starts a new run.
	run      int
	sawGroup bool
	pct      *FioLatency // the distribution whose "| 1.00th=[..]" lines follow
	pctScale float64
	askedMS  float64
}

// nextRun starts the next run if the current one has its group summary.
func (p *fioTextParser) nextRun() {
	if p.sawGroup {
		p.run, p.sawGroup = p.run+1, false
		p.descs = map[string]fioJobDesc{}
	}
}

// line reads the non-empty line t, the upload's line n.
func (p *fioTextParser) line(t string, n int) error {
	if p.pct != nil && strings.HasPrefix(t, "|") {
		fioPercentiles(p.pct, t, p.pctScale)
		return nil
	}
	p.pct = nil
	// runtime= only caps a job unless time_based makes it the length.
	if ms, ok := fioRuntimeFlag(t); ok && strings.Contains(t, "time_based") {
		p.askedMS = ms
	}
	if p.structure(t) {
		return nil
	}
	if name, rest, ok := fioDirLine(t); ok {
		if done, err := p.direction(name, rest, n); done || err != nil {
			return err
		}
	}
	if p.dir != nil && strings.HasPrefix(t, "lat (") && strings.Contains(t, "avg=") {
		if us, ok := fioLatency(t); ok {
			p.dir.MeanLatencyUS = us
		}
		return nil
	}
	if p.dir != nil && strings.HasPrefix(t, "clat (") && strings.Contains(t, "avg=") {
		// The completion latency, whose percentiles follow: as JSON's
		// clat_ns mean.
		if us, ok := fioLatency(t); ok {
			if p.dir.Latency == nil {
				p.dir.Latency = &FioLatency{}
			}
			p.dir.Latency.MeanUS = us
		}
		return nil
	}
	if p.inDisks {
		p.diskLine(t)
	}
	return nil
}

// structure reads the lines that give the output its shape (versions,
// job descriptions and results, group summaries, disk stats, latency
// distributions); false when t is none of them.
func (p *fioTextParser) structure(t string) bool {
	switch {
	case strings.HasPrefix(t, "fio: terminating on signal") || strings.Contains(t, "fio: terminating on signal"):
		// Printed while the run goes on, before its results: once a
		// run's group line is read, the message is the next run's.
		if p.sawGroup {
			p.rep.incomplete(FioInterrupted, p.run+1)
		} else {
			p.rep.incomplete(FioInterrupted, p.run)
		}
	case strings.HasPrefix(t, "fio-") && !strings.ContainsAny(t, " \t"):
		p.nextRun()
		p.rep.Version = strings.Clone(t)
	case strings.Contains(t, "percentiles (") && p.job != nil:
		p.percentiles(t)
	case (strings.HasPrefix(t, "sync (") || strings.HasPrefix(t, "fsync (")) && p.job != nil && strings.Contains(t, "avg="):
		if us, ok := fioLatency(t); ok {
			if p.job.Sync == nil {
				p.job.Sync = &FioLatency{}
			}
			p.job.Sync.MeanUS = us
		}
	case strings.Contains(t, ": (g=") && strings.Contains(t, "rw="):
		p.nextRun()
		name := t[:strings.Index(t, ": (g=")]
		p.descs[name] = fioJobDesc{rw: kvValue(t, "rw="), bs: fioBlockSize(t), engine: kvValue(t, "ioengine=")}
	case strings.Contains(t, ": (groupid="):
		p.jobResult(t)
	case strings.HasPrefix(t, "Run status group"):
		var arr [16]string
		f := fields(t, arr[:0])
		id := 0
		if len(f) >= 4 {
			id, _ = strconv.Atoi(f[3])
		}
		p.rep.Groups = append(p.rep.Groups, FioGroup{ID: id})
		p.sawGroup = true
		p.group, p.job, p.dir, p.inDisks = &p.rep.Groups[len(p.rep.Groups)-1], nil, nil, false
	case strings.HasPrefix(t, "Disk stats"):
		p.inDisks, p.job, p.dir, p.group = true, nil, nil, nil
	default:
		return false
	}
	return true
}

// percentiles starts a latency distribution whose "| 1.00th=[..]" lines
// follow: the job's sync latency, or its direction's completion latency.
func (p *fioTextParser) percentiles(t string) {
	p.pct, p.pctScale = &FioLatency{}, fioUnitScale(t)
	if strings.HasPrefix(t, "sync") || strings.HasPrefix(t, "fsync") {
		if p.job.Sync == nil {
			p.job.Sync = &FioLatency{}
		}
		p.pct = p.job.Sync
	} else if p.dir != nil && strings.HasPrefix(t, "clat") {
		if p.dir.Latency != nil {
			p.pct = p.dir.Latency // its mean came on the "clat (usec): ... avg=" line
		} else {
			p.dir.Latency = p.pct
		}
	}
}

// jobResult starts a job's results: "name: (groupid=0, jobs=1): err= 0".
func (p *fioTextParser) jobResult(t string) {
	p.nextRun()
	name := t[:strings.Index(t, ": (groupid=")]
	j := FioJob{Name: strings.Clone(name), Run: p.run, RuntimeAskedMS: p.askedMS}
	j.GroupID, _ = strconv.Atoi(kvValue(t, "groupid="))
	j.Jobs, _ = strconv.Atoi(kvValue(t, "jobs="))
	j.Error, _ = strconv.Atoi(kvValue(t, "err="))
	if d, ok := p.descs[name]; ok {
		j.RW, j.BlockSize, j.IOEngine = strings.Clone(d.rw), strings.Clone(d.bs), strings.Clone(d.engine)
	}
	p.rep.Jobs = append(p.rep.Jobs, j)
	p.job, p.dir, p.group, p.inDisks = &p.rep.Jobs[len(p.rep.Jobs)-1], nil, nil, false
}

// direction reads a "read: IOPS=..., BW=..." line: a group summary's
// (READ:) or a job's (read:, starting a job when none was named). done
// is false when the line is neither.
func (p *fioTextParser) direction(name, rest string, n int) (done bool, err error) {
	if p.group != nil && isUpperWord(name) {
		d, err := parseFioGroupLine(rest, n)
		if err != nil {
			return true, err
		}
		*groupDir(p.group, name) = d
		return true, nil
	}
	if p.group != nil || !isLowerWord(name) {
		return false, nil
	}
	if p.job == nil {
		p.nextRun()
		p.rep.Jobs = append(p.rep.Jobs, FioJob{Run: p.run, RuntimeAskedMS: p.askedMS})
		p.job = &p.rep.Jobs[len(p.rep.Jobs)-1]
	}
	d, err := parseFioDirLine(rest, n)
	if err != nil {
		return true, err
	}
	p.dir = jobDir(p.job, name)
	*p.dir = d
	return true, nil
}

// diskLine reads a disk's utilisation under "Disk stats".
func (p *fioTextParser) diskLine(t string) {
	name, rest, ok := strings.Cut(t, ": ")
	if !ok || !strings.Contains(rest, "util=") {
		return
	}
	var arr [16]string
	for _, kv := range splitString(rest, ", ", arr[:0]) {
		if v, ok := strings.CutPrefix(kv, "util="); ok {
			if u, ok := parseFinite(strings.TrimSuffix(v, "%")); ok {
				p.rep.Disks = append(p.rep.Disks, FioDisk{Name: strings.Clone(name), UtilPct: u})
			}
		}
	}
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
