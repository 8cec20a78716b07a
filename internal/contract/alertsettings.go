package contract

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// MaxOffsets and MaxOffsetDays bound the offsets an admin may set.
const (
	MaxOffsets    = 10
	MaxOffsetDays = 3650
)

// Offset is one alert offset as the admin set it: Days before a cancel-by
// or end date, armed for due days on or after Since (zero: armed since
// the start, as the default offsets are).
type Offset struct {
	Days  int  `json:"days"`
	Since Date `json:"since,omitzero"`
}

// Armed is offsets armed since the start.
func Armed(days []int) []Offset {
	out := make([]Offset, len(days))
	for i, d := range days {
		out[i] = Offset{Days: d}
	}
	return out
}

// OffsetError is a refused offset list: Code says why (count, number,
// range, repeat) and Value which entry, for the message next to the field.
type OffsetError struct {
	Code  string
	Value string
}

func (e *OffsetError) Error() string {
	if e.Value == "" {
		return "alert offsets: " + e.Code
	}
	return fmt.Sprintf("alert offsets: %s: %s", e.Code, e.Value)
}

// ValidateOffsets refuses offsets an admin cannot mean: none or more than
// MaxOffsets, a day count not 1 to MaxOffsetDays, or one given twice.
func ValidateOffsets(offsets []int) error {
	if len(offsets) == 0 || len(offsets) > MaxOffsets {
		return &OffsetError{Code: "count"}
	}
	seen := map[int]bool{}
	for _, o := range offsets {
		if o < 1 || o > MaxOffsetDays {
			return &OffsetError{Code: "range", Value: strconv.Itoa(o)}
		}
		if seen[o] {
			return &OffsetError{Code: "repeat", Value: strconv.Itoa(o)}
		}
		seen[o] = true
	}
	return nil
}

// ParseOffsets reads offsets as an admin types them, "120, 30, 7" (commas
// or spaces between), checks them with ValidateOffsets and returns them
// farthest first.
func ParseOffsets(s string) ([]int, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == ' ' || r == '\t' || r == '\n' || r == '\r' })
	var out []int
	for _, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, &OffsetError{Code: "number", Value: f}
		}
		out = append(out, n)
	}
	if err := ValidateOffsets(out); err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b int) int { return b - a })
	return out, nil
}

// Rearm is the offset list days set on today, given the list it replaces:
// an offset kept keeps the day it was armed from; one added is armed from
// today, so a reminder whose due day has passed is not sent late. The
// result is farthest first.
func Rearm(old []Offset, days []int, today Date) []Offset {
	was := map[int]Date{}
	for _, o := range old {
		was[o.Days] = o.Since
	}
	out := make([]Offset, 0, len(days))
	for _, d := range days {
		since, ok := was[d]
		if !ok {
			since = today
		}
		out = append(out, Offset{Days: d, Since: since})
	}
	slices.SortFunc(out, func(a, b Offset) int { return b.Days - a.Days })
	return out
}

// ClaimLeadDays is how many days before an SLA credit claim's window
// closes its alert goes out.
const ClaimLeadDays = 7

// ClaimAlertDue is the first day the alert for a claim may go out: the
// lead before its deadline, but not before the window opens (the day after
// the month it is for ends).
func ClaimAlertDue(cl CreditClaim) Date {
	due := cl.Deadline.AddDays(-ClaimLeadDays)
	if open := cl.Month.AddMonths(1); due.Before(open) {
		return open
	}
	return due
}

// ClaimAlertOn reports whether a claim's alert is due on today: its window
// still open and its lead reached.
func ClaimAlertOn(cl CreditClaim, today Date) bool {
	return !today.Before(ClaimAlertDue(cl)) && !today.After(cl.Deadline)
}

// ClaimKey names a claim's alert for the outbox's unique key: one
// contract, one month, one deadline. A claim window changed by a new
// version gives a new deadline and so a new key.
func ClaimKey(contractID int64, cl CreditClaim) string {
	return fmt.Sprintf("contract:%d:claim:%s:%s", contractID, cl.Month, cl.Deadline)
}
