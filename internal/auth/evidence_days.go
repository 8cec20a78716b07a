package auth

import "strconv"

// EvidenceDaysValid says whether days is a lifetime an evidence token may
// be asked for: 1 to MaxEvidenceTokenDays (0 asks for the default).
func EvidenceDaysValid(days int) bool { return days >= 1 && days <= MaxEvidenceTokenDays }

// ParseEvidenceDays reads a lifetime in days from a form; "" is the
// default (0).
func ParseEvidenceDays(raw string) (int, bool) {
	if raw == "" {
		return 0, true
	}
	n, err := strconv.Atoi(raw)
	return n, err == nil && EvidenceDaysValid(n)
}
