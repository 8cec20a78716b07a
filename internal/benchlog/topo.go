package benchlog

import (
	"slices"
	"strconv"
	"strings"
)

// Topology is one node's "nvidia-smi topo -m" matrix.
type Topology struct {
	// Devices are the matrix columns in order (GPU0.., NIC0.., or the
	// raw NIC names older drivers print, such as mlx5_0).
	Devices []string `json:"devices"`
	// Links[i][j] is the connection between Devices[i] and Devices[j]:
	// X, NV#, PIX, PXB, PHB, NODE, SYS (SOC on old drivers). Rows the
	// output does not print (some NIC rows) are nil.
	Links [][]string `json:"links"`
	GPUs  []TopoGPU  `json:"gpus"`
	NICs  []TopoNIC  `json:"nics,omitempty"`
	// AllNVLink is true when every pair of GPUs is joined by NVLink (NV#);
	// false with fewer than two GPUs, where the question does not arise.
	AllNVLink bool `json:"all_nvlink"`
	// MinNVLinks is the smallest bonded link count over GPU pairs when
	// AllNVLink (NV18 -> 18); it tells NVLink generations and partial
	// NVSwitch fabrics apart.
	MinNVLinks int `json:"min_nvlinks"`
	// PCIeView marks `nvidia-smi topo -mp` (--matrix_pci): the PCIe
	// paths only, never NVLink, so it cannot tell whether NVLink is there.
	// It is known from the command line, or from a legend without NV#.
	PCIeView bool   `json:"pcie_view,omitempty"`
	Notes    []Note `json:"notes,omitempty"`
}

// TopoGPU is a GPU row with its affinity columns.
type TopoGPU struct {
	Name         string `json:"name"` // GPU0
	CPUAffinity  string `json:"cpu_affinity,omitempty"`
	NUMAAffinity string `json:"numa_affinity,omitempty"`
	GPUNUMAID    string `json:"gpu_numa_id,omitempty"`
}

// TopoNIC is a NIC column, with its device name from the "NIC Legend".
type TopoNIC struct {
	Name   string `json:"name"`             // NIC0
	Device string `json:"device,omitempty"` // mlx5_0
}

// Affinity headers in the order nvidia-smi prints them; several are more
// than one word, so the header cannot be split on whitespace alone.
var topoAffinity = []string{"CPU Affinity", "NUMA Affinity", "GPU NUMA ID"}

// topoAffinityWords holds topoAffinity split into words, once.
var topoAffinityWords = [][]string{{"CPU", "Affinity"}, {"NUMA", "Affinity"}, {"GPU", "NUMA", "ID"}}

// ParseTopo parses "nvidia-smi topo -m". Columns are found by splitting on
// whitespace, not by fixed offsets, because published copies have
// irregular spacing. It returns a *ParseError for a missing header, an
// unknown link type or a matrix that lacks a GPU row.
func ParseTopo(data []byte) (*Topology, error) {
	s := asString(data) // what is kept is copied or a constant
	if err := checkText(KindTopo, s); err != nil {
		return nil, err
	}
	p := topoParser{topo: &Topology{}}
	sc := lineScanner{s: s}
	f := make([]string, 0, 32) // a node's header and rows fit
	for {
		raw, ok := sc.next()
		if !ok {
			break
		}
		f = splitFields(raw, f)
		p.n = sc.n
		var err error
		switch p.state {
		case topoBeforeHeader:
			err = p.header(raw, f)
		case topoInMatrix:
			err = p.row(f)
		default:
			err = p.trailer(raw, f)
		}
		if err != nil {
			return nil, err
		}
	}
	p.n = sc.n
	return p.finish()
}

// Where the reader of a topology is.
const (
	topoBeforeHeader = iota
	topoInMatrix
	topoAfterMatrix
)

// topoParser reads nvidia-smi topo -m a line at a time.
type topoParser struct {
	topo         *Topology
	n            int      // the line being read
	state        int      // topoBeforeHeader, topoInMatrix, topoAfterMatrix
	affinity     []string // affinity headers present, in order
	printed      []bool   // printed[i]: Devices[i]'s row has been read
	headerLine   int
	extraNoted   bool
	nicRowsNoted bool
	cellSlab     []string
	legend       bool // a link legend was printed
	nvLegend     bool // it names NV#
}

