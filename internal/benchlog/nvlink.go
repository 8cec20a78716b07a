package benchlog

import (
	"strconv"
	"strings"
)

// NVLinkReport is `nvidia-smi nvlink -s` (or --status): each GPU's links
// and their speed, or that all of a GPU's links are inactive.
type NVLinkReport struct {
	GPUs []NVLinkGPU `json:"gpus"`
	// GPUsAbridged is set when GPUs are left out (an elision between two
	// GPUs, or indices that jump): the report cannot speak for them.
	GPUsAbridged bool `json:"gpus_abridged,omitempty"`
}

// NVLinkGPU is one GPU's links. AllInactive is NVML's "all links are
// inactive"; a link printed as "<inactive>" has Active false.
type NVLinkGPU struct {
	Index       int          `json:"index"`
	Name        string       `json:"name,omitempty"`
	Line        int          `json:"line"`
	AllInactive bool         `json:"all_inactive,omitempty"`
	Links       []NVLinkLink `json:"links,omitempty"`
	// Abridged is set when the list skips links (an elision such as
	// "[...]", or link numbers that jump): it cannot show them all active.
	Abridged bool `json:"abridged,omitempty"`
	// Unreadable quotes the line nvidia-smi printed instead of the links
	// ("NVLink is not supported in MIG mode", "Unable to retrieve ...").
	Unreadable     string `json:"unreadable,omitempty"`
	UnreadableLine int    `json:"unreadable_line,omitempty"`
}

// NVLinkLink is one link: its speed in GB/s when active.
type NVLinkLink struct {
	Link   int     `json:"link"`
	Active bool    `json:"active"`
	GBs    float64 `json:"gbs,omitempty"`
}

// ParseNVLink parses nvidia-smi nvlink -s / --status output.
func ParseNVLink(data []byte) (*NVLinkReport, error) {
	s := asString(data)
	if err := checkText(KindNVLink, s); err != nil {
		return nil, err
	}
	rep := &NVLinkReport{GPUs: make([]NVLinkGPU, 0, min(strings.Count(s, "GPU "), maxIBPorts))}
	var cur *NVLinkGPU
	var names stringPool
	elided := false // an elision line was just read
	sc := lineScanner{s: s}
	for {
		raw, ok := sc.next()
		if !ok {
			break
		}
		t := trim(raw)
		switch {
		case strings.HasPrefix(t, "GPU ") && strings.Contains(t, ":"):
			head, name, _ := strings.Cut(t[4:], ":")
			idx, err := strconv.Atoi(trim(head))
			if err != nil {
				continue
			}
			if elided || idx != len(rep.GPUs) {
				rep.GPUsAbridged = true // GPUs are printed 0, 1, 2, ...
			}
			elided = false
			if i := strings.Index(name, " (UUID"); i >= 0 {
				name = name[:i]
			}
			if len(rep.GPUs) >= maxIBPorts {
				return nil, errorf(KindNVLink, sc.n, "more than %d GPUs", maxIBPorts)
			}
			rep.GPUs = append(rep.GPUs, NVLinkGPU{Index: idx, Name: names.get(trim(name)), Line: sc.n})
			cur = &rep.GPUs[len(rep.GPUs)-1]
		case cur != nil && strings.Contains(t, "all links are in"): // "inactive", or NVML's "inActive"
			cur.AllInactive = true
		case cur != nil && cur.Unreadable == "" && len(cur.Links) == 0 && nvlinkUnreadable(t):
			cur.Unreadable, cur.UnreadableLine = strings.Clone(clip(t, 200)), sc.n
		case cur != nil && (t == "[...]" || t == "..." || t == "…" || t == "[…]"):
			elided = true // of this GPU's links, or of GPUs: the next line tells
		case cur != nil && strings.HasPrefix(t, "Link "):
			head, val, ok := strings.Cut(t[5:], ":")
			n, err := strconv.Atoi(trim(head))
			if !ok || err != nil {
				return nil, errorf(KindNVLink, sc.n, "link line %q: expected \"Link N: speed\"", t)
			}
			l := NVLinkLink{Link: n}
			val = trim(val)
			if v, unit, ok := numberWithUnit(val); ok && strings.HasPrefix(unit, "GB/s") {
				l.Active, l.GBs = true, v
			} else if !strings.Contains(strings.ToLower(val), "inactive") {
				return nil, errorf(KindNVLink, sc.n, "link %d: %q is neither a speed in GB/s nor <inactive>", n, val)
			}
			if cur.Links == nil {
				cur.Links = make([]NVLinkLink, 0, 18) // an H100's NVLink count: one allocation per GPU
			}
			if len(cur.Links) < 64 {
				if n != len(cur.Links) || elided {
					cur.Abridged = true // links are printed 0, 1, 2, ...: one is missing
				}
				elided = false
				cur.Links = append(cur.Links, l)
			}
		}
	}
	if len(rep.GPUs) == 0 {
		return nil, errorf(KindNVLink, sc.n, "no GPU lines found (GPU N: name (UUID: ...))")
	}
	return rep, nil
}

// nvlinkUnreadable recognises the line nvidia-smi prints under a GPU whose
// links it cannot show: MIG mode, an unsupported GPU, an NVML error.
func nvlinkUnreadable(t string) bool {
	return containsFold(t, "not supported") || containsFold(t, "mig mode") || containsFold(t, "unable to") ||
		strings.HasPrefix(t, "NVML:") || strings.HasPrefix(t, "Failed")
}

// containsFold is strings.Contains ignoring ASCII case; sub is lower case.
func containsFold(s, sub string) bool {
	n := len(sub)
	for i := 0; i+n <= len(s); i++ {
		if strings.EqualFold(s[i:i+n], sub) {
			return true
		}
	}
	return false
}
