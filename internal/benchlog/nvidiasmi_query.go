package benchlog

import (
	"fmt"
	"strconv"
	"strings"
)

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
		case strings.EqualFold(section, "ECC Mode") && key == "Current": // 525 drivers print "Ecc Mode"
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
		case section == "Retired Pages" || section == "Remapped Rows":
			queryMemoryFault(cur, section, key, val)
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
	rep.Attached = max(attached, 0)
	if attached >= 0 && attached != len(rep.GPUs) {
		rep.Notes = addCapped(rep.Notes, maxNotes, newNote(NoteAttachedGPUs, fmt.Sprintf("Attached GPUs says %d but %d GPU sections are present", attached, len(rep.GPUs)),
			"Attached", strconv.Itoa(attached), "Sections", strconv.Itoa(len(rep.GPUs))))
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

// queryMemoryFault reads -q's "Retired Pages" and "Remapped Rows": a page
// waiting to be retired or a row waiting to be remapped needs a GPU reset,
// and a failed remapping means the memory is out of spares.
func queryMemoryFault(g *GPU, section, key, val string) {
	g.RemapKnown = true
	if !strings.EqualFold(val, "Yes") {
		return
	}
	fault := ""
	switch {
	case section == "Retired Pages" && strings.HasPrefix(key, "Pending"):
		fault = "page retirement pending"
	case section == "Remapped Rows" && key == "Pending":
		fault = "row remapping pending"
	case section == "Remapped Rows" && strings.HasPrefix(key, "Remapping Failure"):
		fault = "row remapping failed"
	}
	if fault != "" && len(g.MemoryFaults) < 4 {
		g.MemoryFaults = append(g.MemoryFaults, fault) // a constant: nothing of the upload is kept
	}
}
