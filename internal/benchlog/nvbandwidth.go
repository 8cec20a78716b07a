package benchlog

import (
	"strconv"
	"strings"
)

// NVBandwidthReport is `nvbandwidth` output: one matrix per test case of
// GB/s between GPU pairs (or GPU and host).
type NVBandwidthReport struct {
	Version string            `json:"version,omitempty"`
	Driver  string            `json:"driver,omitempty"`
	Devices []string          `json:"devices,omitempty"` // names by device index
	Tests   []NVBandwidthTest `json:"tests"`
	// Failures are the tests nvbandwidth stopped with an ASSERT (a data
	// pattern mismatch, a CUDA error): each is a failed run.
	Failures []RunFailure `json:"failures,omitempty"`
}

// NVBandwidthTest is one matrix. Cells[i][j] is row i to column j in GB/s;
// a negative value is N/A: the diagonal, or a pair with no peer path,
// which is a topology fact and not a zero.
type NVBandwidthTest struct {
	Name   string      `json:"name"`
	Line   int         `json:"line"`
	Rows   []int       `json:"rows"`
	Cols   []int       `json:"cols"`
	Cells  [][]float64 `json:"cells"`
	Sum    float64     `json:"sum,omitempty"` // from the SUM line, which rounds differently from the cells
	HasSum bool        `json:"has_sum,omitempty"`
	// RowKind and ColKind say what rows and columns index: "GPU", or
	// "CPU" for a host-to-device test (whose CPU row 0 is no GPU 0).
	RowKind string `json:"row_kind,omitempty"`
	ColKind string `json:"col_kind,omitempty"`
}

// Pair is one measured cell of a matrix: From is the row's device and To
// the column's, each of its kind ("GPU" or "CPU").
type Pair struct {
	From, To         int
	FromKind, ToKind string
	GBs              float64
}

const maxMatrix = 72 // GPUs per node a matrix may have (NVL72)

