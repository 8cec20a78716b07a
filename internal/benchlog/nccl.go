package benchlog

import (
	"strconv"
	"strings"
)

// NCCLReport is everything found in one nccl-tests log. A file may hold
// several runs (wrappers concatenate one block per collective), each with
// its own figures.
type NCCLReport struct {
	Runs []NCCLRun `json:"runs"`
	// Omitted summarises, by collective, the runs Compact dropped past
	// MaxStoredRuns; empty for a report straight from the parser.
	Omitted []NCCLOmitted `json:"omitted,omitempty"`
}

// NCCLRun is one nccl-tests invocation: its header, its table and the
// figures derived from them. Check Failed before using any bandwidth: a
// failed run may have no rows at all, and its zeros are not measurements.
type NCCLRun struct {
	StartLine int `json:"start_line"` // first line attributed to the run
	EndLine   int `json:"end_line"`   // last line attributed to the run

	// Collective is the test without the _perf suffix ("all_reduce").
	// CollectiveSource says how it was learnt: "header" (Collective test
	// starting), "footer" (Collective test concluded), "command" (a
	// *_perf command line before the output), "inferred" (from the
	// busbw/algbw ratio, see Ranks) or "" when unknown.
	Collective       string `json:"collective"`
	CollectiveSource string `json:"collective_source"`

	TestsVersion string       `json:"tests_version,omitempty"` // "2.17.8" from "# nccl-tests version"
	NCCLVersion  string       `json:"nccl_version,omitempty"`  // "2.29.2" from nccl-headers or "NCCL version" lines
	Config       NCCLConfig   `json:"config"`
	Devices      []NCCLDevice `json:"devices,omitempty"`
	Rows         []NCCLRow    `json:"rows,omitempty"`
	// Points are (size, best busbw) per row, what a chart draws; Compact
	// fills them in place of Rows.
	Points []NCCLPoint `json:"points,omitempty"`

	// Footer. HasFooter is false when the "Out of bounds values" line is
	// missing, which publishers often cause by trimming; it is not by
	// itself proof of a crash.
	HasFooter     bool    `json:"has_footer"`
	OutOfBounds   int     `json:"out_of_bounds"`    // failed (row × placement × process) checks, not rows
	OutOfBoundsOK bool    `json:"out_of_bounds_ok"` // the footer said OK
	HasAvgBusBW   bool    `json:"has_avg_busbw"`
	AvgBusBW      float64 `json:"avg_busbw"`    // footer mean over rows, GB/s; never "the" bandwidth
	MinBWCheck    string  `json:"min_bw_check"` // "OK"/"FAILED" when NCCL_TESTS_MIN_BW was set

	// Failed marks a run whose figures must not be scored; FailureReasons
	// says why, FailureLines holds the tool's own failure lines verbatim.
	Failed         bool     `json:"failed"`
	FailureReasons []string `json:"failure_reasons,omitempty"`
	FailureLines   []string `json:"failure_lines,omitempty"`
	Notes          []Note   `json:"notes,omitempty"` // non-fatal observations

	// Incomplete marks a run that did not finish its sweep: no footer, or
	// a last row below the size the header asked for. Its figures are real
	// but must never pass a verdict; IncompleteReasons says why.
	Incomplete        bool     `json:"incomplete,omitempty"`
	IncompleteReasons []string `json:"incomplete_reasons,omitempty"`
	// EffectiveMaxBytes is maxBytes after a "Reducing maxBytes to N" line,
	// else Config.MaxBytes; 0 when the log states neither.
	EffectiveMaxBytes int64 `json:"effective_max_bytes,omitempty"`
	// ValidationOff, RowsTrimmed and DevicesAbridged are the notes that
	// bear on a verdict, as flags so a verdict does not read sentences.
	ValidationOff   bool `json:"validation_off,omitempty"`
	RowsTrimmed     bool `json:"rows_trimmed,omitempty"`
	DevicesAbridged bool `json:"devices_abridged,omitempty"`
	// Library is "nccl" or "rccl" (AMD ROCm's fork, rccl-tests), learnt
	// from version lines and device names; an RCCL run is never judged
	// against an NVIDIA fabric.
	Library string `json:"library,omitempty"`
	// Network is the transport NCCL INFO lines name: "infiniband", "roce",
	// "efa", "socket" or "" when the log does not say.
	Network string `json:"network,omitempty"`

	// Derived figures. Ranks comes from the device lines, or from the
	// busbw/algbw ratio when they are missing or abridged (RanksSource
	// "devices", "devices-abridged" or "busbw/algbw"); 0 means unknown.
	Ranks       int      `json:"ranks"`
	RanksSource string   `json:"ranks_source"`
	Nodes       int      `json:"nodes"`               // distinct hosts; 0 when no host is named
	Hosts       []string `json:"hosts,omitempty"`     // sorted; from device lines, else NCCL INFO lines
	GPUModel    string   `json:"gpu_model,omitempty"` // most common device name

	PeakBusBW   float64 `json:"peak_busbw"` // max busbw over rows and placements, GB/s
	PeakSize    int64   `json:"peak_size"`  // message size of the peak, bytes
	PeakInPlace bool    `json:"peak_in_place"`
	MeanBusBW   float64 `json:"mean_busbw"` // recomputed like the footer's Avg, for logs without one

	MaxSize      int64   `json:"max_size"`       // largest message size in the table
	MaxSizeBusBW float64 `json:"max_size_busbw"` // best busbw at MaxSize: what references compare

	SmallMsgSize      int64   `json:"small_msg_size"`       // smallest non-zero size
	SmallMsgLatencyUS float64 `json:"small_msg_latency_us"` // its time, µs (min of both placements)

	// Line numbers of the rows the figures above come from, so a verdict
	// can cite them after the rows are dropped (see Compact).
	PeakLine     int   `json:"peak_line,omitempty"`
	SmallMsgLine int   `json:"small_msg_line,omitempty"`
	LastSize     int64 `json:"last_size,omitempty"` // size of the last row printed
	// JudgedBusBW is the best busbw at sizes ≥ 1 GiB (what references
	// compare), JudgedSize and JudgedLine its row; JudgedSize 0 means the
	// run has no such size.
	JudgedBusBW float64 `json:"judged_busbw,omitempty"`
	JudgedSize  int64   `json:"judged_size,omitempty"`
	JudgedLine  int     `json:"judged_line,omitempty"`

	WrongCells []NCCLWrong `json:"wrong_cells,omitempty"` // every non-zero #wrong
	TotalWrong int64       `json:"total_wrong"`           // sum of #wrong; any > 0 fails the run
	MaxError   float64     `json:"max_error"`             // legacy "error" column: max relative delta, not a count
}

