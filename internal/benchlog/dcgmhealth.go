package benchlog

import (
	"strconv"
	"strings"
)

// DCGMHealthReport is `dcgmi health -c`: DCGM's passive health watches
// (PCIe replays, ECC, NVLink, thermal, power, InfoROM) for a GPU group,
// overall and per GPU, with the incidents it names.
type DCGMHealthReport struct {
	// Overall is "healthy", "warning" or "failure"; Line is where it is.
	Overall   string               `json:"overall"`
	Line      int                  `json:"line"`
	GPUs      []DCGMHealthGPU      `json:"gpus,omitempty"`
	Incidents []DCGMHealthIncident `json:"incidents,omitempty"`
}

// DCGMHealthGPU is one GPU's health as the report lists it.
type DCGMHealthGPU struct {
	Index  int    `json:"index"`
	Status string `json:"status"`
	Line   int    `json:"line"`
}

// DCGMHealthIncident is one watch's finding: "PCIe system: Warning -
// Detected more than 8 PCIe replays per minute for GPU 0: 13". GPU is -1
// when the report ties it to none.
type DCGMHealthIncident struct {
	GPU    int    `json:"gpu"`
	System string `json:"system,omitempty"`
	Status string `json:"status"`
	Text   string `json:"text,omitempty"`
	Line   int    `json:"line"`
}

const maxHealthIncidents = 256

// ParseDCGMHealth parses the table dcgmi health -c prints, in the layout of
// DCGM 1–2 ("| GPU ID: 0 | Warning |") and of later releases ("| -> 0 |
// Warning |" under a GPU row, "-> PCIe system | Warning").
func ParseDCGMHealth(data []byte) (*DCGMHealthReport, error) {
	s := asString(data)
	if err := checkText(KindDCGMHealth, s); err != nil {
		return nil, err
	}
	rep := &DCGMHealthReport{}
	gpu := -1
	var last *DCGMHealthIncident
	sc := lineScanner{s: s}
	for {
		raw, ok := sc.next()
		if !ok {
			break
		}
		left, right, ok := healthCells(raw)
		if !ok {
			last = nil
			continue
		}
		if rest, found := strings.CutPrefix(right, "Overall Health:"); found {
			left, right = "Overall Health", trim(rest)
		}
		switch {
		case strings.Contains(left, "Overall Health"):
			rep.Overall, rep.Line = healthStatus(right), sc.n
		case healthGPU(left) >= 0:
			gpu = healthGPU(left)
			rep.GPUs = append(rep.GPUs, DCGMHealthGPU{Index: gpu, Status: healthStatus(right), Line: sc.n})
			last = nil
		case strings.HasSuffix(left, " system"):
			last = rep.addIncident(gpu, strings.TrimPrefix(left, "-> "), right, sc.n)
		case left == "" && right != "":
			if sys, rest, found := strings.Cut(right, " system:"); found && !strings.Contains(sys, " ") {
				last = rep.addIncident(gpu, sys+" system", trim(rest), sc.n)
			} else if last != nil && len(last.Text) < 500 {
				last.Text = trim(last.Text + " " + right)
			}
		}
	}
	if rep.Overall == "" {
		return nil, errorf(KindDCGMHealth, sc.n, "no \"Overall Health\" line: not dcgmi health -c output")
	}
	for i := range rep.Incidents {
		rep.Incidents[i].Text = strings.Clone(rep.Incidents[i].Text)
	}
	return rep, nil
}

// addIncident starts an incident from "Warning - text" or "Warning".
func (rep *DCGMHealthReport) addIncident(gpu int, system, right string, line int) *DCGMHealthIncident {
	if len(rep.Incidents) >= maxHealthIncidents {
		return nil
	}
	word, text, _ := strings.Cut(right, " - ")
	rep.Incidents = append(rep.Incidents, DCGMHealthIncident{GPU: gpu, System: strings.Clone(system), Status: healthStatus(word),
		Text: trim(text), Line: line})
	return &rep.Incidents[len(rep.Incidents)-1]
}

// healthCells splits "| left | right |" into its trimmed cells; ok is
// false for borders and other lines.
func healthCells(raw string) (left, right string, ok bool) {
	t := trim(raw)
	if !strings.HasPrefix(t, "|") || !strings.HasSuffix(t, "|") || len(t) < 3 {
		return "", "", false
	}
	inner := t[1 : len(t)-1]
	l, r, found := strings.Cut(inner, "|")
	if !found {
		return trim(inner), "", true
	}
	return trim(l), trim(r), true
}

// healthGPU reads a GPU row's left cell ("GPU ID: 3", "-> 3", "GPU 3"),
// -1 for any other.
func healthGPU(left string) int {
	for _, p := range []string{"GPU ID:", "-> GPU", "->", "GPU"} {
		if rest, ok := strings.CutPrefix(left, p); ok {
			rest = trim(rest)
			if isDigits(rest) && len(rest) <= 4 {
				n, _ := strconv.Atoi(rest)
				return n
			}
		}
	}
	return -1
}

// healthStatus is DCGM's word in lower case: healthy, warning, failure.
func healthStatus(v string) string {
	w, _, _ := strings.Cut(trim(v), " ")
	switch strings.ToLower(w) {
	case "healthy", "pass", "passed":
		return "healthy"
	case "warning", "warn":
		return "warning"
	case "failure", "fail", "failed", "error":
		return "failure"
	}
	return strings.ToLower(strings.Clone(w))
}
