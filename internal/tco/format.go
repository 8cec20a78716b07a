package tco

import (
	"math"
	"strconv"
	"strings"
)

// num formats a figure for a basis text: grouped thousands, two decimals
// at most for figures of 1 and above, four significant-looking decimals
// below (egress at 0.085 USD/GB must not read 0.09), trailing zeros
// trimmed.
func num(v float64) string {
	decimals := 2
	if a := math.Abs(v); a > 0 && a < 1 {
		decimals = 4
	}
	s := strconv.FormatFloat(v, 'f', decimals, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, hasFrac := strings.Cut(s, ".")
	s = group(whole)
	if hasFrac {
		s += "." + frac
	}
	if neg {
		s = "-" + s
	}
	return s
}

// pct formats a share as a percentage with at most one decimal: "85 %".
func pct(share float64) string {
	s := strconv.FormatFloat(share*100, 'f', 1, 64)
	return strings.TrimSuffix(s, ".0") + " %"
}

// dur formats hours, switching to minutes or seconds below an hour because
// "0.05 h" of checkpoint writing reads worse than "3 min".
func dur(h float64) string {
	switch {
	case h >= 1 || h == 0:
		return num(h) + " h"
	case h*60 >= 1:
		return num(h*60) + " min"
	}
	return num(h*3600) + " s"
}

// unitName names a billing unit length for the rounding basis.
func unitName(h float64) string {
	switch h {
	case 1:
		return "per hour"
	case 1.0 / 60:
		return "per minute"
	case 1.0 / 3600:
		return "per second"
	}
	return "per " + dur(h)
}
