package contract

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestParseOffsets(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []int
		code string
	}{
		{"120, 30, 7", []int{120, 30, 7}, ""},
		{"7 30\t120", []int{120, 30, 7}, ""},
		{"60;1", []int{60, 1}, ""},
		{"", nil, "count"},
		{" , ", nil, "count"},
		{"1,2,3,4,5,6,7,8,9,10,11", nil, "count"},
		{"30, 30", nil, "repeat"},
		{"0", nil, "range"},
		{"-5", nil, "range"},
		{"3651", nil, "range"},
		{"30, soon", nil, "number"},
		{"7.5", nil, "number"},
	} {
		got, err := ParseOffsets(c.in)
		var oe *OffsetError
		switch {
		case c.code == "" && err != nil:
			t.Errorf("ParseOffsets(%q): %v", c.in, err)
		case c.code != "" && (!errors.As(err, &oe) || oe.Code != c.code):
			t.Errorf("ParseOffsets(%q) = %v, want code %s", c.in, err, c.code)
		case !slices.Equal(got, c.want):
			t.Errorf("ParseOffsets(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestRearmKeepsTheDayKeptOffsetsWereArmed(t *testing.T) {
	old := []Offset{{Days: 120}, {Days: 30, Since: d("2026-02-01")}, {Days: 7}}
	got := Rearm(old, []int{7, 60, 30}, d("2026-03-10"))
	want := []Offset{{Days: 60, Since: d("2026-03-10")}, {Days: 30, Since: d("2026-02-01")}, {Days: 7}}
	if !slices.Equal(got, want) {
		t.Fatalf("Rearm = %+v, want %+v", got, want)
	}
}

// TestAddedOffsetIsNotSentLate: on 2026-10-01 the cancel-by date
// (2026-11-02) is 32 days away and its 120-day alert went out. Adding 60
// (due 2026-09-03, already past) must not send a late "60-day" reminder;
// adding 14 (due 2026-10-19) sends it on its day.
func TestAddedOffsetIsNotSentLate(t *testing.T) {
	ds := Dates{Start: d("2026-01-01"), TermMonths: 12, NoticeDays: 60, Activated: true}
	offs := Rearm(Armed([]int{120}), []int{120, 60, 14}, d("2026-10-01"))
	for day := d("2026-10-01"); day.Before(d("2026-10-19")); day = day.AddDays(1) {
		for _, a := range DueAlertsArmed(7, ds, offs, d("2026-01-01"), day) {
			if a.Kind == AlertCancelBy && a.Offset != 120 {
				t.Fatalf("%s: %+v went out", day, a)
			}
		}
	}
	got := DueAlertsArmed(7, ds, offs, d("2026-01-01"), d("2026-10-19"))
	if len(got) == 0 || got[0].Kind != AlertCancelBy || got[0].Offset != 14 {
		t.Fatalf("on 2026-10-19: %+v, want the 14-day cancel-by alert", got)
	}
}

// TestOffsetChangesProperty runs a worker daily over a contract's life
// while the admin changes the offset list on random days, and checks what
// the outbox holds:
//   - every alert key went out at most once (the outbox's key);
//   - every alert sent was due on the day it was sent, for an offset in
//     force that day and armed (its due day not before the contract's
//     dates took effect, nor before the offset was added);
//   - every offset in force on its due day, and armed, was sent that day;
//     so a changed list re-arms what is ahead and never replays what is
//     behind.
func TestOffsetChangesProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 35))
	for trial := range 300 {
		start := d("2025-01-01").AddDays(rng.IntN(800))
		ds := Dates{Start: start, TermMonths: 1 + rng.IntN(24), NoticeDays: rng.IntN(120), Activated: true}
		if rng.IntN(3) == 0 {
			ds.AutoRenew = &AutoRenew{Months: 1 + rng.IntN(12), MaxRenewals: rng.IntN(3)}
		}
		randomList := func() []int {
			var out []int
			for range 1 + rng.IntN(5) {
				if o := 1 + rng.IntN(200); !slices.Contains(out, o) {
					out = append(out, o)
				}
			}
			return out
		}
		offs := Armed(randomList())
		changes := map[Date][]int{}
		for range rng.IntN(4) {
			changes[start.AddDays(rng.IntN(400))] = randomList()
		}
		sentOn := map[string]Date{}
		last := ds.FinalEnd().AddDays(1)
		for day := start; !day.After(last); day = day.AddDays(1) {
			if list, ok := changes[day]; ok {
				offs = Rearm(offs, list, day)
			}
			inForce := map[int]Date{}
			for _, o := range offs {
				inForce[o.Days] = o.Since
			}
			for _, a := range DueAlertsArmed(7, ds, offs, start, day) {
				since, ok := inForce[a.Offset]
				if !ok || a.Due.After(day) || a.Due.Before(since) || a.Due.Before(start) || day.After(a.Target) {
					t.Fatalf("trial %d: %s sent %+v (offsets %+v)", trial, day, a, offs)
				}
				if _, ok := sentOn[a.Key()]; !ok {
					sentOn[a.Key()] = day
				}
			}
			// Every armed offset due today went out today.
			for _, p := range ds.Periods() {
				for _, o := range offs {
					for _, x := range []struct {
						kind   AlertKind
						target Date
					}{{AlertCancelBy, p.CancelBy}, {AlertEnd, p.End}} {
						due := x.target.AddDays(-o.Days)
						if due != day || due.Before(o.Since) || due.Before(start) {
							continue
						}
						k := Alert{Contract: 7, Kind: x.kind, Offset: o.Days, Target: x.target}.Key()
						if when, ok := sentOn[k]; !ok || when != day {
							t.Fatalf("trial %d: %s due on %s, sent %v on %s (offsets %+v)", trial, k, day, ok, when, offs)
						}
					}
				}
			}
		}
	}
}

// A claim's alert is due ClaimLeadDays before its window closes, but not
// before the window opens; none after it closed.
func TestClaimAlertDue(t *testing.T) {
	for _, c := range []struct {
		month, deadline, due string
	}{
		{"2026-03-01", "2026-04-30", "2026-04-23"}, // a 30-day window
		{"2026-03-01", "2026-04-03", "2026-04-01"}, // a 3-day window opens on April 1
		{"2024-02-01", "2024-03-10", "2024-03-03"}, // leap February
	} {
		cl := CreditClaim{Month: d(c.month), Deadline: d(c.deadline)}
		if got := ClaimAlertDue(cl); got.String() != c.due {
			t.Errorf("%s..%s: due %s, want %s", c.month, c.deadline, got, c.due)
		}
		if ClaimAlertOn(cl, d(c.due).AddDays(-1)) || !ClaimAlertOn(cl, d(c.due)) || !ClaimAlertOn(cl, d(c.deadline)) || ClaimAlertOn(cl, d(c.deadline).AddDays(1)) {
			t.Errorf("%s..%s: ClaimAlertOn around %s", c.month, c.deadline, c.due)
		}
	}
	a := ClaimKey(4, CreditClaim{Month: d("2026-03-01"), Deadline: d("2026-04-30")})
	b := ClaimKey(4, CreditClaim{Month: d("2026-03-01"), Deadline: d("2026-05-10")})
	if a != "contract:4:claim:2026-03-01:2026-04-30" || a == b {
		t.Errorf("keys %s %s", a, b)
	}
}
