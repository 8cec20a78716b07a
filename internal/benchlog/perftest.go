package benchlog

import (
	"strconv"
	"strings"
)

// PerftestReport is a perftest file (ib_write_bw, ib_read_bw, ib_send_bw,
// ib_*_lat): its first run, and the runs after it when a loop over NICs or
// tests captured several in one file. Each run is judged on its own: a weak
// NIC must not hide behind a strong one.
type PerftestReport struct {
	PerftestRun
	More  []PerftestRun `json:"more_runs,omitempty"` // later runs, in file order
	Notes []Note        `json:"notes,omitempty"`
}

// Runs are the file's runs in order.
func (r *PerftestReport) Runs() []PerftestRun {
	return append([]PerftestRun{r.PerftestRun}, r.More...)
}

// PerftestRun is one run: its settings and result rows.
type PerftestRun struct {
	Test     string        `json:"test"` // "RDMA_Write BW Test"
	Latency  bool          `json:"latency,omitempty"`
	Device   string        `json:"device,omitempty"`
	QPs      int           `json:"qps,omitempty"`
	LinkType string        `json:"link_type,omitempty"` // "IB" or "Ethernet"
	MTU      int           `json:"mtu,omitempty"`
	Gbits    bool          `json:"gbits,omitempty"` // --report_gbits: the table is in Gb/s
	Rows     []PerftestRow `json:"rows"`
	// Failures quote the lines where perftest said the run failed.
	Failures []RunFailure `json:"failures,omitempty"`
	// PeakGbps and AvgGbps are the best row in Gb/s whatever the unit. A
	// run of fixed duration (-D) measures no peak and prints 0.00 for it
	// ("BW peak won't be measured"): PeakGbps is then the row's average.
	PeakGbps float64 `json:"peak_gbps,omitempty"`
	AvgGbps  float64 `json:"avg_gbps,omitempty"`
	Line     int     `json:"line,omitempty"` // the row they come from
}

// PerftestRow is one message size. Bandwidth rows carry PeakBW/AvgBW in
// the table's unit; latency rows carry microseconds.
type PerftestRow struct {
	Line    int     `json:"line"`
	Bytes   int64   `json:"bytes"`
	Iters   int64   `json:"iters"`
	PeakBW  float64 `json:"peak_bw,omitempty"`
	AvgBW   float64 `json:"avg_bw,omitempty"`
	MsgRate float64 `json:"msg_rate_mpps,omitempty"`
	LatMin  float64 `json:"lat_min_us,omitempty"`
	LatTyp  float64 `json:"lat_typical_us,omitempty"`
	LatAvg  float64 `json:"lat_avg_us,omitempty"`
}

// maxPerftestRuns bounds the runs kept from one file (a loop over a
// host's NICs prints a handful).
const maxPerftestRuns = 64

// perftestParser holds the state of one pass over a perftest file.
type perftestParser struct {
	runs   []PerftestRun
	cur    *PerftestRun
	header bool // the current run's #bytes header was read
	banner bool // the current run printed its own banner
	notes  []Note
	// command is the test a command line names ("ib_write_bw"), for a run
	// that failed before its banner.
	command string
}

// next closes the current run: a run ends where another begins, at a
// banner once the run has one or has rows, or at a table header once it
// has rows.
func (p *perftestParser) next() {
	if len(p.runs) < maxPerftestRuns {
		p.runs = append(p.runs, *p.cur)
	}
	p.cur, p.header, p.banner = &PerftestRun{}, false, false
}

