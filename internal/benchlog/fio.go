package benchlog

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// FioReport is the result of one fio invocation, from --output-format=json
// or from the default text output.
type FioReport struct {
	Format  string     `json:"format"` // "json" or "text"
	Version string     `json:"version,omitempty"`
	Jobs    []FioJob   `json:"jobs"`
	Total   FioTotals  `json:"total"`            // sums over Jobs
	Groups  []FioGroup `json:"groups,omitempty"` // text "Run status group" lines
	Disks   []FioDisk  `json:"disks,omitempty"`
	Notes   []string   `json:"notes,omitempty"`
}

// FioJob is one job (or one group with --group_reporting).
type FioJob struct {
	Name      string `json:"name"`
	GroupID   int    `json:"group_id"`
	Jobs      int    `json:"jobs,omitempty"` // processes folded in by group_reporting (text output)
	Error     int    `json:"error"`          // fio's err= / "error": non-zero means the job failed
	RW        string `json:"rw,omitempty"`   // rw= from the job options or description line
	BlockSize string `json:"block_size,omitempty"`
	Read      FioDir `json:"read"`
	Write     FioDir `json:"write"`
	Trim      FioDir `json:"trim"`
	Mixed     FioDir `json:"mixed"` // unified_rw_reporting
}

// FioDir is one direction of a job. Bandwidth is bytes per second whatever
// unit fio printed, so results from both unit bases compare directly.
type FioDir struct {
	BWBytes       float64 `json:"bw_bytes"` // bytes/s
	IOPS          float64 `json:"iops"`
	IOBytes       int64   `json:"io_bytes"`
	RuntimeMS     float64 `json:"runtime_ms"`
	MeanLatencyUS float64 `json:"mean_latency_us"` // total latency (slat+clat), µs
}

// FioTotals sums the directions over all jobs.
type FioTotals struct {
	Read  FioDir `json:"read"`
	Write FioDir `json:"write"`
	Trim  FioDir `json:"trim"`
	Mixed FioDir `json:"mixed"`
}

// FioGroup is a "Run status group" aggregate from the text output.
type FioGroup struct {
	ID    int    `json:"id"`
	Read  FioDir `json:"read"`
	Write FioDir `json:"write"`
	Trim  FioDir `json:"trim"`
	Mixed FioDir `json:"mixed"`
}

// FioDisk is a "Disk stats" entry; a RAID member's 0 % next to a busy md
// device is normal (the md line carries the aggregate).
type FioDisk struct {
	Name    string  `json:"name"`
	UtilPct float64 `json:"util_pct"`
}

// ParseFio parses fio output, JSON (possibly after non-JSON lines such as
// a prompt or warnings) or text. It returns a *ParseError when no job
// result is found or a result line cannot be read.
func ParseFio(data []byte) (*FioReport, error) {
	s := string(data)
	if err := checkText(KindFio, s); err != nil {
		return nil, err
	}
	var rep *FioReport
	var err error
	if start, line := jsonStart(s); start >= 0 && looksFioJSON(s[start:]) {
		rep, err = parseFioJSON(s, start, line)
	} else {
		rep, err = parseFioText(s)
	}
	if err != nil {
		return nil, err
	}
	for _, j := range rep.Jobs {
		addDir(&rep.Total.Read, j.Read)
		addDir(&rep.Total.Write, j.Write)
		addDir(&rep.Total.Trim, j.Trim)
		addDir(&rep.Total.Mixed, j.Mixed)
	}
	for _, d := range []*FioDir{&rep.Total.Read, &rep.Total.Write, &rep.Total.Trim, &rep.Total.Mixed} {
		d.MeanLatencyUS = 0 // a sum of means means nothing
	}
	return rep, nil
}

func addDir(t *FioDir, d FioDir) {
	t.BWBytes += d.BWBytes
	t.IOPS += d.IOPS
	t.IOBytes = satAdd(t.IOBytes, d.IOBytes)
	t.RuntimeMS = max(t.RuntimeMS, d.RuntimeMS)
}

// looksFioJSON keeps a stray "{" line in text output from being taken for
// the JSON document; a truncated fio JSON still has these keys early on.
func looksFioJSON(s string) bool {
	return strings.Contains(s, `"jobs"`) || strings.Contains(s, `"fio version"`) || strings.Contains(s, `"client_stats"`)
}

