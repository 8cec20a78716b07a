package benchlog

import (
	"fmt"
	"strconv"
	"strings"
)

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
		p.testsVersion(c, n)
		return nil
	case strings.HasPrefix(c, "Collective test starting:"):
		p.collectiveStarting(c, n)
		return nil
	case strings.HasPrefix(c, "Collective test concluded:"):
		p.collectiveConcluded(c, n)
		return nil
	case strings.HasPrefix(c, "nThread ") || strings.HasPrefix(c, "nThreads: "):
		p.threadHeader(c, n)
		return nil
	case strings.HasPrefix(c, "Rank "):
		if p.deviceLine(c, n) {
			return nil
		}
	case strings.HasPrefix(c, "Out of bounds values"):
		return p.outOfBounds(c, n)
	case strings.HasPrefix(c, "Avg bus bandwidth"):
		return p.avgBusBandwidth(c, n)
	case strings.Contains(c, "busbw") && (strings.HasPrefix(c, "size ") || strings.HasPrefix(c, "bytes ")):
		return p.columnHeader(c, n)
	case strings.HasPrefix(c, "NCCL version "):
		p.ncclVersionLine(c)
		return nil
	case strings.Contains(c, "Test NCCL failure") || strings.Contains(c, "Test CUDA failure") ||
		strings.Contains(c, "Test failure"):
		p.failureLine(c, n)
		return nil
	case strings.Contains(c, "NCCL INFO"):
		p.infoLine(c)
		return nil
	case strings.Contains(c, "NCCL WARN"):
		if p.cur != nil {
			p.cur.note(newNote(NoteNCCLWarn, fmt.Sprintf("line %d: %s", n, c), "Line", strconv.Itoa(n), "Text", c))
		}
		return nil
	case hash && strings.HasPrefix(c, "error:"):
		p.lastError(c, n)
		return nil
	case strings.HasPrefix(c, "Reducing maxBytes"):
		p.reducedMaxBytes(c)
		return nil
	case strings.HasPrefix(c, "RCCL version") || strings.Contains(c, "rccl-tests") || strings.Contains(c, "RCCL INFO"):
		// AMD's fork prints "RCCL version 2.18.3+hip6.0" and tags its
		// debug lines RCCL; such a run is named, never scored as NVIDIA.
		p.rccl = true
		if !strings.Contains(c, "_perf") {
			return nil
		}
		// A prompt in an rccl-tests checkout runs a binary: read it below.
		fallthrough
	case strings.Contains(c, "_perf"):
		p.perfCommand(c)
		return nil
	}
	if retry {
		return p.launcherPrefixed(t, n)
	}
	return nil // launcher noise, prompts, banners, units line
}

// testsVersion reads "nccl-tests version 2.13.8 nccl-headers=21903 ...",
// which starts a run unless the current one has only just begun.
func (p *ncclParser) testsVersion(c string, n int) {
	st := p.cur
	if st == nil || st.phase >= phTable || st.sawVersion || st.sawStarting || st.run.Config.Present {
		st = p.newRun(n)
	}
	st.sawVersion = true
	var arr [16]string // the words, on the stack
	f := fields(c, arr[:0])
	if len(f) >= 3 {
		st.run.TestsVersion = strings.Clone(f[2])
	}
	for _, x := range f {
		if v, ok := strings.CutPrefix(x, "nccl-headers="); ok && st.run.NCCLVersion == "" {
			st.run.NCCLVersion = ncclCodeVersion(v)
		}
	}
}

// collectiveStarting reads "Collective test starting: all_reduce_perf",
// which starts a run unless the current one has only just begun.
func (p *ncclParser) collectiveStarting(c string, n int) {
	st := p.cur
	if st == nil || st.phase >= phTable || st.sawStarting || st.run.Config.Present {
		st = p.newRun(n)
	}
	st.sawStarting = true
	if coll := normalizeCollective(strings.TrimPrefix(c, "Collective test starting:")); coll != "" {
		st.run.Collective, st.run.CollectiveSource = coll, "header"
	}
}

// collectiveConcluded reads the run's closing line: it names the
// collective when the header did not, and a different one is noted.
func (p *ncclParser) collectiveConcluded(c string, n int) {
	st := p.cur
	if st == nil {
		return
	}
	coll := normalizeCollective(strings.TrimPrefix(c, "Collective test concluded:"))
	if st.run.Collective == "" && coll != "" {
		st.run.Collective, st.run.CollectiveSource = coll, "footer"
	} else if coll != "" && coll != st.run.Collective {
		st.note(newNote(NoteConcludedOther, fmt.Sprintf("line %d: concluded %s, but the run started as %s", n, coll, st.run.Collective),
			"Line", strconv.Itoa(n), "Concluded", coll, "Started", st.run.Collective))
	}
	st.phase = phDone
	st.run.EndLine = n
}

