package benchlog

import (
	"math"
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

func clampInt64(f float64) int64 {
	switch {
	case math.IsNaN(f) || f < 0:
		return 0
	case f >= math.MaxInt64:
		return math.MaxInt64
	}
	return int64(f)
}
