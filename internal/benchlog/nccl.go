package benchlog

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// NCCLReport is everything found in one nccl-tests log. A file may hold
// several runs (wrappers concatenate one block per collective), each with
// its own figures.
type NCCLReport struct {
	Runs []NCCLRun `json:"runs"`
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
	Rows         []NCCLRow    `json:"rows"`

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
	Notes          []string `json:"notes,omitempty"` // non-fatal observations

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

// colSpec maps the tokens of a row, learnt from the column-names line, so
// that layouts with and without root, legacy error columns, -C, -I and -S
// all parse without hard-coding "the last 8 tokens".
type colSpec struct {
	n, nOOP                       int // full row, and a row ending after the out-of-place group
	tsExtra                       int // a -S timestamp may print as one or two tokens
	size, count, typ, redop, root int
	place                         [2]placeCols
	timeScale                     float64 // v1.0.0 printed ms
}

type placeCols struct {
	ok                    bool
	time, alg, bus, check int
	checkKind             int // 0 none, 1 #wrong count, 2 legacy max error
}

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
}

type ncclParser struct {
	runs        []NCCLRun
	cur         *ncclRunState
	fields      []string
	pendingColl string
	pendingNCCL string
	pendingHost map[string]struct{}
}

// ParseNCCL parses nccl-tests stdout (any collective, any version from
// v1.0.0 on), including launcher prefixes, NCCL_DEBUG lines, several runs
// per file and failed runs. It returns a *ParseError when no run is found
// or a table row is malformed in the middle of a table.
func ParseNCCL(data []byte) (*NCCLReport, error) {
	s := string(data)
	if err := checkText(KindNCCL, s); err != nil {
		return nil, err
	}
	p := &ncclParser{fields: make([]string, 0, 32)}
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
	return &NCCLReport{Runs: p.runs}, nil
}

// line handles one physical line. Data rows take the fast path: they start
// with a digit once launcher prefixes are gone, and nothing else needs to
// be checked for them.
func (p *ncclParser) line(raw string, n int) error {
	line := stripLauncher(raw)
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
	return p.other(t, n, true)
}

