package benchlog

import (
	"sort"
	"strconv"
	"strings"
)

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
	for rest, more := line, true; more; {
		var f string
		f, rest, more = strings.Cut(rest, ",")
		name, _ := splitQueryName(f)
		if name == "" {
			return false
		}
		for i := 0; i < len(name); i++ {
			// Field names are case-insensitive and newer drivers print some
			// in camel case ("pci.baseClass", "clocks_event_reasons.active").
			c := name[i]
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigit(c) || c == '.' || c == '_') {
				return false
			}
		}
		known = known || queryFields[strings.ToLower(name)]
	}
	return known
}

// queryRowLooksLikeGPU recognises a noheader row by a value only a GPU
// query prints: a GPU UUID, a PCI bus id or an NVIDIA product name.
func queryRowLooksLikeGPU(line string) bool {
	for rest, more := line, true; more; {
		var f string
		f, rest, more = strings.Cut(rest, ",")
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
	tab, width, err := readSMICSVTable(s)
	if err != nil {
		return nil, err
	}
	rep.CSV = tab
	cols := tab.Header
	if cols == nil {
		cols = guessSMICSVColumns(tab, width)
		rep.Notes = addCapped(rep.Notes, maxNotes, newNote(NoteCSVNoHeader, "CSV without header: only GPU names, UUIDs and bus ids are recognised"))
	}
	col := csvColumns{}
	for i, c := range cols {
		c = strings.ToLower(c)
		if _, dup := col[c]; !dup && c != "" {
			col[c] = i
		}
	}
	if _, ok := col["pid"]; ok {
		rep.Processes = smiCSVProcesses(tab, col)
		return rep, nil
	}
	smiCSVGPUs(rep, tab, col)
	sort.SliceStable(rep.GPUs, func(i, j int) bool { return rep.GPUs[i].Index < rep.GPUs[j].Index })
	return rep, nil
}

// readSMICSVTable reads the --query-gpu CSV into a table with its width:
// the header (repeated by -l logging, read once) and each row's fields.
func readSMICSVTable(s string) (*CSVTable, int, error) {
	tab := &CSVTable{}
	// The table keeps every field. One copy of the upload that the fields
	// slice, and rows cut from shared slabs, replace a string and a slice
	// allocated per field and per row (a -l log has a row per sample).
	s = strings.Clone(s)
	lines := strings.Count(s, "\n") + 1
	tab.Rows = make([][]string, 0, min(lines, 1<<16))
	var slab, parts []string
	sc := lineScanner{s: s}
	width := -1
	firstLine := 0
	for {
		raw, ok := sc.next()
		if !ok {
			break
		}
		t := trim(raw)
		if isCSVPreamble(t) {
			continue
		}
		parts = splitByte(t, ',', parts)
		if tab.Header != nil && strings.HasPrefix(t, tab.Header[0]) && isQueryHeader(t) {
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
				return nil, 0, errorf(KindNvidiaSMI, sc.n, "not nvidia-smi output: no table, -q section, or --query-gpu CSV header")
			}
		}
		if len(parts) != width {
			return nil, 0, errorf(KindNvidiaSMI, sc.n, "CSV row has %d fields, expected %d", len(parts), width)
		}
		if cap(slab)-len(slab) < width {
			slab = make([]string, 0, width*min(max(lines-sc.n+1, 1), 4096))
		}
		n := len(slab)
		for _, p := range parts {
			slab = append(slab, trim(p))
		}
		tab.Rows = append(tab.Rows, slab[n:len(slab):len(slab)])
	}
	if width < 0 {
		return nil, 0, errorf(KindNvidiaSMI, sc.n, "no CSV rows")
	}
	if len(tab.Rows) == 0 {
		return nil, 0, errorf(KindNvidiaSMI, firstLine, "CSV header without rows")
	}
	return tab, width, nil
}

// guessSMICSVColumns names the columns of a CSV without header (noheader):
// only self-identifying values can be placed.
func guessSMICSVColumns(tab *CSVTable, width int) []string {
	cols := make([]string, width)
	for i := range cols {
		for _, r := range tab.Rows {
			if role := csvFieldRole(r[i]); role != "" {
				cols[i] = role
				break
			}
		}
	}
	return cols
}

// csvColumns are a CSV's column positions by lower-case name.
type csvColumns map[string]int

// get is the row's first stated value among the columns names.
func (col csvColumns) get(r []string, names ...string) (string, bool) {
	for _, nm := range names {
		if i, ok := col[nm]; ok && !isNA(r[i]) && r[i] != "" {
			return r[i], true
		}
	}
	return "", false
}

// at resolves the columns names to positions once: per row, the columns
// are looked up by position (a long -l log has one row per sample).
func (col csvColumns) at(names ...string) []int {
	var out []int
	for _, nm := range names {
		if i, ok := col[nm]; ok {
			out = append(out, i)
		}
	}
	return out
}

// pickCSV is the row's first stated value among the positions idx.
func pickCSV(r []string, idx []int) (string, bool) {
	for _, i := range idx {
		if !isNA(r[i]) && r[i] != "" {
			return r[i], true
		}
	}
	return "", false
}

