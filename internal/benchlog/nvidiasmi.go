package benchlog

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// SMIReport is the GPU inventory read from nvidia-smi output.
type SMIReport struct {
	// Format is the nvidia-smi mode the upload came from: "table" (plain
	// nvidia-smi), "query" (-q), "csv" (--query-gpu/--query-compute-apps
	// --format=csv) or "list" (-L).
	Format        string `json:"format"`
	DriverVersion string `json:"driver_version,omitempty"`
	CUDAVersion   string `json:"cuda_version,omitempty"`
	GPUCount      int    `json:"gpu_count"`
	GPUModel      string `json:"gpu_model,omitempty"` // most common name
	GPUs          []GPU  `json:"gpus"`
	// Processes lists GPU processes where the output shows them;
	// NoProcesses is true when it says there are none.
	Processes   []GPUProcess `json:"processes,omitempty"`
	NoProcesses bool         `json:"no_processes"`
	// CSV keeps the raw query table, because a --query-gpu log can carry
	// any field (power samples over time, clocks) that GPU does not model.
	CSV   *CSVTable `json:"csv,omitempty"`
	Notes []string  `json:"notes,omitempty"`
}

// GPU is one device. Zero numbers mean "not shown" except where a pointer
// is used, because an ECC count of 0 is itself information.
type GPU struct {
	Index          int     `json:"index"`          // nvidia-smi index; order of appearance in -q
	Name           string  `json:"name,omitempty"` // as printed; old tables truncate with "..."
	BusID          string  `json:"bus_id,omitempty"`
	UUID           string  `json:"uuid,omitempty"`
	Persistence    string  `json:"persistence,omitempty"` // On/Off (table), Enabled/Disabled (-q)
	MIGMode        string  `json:"mig_mode,omitempty"`
	ECCMode        string  `json:"ecc_mode,omitempty"`
	MemoryTotalMiB int64   `json:"memory_total_mib"`
	MemoryUsedMiB  int64   `json:"memory_used_mib"`
	TemperatureC   float64 `json:"temperature_c"`
	PowerDrawW     float64 `json:"power_draw_w"`     // last reading
	PowerDrawMaxW  float64 `json:"power_draw_max_w"` // highest reading (CSV logs sample over time)
	PowerCapW      float64 `json:"power_cap_w"`      // enforced power limit
	Samples        int     `json:"samples"`          // rows seen for this GPU (CSV -l logging)

	// ECC counters; nil where the output does not show them (N/A, ECC
	// off, or a mode that omits them). The table shows only the first.
	ECCVolatileUncorrected  *int64 `json:"ecc_volatile_uncorrected,omitempty"`
	ECCVolatileCorrected    *int64 `json:"ecc_volatile_corrected,omitempty"`
	ECCAggregateUncorrected *int64 `json:"ecc_aggregate_uncorrected,omitempty"`
	ECCAggregateCorrected   *int64 `json:"ecc_aggregate_corrected,omitempty"`
}

// GPUProcess is one row of the process table. GPU is -1 when the output
// names the device only by bus id or UUID.
type GPUProcess struct {
	GPU     int    `json:"gpu"`
	PID     int    `json:"pid"`
	Type    string `json:"type,omitempty"` // C, G, C+G, M ...
	Name    string `json:"name"`
	UsedMiB int64  `json:"used_mib"`
}

// CSVTable is a --format=csv table. Header is nil for noheader output;
// Units holds the bracketed unit of each header field ("MiB", "W").
type CSVTable struct {
	Header []string   `json:"header,omitempty"`
	Units  []string   `json:"units,omitempty"`
	Rows   [][]string `json:"rows"`
}

// ParseNvidiaSMI parses nvidia-smi output in any of its common forms.
// It returns a *ParseError when no GPU (or process) can be read.
func ParseNvidiaSMI(data []byte) (*SMIReport, error) {
	s := string(data)
	if err := checkText(KindNvidiaSMI, s); err != nil {
		return nil, err
	}
	var rep *SMIReport
	var err error
	switch {
	case strings.Contains(s, "NVSMI LOG") || hasQKey(s, "Product Name"):
		rep, err = parseSMIQuery(s)
	case strings.Contains(s, "NVIDIA-SMI ") || strings.Contains(s, "Persistence-M"):
		rep, err = parseSMITable(s)
	case strings.Contains(s, "(UUID: GPU-"):
		rep, err = parseSMIList(s)
	default:
		rep, err = parseSMICSV(s)
	}
	if err != nil {
		return nil, err
	}
	rep.GPUCount = len(rep.GPUs)
	counts := map[string]int{}
	for _, g := range rep.GPUs {
		if g.Name != "" {
			counts[g.Name]++
		}
	}
	best := 0
	for name, c := range counts {
		if c > best || (c == best && name < rep.GPUModel) {
			rep.GPUModel, best = name, c
		}
	}
	if len(counts) > 1 {
		rep.Notes = addCapped(rep.Notes, maxNotes, fmt.Sprintf("%d different GPU models", len(counts)))
	}
	return rep, nil
}

