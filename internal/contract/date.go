// Package contract is the pure core of what follows an award: the
// contract's dates and alerts, the bills read from CSV, the three-way match
// of each bill line, the commitment report and the SLA credits. It knows no
// HTTP and no SQL; the store, pages and API call it.
package contract

import (
	"fmt"
	"time"
)

// Date is a calendar date with no time and no zone. Contract dates are
// dates in the contract's zone, so notice arithmetic counts calendar days,
// never 24-hour spans that a daylight-saving change would shorten.
type Date struct {
	t time.Time // midnight UTC of the date; the zero Date is not valid
}

// NewDate returns the date y-m-d; an out-of-range day normalises as
// time.Date does (2026-02-30 is 2026-03-02), so callers parse with ParseDate.
func NewDate(y int, m time.Month, d int) Date {
	return Date{time.Date(y, m, d, 0, 0, 0, 0, time.UTC)}
}

// ParseDate reads an ISO 8601 calendar date, "2026-01-31".
func ParseDate(s string) (Date, error) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return Date{}, fmt.Errorf("not a date in the form 2026-01-31: %q", s)
	}
	return Date{t}, nil
}

// Today is the calendar date of now in zone: the day the contract's own
// calendar shows, which can differ from the server's by one.
func Today(now time.Time, zone *time.Location) Date {
	y, m, d := now.In(zone).Date()
	return NewDate(y, m, d)
}

// IsZero reports whether d was never set.
func (d Date) IsZero() bool { return d.t.IsZero() }

// String writes the date as 2026-01-31.
func (d Date) String() string { return d.t.Format(time.DateOnly) }

// Year, Month and Day are the date's parts.
func (d Date) Year() int          { return d.t.Year() }
func (d Date) Month() time.Month  { return d.t.Month() }
func (d Date) Day() int           { return d.t.Day() }
func (d Date) Before(e Date) bool { return d.t.Before(e.t) }
func (d Date) After(e Date) bool  { return d.t.After(e.t) }

// AddDays moves d by n calendar days (n may be negative).
func (d Date) AddDays(n int) Date { return Date{d.t.AddDate(0, 0, n)} }

// AddMonths moves d by n months, keeping the day of the month but clamping
// it to the target month's last day: Jan 31 + 1 month is Feb 28 (Feb 29 in
// a leap year), never Mar 3 as time.AddDate would give.
func (d Date) AddMonths(n int) Date {
	y, m := d.t.Year(), int(d.t.Month())-1+n
	y += floorDiv(m, 12)
	m = m - floorDiv(m, 12)*12 + 1
	day := min(d.t.Day(), daysIn(y, time.Month(m)))
	return NewDate(y, time.Month(m), day)
}

// DaysUntil is the number of calendar days from d to e (negative when e is
// earlier).
func (d Date) DaysUntil(e Date) int { return int(e.t.Sub(d.t).Hours() / 24) }

// Start is the first instant of the date in zone.
func (d Date) Start(zone *time.Location) time.Time {
	return time.Date(d.t.Year(), d.t.Month(), d.t.Day(), 0, 0, 0, 0, zone)
}

// MarshalText writes the date as 2026-01-31.
func (d Date) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads a date written as 2026-01-31.
func (d *Date) UnmarshalText(b []byte) error {
	p, err := ParseDate(string(b))
	if err == nil {
		*d = p
	}
	return err
}

func daysIn(y int, m time.Month) int {
	return time.Date(y, m+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}