// header waits for the matrix's header (the devices, then the affinity
// columns) and reads it.
func (p *topoParser) header(raw string, f []string) error {
	topo := p.topo
	if strings.Contains(raw, "topo -mp") || strings.Contains(raw, "topo --matrix_pci") || strings.Contains(raw, "topo -m -p") {
		topo.PCIeView = true
	}
	if len(f) == 0 || f[0] != "GPU0" || (len(f) > 1 && isLinkType(f[1])) {
		return nil // prompt, hostname, anything before the header
	}
	p.headerLine = p.n
	topo.Devices = make([]string, 0, len(f))
	for i := 0; i < len(f); i++ {
		if name, words := affinityAt(f, i); name != "" {
			p.affinity = append(p.affinity, name)
			i += words - 1
			continue
		}
		if len(p.affinity) > 0 {
			return errorf(KindTopo, p.n, "device column %q after the affinity columns", f[i])
		}
		topo.Devices = append(topo.Devices, deviceName(f[i]))
	}
	if d, dup := duplicateDevice(topo.Devices); dup {
		return errorf(KindTopo, p.n, "device %s appears twice in the header", d)
	}
	topo.GPUs = make([]TopoGPU, 0, gpuCount(topo.Devices))
	p.printed = make([]bool, len(topo.Devices))
	topo.Links = make([][]string, len(topo.Devices))
	p.cellSlab = make([]string, len(topo.Devices)*len(topo.Devices)) // every row's cells in one allocation
	p.state = topoInMatrix
	return nil
}

// row reads a device's row of link types (and a GPU's affinity); a line
// that is no device's row ends the matrix.
func (p *topoParser) row(f []string) error {
	topo := p.topo
	if len(f) == 0 || !isDeviceName(f[0]) {
		p.state = topoAfterMatrix
		return nil
	}
	idx := indexOf(topo.Devices, f[0])
	if idx < 0 && strings.HasPrefix(f[0], "NIC") && len(f) > 1 {
		p.cutNICRow(f[0])
		return nil
	}
	if idx < 0 {
		p.state = topoAfterMatrix
		return nil
	}
	if p.printed[idx] {
		return errorf(KindTopo, p.n, "second row for %s", f[0])
	}
	if len(f)-1 < len(topo.Devices) {
		return errorf(KindTopo, p.n, "row %s has %d link cells, the header has %d devices", f[0], len(f)-1, len(topo.Devices))
	}
	p.printed[idx] = true
	n := len(topo.Devices)
	cells := p.cellSlab[idx*n : (idx+1)*n : (idx+1)*n]
	for j := range cells {
		name, ok := linkType(f[1+j])
		if !ok {
			return errorf(KindTopo, p.n, "unknown link type %q between %s and %s", f[1+j], f[0], topo.Devices[j])
		}
		cells[j] = name
	}
	topo.Links[idx] = cells
	if strings.HasPrefix(f[0], "GPU") {
		return p.gpuAffinity(idx, f)
	}
	return nil
}

// cutNICRow lists a NIC whose row stands under a header without NIC
// columns: the publisher cut them. Its links to the GPUs cannot be placed
// without the columns it lacks.
func (p *topoParser) cutNICRow(name string) {
	topo := p.topo
	if !slices.ContainsFunc(topo.NICs, func(n TopoNIC) bool { return n.Name == name }) {
		topo.NICs = append(topo.NICs, TopoNIC{Name: strings.Clone(name)})
	}
	if !p.nicRowsNoted {
		p.nicRowsNoted = true
		topo.Notes = addCapped(topo.Notes, maxNotes, newNote(NoteTopoNICRows,
			"NIC rows without NIC columns in the header (the matrix was cut): the NICs are listed, their links to GPUs are not read"))
	}
}