// hasQKey reports a "-q" style "Key   : value" line.
func hasQKey(s, key string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], key)
		if j < 0 {
			return false
		}
		rest := trimLeft(s[i+j+len(key):])
		if strings.HasPrefix(rest, ":") {
			return true
		}
		i += j + len(key)
	}
}

// parseSMITable reads the default "nvidia-smi" box-drawing table. Cells are
// split on '|' rather than fixed columns: widths changed between driver
// branches (the 450, 525 and 550+ layouts all differ).
func parseSMITable(s string) (*SMIReport, error) {
	rep := &SMIReport{Format: "table"}
	const (
		secNone = iota
		secGPU
		secMIG
		secProc
	)
	pending, section := secNone, secNone
	inBody, hasGI := false, false
	var cur *GPU
	lineInGPU := 0
	sc := lineScanner{s: s}
	var buf []string
	for {
		raw, ok := sc.next()
		if !ok {
			break
		}
		t := trim(raw)
		if strings.Contains(t, "Driver Version:") {
			rep.DriverVersion = valueAfter(t, "Driver Version:")
			rep.CUDAVersion = valueAfter(t, "CUDA Version:")
			continue
		}
		if t == "" || (t[0] != '|' && t[0] != '+') {
			// Blank lines separate the GPU, MIG and process tables;
			// anything else (timestamp, prompt) is not part of a table.
			inBody, section, pending = false, secNone, secNone
			continue
		}
		if t[0] == '+' {
			lineInGPU = 0
			continue
		}
		if strings.HasPrefix(t, "|=") {
			inBody, section = true, pending
			continue
		}
		inner := strings.Trim(t, "|")
		switch {
		case strings.Contains(inner, "Processes:"):
			inBody, pending = false, secProc
			continue
		case strings.Contains(inner, "MIG devices:"):
			inBody, pending = false, secMIG
			continue
		}
		if !inBody {
			switch {
			case strings.Contains(inner, "Persistence-M") || strings.Contains(inner, "Bus-Id"):
				pending = secGPU
			case pending == secProc && strings.Contains(inner, "PID"):
				hasGI = strings.Contains(inner, " GI ")
			}
			continue
		}
		cells := strings.Split(inner, "|")
		switch section {
		case secGPU:
			buf = splitFields(cells[0], buf)
			if len(buf) > 0 && isDigits(buf[0]) {
				g, err := parseTableGPULine(cells, sc.n)
				if err != nil {
					return nil, err
				}
				rep.GPUs = append(rep.GPUs, g)
				cur = &rep.GPUs[len(rep.GPUs)-1]
				lineInGPU = 1
				continue
			}
			if cur == nil {
				continue
			}
			lineInGPU++
			switch lineInGPU {
			case 2:
				if err := parseTableGPULine2(cur, cells, sc.n); err != nil {
					return nil, err
				}
			case 3:
				if len(cells) >= 3 {
					if v := trim(cells[2]); v != "" && !isNA(v) {
						cur.MIGMode = strings.Clone(v)
					}
				}
			}
		case secProc:
			if strings.Contains(inner, "No running processes found") {
				rep.NoProcesses = true
				continue
			}
			p, err := parseTableProcess(trim(inner), hasGI, sc.n)
			if err != nil {
				return nil, err
			}
			rep.Processes = append(rep.Processes, p)
		}
	}
	if len(rep.GPUs) == 0 {
		return nil, errorf(KindNvidiaSMI, sc.n, "no GPU rows found in the nvidia-smi table")
	}
	return rep, nil
}

// valueAfter returns the token following label in t.
func valueAfter(t, label string) string {
	i := strings.Index(t, label)
	if i < 0 {
		return ""
	}
	f := strings.Fields(strings.Trim(t[i+len(label):], "| "))
	if len(f) == 0 {
		return ""
	}
	return strings.Clone(strings.Trim(f[0], "|"))
}

