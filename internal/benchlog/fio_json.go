package benchlog

import (
	"cmp"
	"encoding/json"
	"errors"
	"slices"
	"strings"
)

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
	Sync       *fioJSONDir    `json:"sync"`
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
	Clat     *fioJSONStat `json:"clat"`    // µs (fio 2)
	ClatNS   *fioJSONStat `json:"clat_ns"` // ns (fio 3)
}

type fioJSONStat struct {
	Mean       float64            `json:"mean"`
	Percentile map[string]float64 `json:"percentile"`
	// sorted holds the percentiles the fast walk read, in range and in
	// ascending order, in the stat's unit (encoding/json fills Percentile).
	sorted []FioPercentile
}

// latency turns a stat in unit-µs (1 for µs, 0.001 for ns) into µs.
func (st *fioJSONStat) latency(scale float64) *FioLatency {
	if st == nil || (st.Mean == 0 && len(st.Percentile) == 0 && len(st.sorted) == 0) {
		return nil
	}
	l := &FioLatency{MeanUS: st.Mean * scale}
	if len(st.sorted) > 0 {
		l.Percentiles = make([]FioPercentile, len(st.sorted))
		for i, p := range st.sorted {
			l.Percentiles[i] = FioPercentile{P: p.P, US: p.US * scale}
		}
		return l
	}
	if len(st.Percentile) > 0 {
		l.Percentiles = make([]FioPercentile, 0, len(st.Percentile))
	}
	for k, v := range st.Percentile {
		if p, ok := parseFinite(k); ok && p > 0 && p <= 100 {
			l.Percentiles = append(l.Percentiles, FioPercentile{P: p, US: v * scale})
		}
	}
	slices.SortFunc(l.Percentiles, func(a, b FioPercentile) int { return cmp.Compare(a.P, b.P) }) // no reflection, unlike sort.Slice
	return l
}

func parseFioJSON(s string, start, startLine int) (*FioReport, error) {
	var doc fioJSONDoc
	if !fastFioJSON(s[start:], &doc) {
		doc = fioJSONDoc{}
		if err := decodeFioJSON(sanitizeJSONNumbers(s[start:]), &doc, startLine); err != nil {
			return nil, err
		}
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
		job.IOEngine = optString(j.JobOptions, doc.Global, "ioengine")
		for _, d := range []struct {
			src *fioJSONDir
			dst *FioDir
		}{{j.Read, &job.Read}, {j.Write, &job.Write}, {j.Trim, &job.Trim}, {j.Mixed, &job.Mixed}} {
			if d.src != nil {
				*d.dst = d.src.dir()
			}
		}
		if j.Sync != nil {
			if j.Sync.LatNS != nil {
				job.Sync = j.Sync.LatNS.latency(0.001)
			} else {
				job.Sync = j.Sync.Lat.latency(1)
			}
		}
		jobRuntimeAsked(&job, j.JobOptions, doc.Global)
		rep.Jobs = append(rep.Jobs, job)
	}
	if fioSignalled(s) {
		// A signal stops every job; the JSON still prints what was done.
		rep.incomplete(FioInterrupted, 0)
	}
	for _, d := range doc.DiskUtil {
		rep.Disks = append(rep.Disks, FioDisk{Name: strings.Clone(d.Name), UtilPct: d.Util})
	}
	return rep, nil
}

// decodeFioJSON is encoding/json's decoding of the document, for what
// the fast walk gives up on; its errors name the line.
func decodeFioJSON(body string, doc *fioJSONDoc, startLine int) error {
	dec := json.NewDecoder(strings.NewReader(body))
	if err := dec.Decode(doc); err != nil {
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
		return errorf(KindFio, line, "invalid fio JSON: %v", err)
	}
	return nil
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
	if d.ClatNS != nil {
		out.Latency = d.ClatNS.latency(0.001)
	} else if d.Clat != nil {
		out.Latency = d.Clat.latency(1)
	}
	// lat_percentiles=1 puts the percentiles under the total latency.
	if out.Latency == nil || len(out.Latency.Percentiles) == 0 {
		if l := d.LatNS.latency(0.001); l != nil && len(l.Percentiles) > 0 {
			out.Latency = l
		} else if l := d.Lat.latency(1); l != nil && len(l.Percentiles) > 0 {
			out.Latency = l
		}
	}
	return out
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
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			// Skip the string in one search per escape, not byte by byte
			// ("minf" and "info" keys make most fio documents come here).
			j := i + 1
			for {
				q := strings.IndexByte(s[j:], '"')
				if q < 0 {
					j = len(s)
					break
				}
				if bs := strings.IndexByte(s[j:j+q], '\\'); bs >= 0 {
					j += bs + 2 // the escaped byte, a quote or not, is text
					if j > len(s) {
						j = len(s)
						break
					}
					continue
				}
				j += q
				break
			}
			i = j
		case '-', 'n', 'i':
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
	}
	if b == nil {
		return s
	}
	return string(b)
}

// optPresent reports an option set on the job or globally; fio prints
// flags such as time_based with an empty or "1" value.
func optPresent(job, global map[string]any, key string) bool {
	_, a := job[key]
	_, b := global[key]
	return a || b
}

// jobRuntimeAsked reads runtime=, time_based and size= of a job. A job
// that is not time-based stops at its size or its runtime, whichever comes
// first, so a short run is complete only when it moved its size.
func jobRuntimeAsked(job *FioJob, opts, global map[string]any) {
	if rt := optString(opts, global, "runtime"); rt != "" {
		if ms, ok := fioDuration(rt); ok {
			job.RuntimeAskedMS = ms
		} else if v, ok := parseFinite(rt); ok {
			job.RuntimeAskedMS = v * 1000 // fio's default unit is seconds
		}
	}
	if optPresent(opts, global, "time_based") {
		v := optString(opts, global, "time_based")
		job.TimeBased = v != "0" && !strings.EqualFold(v, "false")
	}
	if sz := optString(opts, global, "size"); sz != "" && !strings.HasSuffix(sz, "%") {
		if b, ok := fioBytes(sz, true); ok { // fio's kb_base defaults to 1024
			job.SizeBytes = clampInt64(b)
		}
	}
}

// fioSignalled finds fio's own words for a run stopped by a signal, which
// it prints around its JSON document ("fio: terminating on signal 2") or
// for a killed worker ("fio: pid=123, got signal=9").
func fioSignalled(s string) bool {
	return strings.Contains(s, "fio: terminating on signal") || strings.Contains(s, ", got signal=")
}
