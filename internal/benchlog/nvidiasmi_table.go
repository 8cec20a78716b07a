package benchlog

import (
	"strconv"
	"strings"
)

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
	var buf, cells []string
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
		cells = splitByte(inner, '|', cells)
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
				cur.ReadErrors += readErrors(cells)
				lineInGPU = 1
				continue
			}
			if cur == nil {
				continue
			}
			cur.ReadErrors += readErrors(cells)
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
	var arr [8]string
	f := fields(strings.Trim(t[i+len(label):], "| "), arr[:0])
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
			g.Persistence = persistenceModes[last] // the constant, not the upload's bytes
			name = trim(name[:j])
		}
	}
	g.Name = strings.Clone(name)
	if len(cells) >= 2 {
		var arr [8]string
		if f := fields(cells[1], arr[:0]); len(f) > 0 {
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

// readErrors counts the ERR! values of a GPU's table line.
func readErrors(cells []string) int {
	n := 0
	for _, c := range cells {
		n += strings.Count(c, "ERR!")
	}
	return n
}

// parseTableGPULine2 reads "| N/A  25C  P0  92W / 700W |  1MiB / 81559MiB |  0%  Default |".
func parseTableGPULine2(g *GPU, cells []string, n int) error {
	c0 := cells[0]
	var arr [24]string // the cell's words, on the stack
	for _, tok := range fields(c0, arr[:0]) {
		if strings.HasSuffix(tok, "C") && len(tok) > 1 && isDigit(tok[0]) {
			if v, ok := parseFinite(tok[:len(tok)-1]); ok {
				g.TemperatureC = v
			}
		}
	}
	// "92W / 700W": the usage/cap pair is the "/" between two watt values;
	// the fan column's "N/A" holds a slash too, so it cannot be a plain cut.
	// A cap of "N/A" (a GB10 has none) stays one word: split at its slash,
	// "11W /  N/A" would hide the usage.
	f := slashFields(strings.ReplaceAll(c0, "N/A", "N-A"), arr[:0])
	for i := 1; i+1 < len(f); i++ {
		if f[i] != "/" || !strings.HasSuffix(f[i+1], "W") && f[i+1] != "N-A" {
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

// parseTableProcess reads a process row; hasGI says whether the header has
// the GI/CI columns (MIG-aware drivers, 450+).
func parseTableProcess(t string, hasGI bool, n int) (GPUProcess, error) {
	p := GPUProcess{GPU: -1}
	var arr [16]string
	f := fields(t, arr[:0])
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

var persistenceModes = map[string]string{"On": "On", "Off": "Off", "WDDM": "WDDM", "TCC": "TCC", "N/A": "N/A"}

// slashFields is strings.Fields(strings.ReplaceAll(s, "/", " / ")), the
// words of a cell with every slash a word of its own, into dst.
func slashFields(s string, dst []string) []string {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return append(dst[:0], strings.Fields(strings.ReplaceAll(s, "/", " / "))...)
		}
	}
	dst = dst[:0]
	for i := 0; i < len(s); {
		switch {
		case isASCIISpace(s[i]):
			i++
		case s[i] == '/':
			dst = append(dst, s[i:i+1])
			i++
		default:
			j := i
			for j < len(s) && !isASCIISpace(s[j]) && s[j] != '/' {
				j++
			}
			dst = append(dst, s[i:j])
			i = j
		}
	}
	return dst
}