// parseTableGPULine reads "|   0  NVIDIA H100 80GB HBM3   On  |  00000000:53:00.0 Off |   0 |".
func parseTableGPULine(cells []string, n int) (GPU, error) {
	var g GPU
	c0 := trim(cells[0])
	i := 0
	for i < len(c0) && isDigit(c0[i]) {
		i++
	}
	idx, err := strconv.Atoi(c0[:i])
	if err != nil {
		return g, errorf(KindNvidiaSMI, n, "GPU index %q is not a number", c0[:i])
	}
	g.Index = idx
	name := trim(c0[i:])
	// The last word is the persistence mode, or the driver model on Windows.
	if j := strings.LastIndexAny(name, " \t"); j >= 0 {
		switch last := name[j+1:]; last {
		case "On", "Off", "WDDM", "TCC", "N/A":
			g.Persistence = last
			name = trim(name[:j])
		}
	}
	g.Name = strings.Clone(name)
	if len(cells) >= 2 {
		if f := strings.Fields(cells[1]); len(f) > 0 {
			g.BusID = strings.Clone(f[0])
		}
	}
	if len(cells) >= 3 {
		if v, err := strconv.ParseInt(trim(cells[2]), 10, 64); err == nil && v >= 0 {
			g.ECCVolatileUncorrected = &v
		}
	}
	return g, nil
}

// parseTableGPULine2 reads "| N/A  25C  P0  92W / 700W |  1MiB / 81559MiB |  0%  Default |".
func parseTableGPULine2(g *GPU, cells []string, n int) error {
	c0 := cells[0]
	for _, tok := range strings.Fields(c0) {
		if strings.HasSuffix(tok, "C") && len(tok) > 1 && isDigit(tok[0]) {
			if v, ok := parseFinite(tok[:len(tok)-1]); ok {
				g.TemperatureC = v
			}
		}
	}
	// "92W / 700W": the usage/cap pair is the "/" between two watt values;
	// the fan column's "N/A" holds a slash too, so it cannot be a plain cut.
	f := strings.Fields(strings.ReplaceAll(c0, "/", " / "))
	for i := 1; i+1 < len(f); i++ {
		if f[i] != "/" || !strings.HasSuffix(f[i+1], "W") && f[i+1] != "N/A" {
			continue
		}
		if v, ok := watts(f[i-1]); ok {
			g.PowerDrawW, g.PowerDrawMaxW = v, v
		}
		if v, ok := watts(f[i+1]); ok {
			g.PowerCapW = v
		}
	}
	if len(cells) < 2 {
		return errorf(KindNvidiaSMI, n, "GPU %d: expected a memory-usage cell", g.Index)
	}
	if l, r, ok := strings.Cut(cells[1], "/"); ok {
		used, ok1 := mib(l)
		total, ok2 := mib(r)
		if !ok1 || !ok2 {
			return errorf(KindNvidiaSMI, n, "GPU %d: memory usage %q is not \"used / total\" in MiB", g.Index, trim(cells[1]))
		}
		g.MemoryUsedMiB, g.MemoryTotalMiB = used, total
	}
	return nil
}

// watts reads "92W" or "700.00 W"; a reading without the unit or below
// zero is not a power value.
func watts(s string) (float64, bool) {
	v, unit, ok := numberWithUnit(s)
	return v, ok && v >= 0 && (unit == "W" || unit == "")
}

// mib converts "81559MiB", "80 GiB", "794 MiB" to MiB.
func mib(s string) (int64, bool) {
	v, unit, ok := numberWithUnit(s)
	if !ok || v < 0 {
		return 0, false
	}
	switch strings.ToLower(unit) {
	case "mib", "mb", "":
	case "gib", "gb":
		v *= 1024
	case "kib", "kb":
		v /= 1024
	default:
		return 0, false
	}
	return int64(v + 0.5), true
}