// threadHeader reads the "nThread 1 nGpus 1 minBytes ..." configuration.
func (p *ncclParser) threadHeader(c string, n int) {
	st := p.cur
	if st != nil && st.run.Config.Present && st.phase < phTable {
		// A second header before any table: N copies of a binary
		// built without MPI, each running alone (nccl-tests #213).
		st.independent = true
		return
	}
	if st == nil || st.phase >= phTable {
		st = p.newRun(n)
	}
	p.scratch = splitFields(c, p.scratch)
	st.run.Config = parseNThread(p.scratch)
}

// deviceLine reads a "Rank 0 Group 0 Pid ... device 0 [...] NVIDIA H100"
// line; false when it is not one.
func (p *ncclParser) deviceLine(c string, n int) bool {
	// parseDevice reads no further than the 12th word: the rest is the
	// device name, taken from the line as is.
	p.scratch = splitFieldsN(c, p.scratch, 12)
	d, ok := parseDevice(c, p.scratch, &p.pool)
	if !ok {
		return false
	}
	st := p.cur
	if st == nil || st.phase >= phFooter {
		st = p.newRun(n)
	}
	st.addDevice(d, n)
	return true
}

// outOfBounds reads the footer's "Out of bounds values : 0 OK".
func (p *ncclParser) outOfBounds(c string, n int) error {
	st := p.cur
	if st == nil {
		return nil
	}
	var arr [16]string // the words, on the stack
	f, err := st.footerWords(c, arr[:0])
	if err != nil {
		return err
	}
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
	st.note(newNote(NoteUnreadableOOB, fmt.Sprintf("line %d: unreadable Out of bounds line %q", n, c), "Line", strconv.Itoa(n), "Text", c))
	return nil
}

// footerWords are the words after a footer line's colon, appended to
// buf. A run whose table had a bad row fails at that row once its footer
// shows it was not cut short.
func (st *ncclRunState) footerWords(c string, buf []string) ([]string, error) {
	if st.badRowLine != 0 {
		return nil, errorf(KindNCCL, st.badRowLine, "%s", st.badRowReason)
	}
	_, v, _ := strings.Cut(c, ":")
	return fields(v, buf), nil
}

// avgBusBandwidth reads the footer's "Avg bus bandwidth : 124.5 [OK]".
func (p *ncclParser) avgBusBandwidth(c string, n int) error {
	st := p.cur
	if st == nil {
		return nil
	}
	var arr [16]string // the words, on the stack
	f, err := st.footerWords(c, arr[:0])
	if err != nil {
		return err
	}
	if len(f) >= 1 {
		if x, ok := parseFinite(f[0]); ok && x >= 0 {
			st.run.HasAvgBusBW, st.run.AvgBusBW = true, x
			if len(f) >= 2 && (f[1] == "OK" || f[1] == "FAILED") {
				st.run.MinBWCheck = "FAILED" // constants, not the upload's bytes
				if f[1] == "OK" {
					st.run.MinBWCheck = "OK"
				}
			}
			st.phase = max(st.phase, phFooter)
			st.run.EndLine = n
			return nil
		}
	}
	st.note(newNote(NoteUnreadableAvg, fmt.Sprintf("line %d: unreadable Avg bus bandwidth line %q", n, c), "Line", strconv.Itoa(n), "Text", c))
	return nil
}

// columnHeader reads the table's column header, which the rows are read
// by; a header without the needed columns fails the upload.
func (p *ncclParser) columnHeader(c string, n int) error {
	p.scratch = splitFields(c, p.scratch)
	spec, ok := newColSpec(p.scratch)
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
}

