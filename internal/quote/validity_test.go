package quote

import (
	"testing"
	"time"
)

func TestValidDaysCountsWholeDaysFromToday(t *testing.T) {
	today := time.Date(2026, 3, 10, 15, 4, 0, 0, time.UTC)
	for _, c := range []struct {
		days     int
		expiring bool
	}{{-1, true}, {0, true}, {7, true}, {8, false}} {
		q := Quote{ValidUntil: Of(time.Date(2026, 3, 10+c.days, 0, 0, 0, 0, time.UTC))}
		if _, got, ok := ValidDays(q, today); !ok || got != c.days {
			t.Errorf("%d days: got %d, %v", c.days, got, ok)
		}
		if got := Expiring(q, today); got != c.expiring {
			t.Errorf("%d days: expiring %v", c.days, got)
		}
	}
	if _, _, ok := ValidDays(Quote{}, today); ok || Expiring(Quote{}, today) {
		t.Error("a quote without a date has no validity")
	}
}