// parseTableProcess reads a process row; hasGI says whether the header has
// the GI/CI columns (MIG-aware drivers, 450+).
func parseTableProcess(t string, hasGI bool, n int) (GPUProcess, error) {
	p := GPUProcess{GPU: -1}
	f := strings.Fields(t)
	pidAt := 1
	if hasGI {
		pidAt = 3
	}
	if len(f) < pidAt+3 {
		return p, errorf(KindNvidiaSMI, n, "process row %q has too few columns", t)
	}
	var err error
	if p.GPU, err = strconv.Atoi(f[0]); err != nil {
		return p, errorf(KindNvidiaSMI, n, "process row: GPU %q is not an index", f[0])
	}
	if p.PID, err = strconv.Atoi(f[pidAt]); err != nil {
		return p, errorf(KindNvidiaSMI, n, "process row: PID %q is not a number", f[pidAt])
	}
	p.Type = strings.Clone(f[pidAt+1])
	last := f[len(f)-1]
	nameEnd := len(f) - 1
	if used, ok := mib(last); ok {
		p.UsedMiB = used
	} else if !isNA(last) {
		nameEnd = len(f) // no memory column value
	}
	p.Name = strings.Clone(strings.Join(f[pidAt+2:nameEnd], " "))
	return p, nil
}

// parseSMIQuery reads "nvidia-smi -q": an indented key : value tree.
func parseSMIQuery(s string) (*SMIReport, error) {
	rep := &SMIReport{Format: "query"}
	type frame struct {
		indent int
		key    string
	}
	var stack []frame
	var cur *GPU
	var capRank, drawRank int // preference of the power key that set the value
	procNone, attached := 0, -1
	sc := lineScanner{s: s}
	for {
		raw, ok := sc.next()
		if !ok {
			break
		}
		t := trim(raw)
		if t == "" || strings.HasPrefix(t, "==") {
			continue
		}
		indent := 0
		for indent < len(raw) && isSpace(raw[indent]) {
			if raw[indent] == '\t' {
				indent += 4
			} else {
				indent++
			}
		}
		key, val, hasVal := strings.Cut(t, " : ")
		if !hasVal && strings.HasSuffix(t, " :") {
			key, val, hasVal = strings.TrimSuffix(t, " :"), "", true
		}
		key, val = trim(key), trim(val)
		for len(stack) > 0 && stack[len(stack)-1].indent >= indent {
			stack = stack[:len(stack)-1]
		}
		if !hasVal {
			if indent == 0 && strings.HasPrefix(key, "GPU ") {
				rep.GPUs = append(rep.GPUs, GPU{Index: len(rep.GPUs), BusID: strings.Clone(strings.TrimPrefix(key, "GPU "))})
				cur = &rep.GPUs[len(rep.GPUs)-1]
				capRank, drawRank = 0, 0
				stack = stack[:0]
				continue
			}
			stack = append(stack, frame{indent, key})
			continue
		}
		if len(stack) == 0 && (indent == 0 || cur == nil) {
			switch key {
			case "Driver Version":
				rep.DriverVersion = strings.Clone(val)
			case "CUDA Version":
				rep.CUDAVersion = strings.Clone(val)
			case "Attached GPUs":
				attached, _ = strconv.Atoi(val)
			}
			if indent == 0 {
				continue
			}
		}
		if cur == nil {
			continue
		}
		// Nothing below needs more than three levels; capping keeps
		// hostile, ever-deeper indentation linear.
		var pathBuf [4]string
		path := pathBuf[:0]
		for _, f := range stack[:min(len(stack), len(pathBuf))] {
			path = append(path, f.key)
		}
		section := ""
		if len(path) > 0 {
			section = path[0]
		}
		switch {
		case len(path) == 0:
			switch key {
			case "Product Name":
				cur.Name = strings.Clone(val)
			case "Persistence Mode":
				cur.Persistence = strings.Clone(val)
			case "GPU UUID":
				cur.UUID = strings.Clone(val)
			case "Processes":
				if strings.EqualFold(val, "None") {
					procNone++
				}
			}
		case section == "MIG Mode" && key == "Current":
			cur.MIGMode = strings.Clone(val)
		case section == "ECC Mode" && key == "Current":
			cur.ECCMode = strings.Clone(val)
		case section == "FB Memory Usage":
			if v, ok := mib(val); ok {
				switch key {
				case "Total":
					cur.MemoryTotalMiB = v
				case "Used":
					cur.MemoryUsedMiB = v
				}
			}
		case section == "Temperature" && key == "GPU Current Temp":
			if v, _, ok := numberWithUnit(val); ok {
				cur.TemperatureC = v
			}
		case section == "Power Readings" || section == "GPU Power Readings":
			v, ok := watts(val)
			if !ok {
				break
			}
			if r := map[string]int{"Power Limit": 1, "Current Power Limit": 2, "Enforced Power Limit": 3}[key]; r > capRank {
				cur.PowerCapW, capRank = v, r
			}
			if r := map[string]int{"Average Power Draw": 1, "Instantaneous Power Draw": 2, "Power Draw": 3}[key]; r > drawRank {
				cur.PowerDrawW, cur.PowerDrawMaxW, drawRank = v, v, r
			}
		case section == "ECC Errors" && len(path) >= 2:
			addQueryECC(cur, path, key, val)
		case section == "Processes":
			switch key {
			case "Process ID":
				pid, err := strconv.Atoi(val)
				if err != nil {
					return nil, errorf(KindNvidiaSMI, sc.n, "process id %q is not a number", val)
				}
				rep.Processes = append(rep.Processes, GPUProcess{GPU: cur.Index, PID: pid})
			case "Type", "Name", "Used GPU Memory":
				if len(rep.Processes) == 0 {
					break
				}
				p := &rep.Processes[len(rep.Processes)-1]
				switch key {
				case "Type":
					p.Type = strings.Clone(val)
				case "Name":
					p.Name = strings.Clone(val)
				default:
					p.UsedMiB, _ = mib(val)
				}
			}
		}
	}
	if len(rep.GPUs) == 0 {
		return nil, errorf(KindNvidiaSMI, sc.n, "no \"GPU <bus id>\" section found in nvidia-smi -q output")
	}
	rep.NoProcesses = procNone > 0 && len(rep.Processes) == 0
	if attached >= 0 && attached != len(rep.GPUs) {
		rep.Notes = addCapped(rep.Notes, maxNotes, fmt.Sprintf("Attached GPUs says %d but %d GPU sections are present", attached, len(rep.GPUs)))
	}
	return rep, nil
}