// gpuAffinity reads the affinity values after a GPU's link cells and adds
// the GPU.
func (p *topoParser) gpuAffinity(idx int, f []string) error {
	topo := p.topo
	g := TopoGPU{Name: topo.Devices[idx]} // the header's copy
	// Values beyond the header's affinity names take the next names in
	// print order: a publisher's copy may cut the header short
	// (NVIDIA/nccl-tests#380) but not the values.
	extra := f[1+len(topo.Devices):]
	start := 0
	if len(p.affinity) > 0 {
		start = indexOf(topoAffinity, p.affinity[0])
	}
	for k, v := range extra {
		if start+k >= len(topoAffinity) {
			return errorf(KindTopo, p.n, "row %s has more affinity values than nvidia-smi prints", f[0])
		}
		// GPUs of one socket share their affinity: the previous GPU's
		// copy serves instead of a new one.
		var prev TopoGPU
		if len(topo.GPUs) > 0 {
			prev = topo.GPUs[len(topo.GPUs)-1]
		}
		switch topoAffinity[start+k] {
		case "CPU Affinity":
			g.CPUAffinity = sameOrClone(v, prev.CPUAffinity)
		case "NUMA Affinity":
			g.NUMAAffinity = sameOrClone(v, prev.NUMAAffinity)
		case "GPU NUMA ID":
			g.GPUNUMAID = sameOrClone(v, prev.GPUNUMAID)
		}
	}
	if len(extra) > len(p.affinity) && !p.extraNoted {
		p.extraNoted = true
		line := strconv.Itoa(p.n)
		topo.Notes = addCapped(topo.Notes, maxNotes, newNote(NoteTopoAffinity,
			"line "+line+": more affinity values than header names; assigned in nvidia-smi order", "Line", line))
	}
	topo.GPUs = append(topo.GPUs, g)
	return nil
}

// trailer reads the legends after the matrix; a second matrix is
// refused.
func (p *topoParser) trailer(raw string, f []string) error {
	if strings.HasPrefix(trim(raw), "Legend") {
		p.legend = true
	}
	p.nvLegend = p.nvLegend || strings.Contains(raw, "NV#")
	// "NIC Legend:" entries ("  NIC0: mlx5_0"); the link legend is text.
	if len(f) == 2 && strings.HasSuffix(f[0], ":") && strings.HasPrefix(f[0], "NIC") {
		name := strings.TrimSuffix(f[0], ":")
		if indexOf(p.topo.Devices, name) >= 0 {
			p.topo.NICs = append(p.topo.NICs, TopoNIC{Name: deviceName(name), Device: deviceName(f[1])})
		}
	}
	if len(f) > 1 && f[0] == "GPU0" && !isLinkType(f[1]) {
		return errorf(KindTopo, p.n, "a second topology matrix; upload one node per file")
	}
	return nil
}

// finish checks the matrix is whole and lists the NIC columns.
func (p *topoParser) finish() (*Topology, error) {
	topo := p.topo
	if p.headerLine == 0 {
		return nil, errorf(KindTopo, p.n, "no topology header (a line starting with GPU0) found")
	}
	if p.legend && !p.nvLegend {
		topo.PCIeView = true // -mp prints its legend without the NVLink entry
	}
	for i, d := range topo.Devices {
		if strings.HasPrefix(d, "GPU") && topo.Links[i] == nil {
			return nil, errorf(KindTopo, p.n, "matrix has no row for %s", d)
		}
	}
	// NIC columns: named NICn with a legend, or raw names on old drivers.
	listed := map[string]bool{}
	for _, n := range topo.NICs {
		listed[n.Name] = true
	}
	for _, d := range topo.Devices {
		if !strings.HasPrefix(d, "GPU") && !listed[d] {
			nic := TopoNIC{Name: d}
			if !strings.HasPrefix(d, "NIC") {
				nic.Device = d
			}
			topo.NICs = append(topo.NICs, nic)
		}
	}
	topo.deriveNVLink()
	return topo, nil
}

// sameOrClone is v as kept: kept itself when equal, else a copy of v, so
// that nothing kept points into the upload.
func sameOrClone(v, kept string) string {
	if v == kept {
		return kept
	}
	return strings.Clone(v)
}

// gpuCount is how many of the devices are GPUs.
func gpuCount(devices []string) int {
	n := 0
	for _, d := range devices {
		if strings.HasPrefix(d, "GPU") {
			n++
		}
	}
	return n
}

// affinityAt reports a multi-word affinity header starting at f[i].
func affinityAt(f []string, i int) (string, int) {
	for a, words := range topoAffinityWords {
		name := topoAffinity[a]
		if i+len(words) > len(f) {
			continue
		}
		match := true
		for k, w := range words {
			if f[i+k] != w {
				match = false
				break
			}
		}
		if match {
			return name, len(words)
		}
	}
	return "", 0
}

