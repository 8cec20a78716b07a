package benchlog

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// IBStatReport is `ibstat` or `ibstatus` output: every HCA port with its
// state, rate and link layer.
type IBStatReport struct {
	Format string   `json:"format"` // "ibstat" or "ibstatus"
	Ports  []IBPort `json:"ports"`
	// Errors are the tool's own error lines ("ibpanic: ... failed",
	// "ibwarn: ..."): a device it could not read is missing from Ports.
	Errors []IBError `json:"errors,omitempty"`
	Notes  []Note    `json:"notes,omitempty"`
}

// IBError is one ibpanic/ibwarn line, with the CA it names ("" when none).
type IBError struct {
	Line  int    `json:"line"`
	Text  string `json:"text"`
	CA    string `json:"ca,omitempty"`
	Fatal bool   `json:"fatal,omitempty"` // ibpanic: the tool stopped there
}

// IBPort is one port of one CA. State is "Active", "Down", "Init",
// "Armed"; PhysState "LinkUp", "Polling", "Disabled"; Rate in Gb/s.
type IBPort struct {
	CA        string  `json:"ca"`
	CAType    string  `json:"ca_type,omitempty"`
	Port      int     `json:"port"`
	Line      int     `json:"line"`
	State     string  `json:"state"`
	PhysState string  `json:"phys_state"`
	Rate      float64 `json:"rate_gbps"`
	LinkLayer string  `json:"link_layer"` // "InfiniBand" or "Ethernet"
	BaseLID   string  `json:"base_lid,omitempty"`
	SMLID     string  `json:"sm_lid,omitempty"`
}

// Up reports an Active port whose physical link is up.
func (p IBPort) Up() bool {
	return strings.EqualFold(p.State, "Active") && strings.EqualFold(p.PhysState, "LinkUp")
}

const maxIBPorts = 4096

// ParseIBStat parses ibstat and ibstatus output.
func ParseIBStat(data []byte) (*IBStatReport, error) {
	s := asString(data)
	if err := checkText(KindIBStat, s); err != nil {
		return nil, err
	}
	rep := &IBStatReport{Format: "ibstat"}
	ca, caType := "", ""
	var port *IBPort
	sc := lineScanner{s: s}
	for {
		raw, ok := sc.next()
		if !ok {
			break
		}
		t := trim(raw)
		switch {
		case strings.HasPrefix(t, "ibpanic:") || strings.HasPrefix(t, "ibwarn:"):
			if len(rep.Errors) < 64 {
				rep.Errors = append(rep.Errors, ibError(t, sc.n))
			}
			continue
		case strings.HasPrefix(t, "CA '"):
			ca, caType, port = strings.Clone(strings.TrimSuffix(strings.TrimPrefix(t, "CA '"), "'")), "", nil
			continue
		case strings.HasPrefix(t, "Infiniband device '"):
			// ibstatus: "Infiniband device 'mlx5_0' port 1 status:"
			rep.Format = "ibstatus"
			rest := strings.TrimPrefix(t, "Infiniband device '")
			name, after, _ := strings.Cut(rest, "'")
			var arr [16]string // the words, on the stack
			f := fields(after, arr[:0])
			n := 0
			if len(f) >= 2 && f[0] == "port" {
				n, _ = strconv.Atoi(f[1])
			}
			if port = addPort(rep, strings.Clone(name), "", n, sc.n); port == nil {
				return nil, errorf(KindIBStat, sc.n, "more than %d ports", maxIBPorts)
			}
			continue
		case strings.HasPrefix(t, "Port ") && strings.HasSuffix(t, ":") && ca != "":
			n, err := strconv.Atoi(strings.TrimSuffix(t[5:], ":"))
			if err != nil {
				return nil, errorf(KindIBStat, sc.n, "port line %q: expected \"Port N:\"", t)
			}
			if port = addPort(rep, ca, caType, n, sc.n); port == nil {
				return nil, errorf(KindIBStat, sc.n, "more than %d ports", maxIBPorts)
			}
			continue
		}
		k, v, ok := strings.Cut(t, ":")
		if !ok {
			continue
		}
		k, v = ibKey(trim(k)), trim(v)
		if i := strings.Index(v, " #"); i >= 0 {
			v = trim(v[:i]) // a publisher's annotation ("Active # logical state"); ibstat prints no '#'
		}
		if k == "ca type" {
			caType = strings.Clone(v)
			continue
		}
		if port == nil {
			continue
		}
		if err := ibField(port, k, v, sc.n); err != nil {
			return nil, err
		}
	}
	if len(rep.Ports) == 0 && len(rep.Errors) == 0 {
		return nil, errorf(KindIBStat, sc.n, "no ports found (no CA '...' / Port N: blocks or Infiniband device lines)")
	}
	for i := range rep.Errors {
		if e := &rep.Errors[i]; e.CA == "" {
			e.CA = namedCA(e.Text, rep.Ports)
		}
	}
	for _, e := range rep.Errors {
		rep.Notes = append(rep.Notes, newNote(NoteToolError, "line "+strconv.Itoa(e.Line)+": "+e.Text,
			"Line", strconv.Itoa(e.Line), "Text", e.Text))
	}
	for i, p := range rep.Ports {
		if p.State == "" {
			return nil, errorf(KindIBStat, p.Line, "port %d of %s has no state", p.Port, p.CA)
		}
		if rep.Ports[i].LinkLayer == "" {
			rep.Ports[i].LinkLayer = "InfiniBand" // ibstat omits it on old drivers: IB is the default
		}
	}
	return rep, nil
}

