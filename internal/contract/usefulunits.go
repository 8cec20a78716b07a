package contract

import (
	"errors"
	"time"
)

// ParseMonth reads a calendar month, "2026-03", as the date of its first
// day.
func ParseMonth(s string) (Date, error) {
	t, err := time.Parse("2006-01", s)
	if err != nil {
		return Date{}, errors.New("not a month in the form 2026-03")
	}
	return Date{t}, nil
}

// ParseUsefulUnits reads a count of useful units delivered (million
// tokens served, say): 0 or more, a dot as the decimal mark, at most six
// places.
func ParseUsefulUnits(s string) (Micros, error) { return parseFixed(s, 6, false) }

// UnitsMonthAllowed says whether useful units may be entered for month:
// from the contract's first month to the month today falls in, since what
// was delivered cannot lie in the future.
func UnitsMonthAllowed(d Dates, month, today Date) bool {
	first := NewDate(d.Start.Year(), d.Start.Month(), 1)
	current := NewDate(today.Year(), today.Month(), 1)
	return !month.Before(first) && !month.After(current)
}
