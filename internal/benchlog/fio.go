package benchlog

import (
	"math"
	"slices"
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
	Notes   []Note     `json:"notes,omitempty"`
	// Runs is how many fio invocations the file holds (text output pasted
	// one after another); RunTotals sums each run's jobs, and Total is the
	// run with the best read or write bandwidth, never a sum across runs.
	Runs      int         `json:"runs"`
	RunTotals []FioTotals `json:"run_totals,omitempty"`
	// RunIncomplete marks, beside RunTotals, the runs that were
	// interrupted or ran short: a file of several is judged run by run,
	// and a complete run is not spoiled by an interrupted one before it.
	RunIncomplete []bool `json:"run_incomplete,omitempty"`
	// Incomplete marks output of a job interrupted by a signal or one that
	// ran shorter than its runtime asked; the codes are "interrupted" and
	// "short_runtime".
	Incomplete        bool     `json:"incomplete,omitempty"`
	IncompleteReasons []string `json:"incomplete_reasons,omitempty"`

	incompleteRuns []int // while parsing
}

// FioJob is one job (or one group with --group_reporting).
type FioJob struct {
	Name      string `json:"name"`
	GroupID   int    `json:"group_id"`
	Jobs      int    `json:"jobs,omitempty"` // processes folded in by group_reporting (text output)
	Error     int    `json:"error"`          // fio's err= / "error": non-zero means the job failed
	RW        string `json:"rw,omitempty"`   // rw= from the job options or description line
	BlockSize string `json:"block_size,omitempty"`
	IOEngine  string `json:"ioengine,omitempty"`
	Read      FioDir `json:"read"`
	Write     FioDir `json:"write"`
	Trim      FioDir `json:"trim"`
	Mixed     FioDir `json:"mixed"` // unified_rw_reporting
	// Sync is the fsync/fdatasync latency of a job that syncs (fsync=N):
	// what a checkpoint writer waits for.
	Sync *FioLatency `json:"sync,omitempty"`
	Run  int         `json:"run,omitempty"` // 0-based invocation in a file of several
	// RuntimeAskedMS is the runtime= option, 0 when not known. TimeBased
	// is time_based (the job runs its whole runtime); SizeBytes is size=
	// in bytes, 0 when not stated or stated as a share of the file.
	RuntimeAskedMS float64 `json:"runtime_asked_ms,omitempty"`
	TimeBased      bool    `json:"time_based,omitempty"`
	SizeBytes      int64   `json:"size_bytes,omitempty"`
}

// FioLatency is a latency distribution in µs: the mean and fio's
// percentiles (P is the percentile, 99.9 for "99.90th").
type FioLatency struct {
	MeanUS      float64         `json:"mean_us,omitempty"`
	Percentiles []FioPercentile `json:"percentiles,omitempty"`
}

// FioPercentile is one percentile of a latency distribution.
type FioPercentile struct {
	P  float64 `json:"p"`
	US float64 `json:"us"`
}

// FioDir is one direction of a job. Bandwidth is bytes per second whatever
// unit fio printed, so results from both unit bases compare directly.
type FioDir struct {
	BWBytes       float64 `json:"bw_bytes"` // bytes/s
	IOPS          float64 `json:"iops"`
	IOBytes       int64   `json:"io_bytes"`
	RuntimeMS     float64 `json:"runtime_ms"`
	MeanLatencyUS float64 `json:"mean_latency_us"` // total latency (slat+clat), µs
	// Latency is the completion-latency distribution (clat percentiles).
	Latency *FioLatency `json:"latency,omitempty"`
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
	s := asString(data) // the parsers copy what they keep
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
	runs := 1
	for _, j := range rep.Jobs {
		runs = max(runs, j.Run+1)
	}
	rep.Runs = runs
	rep.RunTotals = make([]FioTotals, runs)
	for _, j := range rep.Jobs {
		t := &rep.RunTotals[j.Run]
		addDir(&t.Read, j.Read)
		addDir(&t.Write, j.Write)
		addDir(&t.Trim, j.Trim)
		addDir(&t.Mixed, j.Mixed)
	}
	for _, j := range rep.Jobs {
		ran := max(j.Read.RuntimeMS, j.Write.RuntimeMS, j.Mixed.RuntimeMS, j.Trim.RuntimeMS)
		if j.RuntimeAskedMS > 0 && ran > 0 && ran < 0.95*j.RuntimeAskedMS && !j.finishedSize() {
			rep.incomplete(FioShortRuntime, j.Run)
		}
	}
	rep.RunIncomplete = make([]bool, runs)
	for _, r := range rep.incompleteRuns {
		if r < runs {
			rep.RunIncomplete[r] = true
		}
	}
	// Total is the best run, a complete one where there is one.
	best, bestComplete := -1.0, false
	for i := range rep.RunTotals {
		t := &rep.RunTotals[i]
		for _, d := range []*FioDir{&t.Read, &t.Write, &t.Trim, &t.Mixed} {
			d.MeanLatencyUS, d.Latency = 0, nil // a sum of means means nothing
		}
		bw, complete := max(t.Read.BWBytes, t.Write.BWBytes, t.Mixed.BWBytes), !rep.RunIncomplete[i]
		if (complete && !bestComplete) || (complete == bestComplete && bw > best) {
			rep.Total, best, bestComplete = *t, bw, complete
		}
	}
	if runs == 1 {
		rep.RunTotals, rep.RunIncomplete = nil, nil
	}
	return rep, nil
}

// finishedSize reports a job that is not time-based and moved the size it
// was given: it stopped before its runtime because its work was done.
func (j FioJob) finishedSize() bool {
	if j.TimeBased || j.SizeBytes <= 0 {
		return false
	}
	moved := j.Read.IOBytes + j.Write.IOBytes + j.Trim.IOBytes + j.Mixed.IOBytes
	return moved >= j.SizeBytes-j.SizeBytes/100
}

// MovesNoData reports an I/O engine that measures no storage: falloc and
// ftruncate only allocate or size files, null discards everything, the
// file* engines time metadata operations. Their "bandwidth" is not a disk's.
func (j FioJob) MovesNoData() bool {
	switch strings.ToLower(j.IOEngine) {
	case "falloc", "ftruncate", "null", "filecreate", "filestat", "filedelete", "dircreate", "dirstat", "dirdelete":
		return true
	}
	return false
}

// Reasons a fio report is incomplete.
const (
	FioInterrupted  = "interrupted"   // "fio: terminating on signal"
	FioShortRuntime = "short_runtime" // a job ran shorter than runtime= asked
)

// incomplete records why run (0-based) of the file is incomplete.
func (rep *FioReport) incomplete(code string, run int) {
	if !slices.Contains(rep.incompleteRuns, run) {
		rep.incompleteRuns = append(rep.incompleteRuns, run)
	}
	rep.Incomplete = true
	if !slices.Contains(rep.IncompleteReasons, code) {
		rep.IncompleteReasons = append(rep.IncompleteReasons, code)
	}
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