// ParseNVBandwidth parses nvbandwidth's text output (v0.4 on).
func ParseNVBandwidth(data []byte) (*NVBandwidthReport, error) {
	s := asString(data)
	if err := checkText(KindNVBandwidth, s); err != nil {
		return nil, err
	}
	rep := &NVBandwidthReport{}
	var cur *NVBandwidthTest
	running := ""
	var fields []string
	sc := lineScanner{s: s}
	for {
		raw, ok := sc.next()
		if !ok {
			break
		}
		t := trim(raw)
		switch {
		case t == "":
			cur = nil
			continue
		case strings.HasPrefix(t, "nvbandwidth Version:"):
			rep.Version = strings.Clone(trim(strings.TrimPrefix(t, "nvbandwidth Version:")))
			continue
		case strings.HasPrefix(t, "Driver Version:"):
			rep.Driver = strings.Clone(trim(strings.TrimPrefix(t, "Driver Version:")))
			continue
		case strings.HasPrefix(t, "Process ") && strings.Contains(t, ": device "):
			// Multinode: "Process 0 (worker-0): device 0: HGX GB200 (00000008:01:00)".
			if len(rep.Devices) < maxMatrix {
				_, rest, _ := strings.Cut(t, ": device ")
				if _, name, ok := strings.Cut(rest, ":"); ok {
					if i := strings.LastIndex(name, " ("); i > 0 {
						name = name[:i]
					}
					rep.Devices = append(rep.Devices, strings.Clone(trim(name)))
				}
			}
			continue
		case strings.HasPrefix(t, "Device ") && strings.Contains(t, ":"):
			if len(rep.Devices) < maxMatrix {
				_, name, _ := strings.Cut(t, ":")
				if i := strings.LastIndex(name, " ("); i > 0 {
					name = name[:i]
				}
				rep.Devices = append(rep.Devices, strings.Clone(trim(name)))
			}
			continue
		case strings.HasPrefix(t, "ASSERT in expression") || strings.HasPrefix(t, "Invalid value when checking the pattern"):
			// The pattern line comes first; the ASSERT that stops the run
			// quotes the check. One failure per test, at its first line.
			if n := len(rep.Failures); n > 0 && rep.Failures[n-1].Test == running {
				f := &rep.Failures[n-1]
				f.Text = strings.Clone(clip(f.Text+" … "+t, 300))
			} else {
				rep.Failures = addFailure(rep.Failures, sc.n, running, t)
			}
			cur = nil
			continue
		case strings.HasPrefix(t, "Running "):
			running = strings.Clone(strings.TrimSuffix(strings.TrimPrefix(t, "Running "), "."))
			continue
		case strings.HasPrefix(t, "SUM "):
			f := strings.Fields(t)
			if len(f) == 3 {
				for i := range rep.Tests {
					if rep.Tests[i].Name == f[1] {
						if v, ok := parseFinite(f[2]); ok {
							rep.Tests[i].Sum, rep.Tests[i].HasSum = v, true
						}
					}
				}
			}
			continue
		case strings.Contains(t, "bandwidth (GB/s)"):
			if len(rep.Tests) >= 64 {
				continue
			}
			rk, ck := matrixKinds(t)
			rep.Tests = append(rep.Tests, NVBandwidthTest{Name: running + subTable(t), Line: sc.n, RowKind: rk, ColKind: ck})
			cur = &rep.Tests[len(rep.Tests)-1]
			continue
		}
		if cur == nil {
			continue
		}
		fields = splitFields(t, fields)
		if len(cur.Cols) == 0 {
			for _, f := range fields {
				v, err := strconv.Atoi(f)
				if err != nil || len(cur.Cols) >= maxMatrix {
					return nil, errorf(KindNVBandwidth, sc.n, "matrix header %q: expected column numbers", t)
				}
				cur.Cols = append(cur.Cols, v)
			}
			continue
		}
		row, err := strconv.Atoi(fields[0])
		if err != nil {
			cur = nil // prose after the matrix
			continue
		}
		if len(fields)-1 != len(cur.Cols) {
			return nil, errorf(KindNVBandwidth, sc.n, "row %d has %d values, the header has %d columns", row, len(fields)-1, len(cur.Cols))
		}
		if len(cur.Rows) >= maxMatrix {
			return nil, errorf(KindNVBandwidth, sc.n, "matrix has more than %d rows", maxMatrix)
		}
		cells := make([]float64, len(cur.Cols))
		for j, f := range fields[1:] {
			if isNA(f) {
				cells[j] = -1
				continue
			}
			v, ok := parseFinite(f)
			if !ok || v < 0 {
				return nil, errorf(KindNVBandwidth, sc.n, "value %q is not a bandwidth", f)
			}
			cells[j] = v
		}
		cur.Rows = append(cur.Rows, row)
		cur.Cells = append(cur.Cells, cells)
	}
	n := 0
	for _, t := range rep.Tests {
		if len(t.Rows) > 0 {
			rep.Tests[n] = t
			n++
		}
	}
	rep.Tests = rep.Tests[:n]
	if len(rep.Tests) == 0 && len(rep.Failures) == 0 {
		return nil, errorf(KindNVBandwidth, sc.n, "no nvbandwidth matrix found")
	}
	return rep, nil
}

// matrixKinds reads "memcpy CE CPU(row) -> GPU(column) bandwidth": what
// the rows and the columns index.
func matrixKinds(header string) (row, col string) {
	row, col = "GPU", "GPU"
	if strings.Contains(header, "CPU(row)") {
		row = "CPU"
	}
	if strings.Contains(header, "CPU(column)") {
		col = "CPU"
	}
	return row, col
}

// subTable names a bidirectional test's sub-table as its SUM line does
// ("... Read1 bandwidth (GB/s)" is "_read1"; "_total" the sum of both
// directions), so each matrix keeps its own name and sum; "" otherwise.
func subTable(header string) string {
	words := strings.Fields(strings.TrimSuffix(header, "bandwidth (GB/s)"))
	if len(words) == 0 {
		return ""
	}
	switch w := words[len(words)-1]; w {
	case "Read1", "Read2", "Write1", "Write2", "Total":
		return "_" + strings.ToLower(w)
	}
	return ""
}

// Extremes returns the weakest and strongest measured pair and how many
// cells were measured and N/A (the diagonal excluded).
func (t NVBandwidthTest) Extremes() (weak, strong Pair, measured, na int) {
	for i, row := range t.Cells {
		for j, v := range row {
			if t.Rows[i] == t.Cols[j] && t.RowKind == t.ColKind {
				continue // a device with itself
			}
			if v < 0 {
				na++
				continue
			}
			p := Pair{From: t.Rows[i], To: t.Cols[j], FromKind: t.RowKind, ToKind: t.ColKind, GBs: v}
			if measured == 0 || v < weak.GBs {
				weak = p
			}
			if measured == 0 || v > strong.GBs {
				strong = p
			}
			measured++
		}
	}
	return weak, strong, measured, na
}
