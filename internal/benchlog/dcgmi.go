package benchlog

import (
	"cmp"
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// DCGMReport is one `dcgmi diag` run (text table or -j JSON): the active
// diagnostics DCGM ran and each one's outcome, per GPU where it says.
type DCGMReport struct {
	Format  string     `json:"format"`            // "text" or "json"
	Level   int        `json:"level,omitempty"`   // -r 1..4 when the command line shows it
	Version string     `json:"version,omitempty"` // DCGM version
	Driver  string     `json:"driver,omitempty"`
	GPUs    int        `json:"gpus,omitempty"` // device IDs detected
	Tests   []DCGMTest `json:"tests"`
	// DurationSeconds is the run's wall time from a `time` report around
	// it; 0 when the log does not say (dcgmi prints none of its own).
	DurationSeconds float64 `json:"duration_s,omitempty"`
}

// DCGMTest is one diagnostic and its results; a test may pass on some
// GPUs and fail on others ("Pass - GPUs: 1, 2" then "Fail - GPU: 0").
type DCGMTest struct {
	Category string       `json:"category"`
	Name     string       `json:"name"`
	Line     int          `json:"line,omitempty"`
	Results  []DCGMResult `json:"results"`
	Warnings []string     `json:"warnings,omitempty"`
	Info     []string     `json:"info,omitempty"` // DCGM's informational rows (power, bandwidth reached): shown, not weighed

	perGPU []gpuResult // DCGM 4's "GPU0: Pass" rows, while parsing
}

type gpuResult struct {
	gpu    int
	status string
}

// splitByGPU turns a test's overall result and DCGM 4's per-GPU rows into
// one result per outcome naming its GPUs, so a failure on GPU 3 is not
// taken for a failure on every GPU. An overall outcome no GPU shares (a
// test that failed with an internal error while every GPU passed) stays,
// naming no GPU.
func (t *DCGMTest) splitByGPU() {
	if len(t.perGPU) == 0 {
		return
	}
	var out []DCGMResult
	for _, g := range t.perGPU {
		i := slices.IndexFunc(out, func(r DCGMResult) bool { return r.Status == g.status })
		if i < 0 {
			out, i = append(out, DCGMResult{Status: g.status}), len(out)
		}
		if !slices.Contains(out[i].GPUs, g.gpu) {
			out[i].GPUs = append(out[i].GPUs, g.gpu)
		}
	}
	for _, r := range t.Results {
		if !slices.ContainsFunc(out, func(o DCGMResult) bool { return o.Status == r.Status }) {
			out = append([]DCGMResult{r}, out...)
		}
	}
	t.Results, t.perGPU = out, nil
}

// dcgmOwnError tells dcgmi's errors from other programs' in the same log.
func dcgmOwnError(msg string) bool {
	return strings.Contains(msg, "diagnostic") || strings.Contains(msg, "DCGM") || strings.Contains(msg, "plugin") ||
		strings.Contains(msg, "hostengine")
}

// dcgmGPURow reads DCGM 4's "GPU3: Fail" row.
func dcgmGPURow(v string) (int, DCGMResult, bool) {
	head, status, ok := strings.Cut(v, ": ")
	n, found := strings.CutPrefix(head, "GPU")
	if !ok || !found || !isDigits(n) || len(n) > 4 {
		return 0, DCGMResult{}, false
	}
	g, _ := strconv.Atoi(n)
	r, ok := dcgmStatus(trim(status))
	return g, r, ok && r.GPUs == nil
}

// DCGMResult is one status line: Status is "pass", "fail", "warn" or
// "skip"; GPUs nil means every GPU ("Pass - All" or no list).
type DCGMResult struct {
	Status string `json:"status"`
	GPUs   []int  `json:"gpus,omitempty"`
	Info   string `json:"info,omitempty"`
}

const maxDCGMTests = 256

var (
	dcgmCategory = regexp.MustCompile(`^[|+]-+\s+([A-Za-z][A-Za-z ]*?)\s+-+\+`)
	dcgmLevel    = regexp.MustCompile(`dcgmi\s+diag\b.*?(?:-r|--run)\s*(\S+)`)
	dcgmGPUNamed = regexp.MustCompile(`\bGPU (\d{1,4})\b`)
)

// ParseDCGMI parses `dcgmi diag` output, text or JSON.
func ParseDCGMI(data []byte) (*DCGMReport, error) {
	rep, err := parseDCGMI(data)
	if err != nil {
		return nil, err
	}
	rep.DurationSeconds = timedSeconds(asString(data))
	if rep.Level == 0 {
		if m := dcgmLevel.FindStringSubmatch(firstLines(asString(data), 8)); m != nil {
			rep.Level = dcgmLevelOf(m[1]) // a command line above a JSON document
		}
	}
	return rep, nil
}

// firstLines is the start of s up to n lines.
func firstLines(s string, n int) string {
	end := 0
	for i := 0; i < n && end < len(s); i++ {
		j := strings.IndexByte(s[end:], '\n')
		if j < 0 {
			return s
		}
		end += j + 1
	}
	return s[:end]
}

func parseDCGMI(data []byte) (*DCGMReport, error) {
	s := asString(data)
	if err := checkText(KindDCGMI, s); err != nil {
		return nil, err
	}
	if start, line := jsonStart(s); start >= 0 && (strings.Contains(s[start:], "test_categories") || looksDCGMJSON(s[start:])) {
		return parseDCGMJSON(s[start:], line)
	}
	p := dcgmTextParser{rep: &DCGMReport{Format: "text"}}
	sc := lineScanner{s: s}
	for {
		raw, ok := sc.next()
		if !ok {
			break
		}
		p.n = sc.n
		if err := p.line(trim(raw)); err != nil {
			return nil, err
		}
	}
	rep := p.rep
	for i := range rep.Tests {
		t := &rep.Tests[i]
		if t.Name == "Error" && t.Results[0].GPUs == nil {
			t.Results[0].GPUs = gpusNamed(t.Results[0].Info) // the whole text, wrapped lines joined
		}
		t.splitByGPU()
	}
	if len(rep.Tests) == 0 {
		return nil, errorf(KindDCGMI, sc.n, "no dcgmi diag results found (no | Test | Result | rows)")
	}
	return rep, nil
}

// dcgmTextParser reads dcgmi diag's text table a line at a time.
type dcgmTextParser struct {
	rep      *DCGMReport
	n        int // the line being read
	category string
	last     *DCGMTest
	// cont is the text a row without a name continues (a warning, an info
	// or an error wrapped at the column's width), full whether that row
	// filled the column (a word split, joined as is) or not (a wrap at a
	// space, joined with one).
	cont *string
	full bool
	// ended is set at the border closing the table: what follows (a job's
	// own output, a `dcgmi stats` table) is not the diagnostic's, unless
	// another diagnostic's header starts a table again.
	ended, rowsSeen bool
}

// line reads the trimmed line t.
func (p *dcgmTextParser) line(t string) error {
	// The expressions run only on the lines that can match them (their
	// literal prefix), which are few; running them on every line cost
	// most of the parse.
	if strings.Contains(t, "dcgmi") {
		if m := dcgmLevel.FindStringSubmatch(t); m != nil {
			p.rep.Level = dcgmLevelOf(m[1])
		}
	}
	if len(t) > 1 && (t[0] == '|' || t[0] == '+') && t[1] == '-' {
		p.border(t)
		return nil
	}
	if !strings.HasPrefix(t, "|") {
		if rest, ok := strings.CutPrefix(t, "Error: "); ok && !p.ended && len(p.rep.Tests) < maxDCGMTests && dcgmOwnError(rest) {
			p.ownError(rest)
		}
		return nil
	}
	name, value, rowFull := dcgmCells(t)
	if name == "Diagnostic" && strings.HasPrefix(trim(value), "Result") {
		p.ended, p.rowsSeen = false, false // a diagnostic's table starts
		return nil
	}
	if p.ended {
		return nil
	}
	p.rowsSeen = true
	switch {
	case p.category == "Metadata" || name == "DCGM Version" || name == "Driver Version Detected" || name == "GPU Device IDs Detected":
		dcgmMeta(p.rep, name, trim(value))
	case name == "Warning" || name == "Info":
		p.annotation(name, value, rowFull)
	case name == "Error":
		p.errorRow(value, rowFull)
	case name == "":
		p.continuation(value, rowFull)
	default:
		return p.testRow(name, value)
	}
	return nil
}

// border reads a table border: one naming a category starts it, the one
// closing the table after its rows ends the diagnostic's output.
func (p *dcgmTextParser) border(t string) {
	if m := dcgmCategory.FindStringSubmatch(t); m != nil {
		if !p.ended {
			p.category, p.last, p.cont = strings.Clone(m[1]), nil, nil
		}
		return
	}
	if t[0] == '+' && strings.Trim(t, "+-") == "" && p.rowsSeen {
		p.ended = true
	}
}

// ownError records dcgmi's own failure to run ("Error: Unable to complete
// diagnostic for entities 0,1,2,3. Return: (-30) ..."): no table, and a
// diagnostic that did not pass.
func (p *dcgmTextParser) ownError(rest string) {
	msg := strings.Clone(rest)
	var gpus []int
	if _, ents, ok := strings.Cut(msg, "for entities "); ok {
		ents, _, _ = strings.Cut(ents, ". ")
		gpus = gpuList(ents)
	}
	p.rep.Tests = append(p.rep.Tests, DCGMTest{Name: "Error", Line: p.n, Results: []DCGMResult{{Status: "fail", GPUs: gpus, Info: msg}}})
	p.last, p.cont = nil, nil
}

// dcgmCells are a table row's first two cells, as a split on "|" would
// give them, and whether the second filled its column.
func dcgmCells(t string) (name, value string, full bool) {
	name, value, twoCells := strings.Cut(strings.TrimSuffix(t[1:], "|"), "|")
	name = trim(name)
	full = true
	if twoCells {
		if i := strings.IndexByte(value, '|'); i >= 0 {
			value = value[:i]
		}
		// One pad space, then text wrapped at the column's width: keep
		// it unpadded so wrapped words join back ("second" + "s").
		// dcgmi pads a cell with one space before and two after its
		// text: a row with more after it was wrapped at a space.
		kept := strings.TrimRight(value, " \t")
		full = len(value)-len(kept) <= 2
		value = strings.TrimPrefix(kept, " ")
	}
	return name, value, full
}

// annotation keeps a Warning or Info row of the last test (16 at most).
func (p *dcgmTextParser) annotation(name, value string, rowFull bool) {
	p.cont = nil
	if p.last == nil {
		return
	}
	list := &p.last.Warnings
	if name == "Info" {
		list = &p.last.Info
	}
	if len(*list) < 16 {
		*list = append(*list, strings.Clone(trim(value)))
		p.cont, p.full = &(*list)[len(*list)-1], rowFull
	}
}

// errorRow records DCGM's own failure row (a deployment check that could
// not run, a GPU it found broken): a failed test of its category.
func (p *dcgmTextParser) errorRow(value string, rowFull bool) {
	if len(p.rep.Tests) >= maxDCGMTests {
		return
	}
	msg := strings.Clone(trim(value))
	p.rep.Tests = append(p.rep.Tests, DCGMTest{Category: p.category, Name: "Error", Line: p.n,
		Results: []DCGMResult{{Status: "fail", GPUs: gpusNamed(msg), Info: msg}}})
	p.last = &p.rep.Tests[len(p.rep.Tests)-1]
	p.cont, p.full = &p.last.Results[0].Info, rowFull
}

// continuation reads a row without a name: a GPU's outcome (DCGM 4),
// wrapped text of the row before, or another result of the last test.
func (p *dcgmTextParser) continuation(value string, rowFull bool) {
	if p.last == nil {
		return
	}
	if g, r, ok := dcgmGPURow(trim(value)); ok {
		// DCGM 4: the test's outcome on each GPU, after its row and its
		// warnings.
		p.cont = nil
		p.last.perGPU = append(p.last.perGPU, gpuResult{g, r.Status})
		return
	}
	if p.cont != nil {
		*p.cont = joinWrapped(*p.cont, p.full, value)
		p.full = rowFull
	} else if r, ok := dcgmStatus(trim(value)); ok {
		p.last.Results = append(p.last.Results, r)
	}
}

// testRow reads a test and its result; a result that is no status fails
// the upload.
func (p *dcgmTextParser) testRow(name, value string) error {
	r, ok := dcgmStatus(trim(value))
	if !ok {
		if trim(value) == "" {
			return nil
		}
		return errorf(KindDCGMI, p.n, "test %q has result %q, not Pass, Fail, Warn or Skip", name, trim(value))
	}
	if len(p.rep.Tests) >= maxDCGMTests {
		return nil
	}
	p.rep.Tests = append(p.rep.Tests, DCGMTest{Category: p.category, Name: strings.Clone(name), Line: p.n, Results: []DCGMResult{r}})
	p.last, p.cont = &p.rep.Tests[len(p.rep.Tests)-1], nil
	return nil
}

// joinWrapped adds a wrapped row's text to the text it continues: as is
// after a row that filled the column (a word split at the width), after
// one space otherwise (a wrap at a space).
func joinWrapped(prev string, prevFull bool, next string) string {
	if prevFull {
		return prev + next
	}
	return prev + " " + strings.TrimLeft(next, " ")
}

// gpusNamed are the GPUs a DCGM error names ("GPU 3 has uncorrectable
// memory errors"), in order, once each; nil when it names none.
func gpusNamed(msg string) []int {
	var out []int
	for _, m := range dcgmGPUNamed.FindAllStringSubmatch(msg, 16) {
		if g, err := strconv.Atoi(m[1]); err == nil && !slices.Contains(out, g) {
			out = append(out, g)
		}
	}
	return out
}

func dcgmMeta(rep *DCGMReport, name, value string) {
	switch name {
	case "DCGM Version":
		rep.Version = strings.Clone(value)
	case "Driver Version Detected":
		rep.Driver = strings.Clone(value)
	case "GPU Device IDs Detected":
		if value != "" {
			rep.GPUs = strings.Count(value, ",") + 1
		}
	}
}

func dcgmLevelOf(s string) int {
	switch strings.ToLower(s) {
	case "1", "short", "quick":
		return 1
	case "2", "medium":
		return 2
	case "3", "long":
		return 3
	case "4", "xlong":
		return 4
	}
	return 0
}

// dcgmStatus reads "Pass", "Pass - All", "Fail - GPU: 0", "Skip - GPUs: 1, 2".
func dcgmStatus(v string) (DCGMResult, bool) {
	head, rest, _ := strings.Cut(v, " - ")
	var r DCGMResult
	switch strings.ToLower(trim(head)) {
	case "pass", "passed":
		r.Status = "pass"
	case "fail", "failed", "error":
		r.Status = "fail"
	case "warn", "warning":
		r.Status = "warn"
	case "skip", "skipped", "not run", "n/a":
		r.Status = "skip"
	default:
		return r, false
	}
	rest = trim(rest)
	if rest != "" && !strings.EqualFold(rest, "All") {
		r.GPUs = gpuList(rest)
	}
	return r, true
}

func gpuList(s string) []int {
	var out []int
	for i, n := 0, 0; i < len(s) && n < 64; {
		if !isDigit(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		if v, err := strconv.Atoi(s[i:j]); err == nil {
			out = append(out, v)
		}
		i, n = j, n+1
	}
	return out
}

type dcgmJSON struct {
	Diag    dcgmDiagJSON `json:"DCGM GPU Diagnostic"`
	Diag4   dcgmDiagJSON `json:"DCGM Diagnostic"` // DCGM 4's name for the same
	Version string       `json:"DCGM Version"`
	Meta    struct {
		Driver  string `json:"Driver Version Detected"`
		Version string `json:"version"`
	} `json:"metadata"` // DCGM 4
}

type dcgmDiagJSON struct {
	Version    string             `json:"version"`
	Driver     string             `json:"Driver Version Detected"`
	Categories []dcgmCategoryJSON `json:"test_categories"`
}

type dcgmCategoryJSON struct {
	Category string         `json:"category"`
	Tests    []dcgmTestJSON `json:"tests"`
}

type dcgmTestJSON struct {
	Name    string           `json:"name"`
	Results []dcgmResultJSON `json:"results"`
	Summary struct {
		Status string          `json:"status"`
		Info   json.RawMessage `json:"info"`
	} `json:"test_summary"` // DCGM 4: the test's outcome over its entities
}

// dcgmResultJSON is one result: DCGM 3 lists the GPUs it covers in
// gpu_ids; DCGM 4 gives one result per entity (entity_group "GPU",
// entity_id 0).
type dcgmResultJSON struct {
	Status      string          `json:"status"`
	GPUIDs      json.RawMessage `json:"gpu_ids"`
	EntityGroup string          `json:"entity_group"`
	EntityID    json.RawMessage `json:"entity_id"`
	Info        json.RawMessage `json:"info"`
	Warnings    json.RawMessage `json:"warnings"`
}

func parseDCGMJSON(s string, line int) (*DCGMReport, error) {
	var doc dcgmJSON
	if !fastDCGMJSON(s, &doc) {
		doc = dcgmJSON{}
		if err := json.Unmarshal([]byte(s), &doc); err != nil {
			return nil, errorf(KindDCGMI, line+jsonErrorLine(s, err), "dcgmi diag JSON does not decode: %v", err)
		}
	}
	rep := &DCGMReport{Format: "json", Version: cmp.Or(doc.Version, doc.Diag.Version, doc.Diag4.Version, doc.Meta.Version),
		Driver: cmp.Or(doc.Diag.Driver, doc.Diag4.Driver, doc.Meta.Driver)}
	gpus := map[int]bool{}
	for _, c := range slices.Concat(doc.Diag.Categories, doc.Diag4.Categories) {
		for _, t := range c.Tests {
			if len(rep.Tests) >= maxDCGMTests {
				break
			}
			if t.Name == "" && len(t.Results) == 0 {
				continue // DCGM 3.1 prints null for a test the level did not run
			}
			dt := DCGMTest{Category: c.Category, Name: t.Name}
			results := t.Results
			if len(results) == 0 && t.Summary.Status != "" {
				// DCGM 4 with no entity results: the summary is the outcome.
				results = []dcgmResultJSON{{Status: t.Summary.Status, Info: t.Summary.Info}}
			}
			for _, r := range results {
				res, ok := dcgmStatus(r.Status)
				if !ok {
					return nil, errorf(KindDCGMI, line, "test %q has status %q, not Pass, Fail, Warn or Skip", t.Name, r.Status)
				}
				ids := jsonText(r.GPUIDs)
				if ids == "" && strings.EqualFold(r.EntityGroup, "GPU") {
					ids = jsonText(r.EntityID)
				}
				if ids != "" {
					res.GPUs = gpuList(ids)
					for _, g := range res.GPUs {
						gpus[g] = true
					}
				}
				res.Info = jsonText(r.Info)
				if len(res.Info) > 500 {
					res.Info = res.Info[:500]
				}
				dt.Results = append(dt.Results, res)
				if w := jsonText(r.Warnings); w != "" && len(dt.Warnings) < 16 {
					dt.Warnings = append(dt.Warnings, w)
				}
			}
			rep.Tests = append(rep.Tests, dt)
		}
	}
	if len(rep.Tests) == 0 {
		// No test_categories: an older layout, or a run that stopped early.
		var whole any
		if json.Unmarshal([]byte(s), &whole) == nil {
			rep.Tests = legacyDCGMTests(whole, s, line)
			for _, t := range rep.Tests {
				for _, r := range t.Results {
					for _, g := range r.GPUs {
						gpus[g] = true
					}
				}
			}
		}
	}
	rep.GPUs = len(gpus)
	if len(rep.Tests) == 0 {
		return nil, errorf(KindDCGMI, line, "dcgmi diag JSON has no test results")
	}
	return rep, nil
}

// looksDCGMJSON recognises a dcgmi diag -j document by its top-level name.
func looksDCGMJSON(s string) bool {
	return strings.Contains(s, `"DCGM GPU Diagnostic"`) || strings.Contains(s, `"DCGM Diagnostic"`)
}

// jsonText flattens a JSON string, number or list of them (or objects
// holding "warning" texts) into one string.
func jsonText(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	if s, ok := jsonTextFast(raw); ok {
		return s
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var list []json.RawMessage
	if json.Unmarshal(raw, &list) == nil {
		var parts []string
		for _, x := range list {
			if t := jsonText(x); t != "" {
				parts = append(parts, t)
			}
		}
		return strings.Join(parts, "; ")
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(raw, &obj) == nil {
		for _, k := range []string{"warning", "info", "message"} {
			if v, ok := obj[k]; ok {
				return jsonText(v)
			}
		}
		return ""
	}
	return strings.Trim(string(raw), `"`)
}

// jsonTextFast gives jsonText's answer for the values dcgmi prints most,
// without the decoding attempts: a string without escapes, a number, a
// literal. raw is one valid JSON value (the document decoded).
func jsonTextFast(raw json.RawMessage) (string, bool) {
	switch c := raw[0]; {
	case c == '"':
		body := string(raw[1 : len(raw)-1])
		if !utf8.ValidString(body) {
			return "", false
		}
		if strings.IndexByte(body, '\\') >= 0 {
			return jsonUnescape(body) // dcgmi's info lines are full of \t
		}
		return body, true
	case c == '-' || isDigit(c) || c == 't' || c == 'f':
		return string(raw), true // not a string, list or object: shown as written
	case c == 'n':
		return "", true // null decodes into a string as ""
	}
	return "", false
}

// jsonErrorLine turns a decoder error's offset into a line count.
func jsonErrorLine(s string, err error) int {
	var off int64
	switch e := err.(type) {
	case *json.SyntaxError:
		off = e.Offset
	case *json.UnmarshalTypeError:
		off = e.Offset
	default:
		return 0
	}
	if off > int64(len(s)) {
		off = int64(len(s))
	}
	return strings.Count(s[:off], "\n")
}