// jsonStart finds the first line that opens a JSON object and returns its
// byte offset and 1-based line number, or -1.
func jsonStart(s string) (int, int) {
	sc := lineScanner{s: s}
	for {
		start := sc.pos
		line, ok := sc.next()
		if !ok {
			return -1, 0
		}
		t := trimLeft(line)
		if strings.HasPrefix(t, "{") {
			return start + (len(line) - len(t)), sc.n
		}
	}
}

type fioJSONDoc struct {
	Version     string         `json:"fio version"`
	Global      map[string]any `json:"global options"`
	Jobs        []fioJSONJob   `json:"jobs"`
	ClientStats []fioJSONJob   `json:"client_stats"`
	DiskUtil    []struct {
		Name string  `json:"name"`
		Util float64 `json:"util"`
	} `json:"disk_util"`
}

type fioJSONJob struct {
	Jobname    string         `json:"jobname"`
	GroupID    int            `json:"groupid"`
	Error      int            `json:"error"`
	JobOptions map[string]any `json:"job options"`
	Read       *fioJSONDir    `json:"read"`
	Write      *fioJSONDir    `json:"write"`
	Trim       *fioJSONDir    `json:"trim"`
	Mixed      *fioJSONDir    `json:"mixed"`
}

type fioJSONDir struct {
	IOBytes  float64      `json:"io_bytes"`
	IOKBytes *float64     `json:"io_kbytes"`
	BW       float64      `json:"bw"` // KiB/s
	BWBytes  *float64     `json:"bw_bytes"`
	IOPS     float64      `json:"iops"`
	Runtime  float64      `json:"runtime"` // ms
	Lat      *fioJSONStat `json:"lat"`     // µs (fio 2)
	LatNS    *fioJSONStat `json:"lat_ns"`  // ns (fio 3)
}

type fioJSONStat struct {
	Mean float64 `json:"mean"`
}

func parseFioJSON(s string, start, startLine int) (*FioReport, error) {
	body := sanitizeJSONNumbers(s[start:])
	dec := json.NewDecoder(strings.NewReader(body))
	var doc fioJSONDoc
	if err := dec.Decode(&doc); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		off := int64(len(body))
		switch {
		case errors.As(err, &se):
			off = se.Offset
		case errors.As(err, &te):
			off = te.Offset
		}
		off = min(max(off, 0), int64(len(body)))
		line := startLine + strings.Count(body[:off], "\n")
		return nil, errorf(KindFio, line, "invalid fio JSON: %v", err)
	}
	rep := &FioReport{Format: "json", Version: strings.Clone(doc.Version)}
	jobs := doc.Jobs
	if len(jobs) == 0 && len(doc.ClientStats) > 0 {
		// Client/server mode: per-client entries plus an "All clients" sum.
		for _, j := range doc.ClientStats {
			if j.Jobname != "All clients" {
				jobs = append(jobs, j)
			}
		}
	}
	if len(jobs) == 0 {
		return nil, errorf(KindFio, startLine, "fio JSON has no jobs")
	}
	for _, j := range jobs {
		job := FioJob{Name: strings.Clone(j.Jobname), GroupID: j.GroupID, Error: j.Error}
		job.RW = optString(j.JobOptions, doc.Global, "rw", "readwrite")
		job.BlockSize = optString(j.JobOptions, doc.Global, "bs", "blocksize")
		for _, d := range []struct {
			src *fioJSONDir
			dst *FioDir
		}{{j.Read, &job.Read}, {j.Write, &job.Write}, {j.Trim, &job.Trim}, {j.Mixed, &job.Mixed}} {
			if d.src != nil {
				*d.dst = d.src.dir()
			}
		}
		rep.Jobs = append(rep.Jobs, job)
	}
	for _, d := range doc.DiskUtil {
		rep.Disks = append(rep.Disks, FioDisk{Name: strings.Clone(d.Name), UtilPct: d.Util})
	}
	return rep, nil
}

// dir converts fio's JSON units: fio 3 has bw_bytes and io_kbytes beside
// bw (KiB/s) and io_bytes (bytes); fio 2 has only bw and an io_bytes that
// is really KiB.
func (d *fioJSONDir) dir() FioDir {
	out := FioDir{IOPS: d.IOPS, RuntimeMS: d.Runtime}
	if d.BWBytes != nil {
		out.BWBytes = *d.BWBytes
	} else {
		out.BWBytes = d.BW * 1024
	}
	io := d.IOBytes
	if d.IOKBytes == nil {
		io *= 1024
	}
	out.IOBytes = clampInt64(io)
	switch {
	case d.LatNS != nil:
		out.MeanLatencyUS = d.LatNS.Mean / 1000
	case d.Lat != nil:
		out.MeanLatencyUS = d.Lat.Mean
	}
	return out
}