func (t *Topology) deriveNVLink() {
	var gpus []int
	for i, d := range t.Devices {
		if strings.HasPrefix(d, "GPU") {
			gpus = append(gpus, i)
		}
	}
	if len(gpus) < 2 {
		return
	}
	t.AllNVLink = true
	t.MinNVLinks = 0
	for _, i := range gpus {
		for _, j := range gpus {
			if i == j {
				continue
			}
			c := t.Links[i][j]
			n, ok := nvLinks(c)
			if !ok {
				t.AllNVLink, t.MinNVLinks = false, 0
				return
			}
			if t.MinNVLinks == 0 || n < t.MinNVLinks {
				t.MinNVLinks = n
			}
		}
	}
}

// Link returns the connection between two devices by name, or "".
func (t *Topology) Link(a, b string) string {
	i, j := indexOf(t.Devices, a), indexOf(t.Devices, b)
	if i < 0 || j < 0 || t.Links[i] == nil {
		return ""
	}
	return t.Links[i][j]
}

// nvLinks reads NV# (NV1 … NV999999): digits only, as nvidia-smi prints
// them; a cell is read once per matrix cell, so no strconv.
func nvLinks(c string) (int, bool) {
	if len(c) < 3 || len(c) > 8 || c[0] != 'N' || c[1] != 'V' {
		return 0, false
	}
	n := 0
	for i := 2; i < len(c); i++ {
		if !isDigit(c[i]) {
			return 0, false
		}
		n = n*10 + int(c[i]-'0')
	}
	return n, n > 0
}

// deviceNames are the names a node's matrix repeats (GPU0.., NIC0..,
// mlx5_0..) as constants, so a header does not copy each out of the upload.
var deviceNames = func() map[string]string {
	m := map[string]string{}
	for n := range 32 {
		for _, p := range []string{"GPU", "NIC", "mlx5_"} {
			name := p + strconv.Itoa(n)
			m[name] = name
		}
	}
	return m
}()

// deviceName returns a device name as a constant when it is a common one,
// else a copy, so that what is kept never points into the upload.
func deviceName(s string) string {
	if c, ok := deviceNames[s]; ok {
		return c
	}
	return strings.Clone(s)
}

// nvLinkNames are "NV1" … "NV24" as constants, for linkTypeName.
var nvLinkNames = func() []string {
	names := make([]string, 25)
	for n := 1; n < len(names); n++ {
		names[n] = "NV" + strconv.Itoa(n)
	}
	return names
}()

// linkType reads a matrix cell: its link type as a constant (so a matrix
// of them is not copied cell by cell out of the upload), and whether it is
// one.
func linkType(c string) (string, bool) {
	switch c {
	case "X":
		return "X", true
	case "PIX":
		return "PIX", true
	case "PXB":
		return "PXB", true
	case "PHB":
		return "PHB", true
	case "NODE":
		return "NODE", true
	case "SYS":
		return "SYS", true
	case "SOC":
		return "SOC", true
	}
	n, ok := nvLinks(c)
	if !ok {
		return "", false
	}
	if n < len(nvLinkNames) && nvLinkNames[n] == c {
		return nvLinkNames[n], true
	}
	return strings.Clone(c), true // "NV018" reads as 18 but is kept as printed
}

func isLinkType(c string) bool {
	_, ok := linkType(c)
	return ok
}

// isDeviceName accepts matrix labels: GPUn, NICn, and raw NIC names such
// as mlx5_0 that drivers before the NIC legend printed.
func isDeviceName(s string) bool {
	if s == "" || isLinkType(s) || s == "CPU" || s == "NUMA" || strings.HasSuffix(s, ":") {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigit(c) || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

// duplicateDevice finds a name the header gives twice. A node has a few
// dozen devices at most, where comparing pairs beats building a map (a
// map was a sixth of parsing a matrix); a longer header takes the map so
// the work stays linear in what was uploaded.
func duplicateDevice(devices []string) (string, bool) {
	if len(devices) > 32 {
		seen := make(map[string]bool, len(devices))
		for _, d := range devices {
			if seen[d] {
				return d, true
			}
			seen[d] = true
		}
		return "", false
	}
	for i, d := range devices {
		for _, e := range devices[:i] {
			if d == e {
				return d, true
			}
		}
	}
	return "", false
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}
