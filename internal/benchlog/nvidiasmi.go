package benchlog

import (
	"fmt"
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
	// Attached is -q's "Attached GPUs": the node's count even when the
	// output shows fewer (nvidia-smi -q -i 0); 0 when not printed.
	Attached int    `json:"attached,omitempty"`
	GPUModel string `json:"gpu_model,omitempty"` // most common name
	GPUs     []GPU  `json:"gpus"`
	// Processes lists GPU processes where the output shows them;
	// NoProcesses is true when it says there are none.
	Processes   []GPUProcess `json:"processes,omitempty"`
	NoProcesses bool         `json:"no_processes"`
	// CSV keeps the raw query table, because a --query-gpu log can carry
	// any field (power samples over time, clocks) that GPU does not model.
	CSV   *CSVTable `json:"csv,omitempty"`
	Notes []Note    `json:"notes,omitempty"`
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
	// ReadErrors counts the fields the table shows as ERR!: nvidia-smi
	// could not read them, a sign of a GPU in trouble.
	ReadErrors int `json:"read_errors,omitempty"`

	// ECC counters; nil where the output does not show them (N/A, ECC
	// off, or a mode that omits them). The table shows only the first.
	ECCVolatileUncorrected  *int64 `json:"ecc_volatile_uncorrected,omitempty"`
	ECCVolatileCorrected    *int64 `json:"ecc_volatile_corrected,omitempty"`
	ECCAggregateUncorrected *int64 `json:"ecc_aggregate_uncorrected,omitempty"`
	ECCAggregateCorrected   *int64 `json:"ecc_aggregate_corrected,omitempty"`
	// MemoryFaults are -q's page-retirement and row-remapping faults:
	// "page retirement pending", "row remapping pending", "row remapping
	// failed". RemapKnown is set when -q showed either section.
	MemoryFaults []string `json:"memory_faults,omitempty"`
	RemapKnown   bool     `json:"remap_known,omitempty"`
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
	s := asString(data) // the readers copy what they keep
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
		rep.Notes = addCapped(rep.Notes, maxNotes, newNote(NoteGPUModels, fmt.Sprintf("%d different GPU models", len(counts)), "Count", strconv.Itoa(len(counts))))
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
	switch {
	case unit == "" || strings.EqualFold(unit, "mib") || strings.EqualFold(unit, "mb"):
	case strings.EqualFold(unit, "gib") || strings.EqualFold(unit, "gb"):
		v *= 1024
	case strings.EqualFold(unit, "kib") || strings.EqualFold(unit, "kb"):
		v /= 1024
	default:
		return 0, false
	}
	return int64(v + 0.5), true
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
		if strings.HasPrefix(t, "MIG ") && strings.Contains(t, "(UUID: MIG-") && len(rep.GPUs) > 0 {
			rep.GPUs[len(rep.GPUs)-1].MIGMode = "Enabled" // its MIG devices are listed under it
			continue
		}
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