// ParsePerftest parses perftest's report, with or without --report_gbits,
// one run or several. A loopback run writes the server's and the client's
// output to one log: the second banner of the same test before any row,
// and the other side's copy of a row, belong to the same experiment. A
// run that failed (RDMA CM could not connect) keeps the line that says so.
func ParsePerftest(data []byte) (*PerftestReport, error) {
	s := asString(data)
	if err := checkText(KindPerftest, s); err != nil {
		return nil, err
	}
	p := &perftestParser{cur: &PerftestRun{}}
	var fields []string
	sc := lineScanner{s: s}
	for {
		raw, ok := sc.next()
		if !ok {
			break
		}
		t := trim(raw)
		// Rows start with a digit and nothing else a run prints does: they
		// skip the other lines' tests, which would cost most of the parse.
		if t == "" || !isDigit(t[0]) {
			p.control(t, sc.n)
			continue
		}
		if !p.header {
			continue
		}
		fields = splitFields(t, fields)
		if !isDigits(fields[0]) {
			continue // not a row: the tail of a command line the terminal wrapped ("92.168.1.60")
		}
		if err := p.row(fields, t, sc.n); err != nil {
			return nil, err
		}
	}
	p.next()
	return p.finish(sc.n)
}

// control reads the lines that are not result rows: banners, headers,
// settings, failures and command lines. It reports whether t was one.
func (p *perftestParser) control(t string, n int) bool {
	cur := p.cur
	switch {
	case strings.HasSuffix(t, " Test") && (strings.Contains(t, "BW") || strings.Contains(t, "Lat")):
		sameSide := cur.Test == t && len(cur.Rows) == 0 && len(cur.Failures) == 0
		if (cur.Test != "" || len(cur.Rows) > 0) && !sameSide {
			p.next()
		}
		p.cur.Test, p.banner = strings.Clone(t), true
		p.cur.Latency = strings.Contains(t, "Lat")
	case strings.HasPrefix(t, "#bytes"):
		if len(cur.Rows) > 0 {
			p.next()
		}
		p.header = true
		p.cur.Gbits = strings.Contains(t, "Gb/sec")
		p.cur.Latency = p.cur.Latency || strings.Contains(t, "t_min")
	case perftestFailure(t):
		cur.Failures = addFailure(cur.Failures, n, cmpOr(cur.Test, p.command), t)
	case strings.Contains(t, " : "):
		// Settings: "Dual-port : OFF\tDevice : mlx5_5", two per line.
		for i, pos := 0, 0; i < 4; i++ {
			k, v, next, ok := perftestKV(t, pos)
			if !ok {
				break
			}
			perftestSetting(cur, trim(k), v)
			pos = next
		}
	default:
		if cmd := perftestCommand(t); cmd != "" {
			p.command = cmd
		}
		return false
	}
	return true
}

// row reads one result row into the current run. A row of a size the run
// already has is the other side's copy (a loopback log's server repeats
// the client's last row); a line of another shape is skipped with a note.
func (p *perftestParser) row(fields []string, t string, n int) error {
	cur := p.cur
	if notPerftestRow(fields) {
		if len(p.notes) < 8 {
			p.notes = append(p.notes, newNote(NoteSkippedLine, "line "+strconv.Itoa(n)+" inside the result table is not a result row and was skipped: "+clip(t, 120),
				"Line", strconv.Itoa(n), "Text", clip(t, 120)))
		}
		return nil
	}
	row, err := perftestRow(fields, cur.Latency)
	if err != "" {
		return errorf(KindPerftest, n, "%s", err)
	}
	row.Line = n
	for _, r := range cur.Rows {
		if r.Bytes == row.Bytes {
			return nil
		}
	}
	if len(cur.Rows) < 256 {
		cur.Rows = append(cur.Rows, row)
	}
	return nil
}

