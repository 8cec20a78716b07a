package benchlog

import (
	"strconv"
	"strings"
)

// Burn-in runs are judged on how long they ran, which their logs say in a
// few ways: gpu-burn announces "Burning for N seconds." (its TIME
// argument), and a run wrapped in the shell's `time` ends with "real
// 92m3.512s" (GNU time: "Elapsed (wall clock) time ...: 1:32:03").

// timedSeconds is the wall time a `time` report at the end of s states, 0
// when there is none. The last report counts: it times the whole run.
func timedSeconds(s string) float64 {
	// The report ends the output: its tail is searched, not the whole log
	// (a backward search is not vectorised and would cost a parse's time).
	s = s[max(0, len(s)-4096):]
	if i := strings.LastIndex(s, "\nreal"); i >= 0 {
		line := s[i+1:]
		if j := strings.IndexByte(line, '\n'); j >= 0 {
			line = line[:j]
		}
		if v, ok := shellTime(trim(strings.TrimPrefix(line, "real"))); ok {
			return v
		}
	}
	if i := strings.LastIndex(s, "Elapsed (wall clock) time"); i >= 0 {
		line := s[i:]
		if j := strings.IndexByte(line, '\n'); j >= 0 {
			line = line[:j]
		}
		if k := strings.LastIndex(line, ": "); k >= 0 {
			if v, ok := clockTime(trim(line[k+2:])); ok {
				return v
			}
		}
	}
	return 0
}

// shellTime reads bash's "92m3.512s" (or "1h2m3s" from other shells).
func shellTime(v string) (float64, bool) {
	total, num := 0.0, ""
	for _, c := range v {
		switch {
		case c >= '0' && c <= '9' || c == '.':
			num += string(c)
		case c == 'h' || c == 'm' || c == 's':
			x, err := strconv.ParseFloat(num, 64)
			if err != nil {
				return 0, false
			}
			total += x * map[rune]float64{'h': 3600, 'm': 60, 's': 1}[c]
			num = ""
		default:
			return 0, false
		}
	}
	return total, num == "" && total > 0
}

// clockTime reads GNU time's "h:mm:ss" or "m:ss.ss".
func clockTime(v string) (float64, bool) {
	parts := strings.Split(v, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return 0, false
	}
	total := 0.0
	for _, p := range parts {
		x, err := strconv.ParseFloat(p, 64)
		if err != nil || x < 0 {
			return 0, false
		}
		total = total*60 + x
	}
	return total, total > 0
}

// burnCommandSeconds reads the TIME argument of a gpu_burn command line
// ("./gpu_burn -tc 3600"): its last word when that is a whole number.
func burnCommandSeconds(t string) (float64, bool) {
	if !strings.Contains(t, "gpu_burn") && !strings.Contains(t, "gpu-burn") {
		return 0, false
	}
	var arr [16]string
	f := fields(t, arr[:0])
	if len(f) < 2 || !isDigits(f[len(f)-1]) || len(f[len(f)-1]) > 7 {
		return 0, false
	}
	v, err := strconv.ParseFloat(f[len(f)-1], 64)
	return v, err == nil
}
