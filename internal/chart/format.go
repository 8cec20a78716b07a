package chart

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// byteUnits are the binary prefixes Bytes uses, one per factor of 1024.
var byteUnits = [...]string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB"}

// Bytes formats a byte count with binary prefixes, as message sizes are
// usually powers of two: 1024 is "1 KiB", 8<<20 is "8 MiB", 1536 is
// "1.5 KiB". Non-finite values print as strconv does ("NaN", "+Inf").
func Bytes(b float64) string {
	if math.IsNaN(b) || math.IsInf(b, 0) {
		return strconv.FormatFloat(b, 'g', -1, 64)
	}
	v, u := math.Abs(b), 0
	for v >= 1024 && u < len(byteUnits)-1 {
		v /= 1024
		u++
	}
	var s string
	switch {
	case v >= 1e6:
		// Only past YiB; an exact digit string would be hundreds long.
		s = strconv.FormatFloat(v, 'g', 3, 64)
	case v != 0 && v < 0.01:
		s = strconv.FormatFloat(v, 'g', 3, 64)
	default:
		s = trimZeros(strconv.FormatFloat(v, 'f', 2, 64))
	}
	if b < 0 {
		s = "-" + s
	}
	return s + " " + byteUnits[u]
}

// trimZeros drops a fixed-point number's trailing fractional zeros, so
// "8.00" reads "8" and "1.50" reads "1.5".
func trimZeros(s string) string {
	if !strings.Contains(s, ".") {
		return s
	}
	return strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
}

// coord formats a pixel coordinate with at most one decimal: finer
// positions are invisible and only bloat the document.
func coord(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "0" // unreachable by construction; never emit "NaN" into a path
	}
	v = math.Round(v*10) / 10
	if v == 0 {
		return "0" // also turns -0 into 0
	}
	return strings.TrimSuffix(strconv.FormatFloat(v, 'f', 1, 64), ".0")
}

// tickLabel formats a tick value on an axis whose ticks are step apart
// with just the digits that tell neighbouring ticks apart, hiding float
// noise such as 0.30000000000000004.
func tickLabel(v, step float64) string {
	if !(step > 0) || math.IsInf(step, 0) || math.IsNaN(v) || math.IsInf(v, 0) {
		return value(v)
	}
	if v == 0 || math.Abs(v) < step/2 {
		return "0"
	}
	a := math.Abs(v)
	if a >= 1e15 || a < 1e-6 {
		// Too many digits for fixed point: keep the significant ones.
		digits := int(math.Floor(math.Log10(a))-math.Floor(math.Log10(step))) + 1
		return strconv.FormatFloat(v, 'g', min(max(digits, 1), 17), 64)
	}
	decimals := int(-math.Floor(math.Log10(step)))
	return strconv.FormatFloat(v, 'f', min(max(decimals, 0), 12), 64)
}

// value formats a data value with four significant digits, for the
// description, where there is no step to go by.
func value(v float64) string {
	a := math.Abs(v)
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return strconv.FormatFloat(v, 'g', -1, 64)
	case v == 0:
		return "0"
	case a >= 1e15 || a < 1e-6:
		return strconv.FormatFloat(v, 'g', 4, 64)
	}
	// Round to four significant digits, then print without exponent.
	s := strconv.FormatFloat(v, 'g', 4, 64)
	f, _ := strconv.ParseFloat(s, 64)
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// truncate shortens s to at most n runes, marking the cut with an
// ellipsis, so long vendor names cannot push the legend off the chart.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	if n <= 1 {
		return "…"
	}
	r := []rune(s)
	return strings.TrimRight(string(r[:n-1]), " ") + "…"
}

// textWidth estimates the rendered width of s at the given font size.
// Without font metrics on the server an average glyph width is the best
// guess; it errs wide so estimated labels do not collide.
func textWidth(s string, size float64) float64 {
	return float64(utf8.RuneCountInString(s)) * size * 0.62
}

// fitChars is how many runes fit in width at the given font size.
func fitChars(width, size float64) int {
	if !(width > 0) {
		return 0
	}
	return int(width / (size * 0.62))
}