// finish drops the empty tail and the other side's repeated table, and
// sets every run's best row.
func (p *perftestParser) finish(last int) (*PerftestReport, error) {
	runs := p.runs
	// A banner with no rows after the last run is a run that printed no
	// result (failed or cut off); a trailing empty run is only the end.
	if l := runs[len(runs)-1]; len(runs) > 1 && l.Test == "" && len(l.Rows) == 0 && len(l.Failures) == 0 {
		runs = runs[:len(runs)-1]
	}
	runs = dropRepeatedTables(runs)
	if first := runs[0]; len(runs) == 1 && first.Test == "" && len(first.Rows) == 0 {
		if len(first.Failures) == 0 {
			return nil, errorf(KindPerftest, last, "no perftest report found (no \"... BW Test\" banner or #bytes table)")
		}
		runs[0].Test = p.command // failed before its banner: the command names the test
	}
	for i := range runs {
		runs[i].best()
	}
	return &PerftestReport{PerftestRun: runs[0], More: runs[1:], Notes: p.notes}, nil
}

// dropRepeatedTables removes a table without a banner of its own whose
// sizes all repeat the run before it: the server's copy of the client's
// result in a loopback log, not another NIC.
func dropRepeatedTables(runs []PerftestRun) []PerftestRun {
	out := runs[:1]
	for _, r := range runs[1:] {
		prev := out[len(out)-1]
		if r.Test == "" && r.Device == "" && len(r.Rows) > 0 && len(r.Failures) == 0 && sizesWithin(r.Rows, prev.Rows) {
			continue
		}
		out = append(out, r)
	}
	return out
}

func sizesWithin(rows, of []PerftestRow) bool {
	for _, r := range rows {
		found := false
		for _, o := range of {
			found = found || o.Bytes == r.Bytes
		}
		if !found {
			return false
		}
	}
	return true
}

// notPerftestRow reports a line among the rows that is no result row: a
// field with no digit at all ("!=", "MHz") is a warning's word, where a
// row's fields are all numbers (a field with digits that does not read,
// "98.x", is a damaged row and an error).
func notPerftestRow(f []string) bool {
	for _, x := range f {
		digit := false
		for i := 0; i < len(x); i++ {
			digit = digit || isDigit(x[i])
		}
		if !digit {
			return true
		}
	}
	return false
}

// perftestFailure recognises perftest's own words for a run that could not
// connect or stopped: RDMA CM, the socket exchange, a failed completion.
func perftestFailure(t string) bool {
	if t == "" || (t[0] != 'U' && t[0] != 'C' && t[0] != 'F' && t[0] != 'E') {
		return false // every message below starts with one of these
	}
	return strings.Contains(t, "Unable to perform rdma_") || strings.Contains(t, "Unexpected CM event") ||
		strings.Contains(t, "Unable to init the socket connection") || strings.HasPrefix(t, "Couldn't connect to") ||
		strings.Contains(t, "Failed to create QP") || strings.HasPrefix(t, "Failed status") ||
		strings.Contains(t, "Error occurred while running") || strings.Contains(t, "Unable to create the rdma_resources")
}