// addQueryECC sums -q ECC counters. Newer drivers list SRAM/DRAM
// correctable and uncorrectable counters; older ones have "Single Bit"
// and "Double Bit" sections whose "Total" line is the sum.
func addQueryECC(g *GPU, path []string, key, val string) {
	for _, p := range path {
		if strings.Contains(p, "Sources") {
			return // a breakdown of a total already counted
		}
	}
	v, err := strconv.ParseInt(val, 10, 64)
	if err != nil || v < 0 {
		return
	}
	aggregate := path[1] == "Aggregate"
	if !aggregate && path[1] != "Volatile" {
		return
	}
	inner := strings.Join(path[2:], "/")
	var uncorr bool
	switch {
	case strings.Contains(key, "Uncorrectable"):
		uncorr = true
	case strings.Contains(key, "Correctable"):
	case key == "Total" && strings.Contains(inner, "Double Bit"):
		uncorr = true
	case key == "Total" && strings.Contains(inner, "Single Bit"):
	default:
		return
	}
	var dst **int64
	switch {
	case aggregate && uncorr:
		dst = &g.ECCAggregateUncorrected
	case aggregate:
		dst = &g.ECCAggregateCorrected
	case uncorr:
		dst = &g.ECCVolatileUncorrected
	default:
		dst = &g.ECCVolatileCorrected
	}
	if *dst == nil {
		*dst = new(int64)
	}
	**dst = satAdd(**dst, v)
}

// parseSMIList reads "nvidia-smi -L": "GPU 0: NAME (UUID: GPU-...)".
func parseSMIList(s string) (*SMIReport, error) {
	rep := &SMIReport{Format: "list"}
	sc := lineScanner{s: s}
	for {
		raw, ok := sc.next()
		if !ok {
			break
		}
		t := trim(raw)
		if !strings.HasPrefix(t, "GPU ") {
			continue
		}
		head, rest, ok := strings.Cut(t[4:], ": ")
		idx, err := strconv.Atoi(head)
		if !ok || err != nil {
			continue
		}
		g := GPU{Index: idx}
		name, uuid, _ := strings.Cut(rest, "(UUID:")
		g.Name = strings.Clone(trim(name))
		g.UUID = strings.Clone(trim(strings.TrimSuffix(trim(uuid), ")")))
		rep.GPUs = append(rep.GPUs, g)
	}
	if len(rep.GPUs) == 0 {
		return nil, errorf(KindNvidiaSMI, sc.n, "no \"GPU N: name (UUID: ...)\" lines found")
	}
	return rep, nil
}