// NCCLConfig is the "# nThread ..." line. Present is false when the log
// has none (excerpts often start at the table).
type NCCLConfig struct {
	Present     bool   `json:"present"`
	NThread     int    `json:"nthread"`
	NGpus       int    `json:"ngpus"`
	MinBytes    int64  `json:"min_bytes"`
	MaxBytes    int64  `json:"max_bytes"`
	Step        string `json:"step,omitempty"` // "2(factor)" or "1048576(bytes)"
	WarmupIters int    `json:"warmup_iters"`
	Iters       int    `json:"iters"`
	AggIters    int    `json:"agg_iters"`
	Validation  int    `json:"validation"` // 0 means #wrong is N/A everywhere
	Graph       int    `json:"graph"`
}

// NCCLDevice is one "#  Rank N Group G Pid P on HOST device D [bus] NAME" line.
type NCCLDevice struct {
	Rank   int    `json:"rank"`
	Group  int    `json:"group"`
	Pid    int    `json:"pid"`
	Host   string `json:"host"`
	Device int    `json:"device"`
	BusID  string `json:"bus_id,omitempty"`
	Name   string `json:"name,omitempty"` // CUDA device name; rccl-tests prints none
}

// NCCLRow is one message size of the table.
type NCCLRow struct {
	Line       int        `json:"line"`  // line number in the upload
	Size       int64      `json:"size"`  // bytes
	Count      int64      `json:"count"` // elements
	Type       string     `json:"type"`
	Redop      string     `json:"redop,omitempty"`
	HasRoot    bool       `json:"has_root"` // false in legacy layouts without the column
	Root       int        `json:"root"`     // -1 for rootless collectives
	OutOfPlace NCCLResult `json:"out_of_place"`
	InPlace    NCCLResult `json:"in_place"`
}

// NCCLResult is one placement (out-of-place or in-place) of a row.
// Present is false when the placement was not printed (v1 broadcast) or
// its figures were N/A.
type NCCLResult struct {
	Present bool    `json:"present"`
	TimeUS  float64 `json:"time_us"` // v1.0.0 printed ms; converted
	AlgBW   float64 `json:"algbw"`   // GB/s
	BusBW   float64 `json:"busbw"`   // GB/s
	// Checked is true when a #wrong count was printed; N/A (validation off,
	// in-place alltoall/sendrecv) and legacy logs leave it false.
	Checked bool  `json:"checked"`
	Wrong   int64 `json:"wrong"`
	// HasMaxError/MaxError carry the legacy "error"/"res" column.
	HasMaxError bool    `json:"has_max_error"`
	MaxError    float64 `json:"max_error"`
}

