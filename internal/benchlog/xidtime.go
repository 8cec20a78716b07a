package benchlog

import (
	"strings"
	"time"
)

// At reads the event's timestamp as its line printed it, as a time:
// journalctl's short-iso ("2026-03-05T07:12:01+0000") or RFC 3339; dmesg
// -T's "[Thu Mar  5 07:12:01 2026]"; syslog's "Mar 05 07:12:01", which
// states no year and no zone (UTC, in the year of ref, or the year
// before when that would fall after ref). A dmesg uptime ("[ 1234.5]") is
// no time: ok is false.
func (ev XidEvent) At(ref time.Time) (time.Time, bool) {
	s := strings.TrimSpace(strings.Trim(strings.TrimSpace(ev.Time), "[]"))
	if s == "" {
		return time.Time{}, false
	}
	for _, layout := range []string{"2006-01-02T15:04:05-0700", time.RFC3339, time.RFC3339Nano, "2006-01-02T15:04:05.000000-0700"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), true
		}
	}
	if t, err := time.Parse("Mon Jan _2 15:04:05 2006", strings.Join(strings.Fields(s), " ")); err == nil {
		return t.UTC(), true
	}
	if t, err := time.Parse("Jan _2 15:04:05", strings.Join(strings.Fields(s), " ")); err == nil {
		ref = ref.UTC()
		t = t.AddDate(ref.Year(), 0, 0)
		if t.After(ref.Add(24 * time.Hour)) {
			t = t.AddDate(-1, 0, 0)
		}
		return t, true
	}
	return time.Time{}, false
}