// queryFields are the --query-gpu / --query-compute-apps names this package
// interprets; others are kept in the raw table.
var queryFields = map[string]bool{
	"index": true, "name": true, "gpu_name": true, "uuid": true, "gpu_uuid": true,
	"pci.bus_id": true, "gpu_bus_id": true, "driver_version": true, "memory.total": true,
	"memory.used": true, "memory.free": true, "power.draw": true, "power.draw.instant": true,
	"power.draw.average": true, "power.limit": true, "enforced.power.limit": true,
	"persistence_mode": true, "temperature.gpu": true, "utilization.gpu": true,
	"mig.mode.current": true, "ecc.mode.current": true, "timestamp": true, "count": true,
	"pid": true, "process_name": true, "used_memory": true, "used_gpu_memory": true,
	"ecc.errors.uncorrected.volatile.total": true, "ecc.errors.corrected.volatile.total": true,
	"ecc.errors.uncorrected.aggregate.total": true, "ecc.errors.corrected.aggregate.total": true,
}

// splitQueryName splits "memory.total [MiB]" into name and unit.
func splitQueryName(f string) (string, string) {
	f = trim(f)
	if i := strings.IndexByte(f, '['); i >= 0 {
		return trim(f[:i]), strings.Trim(trim(f[i:]), "[]")
	}
	return f, ""
}

// isQueryHeader accepts a CSV header line whose fields look like query
// names and at least one is a name we know.
func isQueryHeader(line string) bool {
	known := false
	for _, f := range strings.Split(line, ",") {
		name, _ := splitQueryName(f)
		if name == "" {
			return false
		}
		for i := 0; i < len(name); i++ {
			c := name[i]
			if !(c >= 'a' && c <= 'z' || isDigit(c) || c == '.' || c == '_') {
				return false
			}
		}
		known = known || queryFields[name]
	}
	return known
}

// queryRowLooksLikeGPU recognises a noheader row by a value only a GPU
// query prints: a GPU UUID, a PCI bus id or an NVIDIA product name.
func queryRowLooksLikeGPU(line string) bool {
	for _, f := range strings.Split(line, ",") {
		if csvFieldRole(trim(f)) != "" {
			return true
		}
	}
	return false
}

func csvFieldRole(v string) string {
	switch {
	case strings.HasPrefix(v, "GPU-") && len(v) > 20:
		return "uuid"
	case len(v) >= 12 && v[8] == ':' && v[11] == ':' && isHex(v[:8]):
		return "pci.bus_id"
	case strings.HasPrefix(v, "NVIDIA ") || strings.HasPrefix(v, "Tesla ") ||
		strings.HasPrefix(v, "Quadro ") || strings.HasPrefix(v, "GeForce "):
		return "name"
	}
	return ""
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return s != ""
}