// NCCLWrong locates a non-zero #wrong cell.
type NCCLWrong struct {
	Line    int    `json:"line"`
	Size    int64  `json:"size"`
	Type    string `json:"type"`
	InPlace bool   `json:"in_place"`
	Wrong   int64  `json:"wrong"`
}

// Limits that keep hostile input from growing the report without bound.
const (
	maxNotes        = 32
	maxFailureLines = 64
	maxHostSet      = 4096
)

// Progress of a run through the nccl-tests layout; start markers seen at or
// past their phase mean a new run has begun.
const (
	phHeader = iota
	phTable  // column names seen
	phRows   // at least one row
	phFooter // Out of bounds / Avg line seen
	phDone   // Collective test concluded
)

type ncclRunState struct {
	run          NCCLRun
	phase        int
	spec         *colSpec
	sawVersion   bool
	sawStarting  bool
	independent  bool
	badRowLine   int
	badRowReason string
	infoHosts    map[string]struct{}
	rankPid      map[int]int
	lastType     string
	lastRedop    string
	reducedMax   int64 // from "Reducing maxBytes to N"
}

type ncclParser struct {
	runs        []NCCLRun
	cur         *ncclRunState
	fields      []string
	pendingColl string
	pendingNCCL string
	pendingHost map[string]struct{}
	network     string // last transport an NCCL INFO line named
	rccl        bool   // an RCCL version or debug line was seen
	// compact keeps runs in their stored form as they finish (see Compact).
	compact bool
	charted int
	omitted []NCCLOmitted
	rowBuf  []NCCLRow
	devBuf  []NCCLDevice
	// The last run's row and device counts size the next run's arrays:
	// runs of one log are alike, and growing them by doubling allocated
	// twice what a many-run log keeps.
	lastRows, lastDevices int
	rankPid               map[int]int // the current run's, cleared per run
	scratch               []string    // fields of the header line being read
	arena                 textArena
	pool                  stringPool
}

// ParseNCCL parses nccl-tests stdout (any collective, any version from
// v1.0.0 on), including launcher prefixes, NCCL_DEBUG lines, several runs
// per file and failed runs. It returns a *ParseError when no run is found
// or a table row is malformed in the middle of a table.
func ParseNCCL(data []byte) (*NCCLReport, error) { return parseNCCL(data, false) }

func parseNCCL(data []byte, compact bool) (*NCCLReport, error) {
	s := asString(data)
	if err := checkText(KindNCCL, s); err != nil {
		return nil, err
	}
	p := &ncclParser{fields: make([]string, 0, 32), compact: compact}
	sc := lineScanner{s: s}
	for {
		raw, ok := sc.next()
		if !ok {
			break
		}
		if err := p.line(raw, sc.n); err != nil {
			return nil, err
		}
	}
	p.finishRun()
	if len(p.runs) == 0 {
		return nil, errorf(KindNCCL, sc.n, "no nccl-tests output found (no nThread line, column header, table or failure line)")
	}
	return &NCCLReport{Runs: p.runs, Omitted: p.omitted}, nil
}

// line handles one physical line. Data rows take the fast path: they start
// with a digit once launcher prefixes are gone, and nothing else needs to
// be checked for them.
func (p *ncclParser) line(raw string, n int) error {
	line := stripLauncher(raw, &p.arena)
	t := trimLeft(line)
	if t == "" {
		return nil
	}
	if isDigit(t[0]) && p.cur != nil && p.cur.spec != nil {
		p.fields = splitFields(t, p.fields)
		if len(p.fields) >= 2 && isDigits(p.fields[0]) && isDigits(p.fields[1]) {
			return p.row(p.fields, n)
		}
	}
	if isDigit(t[0]) && (p.cur == nil || p.cur.spec == nil) {
		p.fields = splitFields(t, p.fields)
		if headerlessRow(p.fields) {
			p.headerlessTable(n)
			return p.row(p.fields, n)
		}
	}
	return p.other(t, n, true)
}