// other classifies every non-row line. retry allows one second look after
// removing a "host: " prefix (pdsh, clush, kubectl logs --prefix).
func (p *ncclParser) other(t string, n int, retry bool) error {
	hash := false
	c := t
	if c[0] == '#' {
		hash = true
		c = trimLeft(strings.TrimLeft(c, "#"))
	}
	c = trim(c)
	if c == "" {
		return nil
	}
	switch {
	case strings.HasPrefix(c, "nccl-tests version"):
		st := p.cur
		if st == nil || st.phase >= phTable || st.sawVersion || st.sawStarting || st.run.Config.Present {
			st = p.newRun(n)
		}
		st.sawVersion = true
		f := strings.Fields(c)
		if len(f) >= 3 {
			st.run.TestsVersion = strings.Clone(f[2])
		}
		for _, x := range f {
			if v, ok := strings.CutPrefix(x, "nccl-headers="); ok && st.run.NCCLVersion == "" {
				st.run.NCCLVersion = ncclCodeVersion(v)
			}
		}
		return nil
	case strings.HasPrefix(c, "Collective test starting:"):
		st := p.cur
		if st == nil || st.phase >= phTable || st.sawStarting || st.run.Config.Present {
			st = p.newRun(n)
		}
		st.sawStarting = true
		if coll := normalizeCollective(strings.TrimPrefix(c, "Collective test starting:")); coll != "" {
			st.run.Collective, st.run.CollectiveSource = coll, "header"
		}
		return nil
	case strings.HasPrefix(c, "Collective test concluded:"):
		if st := p.cur; st != nil {
			coll := normalizeCollective(strings.TrimPrefix(c, "Collective test concluded:"))
			if st.run.Collective == "" && coll != "" {
				st.run.Collective, st.run.CollectiveSource = coll, "footer"
			} else if coll != "" && coll != st.run.Collective {
				st.note(fmt.Sprintf("line %d: concluded %s, but the run started as %s", n, coll, st.run.Collective))
			}
			st.phase = phDone
			st.run.EndLine = n
		}
		return nil
	case strings.HasPrefix(c, "nThread "):
		st := p.cur
		if st != nil && st.run.Config.Present && st.phase < phTable {
			// A second header before any table: N copies of a binary
			// built without MPI, each running alone (nccl-tests #213).
			st.independent = true
			return nil
		}
		if st == nil || st.phase >= phTable {
			st = p.newRun(n)
		}
		st.run.Config = parseNThread(c)
		return nil
	case strings.HasPrefix(c, "Rank "):
		if d, ok := parseDevice(c); ok {
			st := p.cur
			if st == nil || st.phase >= phFooter {
				st = p.newRun(n)
			}
			st.addDevice(d, n)
			return nil
		}
	case strings.HasPrefix(c, "Out of bounds values"):
		if st := p.cur; st != nil {
			if st.badRowLine != 0 {
				return errorf(KindNCCL, st.badRowLine, "%s", st.badRowReason)
			}
			_, v, _ := strings.Cut(c, ":")
			f := strings.Fields(v)
			if len(f) >= 1 {
				if k, err := strconv.Atoi(f[0]); err == nil && k >= 0 {
					st.run.HasFooter = true
					st.run.OutOfBounds = k
					st.run.OutOfBoundsOK = k == 0 && (len(f) < 2 || f[1] != "FAILED")
					if len(f) >= 2 && f[1] == "OK" {
						st.run.OutOfBoundsOK = true
					}
					st.phase = max(st.phase, phFooter)
					st.run.EndLine = n
					return nil
				}
			}
			st.note(fmt.Sprintf("line %d: unreadable Out of bounds line %q", n, c))
		}
		return nil
	case strings.HasPrefix(c, "Avg bus bandwidth"):
		if st := p.cur; st != nil {
			if st.badRowLine != 0 {
				return errorf(KindNCCL, st.badRowLine, "%s", st.badRowReason)
			}
			_, v, _ := strings.Cut(c, ":")
			f := strings.Fields(v)
			if len(f) >= 1 {
				if x, ok := parseFinite(f[0]); ok && x >= 0 {
					st.run.HasAvgBusBW, st.run.AvgBusBW = true, x
					if len(f) >= 2 && (f[1] == "OK" || f[1] == "FAILED") {
						st.run.MinBWCheck = f[1]
					}
					st.phase = max(st.phase, phFooter)
					st.run.EndLine = n
					return nil
				}
			}
			st.note(fmt.Sprintf("line %d: unreadable Avg bus bandwidth line %q", n, c))
		}
		return nil
	case strings.Contains(c, "busbw") && (strings.HasPrefix(c, "size ") || strings.HasPrefix(c, "bytes ")):
		spec, ok := newColSpec(strings.Fields(c))
		if !ok {
			return errorf(KindNCCL, n, "column header without size, time, algbw and busbw columns: %q", c)
		}
		st := p.cur
		if st == nil || st.phase >= phRows {
			st = p.newRun(n)
		} else if st.spec != nil && st.independent {
			return nil // the other processes' copies of the same header
		}
		st.spec = spec
		st.phase = phTable
		return nil
	case strings.HasPrefix(c, "NCCL version "):
		f := strings.Fields(c)
		if len(f) < 3 {
			return nil
		}
		v := f[2]
		if i := strings.IndexByte(v, '+'); i > 0 {
			v = v[:i]
		}
		if p.cur != nil && p.cur.phase < phRows {
			if p.cur.run.NCCLVersion == "" {
				p.cur.run.NCCLVersion = strings.Clone(v)
			}
		} else {
			p.pendingNCCL = strings.Clone(v)
		}
		return nil
	case strings.Contains(c, "Test NCCL failure") || strings.Contains(c, "Test CUDA failure") ||
		strings.Contains(c, "Test failure"):
		st := p.cur
		if st == nil {
			st = p.newRun(n)
		}
		st.run.FailureLines = addCapped(st.run.FailureLines, maxFailureLines, strings.Clone(c))
		st.run.EndLine = n
		return nil
	case strings.Contains(c, "NCCL INFO"):
		if i := strings.IndexByte(c, ':'); i > 0 && !strings.ContainsAny(c[:i], " \t") {
			p.addInfoHost(c[:i])
		}
		return nil
	case strings.Contains(c, "NCCL WARN"):
		if p.cur != nil {
			p.cur.note(fmt.Sprintf("line %d: %s", n, c))
		}
		return nil
	case hash && strings.HasPrefix(c, "error:"):
		if p.cur != nil {
			p.cur.note(fmt.Sprintf("line %d: NCCL last error: %s", n, trim(strings.TrimPrefix(c, "error:"))))
		}
		return nil
	case strings.HasPrefix(c, "Reducing maxBytes"):
		if p.cur != nil {
			p.cur.note(strings.Clone(c))
		}
		return nil
	case strings.Contains(c, "_perf"):
		if coll := collectiveFromCommand(c); coll != "" {
			if st := p.cur; st != nil && st.phase < phTable && st.run.Collective == "" {
				st.run.Collective, st.run.CollectiveSource = coll, "command"
			} else {
				p.pendingColl = coll
			}
		}
		return nil
	}
	if retry {
		// "host: <nccl-tests line>" from pdsh-style launchers.
		if i := strings.Index(t, ": "); i > 0 && !strings.ContainsAny(t[:i], " \t") {
			rest := trimLeft(t[i+2:])
			if rest != "" && (rest[0] == '#' || isDigit(rest[0]) || strings.HasPrefix(rest, "nThread ")) {
				if isDigit(rest[0]) && p.cur != nil && p.cur.spec != nil {
					p.fields = splitFields(rest, p.fields)
					if len(p.fields) >= 2 && isDigits(p.fields[0]) && isDigits(p.fields[1]) {
						return p.row(p.fields, n)
					}
				}
				return p.other(rest, n, false)
			}
		}
	}
	return nil // launcher noise, prompts, banners, units line
}