// smiCSVProcesses reads a --query-compute-apps CSV: one process a row.
func smiCSVProcesses(tab *CSVTable, col csvColumns) []GPUProcess {
	var out []GPUProcess
	for _, r := range tab.Rows {
		p := GPUProcess{GPU: -1}
		v, _ := col.get(r, "pid")
		p.PID, _ = strconv.Atoi(v)
		p.Name, _ = col.get(r, "process_name")
		if v, ok := col.get(r, "used_memory", "used_gpu_memory"); ok {
			p.UsedMiB, _ = mib(v)
		}
		out = append(out, p)
	}
	return out
}

// smiCSVIndex are the positions of the columns a GPU's row is read by.
type smiCSVIndex struct {
	key, index, name, uuid, bus, driver, persist, mig, ecc, memTotal, memUsed, temp, draw, cap []int
	errs                                                                                       [4][]int
}

func newSMICSVIndex(col csvColumns) smiCSVIndex {
	return smiCSVIndex{key: col.at("index", "uuid", "gpu_uuid", "pci.bus_id", "gpu_bus_id"), index: col.at("index"),
		name: col.at("name", "gpu_name"), uuid: col.at("uuid", "gpu_uuid"), bus: col.at("pci.bus_id", "gpu_bus_id"),
		driver: col.at("driver_version"), persist: col.at("persistence_mode"), mig: col.at("mig.mode.current"),
		ecc: col.at("ecc.mode.current"), memTotal: col.at("memory.total"), memUsed: col.at("memory.used"),
		temp: col.at("temperature.gpu"), draw: col.at("power.draw", "power.draw.instant", "power.draw.average"),
		cap: col.at("enforced.power.limit", "power.limit"),
		errs: [4][]int{col.at("ecc.errors.uncorrected.volatile.total"), col.at("ecc.errors.corrected.volatile.total"),
			col.at("ecc.errors.uncorrected.aggregate.total"), col.at("ecc.errors.corrected.aggregate.total")}}
}

// smiCSVGPUs reads a --query-gpu CSV: a row per GPU, or per GPU and
// sample with -l, the GPU known by its index, UUID or bus id.
func smiCSVGPUs(rep *SMIReport, tab *CSVTable, col csvColumns) {
	c := newSMICSVIndex(col)
	byKey := map[string]int{}
	for rowNo, r := range tab.Rows {
		key, ok := pickCSV(r, c.key)
		if !ok {
			key = strconv.Itoa(rowNo)
		}
		gi, seen := byKey[key]
		if !seen {
			gi = len(rep.GPUs)
			byKey[key] = gi
			g := GPU{Index: gi}
			if v, ok := pickCSV(r, c.index); ok {
				if idx, err := strconv.Atoi(v); err == nil {
					g.Index = idx
				}
			}
			rep.GPUs = append(rep.GPUs, g)
		}
		g := &rep.GPUs[gi]
		g.Samples++
		if v, ok := pickCSV(r, c.driver); ok {
			rep.DriverVersion = v
		}
		c.readGPU(g, r)
	}
}

// readGPU sets what the row states of the GPU g (a later sample's value
// replaces an earlier one; the peak power draw is kept).
func (c smiCSVIndex) readGPU(g *GPU, r []string) {
	if v, ok := pickCSV(r, c.name); ok {
		g.Name = v
	}
	if v, ok := pickCSV(r, c.uuid); ok {
		g.UUID = v
	}
	if v, ok := pickCSV(r, c.bus); ok {
		g.BusID = v
	}
	if v, ok := pickCSV(r, c.persist); ok {
		g.Persistence = v
	}
	if v, ok := pickCSV(r, c.mig); ok {
		g.MIGMode = v
	}
	if v, ok := pickCSV(r, c.ecc); ok {
		g.ECCMode = v
	}
	if v, ok := pickCSV(r, c.memTotal); ok {
		g.MemoryTotalMiB, _ = mib(v)
	}
	if v, ok := pickCSV(r, c.memUsed); ok {
		g.MemoryUsedMiB, _ = mib(v)
	}
	if v, ok := pickCSV(r, c.temp); ok {
		g.TemperatureC, _, _ = numberWithUnit(v)
	}
	if v, ok := pickCSV(r, c.draw); ok {
		if w, ok := watts(v); ok {
			g.PowerDrawW = w
			g.PowerDrawMaxW = max(g.PowerDrawMaxW, w)
		}
	}
	if v, ok := pickCSV(r, c.cap); ok {
		if w, ok := watts(v); ok {
			g.PowerCapW = w
		}
	}
	for k, dst := range [4]**int64{&g.ECCVolatileUncorrected, &g.ECCVolatileCorrected, &g.ECCAggregateUncorrected, &g.ECCAggregateCorrected} {
		if v, ok := pickCSV(r, c.errs[k]); ok {
			if n, err := strconv.ParseInt(v, 10, 64); err == nil && n >= 0 {
				*dst = &n
			}
		}
	}
}
