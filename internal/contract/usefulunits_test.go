package contract

import (
	"testing"
	"time"
)

func TestParseMonthAndUnits(t *testing.T) {
	m, err := ParseMonth("2026-03")
	if err != nil || m != NewDate(2026, time.March, 1) {
		t.Fatalf("ParseMonth = %v, %v", m, err)
	}
	for _, bad := range []string{"", "2026-3-1", "2026-13", "03/2026", "2026-03-01"} {
		if _, err := ParseMonth(bad); err == nil {
			t.Errorf("ParseMonth(%q) accepted", bad)
		}
	}
	if u, err := ParseUsefulUnits("1500.25"); err != nil || u != 1_500_250_000 {
		t.Errorf("ParseUsefulUnits = %v, %v", u, err)
	}
	for _, bad := range []string{"", "-1", "1,5", "1e3", "0.0000001", "1 500"} {
		if _, err := ParseUsefulUnits(bad); err == nil {
			t.Errorf("ParseUsefulUnits(%q) accepted", bad)
		}
	}
}

func TestUnitsMonthAllowedFromTheFirstMonthToToday(t *testing.T) {
	d := Dates{Start: NewDate(2026, time.January, 15), TermMonths: 12}
	today := NewDate(2026, time.April, 2)
	for _, c := range []struct {
		month Date
		ok    bool
	}{
		{NewDate(2025, time.December, 1), false},
		{NewDate(2026, time.January, 1), true}, // the start's month, though it began on the 15th
		{NewDate(2026, time.April, 1), true},   // this month, in progress
		{NewDate(2026, time.May, 1), false},    // not delivered yet
	} {
		if got := UnitsMonthAllowed(d, c.month, today); got != c.ok {
			t.Errorf("%v: %v, want %v", c.month, got, c.ok)
		}
	}
}