// parseSMICSV reads --format=csv output with or without header and units.
func parseSMICSV(s string) (*SMIReport, error) {
	rep := &SMIReport{Format: "csv"}
	tab := &CSVTable{}
	sc := lineScanner{s: s}
	width := -1
	firstLine := 0
	for {
		raw, ok := sc.next()
		if !ok {
			break
		}
		t := trim(raw)
		if t == "" || strings.HasPrefix(t, "$") || strings.HasPrefix(t, "#") {
			continue
		}
		parts := strings.Split(t, ",")
		if tab.Header != nil && isQueryHeader(t) {
			continue // -l logging can repeat the header
		}
		if width < 0 {
			firstLine = sc.n
			width = len(parts)
			if isQueryHeader(t) {
				for _, p := range parts {
					name, unit := splitQueryName(p)
					tab.Header = append(tab.Header, strings.Clone(name))
					tab.Units = append(tab.Units, strings.Clone(unit))
				}
				continue
			}
			if !queryRowLooksLikeGPU(t) {
				return nil, errorf(KindNvidiaSMI, sc.n, "not nvidia-smi output: no table, -q section, or --query-gpu CSV header")
			}
		}
		if len(parts) != width {
			return nil, errorf(KindNvidiaSMI, sc.n, "CSV row has %d fields, expected %d", len(parts), width)
		}
		row := make([]string, len(parts))
		for i, p := range parts {
			row[i] = strings.Clone(trim(p))
		}
		tab.Rows = append(tab.Rows, row)
	}
	if width < 0 {
		return nil, errorf(KindNvidiaSMI, sc.n, "no CSV rows")
	}
	if len(tab.Rows) == 0 {
		return nil, errorf(KindNvidiaSMI, firstLine, "CSV header without rows")
	}
	rep.CSV = tab
	cols := tab.Header
	if cols == nil {
		// noheader: only self-identifying values can be placed.
		cols = make([]string, width)
		for i := range cols {
			for _, r := range tab.Rows {
				if role := csvFieldRole(r[i]); role != "" {
					cols[i] = role
					break
				}
			}
		}
		rep.Notes = addCapped(rep.Notes, maxNotes, "CSV without header: only GPU names, UUIDs and bus ids are recognised")
	}
	col := map[string]int{}
	for i, c := range cols {
		if _, dup := col[c]; !dup && c != "" {
			col[c] = i
		}
	}
	get := func(r []string, names ...string) (string, bool) {
		for _, nm := range names {
			if i, ok := col[nm]; ok && !isNA(r[i]) && r[i] != "" {
				return r[i], true
			}
		}
		return "", false
	}
	if _, ok := col["pid"]; ok {
		for _, r := range tab.Rows {
			p := GPUProcess{GPU: -1}
			v, _ := get(r, "pid")
			p.PID, _ = strconv.Atoi(v)
			p.Name, _ = get(r, "process_name")
			if v, ok := get(r, "used_memory", "used_gpu_memory"); ok {
				p.UsedMiB, _ = mib(v)
			}
			rep.Processes = append(rep.Processes, p)
		}
		return rep, nil
	}
	byKey := map[string]int{}
	for rowNo, r := range tab.Rows {
		key, ok := get(r, "index", "uuid", "gpu_uuid", "pci.bus_id", "gpu_bus_id")
		if !ok {
			key = strconv.Itoa(rowNo)
		}
		gi, seen := byKey[key]
		if !seen {
			gi = len(rep.GPUs)
			byKey[key] = gi
			g := GPU{Index: gi}
			if v, ok := get(r, "index"); ok {
				if idx, err := strconv.Atoi(v); err == nil {
					g.Index = idx
				}
			}
			rep.GPUs = append(rep.GPUs, g)
		}
		g := &rep.GPUs[gi]
		g.Samples++
		if v, ok := get(r, "name", "gpu_name"); ok {
			g.Name = v
		}
		if v, ok := get(r, "uuid", "gpu_uuid"); ok {
			g.UUID = v
		}
		if v, ok := get(r, "pci.bus_id", "gpu_bus_id"); ok {
			g.BusID = v
		}
		if v, ok := get(r, "driver_version"); ok {
			rep.DriverVersion = v
		}
		if v, ok := get(r, "persistence_mode"); ok {
			g.Persistence = v
		}
		if v, ok := get(r, "mig.mode.current"); ok {
			g.MIGMode = v
		}
		if v, ok := get(r, "ecc.mode.current"); ok {
			g.ECCMode = v
		}
		if v, ok := get(r, "memory.total"); ok {
			g.MemoryTotalMiB, _ = mib(v)
		}
		if v, ok := get(r, "memory.used"); ok {
			g.MemoryUsedMiB, _ = mib(v)
		}
		if v, ok := get(r, "temperature.gpu"); ok {
			g.TemperatureC, _, _ = numberWithUnit(v)
		}
		if v, ok := get(r, "power.draw", "power.draw.instant", "power.draw.average"); ok {
			if w, ok := watts(v); ok {
				g.PowerDrawW = w
				g.PowerDrawMaxW = max(g.PowerDrawMaxW, w)
			}
		}
		if v, ok := get(r, "enforced.power.limit", "power.limit"); ok {
			if w, ok := watts(v); ok {
				g.PowerCapW = w
			}
		}
		for name, dst := range map[string]**int64{
			"ecc.errors.uncorrected.volatile.total":  &g.ECCVolatileUncorrected,
			"ecc.errors.corrected.volatile.total":    &g.ECCVolatileCorrected,
			"ecc.errors.uncorrected.aggregate.total": &g.ECCAggregateUncorrected,
			"ecc.errors.corrected.aggregate.total":   &g.ECCAggregateCorrected,
		} {
			if v, ok := get(r, name); ok {
				if n, err := strconv.ParseInt(v, 10, 64); err == nil && n >= 0 {
					*dst = &n
				}
			}
		}
	}
	sort.SliceStable(rep.GPUs, func(i, j int) bool { return rep.GPUs[i].Index < rep.GPUs[j].Index })
	return rep, nil
}