// row stores one table row; f are its tokens.
func (p *ncclParser) row(f []string, n int) error {
	st := p.cur
	if st.phase >= phFooter && !st.independent {
		return errorf(KindNCCL, n, "data row after the run's footer without a new column header")
	}
	if st.badRowLine != 0 {
		// A malformed row followed by more rows is corruption, not a
		// truncated tail: refuse rather than guess.
		return errorf(KindNCCL, st.badRowLine, "%s", st.badRowReason)
	}
	r, reason := st.spec.parseRow(f, st)
	if reason != "" {
		st.badRowLine, st.badRowReason = n, reason
		st.run.EndLine = n
		return nil
	}
	r.Line = n
	st.run.Rows = append(st.run.Rows, r)
	st.phase = phRows
	st.run.EndLine = n
	return nil
}

func (p *ncclParser) newRun(n int) *ncclRunState {
	p.finishRun()
	st := &ncclRunState{phase: phHeader}
	st.run.StartLine, st.run.EndLine = n, n
	if p.pendingColl != "" {
		st.run.Collective, st.run.CollectiveSource = p.pendingColl, "command"
		p.pendingColl = ""
	}
	if p.pendingNCCL != "" {
		st.run.NCCLVersion, p.pendingNCCL = p.pendingNCCL, ""
	}
	if p.pendingHost != nil {
		st.infoHosts, p.pendingHost = p.pendingHost, nil
	}
	p.cur = st
	return st
}

func (p *ncclParser) addInfoHost(h string) {
	var m map[string]struct{}
	if p.cur != nil && p.cur.phase < phDone {
		if p.cur.infoHosts == nil {
			p.cur.infoHosts = map[string]struct{}{}
		}
		m = p.cur.infoHosts
	} else {
		if p.pendingHost == nil {
			p.pendingHost = map[string]struct{}{}
		}
		m = p.pendingHost
	}
	if _, ok := m[h]; !ok && len(m) < maxHostSet {
		m[strings.Clone(h)] = struct{}{}
	}
}

func (st *ncclRunState) note(s string) {
	st.run.Notes = addCapped(st.run.Notes, maxNotes, s)
}

func (st *ncclRunState) addDevice(d NCCLDevice, n int) {
	if st.rankPid == nil {
		st.rankPid = map[int]int{}
	}
	if pid, ok := st.rankPid[d.Rank]; ok {
		if pid != d.Pid || d.Pid == 0 {
			st.independent = true
		}
		return
	}
	if len(st.run.Devices) >= maxHostSet {
		return
	}
	st.rankPid[d.Rank] = d.Pid
	st.run.Devices = append(st.run.Devices, d)
	st.run.EndLine = n
}

// stripLauncher removes per-line tags that launchers add: Slurm's
// "srun --label" "N: " prefix and Open MPI's "[1,0]<stdout>:" tags. A
// launcher that tags every write chunk puts tags inside the row
// (NVIDIA/nccl#1453), so bracketed tags are removed anywhere in the line.
func stripLauncher(s string) string {
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
	return stripTags(s)
}