// modernColumns are the column names nccl-tests 2.x prints: size, count,
// type, redop, root, then time, algbw, busbw and #wrong out of place and
// in place.
var modernColumns = strings.Fields("size count type redop root time algbw busbw #wrong time algbw busbw #wrong")

// headerlessRow reports a row of the modern 13-column table seen without
// its column header (kubectl logs --tail, a paste of the rows): only that
// layout has a data type, a reduction and a root in the 3rd to 5th
// columns, so it is read as such and nothing else is.
func headerlessRow(f []string) bool {
	if len(f) != len(modernColumns) || !isDigits(f[0]) || !isDigits(f[1]) || !ncclTypes[f[2]] || !ncclRedops[f[3]] {
		return false
	}
	_, err := strconv.Atoi(f[4])
	return err == nil
}

var (
	ncclTypes = map[string]bool{"int8": true, "uint8": true, "int32": true, "uint32": true, "int64": true, "uint64": true,
		"half": true, "float": true, "double": true, "bfloat16": true, "f8e4m3": true, "f8e5m2": true, "fp8_e4m3": true, "fp8_e5m2": true}
	ncclRedops = map[string]bool{"sum": true, "prod": true, "max": true, "min": true, "avg": true, "mulsum": true, "none": true}
)

// headerlessTable starts the run a headerless row belongs to, its columns
// those of the modern layout, and says so.
func (p *ncclParser) headerlessTable(n int) {
	st := p.cur
	if st == nil || st.phase >= phRows {
		st = p.newRun(n)
	}
	st.spec, _ = newColSpec(modernColumns)
	st.phase = phTable
	st.note(newNote(NoteNoColumnHeader, "the table has no column header (cut off above it): its 13 columns are read as nccl-tests 2.x prints them"))
}

// stripLauncher removes per-line tags that launchers add: Slurm's
// "srun --label" "N: " prefix and Open MPI's "[1,0]<stdout>:" tags. A
// launcher that tags every write chunk puts tags inside the row
// (NVIDIA/nccl#1453), so bracketed tags are removed anywhere in the line.
func stripLauncher(s string, arena *textArena) string {
	// A Markdown quote ("> " before every line of a pasted log) and Ray's
	// "(head, rank=0, pid=3808) " (SkyPilot, Ray jobs) before the rest.
	if rest, ok := strings.CutPrefix(s, "> "); ok {
		s = rest
	} else if s == ">" {
		return ""
	}
	if len(s) > 0 && s[0] == '(' {
		if end := strings.Index(s, ") "); end > 0 && strings.Contains(s[:end], "pid=") && !strings.Contains(s[1:end], "(") {
			s = s[end+2:]
		}
	}
	// "0: " or " 12: " at the start.
	i := 0
	for i < len(s) && s[i] == ' ' {
		i++
	}
	j := i
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	if j > i && j < len(s) && s[j] == ':' && (j+1 == len(s) || s[j+1] == ' ' || s[j+1] == '\t') {
		s = s[j+1:]
	}
	if strings.IndexByte(s, '[') < 0 {
		return s
	}
	return stripTags(s, arena)
}

// stripTags removes "[d]", "[d,d]" and "[d,d]<stdout>:"/"<stderr>:" tags.
// Device lines ("[0000:1b:00]", "[0x35]") and NCCL INFO's "[0]" are safe:
// the former are not digit lists and the latter is noise anyway.
func stripTags(s string, arena *textArena) string {
	var b []byte
	last := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '[' {
			continue
		}
		end := tagEnd(s, i)
		if end < 0 {
			continue
		}
		if b == nil {
			b = arena.start(len(s))
		}
		b = append(b, s[last:i]...)
		b = append(b, ' ')
		last = end
		i = end - 1
	}
	if b == nil {
		return s
	}
	b = append(b, s[last:]...)
	return arena.finish(b)
}

// tagEnd returns the index after a launcher tag starting at s[i]=='[', or -1.
func tagEnd(s string, i int) int {
	j := i + 1
	digits, commas := 0, 0
	for j < len(s) && (isDigit(s[j]) || s[j] == ',') {
		if s[j] == ',' {
			commas++
		} else {
			digits++
		}
		j++
	}
	if digits == 0 || commas > 1 || j >= len(s) || s[j] != ']' {
		return -1
	}
	j++
	for _, suf := range [...]string{"<stdout>:", "<stderr>:"} {
		if strings.HasPrefix(s[j:], suf) {
			return j + len(suf)
		}
	}
	if commas == 1 {
		return -1 // "[1,0]" alone is not a tag format we know
	}
	return j
}