func addPort(rep *IBStatReport, ca, caType string, n, line int) *IBPort {
	if len(rep.Ports) >= maxIBPorts {
		return nil
	}
	rep.Ports = append(rep.Ports, IBPort{CA: ca, CAType: caType, Port: n, Line: line})
	return &rep.Ports[len(rep.Ports)-1]
}

// ibField stores one "key: value" of a port; ibstatus prefixes states
// with their number ("4: ACTIVE") and rates with a unit.
func ibField(p *IBPort, k, v string, line int) error {
	word := func(v string) string {
		if _, w, ok := strings.Cut(v, ":"); ok {
			v = trim(w)
		}
		if len(v) > 1 && isUpperWord(v) {
			if w, ok := ibWords[v]; ok {
				return w // the usual states need no copy
			}
			v = v[:1] + strings.ToLower(v[1:])
		}
		return internIB(v)
	}
	switch k {
	case "state":
		p.State = word(v)
	case "physical state", "phys state":
		p.PhysState = word(v)
		if strings.EqualFold(p.PhysState, "linkup") {
			p.PhysState = "LinkUp"
		}
	case "rate":
		r, _, ok := numberWithUnit(v)
		if !ok {
			return errorf(KindIBStat, line, "rate %q is not a number of Gb/s", v)
		}
		p.Rate = r
	case "link layer", "link_layer":
		p.LinkLayer = internIB(v)
	case "base lid":
		p.BaseLID = strings.Clone(v)
	case "sm lid":
		p.SMLID = strings.Clone(v)
	}
	return nil
}

// ibKeys are the port fields ibField reads, by their lower-case name; a
// key is matched without lower-casing it (a copy per line).
var ibKeys = [...]string{"ca type", "state", "physical state", "phys state", "rate", "link layer", "link_layer", "base lid", "sm lid"}

func ibKey(k string) string {
	for _, name := range ibKeys {
		if len(k) == len(name) && strings.EqualFold(k, name) {
			return name
		}
	}
	return ""
}

// ibWords are ibstatus's upper-case states as ibstat spells them.
var ibWords = map[string]string{"ACTIVE": "Active", "DOWN": "Down", "INIT": "Init", "ARMED": "Armed",
	"LINKUP": "Linkup", "POLLING": "Polling", "DISABLED": "Disabled"}

// internIB returns the usual states and link layers as constants and
// copies anything else out of the upload.
func internIB(v string) string {
	if c, ok := ibConstants[v]; ok {
		return c
	}
	return strings.Clone(v)
}

var ibConstants = map[string]string{"Active": "Active", "Down": "Down", "Init": "Init", "Armed": "Armed", "LinkUp": "LinkUp",
	"Linkup": "Linkup", "Polling": "Polling", "Disabled": "Disabled", "InfiniBand": "InfiniBand", "Ethernet": "Ethernet"}

// ibError reads an error line; the CA is the first quoted name in it
// ("stat of IB device 'mlx5_3' failed").
func ibError(t string, line int) IBError {
	e := IBError{Line: line, Text: strings.Clone(clip(t, 300)), Fatal: strings.HasPrefix(t, "ibpanic:")}
	if _, rest, ok := strings.Cut(t, "'"); ok {
		if name, _, ok := strings.Cut(rest, "'"); ok && name != "" && len(name) < 64 {
			e.CA = strings.Clone(name)
		}
	}
	return e
}

// clip cuts s to at most n bytes, on a rune boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// namedCA finds a CA of ports named as a word of an error line without
// quotes ("umad_get_port: mlx5_1: can't read ...").
func namedCA(text string, ports []IBPort) string {
	words := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ':' || r == ',' || r == '\t' })
	for _, w := range words {
		for _, p := range ports {
			if w == p.CA {
				return p.CA
			}
		}
	}
	return ""
}
