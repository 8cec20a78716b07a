package benchlog

import (
	"strconv"
	"strings"
)

// KernelLogReport is an excerpt of a node's kernel log (dmesg, dmesg -T,
// journalctl -k, or those gathered from several hosts with a "host: "
// prefix): the NVIDIA driver's Xid events in it. An excerpt with driver
// lines and no Xid is a clean kernel log, a passing health run.
type KernelLogReport struct {
	// DriverLines counts the NVIDIA driver's lines (NVRM, nvidia-nvswitch):
	// the excerpt shows the driver was there to report.
	DriverLines int        `json:"driver_lines"`
	Xids        []XidEvent `json:"xids,omitempty"`
	// XidsOmitted counts events past maxXidEvents (a flapping GPU logs
	// thousands): they are counted, each code's first events are kept.
	XidsOmitted int `json:"xids_omitted,omitempty"`
	// Hosts are the host names the driver's lines carry (journalctl, a
	// pdsh prefix), in order of first appearance; empty for plain dmesg.
	Hosts []string `json:"hosts,omitempty"`
}

// XidEvent is one "NVRM: Xid (PCI:0000:3b:00): 79, ..." line.
type XidEvent struct {
	Line int    `json:"line"`
	Code int    `json:"code"`
	PCI  string `json:"pci,omitempty"`
	Host string `json:"host,omitempty"`
	// Time is the line's timestamp as printed ("Dec 02 07:12:01",
	// "[ 1234.567890]"): shown, not interpreted.
	Time string `json:"time,omitempty"`
	Text string `json:"text,omitempty"` // the driver's words after the code
}

const (
	maxXidEvents = 256
	maxHosts     = 1024
)

// ParseKernelLog reads the Xid events of a kernel log excerpt.
func ParseKernelLog(data []byte) (*KernelLogReport, error) {
	s := asString(data)
	if err := checkText(KindKernelLog, s); err != nil {
		return nil, err
	}
	rep := &KernelLogReport{}
	var hosts stringPool
	sc := lineScanner{s: s}
	for {
		raw, ok := sc.next()
		if !ok {
			break
		}
		i := strings.Index(raw, "NVRM: ")
		if i < 0 {
			if strings.Contains(raw, "nvidia-nvswitch") {
				rep.DriverLines++
			}
			continue
		}
		rep.DriverLines++
		prefix := raw[:i]
		host := kernelLogHost(prefix)
		if host != "" {
			host = hosts.get(host)
			if len(rep.Hosts) < maxHosts && !containsString(rep.Hosts, host) {
				rep.Hosts = append(rep.Hosts, host) // every host the excerpt shows the driver on
			}
		}
		rest := raw[i+len("NVRM: "):]
		if !strings.HasPrefix(rest, "Xid ") {
			continue
		}
		ev, ok := xidEvent(rest[len("Xid "):])
		if !ok {
			return nil, errorf(KindKernelLog, sc.n, "Xid line without a readable code: %q", clip(trim(raw), 160))
		}
		ev.Line, ev.Host = sc.n, host
		ev.Time = strings.Clone(kernelLogTime(prefix))
		rep.addXid(ev)
	}
	if rep.DriverLines == 0 {
		return nil, errorf(KindKernelLog, sc.n, "no NVIDIA driver line (NVRM: ...) in this kernel log")
	}
	return rep, nil
}

// addXid keeps the event unless the list is full; the first events of
// each code are kept before repeats of one code crowd the others out.
func (rep *KernelLogReport) addXid(ev XidEvent) {
	if len(rep.Xids) < maxXidEvents {
		rep.Xids = append(rep.Xids, ev)
		return
	}
	rep.XidsOmitted++
}

// xidEvent reads "(PCI:0000:3b:00): 79, pid=123, name=python, text": the
// bus id, the code and the driver's words. Old drivers print the bus id
// without "PCI:".
func xidEvent(s string) (XidEvent, bool) {
	var ev XidEvent
	if strings.HasPrefix(s, "(") {
		end := strings.Index(s, "):")
		if end < 0 {
			return ev, false
		}
		ev.PCI = strings.Clone(strings.TrimPrefix(s[1:end], "PCI:"))
		s = s[end+2:]
	}
	s = trimLeft(s)
	n := 0
	for n < len(s) && isDigit(s[n]) {
		n++
	}
	if n == 0 || n > 5 {
		return ev, false
	}
	ev.Code, _ = strconv.Atoi(s[:n])
	ev.Text = strings.Clone(clip(trim(strings.TrimPrefix(s[n:], ",")), 200))
	return ev, true
}

// kernelLogHost finds the host a line names before the driver's text:
// journalctl's "Dec 02 07:12:01 gpu-07 kernel: " or "2025-12-02T07:12:01+0000
// gpu-07 kernel: ", or a pdsh/clush "gpu-07: " prefix.
func kernelLogHost(prefix string) string {
	if k := strings.Index(prefix, " kernel:"); k > 0 {
		before := trim(prefix[:k])
		if j := strings.LastIndexByte(before, ' '); j >= 0 {
			return before[j+1:]
		}
		return ""
	}
	if c := strings.Index(prefix, ": "); c > 0 && !strings.ContainsAny(prefix[:c], " [") {
		return prefix[:c]
	}
	return ""
}

// kernelLogTime is the line's timestamp: dmesg's bracket, or journalctl's
// date before the host.
func kernelLogTime(prefix string) string {
	if o := strings.IndexByte(prefix, '['); o >= 0 {
		if c := strings.IndexByte(prefix[o:], ']'); c > 0 {
			return trim(prefix[o : o+c+1])
		}
	}
	if k := strings.Index(prefix, " kernel:"); k > 0 {
		before := trim(prefix[:k])
		if j := strings.LastIndexByte(before, ' '); j > 0 {
			return trim(before[:j])
		}
	}
	return ""
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