// stripTags removes "[d]", "[d,d]" and "[d,d]<stdout>:"/"<stderr>:" tags.
// Device lines ("[0000:1b:00]", "[0x35]") and NCCL INFO's "[0]" are safe:
// the former are not digit lists and the latter is noise anyway.
func stripTags(s string) string {
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
			b = make([]byte, 0, len(s))
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
	return string(b)
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

// parseNThread reads "nThread T nGpus G minBytes B maxBytes E step: ...
// warmup iters: W iters: N agg iters: M validation: C graph: G"; fields
// differ by version and fork, so it reads what it recognises.
func parseNThread(c string) NCCLConfig {
	cfg := NCCLConfig{Present: true}
	f := strings.Fields(c)
	next := func(i int) string {
		if i+1 < len(f) {
			return f[i+1]
		}
		return ""
	}
	atoi := func(s string) int { v, _ := strconv.Atoi(s); return v }
	atoi64 := func(s string) int64 { v, _ := strconv.ParseInt(s, 10, 64); return v }
	for i, x := range f {
		switch x {
		case "nThread":
			cfg.NThread = atoi(next(i))
		case "nGpus":
			cfg.NGpus = atoi(next(i))
		case "minBytes":
			cfg.MinBytes = atoi64(next(i))
		case "maxBytes":
			cfg.MaxBytes = atoi64(next(i))
		case "step:":
			cfg.Step = strings.Clone(next(i))
		case "iters:":
			switch {
			case i > 0 && f[i-1] == "warmup":
				cfg.WarmupIters = atoi(next(i))
			case i > 0 && f[i-1] == "agg":
				cfg.AggIters = atoi(next(i))
			default:
				cfg.Iters = atoi(next(i))
			}
		case "validation:":
			cfg.Validation = atoi(next(i))
		case "graph:":
			cfg.Graph = atoi(next(i))
		}
	}
	return cfg
}

// parseDevice reads a device line in any layout since v1.0.0:
// "Rank R [Group G] [Pid P] on HOST device D [BUS] NAME".
func parseDevice(c string) (NCCLDevice, bool) {
	var d NCCLDevice
	f := strings.Fields(c)
	if len(f) < 6 || f[0] != "Rank" {
		return d, false
	}
	var err error
	if d.Rank, err = strconv.Atoi(f[1]); err != nil || d.Rank < 0 {
		return d, false
	}
	i := 2
	if i+1 < len(f) && f[i] == "Group" {
		if d.Group, err = strconv.Atoi(f[i+1]); err != nil {
			return d, false
		}
		i += 2
	}
	if i+1 < len(f) && f[i] == "Pid" {
		if d.Pid, err = strconv.Atoi(f[i+1]); err != nil {
			return d, false
		}
		i += 2
	}
	if i+1 >= len(f) || f[i] != "on" {
		return d, false
	}
	d.Host = strings.Clone(f[i+1])
	i += 2
	if i+1 >= len(f) || f[i] != "device" {
		return d, false
	}
	if d.Device, err = strconv.Atoi(f[i+1]); err != nil {
		return d, false
	}
	// The name is free text after the bus id; take it from the line to keep
	// its spacing.
	k := strings.Index(c, " device ")
	if k < 0 {
		return d, false
	}
	rest := trimLeft(c[k+len(" device "):])
	rest = trimLeft(strings.TrimLeft(rest, "0123456789"))
	if strings.HasPrefix(rest, "[") {
		if e := strings.IndexByte(rest, ']'); e > 0 {
			d.BusID = strings.Clone(rest[1:e])
			rest = rest[e+1:]
		}
	}
	d.Name = strings.Clone(trim(rest))
	return d, true
}

func newColSpec(names []string) (*colSpec, bool) {
	sp := &colSpec{size: -1, count: -1, typ: -1, redop: -1, root: -1, timeScale: 1}
	for g := range sp.place {
		sp.place[g] = placeCols{time: -1, alg: -1, bus: -1, check: -1}
	}
	group := -1
	pos := 0
	for _, nm := range names {
		l := strings.ToLower(nm)
		switch {
		case group < 0 && (l == "size" || l == "bytes"):
			sp.size = pos
		case group < 0 && (l == "count" || l == "n"):
			sp.count = pos
		case group < 0 && l == "type":
			sp.typ = pos
		case group < 0 && (l == "redop" || l == "op"):
			sp.redop = pos
		case group < 0 && l == "root":
			sp.root = pos
		case l == "time" || l == "cputime":
			group++
			if group < 2 {
				sp.place[group].time = pos
			}
		case group >= 0 && group < 2 && l == "algbw":
			sp.place[group].alg = pos
		case group >= 0 && group < 2 && l == "busbw":
			sp.place[group].bus = pos
		case group >= 0 && group < 2 && (l == "#wrong" || l == "wrong"):
			sp.place[group].check, sp.place[group].checkKind = pos, 1
		case group >= 0 && group < 2 && (l == "error" || l == "res"):
			sp.place[group].check, sp.place[group].checkKind = pos, 2
		case l == "timestamp":
			pos++ // "%Y-%m-%d %H:%M:%S" prints as two tokens
			sp.tsExtra = 1
		}
		if l == "bytes" || l == "res" {
			sp.timeScale = 1000 // v1.0.0: time column in milliseconds
		}
		pos++
	}
	sp.n = pos
	for g := range sp.place {
		pc := &sp.place[g]
		pc.ok = pc.time >= 0 && pc.alg >= 0 && pc.bus >= 0
	}
	if sp.size != 0 || sp.count < 0 || !sp.place[0].ok {
		return nil, false
	}
	sp.nOOP = sp.n
	if sp.place[1].ok {
		sp.nOOP = sp.place[1].time
	}
	return sp, true
}

// parseRow maps tokens to a row; reason is non-empty when they do not fit.
func (sp *colSpec) parseRow(f []string, st *ncclRunState) (NCCLRow, string) {
	var r NCCLRow
	nf := len(f)
	oopOnly := false
	switch {
	case nf == sp.n || (sp.tsExtra > 0 && nf == sp.n-sp.tsExtra):
	case sp.place[1].ok && nf == sp.nOOP:
		oopOnly = true // v1.0.0 broadcast/reduce print one placement
	default:
		return r, fmt.Sprintf("row has %d fields, the column header has %d", nf, sp.n)
	}
	var err error
	if r.Size, err = strconv.ParseInt(f[sp.size], 10, 64); err != nil {
		return r, fmt.Sprintf("size %q is not a byte count", f[sp.size])
	}
	if r.Count, err = strconv.ParseInt(f[sp.count], 10, 64); err != nil {
		return r, fmt.Sprintf("count %q is not an element count", f[sp.count])
	}
	if sp.typ >= 0 {
		if f[sp.typ] != st.lastType {
			st.lastType = strings.Clone(f[sp.typ])
		}
		r.Type = st.lastType
	}
	if sp.redop >= 0 {
		if f[sp.redop] != st.lastRedop {
			st.lastRedop = strings.Clone(f[sp.redop])
		}
		r.Redop = st.lastRedop
	}
	if sp.root >= 0 {
		v, err := strconv.Atoi(f[sp.root])
		if err != nil {
			return r, fmt.Sprintf("root %q is not a rank", f[sp.root])
		}
		r.HasRoot, r.Root = true, v
	}
	var reason string
	if r.OutOfPlace, reason = sp.place[0].parse(f, sp.timeScale); reason != "" {
		return r, "out-of-place " + reason
	}
	if sp.place[1].ok && !oopOnly {
		if r.InPlace, reason = sp.place[1].parse(f, sp.timeScale); reason != "" {
			return r, "in-place " + reason
		}
	}
	return r, ""
}

func (pc *placeCols) parse(f []string, scale float64) (NCCLResult, string) {
	var res NCCLResult
	tv, ta, tb := f[pc.time], f[pc.alg], f[pc.bus]
	if isNA(tv) || isNA(ta) || isNA(tb) {
		res.Present = false
	} else {
		var ok1, ok2, ok3 bool
		res.TimeUS, ok1 = parseFinite(tv)
		res.AlgBW, ok2 = parseFinite(ta)
		res.BusBW, ok3 = parseFinite(tb)
		switch {
		case !ok1 || res.TimeUS < 0:
			return res, fmt.Sprintf("time %q is not a number", tv)
		case !ok2 || res.AlgBW < 0:
			return res, fmt.Sprintf("algbw %q is not a number", ta)
		case !ok3 || res.BusBW < 0:
			return res, fmt.Sprintf("busbw %q is not a number", tb)
		}
		res.TimeUS *= scale
		res.Present = true
	}
	if pc.check < 0 {
		return res, ""
	}
	cv := f[pc.check]
	if isNA(cv) {
		return res, ""
	}
	v, ok := parseFinite(cv)
	if !ok || v < 0 {
		return res, fmt.Sprintf("check column %q is not a number", cv)
	}
	if pc.checkKind == 1 {
		// %g prints large counts as 1.04858e+06.
		if v > math.MaxInt64/2 {
			v = math.MaxInt64 / 2
		}
		res.Checked, res.Wrong = true, int64(math.Round(v))
	} else {
		res.HasMaxError, res.MaxError = true, v
	}
	return res, ""
}

// finishRun closes the current run and computes its derived figures.
func (p *ncclParser) finishRun() {
	st := p.cur
	if st == nil {
		return
	}
	p.cur = nil
	r := &st.run
	if r.EndLine < r.StartLine {
		r.EndLine = r.StartLine
	}
	st.summarise()
	p.runs = append(p.runs, st.run)
}

func (st *ncclRunState) summarise() {
	r := &st.run
	// Devices: hosts, model, rank count.
	hostSet := map[string]struct{}{}
	models := map[string]int{}
	maxRank, splitGroups := -1, false
	for _, d := range r.Devices {
		hostSet[d.Host] = struct{}{}
		if d.Name != "" {
			models[d.Name]++
		}
		maxRank = max(maxRank, d.Rank)
		if d.Group != 0 {
			splitGroups = true
		}
	}
	if len(hostSet) == 0 && len(st.infoHosts) > 0 {
		hostSet = st.infoHosts
		r.Notes = addCapped(r.Notes, maxNotes, "hosts counted from NCCL INFO lines (no device lines)")
	}
	for h := range hostSet {
		r.Hosts = append(r.Hosts, h)
	}
	sort.Strings(r.Hosts)
	r.Nodes = len(r.Hosts)
	best := 0
	for m, c := range models {
		if c > best || (c == best && m < r.GPUModel) {
			r.GPUModel, best = m, c
		}
	}
	if len(models) > 1 {
		st.note(fmt.Sprintf("%d different GPU models in the device list", len(models)))
	}

	// Rows: peak, mean, largest size, latency, validation.
	var sum float64
	var cnt int
	r.SmallMsgLatencyUS = -1
	for i := range r.Rows {
		row := &r.Rows[i]
		for k, res := range [2]*NCCLResult{&row.OutOfPlace, &row.InPlace} {
			if res.Checked && res.Wrong > 0 {
				if len(r.WrongCells) < maxFailureLines {
					r.WrongCells = append(r.WrongCells, NCCLWrong{Line: row.Line, Size: row.Size, Type: row.Type, InPlace: k == 1, Wrong: res.Wrong})
				}
				r.TotalWrong = satAdd(r.TotalWrong, res.Wrong)
			}
			if res.HasMaxError && res.MaxError > r.MaxError {
				r.MaxError = res.MaxError
			}
			if !res.Present {
				continue
			}
			sum += res.BusBW
			cnt++
			if res.BusBW > r.PeakBusBW || (cnt == 1) {
				r.PeakBusBW, r.PeakSize, r.PeakInPlace = res.BusBW, row.Size, k == 1
			}
			if row.Size > r.MaxSize || (row.Size == r.MaxSize && res.BusBW > r.MaxSizeBusBW) {
				if row.Size > r.MaxSize {
					r.MaxSizeBusBW = 0
				}
				r.MaxSize = row.Size
				r.MaxSizeBusBW = max(r.MaxSizeBusBW, res.BusBW)
			}
			if row.Size > 0 && (r.SmallMsgSize == 0 || row.Size < r.SmallMsgSize) {
				r.SmallMsgSize, r.SmallMsgLatencyUS = row.Size, res.TimeUS
			} else if row.Size > 0 && row.Size == r.SmallMsgSize {
				// Both placements and repeated types: the minimum, because
				// the first row often carries a one-off warm-up spike.
				r.SmallMsgLatencyUS = min(r.SmallMsgLatencyUS, res.TimeUS)
			}
		}
	}
	if r.SmallMsgLatencyUS < 0 {
		r.SmallMsgLatencyUS = 0
	}
	if cnt > 0 {
		r.MeanBusBW = sum / float64(cnt)
	}
	st.deriveRanks(maxRank, splitGroups)

	// Verdict.
	var reasons []string
	if len(r.FailureLines) > 0 {
		reasons = append(reasons, "the test reported a failure: "+primaryFailure(r.FailureLines))
	}
	if st.independent {
		reasons = append(reasons, "several processes each ran as rank 0 on their own (nccl-tests built without MPI=1 but started with mpirun); the figures are single-process")
	}
	if st.badRowLine != 0 {
		reasons = append(reasons, fmt.Sprintf("output stops in a malformed row at line %d (%s)", st.badRowLine, st.badRowReason))
	}
	if len(r.Rows) == 0 {
		reasons = append(reasons, "no data rows: the run produced no measurements")
	} else if cnt == 0 {
		reasons = append(reasons, "no row has a numeric bandwidth")
	}
	if r.TotalWrong > 0 {
		reasons = append(reasons, fmt.Sprintf("validation found %d wrong elements (#wrong)", r.TotalWrong))
	}
	if r.HasFooter && !r.OutOfBoundsOK {
		reasons = append(reasons, fmt.Sprintf("Out of bounds values: %d FAILED", r.OutOfBounds))
	}
	r.FailureReasons = reasons
	r.Failed = len(reasons) > 0
	if !r.HasFooter && len(r.Rows) > 0 && !r.Failed {
		st.note("no footer (Out of bounds / Avg bus bandwidth): the log may be abridged")
	}
	if r.Config.Present && r.Config.Validation == 0 {
		st.note("validation disabled (-c 0): results were not checked")
	}
	if r.MaxError >= 1e-2 {
		st.note(fmt.Sprintf("legacy error column reaches %g (max relative delta); values this large suggest corrupted results", r.MaxError))
	}
	if r.MinBWCheck == "FAILED" {
		st.note("Avg bus bandwidth is below NCCL_TESTS_MIN_BW")
	}
}

// Bus-bandwidth factor families (nccl-tests doc/PERFORMANCE.md).
const (
	famUnknown   = iota
	famAllReduce // 2(n-1)/n
	famNm1       // (n-1)/n: all_gather, reduce_scatter, alltoall, gather, scatter
	famOne       // 1: broadcast, reduce, sendrecv, hypercube
)

func collectiveFamily(c string) int {
	switch c {
	case "all_reduce":
		return famAllReduce
	case "all_gather", "reduce_scatter", "alltoall", "alltoallv", "gather", "scatter":
		return famNm1
	case "broadcast", "reduce", "sendrecv", "hypercube":
		return famOne
	}
	return famUnknown
}

// deriveRanks settles Ranks from the device list and the busbw/algbw ratio,
// and names the collective from the ratio when nothing else did.
func (st *ncclRunState) deriveRanks(maxRank int, splitGroups bool) {
	r := &st.run
	fam := collectiveFamily(r.Collective)
	ratioN, ratioFam := ratioRanks(r.Rows, fam)
	devN := len(r.Devices)
	switch {
	case ratioN > 0 && !splitGroups:
		// The ratio is computed by the test from the real rank count; a
		// device list can be abridged by the publisher or cut at 2048
		// bytes per process, so it loses when they disagree.
		r.Ranks, r.RanksSource = ratioN, "busbw/algbw"
		if devN > 0 && ratioN == maxRank+1 {
			r.RanksSource = "devices"
		} else if devN > 0 {
			st.note(fmt.Sprintf("busbw/algbw implies %d ranks but the device list shows %d; the list looks abridged", ratioN, maxRank+1))
		}
	case devN > 0:
		// With NCCL_TESTS_SPLIT the bandwidth is per group, so only the
		// device list knows the total.
		r.Ranks, r.RanksSource = maxRank+1, "devices"
		if maxRank+1 != devN {
			r.RanksSource = "devices-abridged"
		}
	}
	switch {
	case r.Collective != "":
	case ratioFam == famAllReduce:
		// Only all_reduce has a factor above 1.
		r.Collective, r.CollectiveSource = "all_reduce", "inferred"
	case r.Ranks == 2 && ratioIsOne(r.Rows) && reductionRows(r.Rows):
		// On 2 ranks all_reduce's factor is 1, like sendrecv's; a reduction
		// with no root is most likely the all_reduce everyone runs first.
		r.Collective, r.CollectiveSource = "all_reduce", "inferred"
		st.note("collective inferred as all_reduce from 2 ranks and busbw = algbw; sendrecv would print the same")
	}
}

// bestRatio returns busbw/algbw on the row with the largest algbw, where
// printing rounds least, and the tolerance that rounding allows.
func bestRatio(rows []NCCLRow) (ratio, tol float64, ok bool) {
	var a, b float64
	for i := range rows {
		for _, res := range [2]*NCCLResult{&rows[i].OutOfPlace, &rows[i].InPlace} {
			if res.Present && res.AlgBW > a {
				a, b = res.AlgBW, res.BusBW
			}
		}
	}
	if a <= 0 {
		return 0, 0, false
	}
	ratio = b / a
	return ratio, ratio*(printErr(a)/a+printErr(b)/max(b, 1e-9)) + 1e-9, true
}

func ratioIsOne(rows []NCCLRow) bool {
	r, tol, ok := bestRatio(rows)
	return ok && math.Abs(r-1) <= tol
}

// reductionRows reports rows of a reduction without a root (redop other
// than "none", root -1 or absent).
func reductionRows(rows []NCCLRow) bool {
	for _, r := range rows {
		if r.Redop == "" || r.Redop == "none" || (r.HasRoot && r.Root != -1) {
			return false
		}
	}
	return len(rows) > 0
}

// ratioRanks derives n from busbw/algbw on the row with the largest algbw,
// where printing rounds least. It returns 0 when the factor does not depend
// on n or rounding leaves more than one n possible. fam may be famUnknown:
// a ratio above 1 can only be all_reduce, one below 1 only (n-1)/n.
func ratioRanks(rows []NCCLRow, fam int) (int, int) {
	ratio, tol, ok := bestRatio(rows)
	if !ok {
		return 0, fam
	}
	if fam == famUnknown {
		switch {
		case ratio > 1+tol && ratio < 2:
			fam = famAllReduce
		case ratio < 1-tol && ratio >= 0.5-tol:
			fam = famNm1
		case ratio > 1-tol && ratio < 1+tol:
			// all_reduce on 2 ranks or a factor-1 collective: only a
			// device list can tell; see deriveRanks.
			return 0, famUnknown
		default:
			return 0, famUnknown
		}
	}
	// factor(n) = k - k/n with k = 2 (all_reduce) or 1 ((n-1)/n) grows
	// with n, so the n that fit ratio ± tol form one interval, found in
	// closed form: factor(n) >= x  <=>  n >= k/(k-x).
	var k float64
	switch fam {
	case famAllReduce:
		k = 2
	case famNm1:
		k = 1
	default:
		return 0, fam
	}
	lo, hi := ratio-tol, ratio+tol
	if lo >= k {
		return 0, fam // impossible for this collective: misparse or bad data
	}
	first := math.Max(1, math.Ceil(k/(k-lo)))
	if hi >= k {
		return 0, fam // unbounded: every large n fits
	}
	last := math.Floor(k / (k - hi))
	if first != last || first > 1<<24 {
		return 0, fam // none or several fit
	}
	return int(first), fam
}

// printErr is half a unit in the last place nccl-tests prints for v: 2
// decimals, fewer as values grow (v2.17.3+ fits the column width).
func printErr(v float64) float64 {
	switch {
	case v < 1000:
		return 0.005
	case v < 10000:
		return 0.05
	case v < 100000:
		return 0.5
	}
	return v * 1e-5
}

func primaryFailure(lines []string) string {
	for _, l := range lines {
		if strings.Contains(l, "Test NCCL failure") || strings.Contains(l, "Test CUDA failure") {
			return l
		}
	}
	return lines[0]
}

// normalizeCollective turns "all_reduce_perf", "./build/all_reduce_perf_mpi"
// into "all_reduce".
func normalizeCollective(s string) string {
	s = trim(s)
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		s = s[:i]
	}
	if i := strings.LastIndexByte(s, '/'); i >= 0 {
		s = s[i+1:]
	}
	s = strings.TrimSuffix(s, "_mpi")
	s = strings.TrimSuffix(s, "_perf")
	return strings.Clone(s)
}

// collectiveFromCommand finds a known *_perf binary on a command line.
func collectiveFromCommand(c string) string {
	for _, tok := range strings.Fields(c) {
		if !strings.Contains(tok, "_perf") {
			continue
		}
		tok = strings.Trim(tok, `"'`)
		if coll := normalizeCollective(tok); collectiveFamily(coll) != famUnknown {
			return coll
		}
	}
	return ""
}

// ncclCodeVersion turns nccl-headers=22902 into "2.29.2".
func ncclCodeVersion(v string) string {
	code, err := strconv.Atoi(v)
	if err != nil || code <= 0 {
		return ""
	}
	if code < 10000 { // NCCL < 2.9 used major*1000 + minor*100 + patch
		return fmt.Sprintf("%d.%d.%d", code/1000, code%1000/100, code%100)
	}
	return fmt.Sprintf("%d.%d.%d", code/10000, code%10000/100, code%100)
}

func satAdd(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}
