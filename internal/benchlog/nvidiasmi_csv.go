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
				return nil, errorf(KindNvidiaSMI, sc.n, "not nvidia-smi output: no table, -q section, or --query-gpu CSV header")
			}
		}
		if len(parts) != width {
			return nil, errorf(KindNvidiaSMI, sc.n, "CSV row has %d fields, expected %d", len(parts), width)
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
		rep.Notes = addCapped(rep.Notes, maxNotes, newNote(NoteCSVNoHeader, "CSV without header: only GPU names, UUIDs and bus ids are recognised"))
	}
	col := map[string]int{}
	for i, c := range cols {
		c = strings.ToLower(c)
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
	// Per row, the columns are looked up by position: resolve each field's
	// candidates once (a long -l log has one row per sample).
	at := func(names ...string) []int {
		var out []int
		for _, nm := range names {
			if i, ok := col[nm]; ok {
				out = append(out, i)
			}
		}
		return out
	}
	pick := func(r []string, idx []int) (string, bool) {
		for _, i := range idx {
			if !isNA(r[i]) && r[i] != "" {
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
	cKey := at("index", "uuid", "gpu_uuid", "pci.bus_id", "gpu_bus_id")
	cIndex := at("index")
	cName := at("name", "gpu_name")
	cUUID := at("uuid", "gpu_uuid")
	cBus := at("pci.bus_id", "gpu_bus_id")
	cDriver := at("driver_version")
	cPersist := at("persistence_mode")
	cMIG := at("mig.mode.current")
	cECC := at("ecc.mode.current")
	cMemTotal := at("memory.total")
	cMemUsed := at("memory.used")
	cTemp := at("temperature.gpu")
	cDraw := at("power.draw", "power.draw.instant", "power.draw.average")
	cCap := at("enforced.power.limit", "power.limit")
	cErrs := [4][]int{at("ecc.errors.uncorrected.volatile.total"), at("ecc.errors.corrected.volatile.total"),
		at("ecc.errors.uncorrected.aggregate.total"), at("ecc.errors.corrected.aggregate.total")}
	byKey := map[string]int{}
	for rowNo, r := range tab.Rows {
		key, ok := pick(r, cKey)
		if !ok {
			key = strconv.Itoa(rowNo)
		}
		gi, seen := byKey[key]
		if !seen {
			gi = len(rep.GPUs)
			byKey[key] = gi
			g := GPU{Index: gi}
			if v, ok := pick(r, cIndex); ok {
				if idx, err := strconv.Atoi(v); err == nil {
					g.Index = idx
				}
			}
			rep.GPUs = append(rep.GPUs, g)
		}
		g := &rep.GPUs[gi]
		g.Samples++
		if v, ok := pick(r, cName); ok {
			g.Name = v
		}
		if v, ok := pick(r, cUUID); ok {
			g.UUID = v
		}
		if v, ok := pick(r, cBus); ok {
			g.BusID = v
		}
		if v, ok := pick(r, cDriver); ok {
			rep.DriverVersion = v
		}
		if v, ok := pick(r, cPersist); ok {
			g.Persistence = v
		}
		if v, ok := pick(r, cMIG); ok {
			g.MIGMode = v
		}
		if v, ok := pick(r, cECC); ok {
			g.ECCMode = v
		}
		if v, ok := pick(r, cMemTotal); ok {
			g.MemoryTotalMiB, _ = mib(v)
		}
		if v, ok := pick(r, cMemUsed); ok {
			g.MemoryUsedMiB, _ = mib(v)
		}
		if v, ok := pick(r, cTemp); ok {
			g.TemperatureC, _, _ = numberWithUnit(v)
		}
		if v, ok := pick(r, cDraw); ok {
			if w, ok := watts(v); ok {
				g.PowerDrawW = w
				g.PowerDrawMaxW = max(g.PowerDrawMaxW, w)
			}
		}
		if v, ok := pick(r, cCap); ok {
			if w, ok := watts(v); ok {
				g.PowerCapW = w
			}
		}
		for k, dst := range [4]**int64{&g.ECCVolatileUncorrected, &g.ECCVolatileCorrected, &g.ECCAggregateUncorrected, &g.ECCAggregateCorrected} {
			if v, ok := pick(r, cErrs[k]); ok {
				if n, err := strconv.ParseInt(v, 10, 64); err == nil && n >= 0 {
					*dst = &n
				}
			}
		}
	}
	sort.SliceStable(rep.GPUs, func(i, j int) bool { return rep.GPUs[i].Index < rep.GPUs[j].Index })
	return rep, nil
}