func clampInt64(f float64) int64 {
	switch {
	case math.IsNaN(f) || f < 0:
		return 0
	case f >= math.MaxInt64:
		return math.MaxInt64
	}
	return int64(f)
}

func optString(job, global map[string]any, keys ...string) string {
	for _, m := range []map[string]any{job, global} {
		for _, k := range keys {
			if v, ok := m[k].(string); ok {
				return strings.Clone(v)
			}
		}
	}
	return ""
}

// sanitizeJSONNumbers replaces the bare nan/inf tokens some fio versions
// print (e.g. "usr_cpu" : -nan) with a same-length 0, so that the rest of
// the document still decodes and error offsets stay true.
func sanitizeJSONNumbers(s string) string {
	if !strings.Contains(s, "nan") && !strings.Contains(s, "inf") {
		return s
	}
	var b []byte
	inStr := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if inStr {
			if c == '\\' {
				i++
			} else if c == '"' {
				inStr = false
			}
			continue
		}
		if c == '"' {
			inStr = true
			continue
		}
		for _, tok := range [...]string{"-nan", "nan", "-inf", "inf"} {
			if strings.HasPrefix(s[i:], tok) {
				if b == nil {
					b = []byte(s)
				}
				b[i] = '0'
				for k := 1; k < len(tok); k++ {
					b[i+k] = ' '
				}
				i += len(tok) - 1
				break
			}
		}
	}
	if b == nil {
		return s
	}
	return string(b)
}

