package contract

import (
	"slices"
	"testing"
)

// outbox stands in for the mail outbox's unique key: queuing a key twice
// queues one mail.
type outbox map[string]int

func (o outbox) queue(as []Alert) {
	for _, a := range as {
		o[a.Key()]++
	}
}

// runDays runs the worker of each instance once per day from from to to.
func runDays(o outbox, instances int, ds Dates, since, from, to Date) {
	for day := from; !day.After(to); day = day.AddDays(1) {
		for range instances {
			o.queue(DueAlerts(7, ds, DefaultOffsets, since, day))
		}
	}
}

func sentKeys(o outbox) []string {
	var ks []string
	for k := range o {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

func TestAlertsGoOutOncePerOffsetAndDate(t *testing.T) {
	ds := Dates{Start: d("2026-01-01"), TermMonths: 12, NoticeDays: 60, Activated: true}
	o := outbox{}
	runDays(o, 2, ds, d("2026-01-01"), d("2026-01-01"), d("2027-02-01"))
	want := []string{
		"contract:7:cancel_by:120:2026-11-02", "contract:7:cancel_by:30:2026-11-02", "contract:7:cancel_by:7:2026-11-02",
		"contract:7:end:120:2027-01-01", "contract:7:end:30:2027-01-01", "contract:7:end:7:2027-01-01",
	}
	if got := sentKeys(o); !slices.Equal(got, want) {
		t.Fatalf("keys %v, want %v", got, want)
	}
}

func TestMovedDateRearmsLaterOffsets(t *testing.T) {
	v1 := Dates{Start: d("2026-01-01"), TermMonths: 12, NoticeDays: 60, Activated: true}
	o := outbox{}
	runDays(o, 1, v1, d("2026-01-01"), d("2026-01-01"), d("2026-10-10"))
	// Version 2 on 2026-10-10 extends the term by three months: cancel-by
	// moves from 2026-11-02 to 2027-01-31, the end from 2027-01-01 to
	// 2027-04-01. The cancel-by date's 120-day offset was due before the
	// move and is not replayed; the end's 120-day offset (2026-12-02) is
	// still ahead and is armed again.
	v2 := v1
	v2.TermMonths = 15
	runDays(o, 1, v2, d("2026-10-10"), d("2026-10-10"), d("2027-04-01"))
	want := []string{
		"contract:7:cancel_by:120:2026-11-02", "contract:7:cancel_by:30:2026-11-02",
		"contract:7:cancel_by:30:2027-01-31", "contract:7:cancel_by:7:2027-01-31",
		"contract:7:end:120:2027-01-01", // went out before the move
		"contract:7:end:120:2027-04-01", "contract:7:end:30:2027-04-01", "contract:7:end:7:2027-04-01",
	}
	if got := sentKeys(o); !slices.Equal(got, want) {
		t.Fatalf("keys %v, want %v", got, want)
	}
}

func TestLateWorkerSendsOnlyTheNearestOffset(t *testing.T) {
	ds := Dates{Start: d("2026-01-01"), TermMonths: 12, NoticeDays: 60, Activated: true}
	got := DueAlerts(1, ds, []int{120, 30, 7}, d("2026-01-01"), d("2026-10-30"))
	if len(got) != 2 || got[0].Offset != 7 || got[1].Offset != 120 {
		t.Fatalf("due %+v", got)
	}
}

func TestNoAlertsForDraftOrAfterNotice(t *testing.T) {
	ds := Dates{Start: d("2026-01-01"), TermMonths: 12, NoticeDays: 60}
	if got := DueAlerts(1, ds, DefaultOffsets, d("2026-01-01"), d("2026-12-30")); got != nil {
		t.Errorf("draft: %+v", got)
	}
	given := d("2026-05-01")
	ds.Activated, ds.NoticeGiven = true, &given
	for _, a := range DueAlerts(1, ds, DefaultOffsets, d("2026-01-01"), d("2026-12-30")) {
		if a.Kind == AlertCancelBy {
			t.Errorf("cancel-by alert after notice: %+v", a)
		}
	}
}

func TestUpcomingAndOffsets(t *testing.T) {
	ds := Dates{Start: d("2026-01-01"), TermMonths: 6, NoticeDays: 30, Activated: true,
		AutoRenew: &AutoRenew{Months: 6, MaxRenewals: 4}}
	up := Upcoming(ds, d("2026-05-01"), 220)
	if len(up) != 2 || up[0].CancelBy.String() != "2026-06-01" || up[1].CancelBy.String() != "2026-12-02" {
		t.Fatalf("upcoming %+v", up)
	}
	for _, c := range []struct {
		offs []int
		ok   bool
	}{{[]int{120, 30, 7}, true}, {nil, false}, {[]int{30, 30}, false}, {[]int{-1}, false}, {[]int{4000}, false}} {
		if err := ValidateOffsets(c.offs); (err == nil) != c.ok {
			t.Errorf("ValidateOffsets(%v) = %v", c.offs, err)
		}
	}
}
