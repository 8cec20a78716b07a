package benchlog

import (
	"strconv"
	"strings"
)

// GPUBurnReport is a gpu-burn run: the final verdict per GPU and what the
// last progress line said about work, errors and temperature.
type GPUBurnReport struct {
	Doubles     bool         `json:"doubles,omitempty"`
	TensorCores bool         `json:"tensor_cores,omitempty"`
	GPUs        []GPUBurnGPU `json:"gpus"`
	Tested      int          `json:"tested"` // "Tested N GPUs"
	HasVerdict  bool         `json:"has_verdict"`
	Progress    float64      `json:"progress_pct"` // of the last progress update
	Line        int          `json:"line"`         // of the verdict block
	// AskedSeconds is the run length gpu-burn was given ("Burning for N
	// seconds.", or its command line's TIME); TimedSeconds the wall time
	// a `time` report states. 0 when the log does not say.
	AskedSeconds float64 `json:"asked_s,omitempty"`
	TimedSeconds float64 `json:"timed_s,omitempty"`
}

// RanSeconds is how long the burn ran by its own log: a `time` report,
// else the asked length times the last progress (a run killed at 40 %
// burnt for 40 % of it); 0 when the log states no length.
func (r *GPUBurnReport) RanSeconds() float64 {
	switch {
	case r.TimedSeconds > 0:
		return r.TimedSeconds
	case r.AskedSeconds > 0 && r.Progress > 0:
		return r.AskedSeconds * min(r.Progress, 100) / 100
	case r.AskedSeconds > 0 && r.HasVerdict:
		return r.AskedSeconds
	}
	return 0
}

// GPUBurnGPU is one GPU. OK is gpu-burn's own verdict; Errors and Gflops
// come from the last progress update (errors may be negative: the counter
// overflows), MaxTempC from every update.
type GPUBurnGPU struct {
	Index    int     `json:"index"`
	OK       bool    `json:"ok"`
	Verdict  string  `json:"verdict"` // "OK", "FAULTY" or "" when the run never printed one
	Proc     int64   `json:"proc"`
	Gflops   float64 `json:"gflops"`
	Errors   int64   `json:"errors"`
	MaxTempC float64 `json:"max_temp_c"`
}

// ParseGPUBurn parses gpu-burn's output, whose progress updates are
// separated by carriage returns rather than newlines.
func ParseGPUBurn(data []byte) (*GPUBurnReport, error) {
	s := asString(data)
	if err := checkText(KindGPUBurn, s); err != nil {
		return nil, err
	}
	rep := &GPUBurnReport{}
	var gpus []GPUBurnGPU
	line := 1
	nl := -1 // offset in s of the next newline, kept while segments before it are read
	for len(s) > 0 {
		// Two IndexByte scans (vectorised) instead of IndexAny's byte loop;
		// the newline is searched once per line, not per segment.
		if nl < 0 {
			if nl = strings.IndexByte(s, '\n'); nl < 0 {
				nl = len(s)
			}
		}
		i := strings.IndexByte(s[:nl], '\r')
		if i < 0 && nl < len(s) {
			i = nl
		}
		seg, newline := s, false
		if i >= 0 {
			seg, newline, s = s[:i], s[i] == '\n', s[i+1:]
			if nl -= i + 1; newline {
				nl = -1
			}
		} else {
			s = ""
		}
		var err error
		if gpus, err = burnSegment(rep, gpus, trim(seg), line); err != nil {
			return nil, err
		}
		if newline {
			line++ // a carriage return redraws the same line
		}
	}
	rep.GPUs = gpus
	rep.TimedSeconds = timedSeconds(asString(data))
	if len(gpus) == 0 {
		if len(data) > 0 && data[len(data)-1] == '\n' {
			line-- // the count ran past the final newline
		}
		return nil, errorf(KindGPUBurn, max(line, 1), "no gpu-burn progress or verdict lines found")
	}
	return rep, nil
}

