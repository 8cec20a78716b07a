package benchlog

import (
	"math"
	"strings"
)

// Units and small fields of fio's text output.

// fioBytes converts "12.8GiB", "13.8GB", "1043.5MB" to bytes. fio 3 marks
// binary units with "i"; fio 2 printed KB/MB/GB but meant 1024-based
// (kb_base=1024 was its default).
func fioBytes(s string, fio2 bool) (float64, bool) {
	v, unit, ok := numberWithUnit(s)
	if !ok || v < 0 {
		return 0, false
	}
	binary := strings.Contains(unit, "i") || fio2
	exp, ok := fioUnitExp(unit)
	if !ok {
		return 0, false
	}
	base := 1000.0
	if binary {
		base = 1024
	}
	return v * math.Pow(base, float64(exp)), true
}

// fioUnitExp is the power of the base a unit stands for: "", "B" 0,
// "KiB", "kB", "K" 1 … "PB" 5. It reads the unit as
// strings.ToUpper(strings.ReplaceAll(strings.TrimSuffix(unit, "B"), "i", ""))
// would, without building that string for every value.
func fioUnitExp(unit string) (int, bool) {
	u := strings.TrimSuffix(unit, "B")
	letter, has := byte(0), false
	for i := 0; i < len(u); i++ {
		c := u[i]
		if c == 'i' {
			continue
		}
		if has || c >= 0x80 {
			return 0, false // two letters, or text no unit upper-cases to
		}
		letter, has = c, true
	}
	if !has {
		return 0, true
	}
	switch letter {
	case 'K', 'k':
		return 1, true
	case 'M', 'm':
		return 2, true
	case 'G', 'g':
		return 3, true
	case 'T', 't':
		return 4, true
	case 'P', 'p':
		return 5, true
	}
	return 0, false
}

// fioCount reads IOPS such as "13.1k" or "1.2M" (decimal multipliers).
func fioCount(s string) (float64, bool) {
	v, unit, ok := numberWithUnit(s)
	if !ok || v < 0 {
		return 0, false
	}
	switch unit {
	case "":
	case "k", "K":
		v *= 1e3
	case "M", "m":
		v *= 1e6
	case "G":
		v *= 1e9
	default:
		return 0, false
	}
	return v, true
}

// fioDuration reads "779msec", "60s", "1500usec" as milliseconds.
func fioDuration(s string) (float64, bool) {
	v, unit, ok := numberWithUnit(s)
	if !ok || v < 0 {
		return 0, false
	}
	switch unit {
	case "msec", "ms":
		return v, true
	case "usec", "us":
		return v / 1000, true
	case "nsec", "ns":
		return v / 1e6, true
	case "sec", "s":
		return v * 1000, true
	}
	return 0, false
}

// fioLatency reads "lat (usec): min=679, max=10880, avg=2362.07, ..." as µs.
func fioLatency(t string) (float64, bool) {
	open, end := strings.IndexByte(t, '('), strings.IndexByte(t, ')')
	if open < 0 || end < open {
		return 0, false
	}
	unit := t[open+1 : end]
	avg := kvValue(t, "avg=")
	v, ok := parseFinite(avg)
	if !ok {
		return 0, false
	}
	switch unit {
	case "nsec":
		return v / 1000, true
	case "usec":
		return v, true
	case "msec":
		return v * 1000, true
	case "sec":
		return v * 1e6, true
	}
	return 0, false
}

// kvValue returns the value after key up to the next comma, space or ')'.
func kvValue(t, key string) string {
	i := strings.Index(t, key)
	if i < 0 {
		return ""
	}
	v := trimLeft(t[i+len(key):])
	if j := strings.IndexAny(v, ", )"); j >= 0 {
		v = v[:j]
	}
	return v
}

// fioBlockSize extracts the block size from a job description line
// ("bs=(R) 1024KiB-1024KiB, (W) ..." in fio 3, "bs=4K-4K/4K-4K/4K-4K" in fio 2).
func fioBlockSize(t string) string {
	i := strings.Index(t, "bs=")
	if i < 0 {
		return ""
	}
	v := strings.TrimPrefix(t[i+3:], "(R) ")
	if j := strings.IndexAny(v, ", "); j >= 0 {
		v = v[:j]
	}
	return v
}

// fioPercentiles reads "|  1.00th=[   14],  5.00th=[   15], 99.90th=[ 3785],".
func fioPercentiles(l *FioLatency, t string, scale float64) {
	var arr [24]string
	for _, part := range splitString(strings.TrimPrefix(t, "|"), "],", arr[:0]) {
		k, v, ok := strings.Cut(part, "th=[")
		if !ok || len(l.Percentiles) >= 32 {
			continue
		}
		p, ok1 := parseFinite(trim(k))
		x, ok2 := parseFinite(trim(strings.TrimSuffix(trim(v), "]")))
		if ok1 && ok2 && p > 0 && p <= 100 {
			if l.Percentiles == nil {
				l.Percentiles = make([]FioPercentile, 0, 17) // fio's default list
			}
			l.Percentiles = append(l.Percentiles, FioPercentile{P: p, US: x * scale})
		}
	}
}

// fioUnitScale is the µs per unit of "clat percentiles (msec):".
func fioUnitScale(t string) float64 {
	switch {
	case strings.Contains(t, "(nsec)"):
		return 0.001
	case strings.Contains(t, "(msec)"):
		return 1000
	case strings.Contains(t, "(sec)"):
		return 1e6
	}
	return 1
}

// fioRuntimeFlag finds "--runtime=60" (seconds unless a unit follows) on a
// command line pasted above the output.
func fioRuntimeFlag(t string) (float64, bool) {
	i := strings.Index(t, "--runtime=")
	if i < 0 {
		return 0, false
	}
	v := t[i+len("--runtime="):]
	if j := strings.IndexAny(v, " \t"); j >= 0 {
		v = v[:j]
	}
	if ms, ok := fioDuration(v); ok {
		return ms, true
	}
	if x, ok := parseFinite(v); ok {
		return x * 1000, true
	}
	if x, unit, ok := numberWithUnit(v); ok && unit == "m" {
		return x * 60000, true
	}
	return 0, false
}