// perftestCommand names the perftest binary a command line runs
// ("ib_write_bw"), or "".
func perftestCommand(t string) string {
	i := strings.Index(t, "ib_")
	if i < 0 || i > 0 && t[i-1] != ' ' && t[i-1] != '/' && t[i-1] != '$' && t[i-1] != '#' {
		return ""
	}
	w := t[i:]
	if j := strings.IndexAny(w, " \t"); j >= 0 {
		w = w[:j]
	}
	if strings.HasSuffix(w, "_bw") || strings.HasSuffix(w, "_lat") {
		return strings.Clone(w)
	}
	return ""
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// best sets the run's best row: the one that sustained the most (its
// average; its peak where it printed no average).
func (r *PerftestRun) best() {
	// perftest's MB/sec is 2^20 bytes per second (its format_factor);
	// its Gb/sec (--report_gbits) is already 10^9 bits per second.
	scale := 8.0 * (1 << 20) / 1e9
	if r.Gbits {
		scale = 1
	}
	bestKey := 0.0
	for _, row := range r.Rows {
		peak := row.PeakBW
		if peak == 0 {
			peak = row.AvgBW
		}
		key := row.AvgBW
		if key == 0 {
			key = peak
		}
		if key*scale > bestKey {
			bestKey = key * scale
			r.PeakGbps, r.AvgGbps, r.Line = peak*scale, row.AvgBW*scale, row.Line
		}
	}
}

// Sustained is the run's judged bandwidth in Gb/s: the best row's average
// (what the link kept up over the run), or its peak where it has no
// average.
func (r PerftestRun) Sustained() float64 {
	if r.AvgGbps > 0 {
		return r.AvgGbps
	}
	return r.PeakGbps
}

func perftestSetting(rep *PerftestRun, k, v string) {
	switch k {
	case "Device":
		rep.Device = strings.Clone(v)
	case "Number of qps":
		rep.QPs, _ = strconv.Atoi(v)
	case "Link type":
		rep.LinkType = strings.Clone(v)
	case "Mtu":
		rep.MTU, _ = strconv.Atoi(strings.TrimSuffix(v, "[B]"))
	}
}

func perftestRow(f []string, latency bool) (PerftestRow, string) {
	var r PerftestRow
	var err error
	if len(f) < 4 {
		return r, "result row has fewer than 4 columns"
	}
	if r.Bytes, err = strconv.ParseInt(f[0], 10, 64); err != nil {
		return r, "#bytes " + strconv.Quote(f[0]) + " is not a size"
	}
	if r.Iters, err = strconv.ParseInt(f[1], 10, 64); err != nil {
		return r, "#iterations " + strconv.Quote(f[1]) + " is not a count"
	}
	var buf [8]float64 // on the stack: a row is parsed without allocating
	nums := buf[:0]
	for _, x := range f[2:] {
		v, ok := parseFinite(x)
		if !ok || v < 0 {
			return r, "value " + strconv.Quote(x) + " is not a number"
		}
		nums = append(nums, v)
	}
	if latency {
		r.LatMin = nums[0]
		if len(nums) > 2 {
			r.LatTyp = nums[2]
		}
		if len(nums) > 3 {
			r.LatAvg = nums[3]
		}
		return r, ""
	}
	r.PeakBW, r.AvgBW = nums[0], nums[1]
	if len(nums) > 2 {
		r.MsgRate = nums[2]
	}
	return r, ""
}

// perftestKV finds the next setting of a banner line from pos, which holds
// two of them separated by spaces or a TAB: "Number of qps   : 1   Transport
// type : IB". It matches what the regular expression
// `([A-Za-z][\w .*\/()-]*?)\s+:\s+(\S+)` would, in one linear pass (the
// expression cost half the parser's time): a key starts at a letter, runs
// over key characters and ends at the blanks before " : ".
func perftestKV(t string, pos int) (key, value string, next int, ok bool) {
	for i := pos; i < len(t); i++ {
		if !isASCIILetter(t[i]) {
			continue
		}
		e := i + 1
		for e < len(t) && isPerftestKeyChar(t[e]) {
			e++
		}
		// Only the blanks that end the key's run can precede the colon:
		// blanks followed by another key character are inside the key.
		a := e
		for a > i+1 && t[a-1] == ' ' {
			a--
		}
		j := a
		for j < len(t) && isRESpace(t[j]) {
			j++
		}
		if j > a && j < len(t) && t[j] == ':' {
			k := j + 1
			for k < len(t) && isRESpace(t[k]) {
				k++
			}
			v := k
			for v < len(t) && !isRESpace(t[v]) {
				v++
			}
			if k > j+1 && v > k {
				return t[i:a], t[k:v], v, true
			}
		}
		// Every start inside [i, e) ends at the same blanks, so none can match.
		i = e - 1
	}
	return "", "", len(t), false
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// isRESpace is the regexp class \s: blank, TAB, newline, form feed, CR.
func isRESpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }

func isPerftestKeyChar(c byte) bool {
	return isASCIILetter(c) || isDigit(c) || c == '_' || c == ' ' || c == '.' || c == '*' || c == '/' || c == '(' || c == ')' || c == '-'
}
