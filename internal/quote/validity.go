package quote

import "time"

// ValidDays is how many days a quote stays valid from today (negative:
// expired), when it states a date.
func ValidDays(q Quote, today time.Time) (until time.Time, days int, ok bool) {
	until, ok = q.ValidUntil.Get()
	if !ok {
		return until, 0, false
	}
	return until, int(until.Sub(today.Truncate(24*time.Hour)).Hours() / 24), true
}

// Expiring reports whether a quote has expired or expires within a week.
func Expiring(q Quote, today time.Time) bool {
	_, days, ok := ValidDays(q, today)
	return ok && days <= 7
}