// ncclVersionLine reads "NCCL version 2.19.3+cuda12.3" for the current
// run, or the next when the current one has its rows.
func (p *ncclParser) ncclVersionLine(c string) {
	var arr [16]string // the words, on the stack
	f := fields(c, arr[:0])
	if len(f) < 3 {
		return
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
}

// failureLine keeps a "Test NCCL failure" line (up to maxFailureLines).
func (p *ncclParser) failureLine(c string, n int) {
	st := p.cur
	if st == nil {
		st = p.newRun(n)
	}
	st.run.FailureLines = addCapped(st.run.FailureLines, maxFailureLines, strings.Clone(c))
	st.run.EndLine = n
}

// infoLine reads an NCCL INFO line's host prefix and network.
func (p *ncclParser) infoLine(c string) {
	if i := strings.IndexByte(c, ':'); i > 0 && !strings.ContainsAny(c[:i], " \t") {
		p.addInfoHost(c[:i])
	}
	if nw := networkOf(c); nw != "" {
		p.network = nw
	}
}

// lastError notes a "# error: ..." line, NCCL's last error.
func (p *ncclParser) lastError(c string, n int) {
	if p.cur != nil {
		msg := trim(strings.TrimPrefix(c, "error:"))
		p.cur.note(newNote(NoteNCCLLastError, fmt.Sprintf("line %d: NCCL last error: %s", n, msg), "Line", strconv.Itoa(n), "Text", msg))
	}
}

// reducedMaxBytes notes "Reducing maxBytes to N due to memory limitation"
// and keeps N.
func (p *ncclParser) reducedMaxBytes(c string) {
	if p.cur == nil {
		return
	}
	p.cur.note(newNote(NoteReducedMaxBytes, strings.Clone(c), "Text", c))
	var arr [16]string
	if f := fields(c, arr[:0]); len(f) >= 4 && f[2] == "to" {
		if v, err := strconv.ParseInt(f[3], 10, 64); err == nil && v > 0 {
			p.cur.reducedMax = v
		}
	}
}

// perfCommand reads the collective from a command line that runs a
// *_perf binary, for the current run if its table has not begun, else
// for the next.
func (p *ncclParser) perfCommand(c string) {
	coll := collectiveFromCommand(c)
	if coll == "" {
		return
	}
	if st := p.cur; st != nil && st.phase < phTable && st.run.Collective == "" {
		st.run.Collective, st.run.CollectiveSource = coll, "command"
	} else {
		p.pendingColl = coll
	}
}

// launcherPrefixed takes a second look at a line after its "host: "
// prefix, as pdsh-style launchers write nccl-tests lines.
func (p *ncclParser) launcherPrefixed(t string, n int) error {
	i := strings.Index(t, ": ")
	if i <= 0 || strings.ContainsAny(t[:i], " \t") {
		return nil
	}
	rest := trimLeft(t[i+2:])
	if rest == "" || !(rest[0] == '#' || isDigit(rest[0]) || strings.HasPrefix(rest, "nThread ") || strings.HasPrefix(rest, "nThreads: ")) {
		return nil
	}
	if isDigit(rest[0]) && p.cur != nil && p.cur.spec != nil {
		p.fields = splitFields(rest, p.fields)
		if len(p.fields) >= 2 && isDigits(p.fields[0]) && isDigits(p.fields[1]) {
			return p.row(p.fields, n)
		}
	}
	return p.other(rest, n, false)
}

func (p *ncclParser) newRun(n int) *ncclRunState {
	p.finishRun()
	st := &ncclRunState{phase: phHeader}
	st.run.StartLine, st.run.EndLine = n, n
	st.run.Rows, st.run.Devices, p.rowBuf, p.devBuf = p.rowBuf, p.devBuf, nil, nil
	if st.run.Rows == nil && p.lastRows > 0 {
		st.run.Rows = make([]NCCLRow, 0, p.lastRows)
	}
	if st.run.Devices == nil && p.lastDevices > 0 {
		st.run.Devices = make([]NCCLDevice, 0, p.lastDevices)
	}
	if p.rankPid == nil {
		p.rankPid = map[int]int{}
	}
	clear(p.rankPid)
	st.rankPid = p.rankPid
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

func (st *ncclRunState) note(s Note) {
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

// networkOf reads the transport from an NCCL INFO line: "NET/IB : Using
// [0]mlx5_0:1/RoCE", "NET/OFI Selected Provider is efa", "Using network
// Socket". "" when the line names none.
func networkOf(c string) string {
	switch {
	case strings.Contains(c, "NET/OFI") || strings.Contains(c, "Libfabric") || strings.Contains(c, "provider efa") ||
		strings.Contains(c, "Provider is efa"):
		return "efa"
	case strings.Contains(c, "NET/IB") && strings.Contains(c, "/RoCE"):
		return "roce"
	case strings.Contains(c, "NET/IB") || strings.Contains(c, "Using network IB"):
		return "infiniband"
	case strings.Contains(c, "NET/Socket") || strings.Contains(c, "Using network Socket"):
		return "socket"
	}
	return ""
}