// parseFioText reads fio's default (normal) output of fio 2.x and 3.x.
func parseFioText(s string) (*FioReport, error) {
	rep := &FioReport{Format: "text"}
	type desc struct{ rw, bs string }
	descs := map[string]desc{}
	var job *FioJob
	var dir *FioDir // direction whose latency lines follow
	var group *FioGroup
	inDisks := false
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
		switch {
		case strings.HasPrefix(t, "fio-") && !strings.ContainsAny(t, " \t"):
			rep.Version = strings.Clone(t)
			continue
		case strings.Contains(t, ": (g=") && strings.Contains(t, "rw="):
			name := t[:strings.Index(t, ": (g=")]
			descs[name] = desc{rw: kvValue(t, "rw="), bs: fioBlockSize(t)}
			continue
		case strings.Contains(t, ": (groupid="):
			k := strings.Index(t, ": (groupid=")
			name := t[:k]
			j := FioJob{Name: strings.Clone(name)}
			j.GroupID, _ = strconv.Atoi(kvValue(t, "groupid="))
			j.Jobs, _ = strconv.Atoi(kvValue(t, "jobs="))
			j.Error, _ = strconv.Atoi(kvValue(t, "err="))
			if d, ok := descs[name]; ok {
				j.RW, j.BlockSize = strings.Clone(d.rw), strings.Clone(d.bs)
			}
			rep.Jobs = append(rep.Jobs, j)
			job, dir, group, inDisks = &rep.Jobs[len(rep.Jobs)-1], nil, nil, false
			continue
		case strings.HasPrefix(t, "Run status group"):
			f := strings.Fields(t)
			id := 0
			if len(f) >= 4 {
				id, _ = strconv.Atoi(f[3])
			}
			rep.Groups = append(rep.Groups, FioGroup{ID: id})
			group, job, dir, inDisks = &rep.Groups[len(rep.Groups)-1], nil, nil, false
			continue
		case strings.HasPrefix(t, "Disk stats"):
			inDisks, job, dir, group = true, nil, nil, nil
			continue
		}
		if name, rest, ok := fioDirLine(t); ok {
			if group != nil && strings.ToUpper(name) == name {
				d, err := parseFioGroupLine(rest, sc.n)
				if err != nil {
					return nil, err
				}
				*groupDir(group, name) = d
				continue
			}
			if group == nil && strings.ToLower(name) == name {
				if job == nil {
					rep.Jobs = append(rep.Jobs, FioJob{})
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
		if inDisks {
			if name, rest, ok := strings.Cut(t, ": "); ok && strings.Contains(rest, "util=") {
				for _, kv := range strings.Split(rest, ", ") {
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
		rep.Notes = addCapped(rep.Notes, maxNotes, "no per-job results; jobs built from Run status group lines (IOPS unknown)")
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
	switch strings.ToLower(name) {
	case "read", "write", "trim", "mixed":
		return name, trim(t[k+1:]), true
	}
	return "", "", false
}

func jobDir(j *FioJob, name string) *FioDir {
	switch strings.ToLower(name) {
	case "write":
		return &j.Write
	case "trim":
		return &j.Trim
	case "mixed":
		return &j.Mixed
	}
	return &j.Read
}

func groupDir(g *FioGroup, name string) *FioDir {
	switch strings.ToLower(name) {
	case "write":
		return &g.Write
	case "trim":
		return &g.Trim
	case "mixed":
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
	for _, kv := range strings.Split(rest, ", ") {
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
	for _, kv := range strings.Split(rest, ", ") {
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

// fioBytes converts "12.8GiB", "13.8GB", "1043.5MB" to bytes. fio 3 marks
// binary units with "i"; fio 2 printed KB/MB/GB but meant 1024-based
// (kb_base=1024 was its default).
func fioBytes(s string, fio2 bool) (float64, bool) {
	v, unit, ok := numberWithUnit(s)
	if !ok || v < 0 {
		return 0, false
	}
	binary := strings.Contains(unit, "i") || fio2
	u := strings.ToUpper(strings.ReplaceAll(strings.TrimSuffix(unit, "B"), "i", ""))
	exp := 0
	switch u {
	case "":
	case "K":
		exp = 1
	case "M":
		exp = 2
	case "G":
		exp = 3
	case "T":
		exp = 4
	case "P":
		exp = 5
	default:
		return 0, false
	}
	base := 1000.0
	if binary {
		base = 1024
	}
	return v * math.Pow(base, float64(exp)), true
}

// fioCount reads IOPS such as "13.1k" or "1.2M" (decimal multipliers).
func fioCount(s string) (float64, bool) {
	v, unit, ok := numberWithUnit(s)
	if !ok || v < 0 {
		return 0, false
	}
	switch unit {
	case "":
	case "k", "K":
		v *= 1e3
	case "M", "m":
		v *= 1e6
	case "G":
		v *= 1e9
	default:
		return 0, false
	}
	return v, true
}

// fioDuration reads "779msec", "60s", "1500usec" as milliseconds.
func fioDuration(s string) (float64, bool) {
	v, unit, ok := numberWithUnit(s)
	if !ok || v < 0 {
		return 0, false
	}
	switch unit {
	case "msec", "ms":
		return v, true
	case "usec", "us":
		return v / 1000, true
	case "nsec", "ns":
		return v / 1e6, true
	case "sec", "s":
		return v * 1000, true
	}
	return 0, false
}

// fioLatency reads "lat (usec): min=679, max=10880, avg=2362.07, ..." as µs.
func fioLatency(t string) (float64, bool) {
	open, end := strings.IndexByte(t, '('), strings.IndexByte(t, ')')
	if open < 0 || end < open {
		return 0, false
	}
	unit := t[open+1 : end]
	avg := kvValue(t, "avg=")
	v, ok := parseFinite(avg)
	if !ok {
		return 0, false
	}
	switch unit {
	case "nsec":
		return v / 1000, true
	case "usec":
		return v, true
	case "msec":
		return v * 1000, true
	case "sec":
		return v * 1e6, true
	}
	return 0, false
}

// kvValue returns the value after key up to the next comma, space or ')'.
func kvValue(t, key string) string {
	i := strings.Index(t, key)
	if i < 0 {
		return ""
	}
	v := trimLeft(t[i+len(key):])
	if j := strings.IndexAny(v, ", )"); j >= 0 {
		v = v[:j]
	}
	return v
}

// fioBlockSize extracts the block size from a job description line
// ("bs=(R) 1024KiB-1024KiB, (W) ..." in fio 3, "bs=4K-4K/4K-4K/4K-4K" in fio 2).
func fioBlockSize(t string) string {
	i := strings.Index(t, "bs=")
	if i < 0 {
		return ""
	}
	v := strings.TrimPrefix(t[i+3:], "(R) ")
	if j := strings.IndexAny(v, ", "); j >= 0 {
		v = v[:j]
	}
	return v
}