// burnSegment handles one line or carriage-return segment.
func burnSegment(rep *GPUBurnReport, gpus []GPUBurnGPU, t string, line int) ([]GPUBurnGPU, error) {
	switch {
	case strings.Contains(t, "proc'd:"):
		return burnProgress(rep, gpus, t, line)
	case strings.HasPrefix(t, "Tested ") && strings.HasSuffix(t, "GPUs:"):
		var arr [16]string
		if f := fields(t, arr[:0]); len(f) >= 2 {
			rep.Tested, _ = strconv.Atoi(f[1])
		}
		rep.HasVerdict, rep.Line = true, line
	case strings.HasPrefix(t, "GPU ") && (strings.HasSuffix(t, ": OK") || strings.HasSuffix(t, ": FAULTY")):
		head, v, _ := strings.Cut(t[4:], ":")
		idx, err := strconv.Atoi(trim(head))
		if err != nil || idx < 0 || idx >= maxMatrix*4 {
			return gpus, errorf(KindGPUBurn, line, "verdict line %q: bad GPU number", t)
		}
		gpus = growBurn(gpus, idx+1)
		switch v = trim(v); v {
		case "OK", "FAULTY":
			gpus[idx].Verdict = burnVerdicts[v] // a constant, not the upload's bytes
		default:
			gpus[idx].Verdict = strings.Clone(v)
		}
		gpus[idx].OK = gpus[idx].Verdict == "OK"
	case strings.HasPrefix(t, "Burning for "):
		var arr [8]string
		if f := fields(t, arr[:0]); len(f) >= 3 {
			if v, ok := parseFinite(f[2]); ok && v > 0 {
				rep.AskedSeconds = v
			}
		}
	case rep.AskedSeconds == 0 && (strings.Contains(t, "gpu_burn") || strings.Contains(t, "gpu-burn")):
		if v, ok := burnCommandSeconds(t); ok {
			rep.AskedSeconds = v
		}
	case strings.Contains(t, "using DOUBLES"):
		rep.Doubles = true
		rep.TensorCores = rep.TensorCores || strings.Contains(t, "Tensor Cores")
	case strings.Contains(t, "Tensor Cores"):
		rep.TensorCores = true
	}
	return gpus, nil
}

func growBurn(gpus []GPUBurnGPU, n int) []GPUBurnGPU {
	for len(gpus) < n {
		gpus = append(gpus, GPUBurnGPU{Index: len(gpus)})
	}
	return gpus
}

// burnProgress reads "50.0%  proc'd: 2261 (7150 Gflop/s) - 0 (0 Gflop/s)
// ...   errors: 0 - -524288000  (WARNING!)- 0   temps: 38 C - 36 C".
func burnProgress(rep *GPUBurnReport, gpus []GPUBurnGPU, t string, line int) ([]GPUBurnGPU, error) {
	if pct, _, ok := strings.Cut(t, "%"); ok {
		if v, ok := parseFinite(trim(pct)); ok {
			rep.Progress = v
		}
	}
	_, rest, _ := strings.Cut(t, "proc'd:")
	procPart, rest, _ := strings.Cut(rest, "errors:")
	errPart, tempPart, _ := strings.Cut(rest, "temps:")
	// The parts are walked with Cut rather than split into slices: a
	// burn-in log is thousands of these lines.
	if strings.Count(procPart, ") -")+1 > maxMatrix*4 {
		return gpus, errorf(KindGPUBurn, line, "progress line names more than %d GPUs", maxMatrix*4)
	}
	var f []string
	for i, rest, more := 0, procPart, true; more; i++ {
		var p string
		p, rest, more = strings.Cut(rest, ") -")
		gpus = growBurn(gpus, i+1)
		f = splitFields(p, f[:0])
		if len(f) < 2 {
			return gpus, errorf(KindGPUBurn, line, "progress entry %q: expected \"N (G Gflop/s)\"", trim(p))
		}
		gpus[i].Proc, _ = strconv.ParseInt(f[0], 10, 64)
		gpus[i].Gflops, _ = parseFinite(strings.Trim(f[1], "()"))
	}
	if trim(errPart) != "" {
		errs := strings.ReplaceAll(errPart, "(WARNING!)", "") // no copy without a warning
		for i, rest, more := 0, errs, true; more && i < len(gpus); i++ {
			var e string
			e, rest, more = strings.Cut(rest, " - ")
			if v, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(trim(e), "-")), 10, 64); err == nil {
				gpus[i].Errors = v
			}
		}
	}
	for i, rest, more := 0, tempPart, true; more && i < len(gpus); i++ {
		var tp string
		tp, rest, more = strings.Cut(rest, " - ")
		if v, _, ok := numberWithUnit(trim(tp)); ok && v > gpus[i].MaxTempC {
			gpus[i].MaxTempC = v
		}
	}
	return gpus, nil
}

var burnVerdicts = map[string]string{"OK": "OK", "FAULTY": "FAULTY"}
