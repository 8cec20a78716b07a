package contract

import (
	"math/rand/v2"
	"testing"
	"time"
)

func d(s string) Date {
	x, err := ParseDate(s)
	if err != nil {
		panic(err)
	}
	return x
}

func TestAddMonthsClampsToMonthEnd(t *testing.T) {
	for _, c := range []struct {
		from   string
		months int
		want   string
	}{
		{"2026-01-31", 1, "2026-02-28"},
		{"2028-01-31", 1, "2028-02-29"}, // leap year
		{"2028-02-29", 12, "2029-02-28"},
		{"2028-02-29", 48, "2032-02-29"},
		{"2026-03-31", 1, "2026-04-30"},
		{"2026-12-15", 1, "2027-01-15"},
		{"2026-01-31", -2, "2025-11-30"},
		{"2026-05-31", -15, "2025-02-28"},
		{"2100-01-31", 1, "2100-02-28"}, // 2100 is not a leap year
		{"2000-01-31", 1, "2000-02-29"}, // 2000 is
	} {
		if got := d(c.from).AddMonths(c.months).String(); got != c.want {
			t.Errorf("%s + %d months = %s, want %s", c.from, c.months, got, c.want)
		}
	}
}

// randomDates draws start dates weighted towards month ends and leap days,
// where notice arithmetic goes wrong.
func randomDates(r *rand.Rand, n int) []Date {
	out := []Date{d("2024-02-29"), d("2026-01-31"), d("2027-12-31"), d("2028-02-29")}
	for len(out) < n {
		y, m := 1990+r.IntN(120), time.Month(1+r.IntN(12))
		day := 1 + r.IntN(daysIn(y, m))
		if r.IntN(3) == 0 {
			day = daysIn(y, m) - r.IntN(3)
		}
		out = append(out, NewDate(y, m, day))
	}
	return out
}

func TestPropertyAddMonths(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 31))
	for _, start := range randomDates(r, 3000) {
		n := r.IntN(600) - 300
		got := start.AddMonths(n)
		// The month moves by exactly n.
		if dm := (got.Year()-start.Year())*12 + int(got.Month()-start.Month()); dm != n {
			t.Fatalf("%s + %d months = %s: moved %d months", start, n, got, dm)
		}
		// The day is kept, or clamped to the month's last day.
		last := daysIn(got.Year(), got.Month())
		if want := min(start.Day(), last); got.Day() != want {
			t.Fatalf("%s + %d months = %s, want day %d", start, n, got, want)
		}
		// Adding back lands on the start unless clamping lost the day.
		if back := got.AddMonths(-n); start.Day() <= last && back != start {
			t.Fatalf("%s + %d - %d months = %s", start, n, n, back)
		}
	}
}

func TestPropertyNoticeDates(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 31))
	for _, start := range randomDates(r, 2000) {
		ds := Dates{Start: start, TermMonths: 1 + r.IntN(60), NoticeDays: r.IntN(200), Activated: true}
		if err := ds.Validate(); err != nil {
			t.Fatal(err)
		}
		end, cb := ds.End(), ds.CancelBy()
		if got := cb.DaysUntil(end); got != ds.NoticeDays {
			t.Fatalf("%+v: cancel-by %s is %d days before end %s", ds, cb, got, end)
		}
		days := start.DaysUntil(end)
		if days < 28*ds.TermMonths || days > 31*ds.TermMonths {
			t.Fatalf("%+v: a %d-month term lasts %d days", ds, ds.TermMonths, days)
		}
		inNotice := ds.StateOn(cb) == InNotice || ds.NoticeDays == 0 // notice 0: cancel-by is the end
		if ds.StateOn(cb.AddDays(-1)) == InNotice || !inNotice || ds.StateOn(end) != Ended {
			t.Fatalf("%+v: states around cancel-by %s and end %s are wrong", ds, cb, end)
		}
	}
}

func TestPropertyAutoRenewChain(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 31))
	for _, start := range randomDates(r, 1000) {
		ar := &AutoRenew{Months: 1 + r.IntN(24), MaxRenewals: 1 + r.IntN(20)}
		ds := Dates{Start: start, TermMonths: 1 + r.IntN(36), NoticeDays: r.IntN(60), AutoRenew: ar, Activated: true}
		ps := ds.Periods()
		if len(ps) != ar.MaxRenewals+1 {
			t.Fatalf("%+v: %d periods", ds, len(ps))
		}
		for k, p := range ps {
			// Each period starts where the last ended, and every end is
			// the start plus whole months, with no drift from clamping.
			if k > 0 && p.Start != ps[k-1].End {
				t.Fatalf("%+v: period %d starts %s, previous ended %s", ds, k, p.Start, ps[k-1].End)
			}
			if want := start.AddMonths(ds.TermMonths + k*ar.Months); p.End != want {
				t.Fatalf("%+v: period %d ends %s, want %s", ds, k, p.End, want)
			}
			if p.CancelBy.DaysUntil(p.End) != ds.NoticeDays {
				t.Fatalf("%+v: period %d cancel-by %s", ds, k, p.CancelBy)
			}
		}
		if ds.FinalEnd() != ps[len(ps)-1].End || ds.StateOn(ds.FinalEnd()) != Ended {
			t.Fatalf("%+v: final end", ds)
		}
	}
}

func TestMonthlyRenewalFromJan31DoesNotDrift(t *testing.T) {
	ds := Dates{Start: d("2026-01-31"), TermMonths: 1, AutoRenew: &AutoRenew{Months: 1, MaxRenewals: 3}, Activated: true}
	var ends []string
	for _, p := range ds.Periods() {
		ends = append(ends, p.End.String())
	}
	want := []string{"2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"}
	for i := range want {
		if ends[i] != want[i] {
			t.Fatalf("ends %v, want %v", ends, want)
		}
	}
}

func TestStateOn(t *testing.T) {
	renew := &AutoRenew{Months: 12, MaxRenewals: 2}
	base := Dates{Start: d("2026-01-01"), TermMonths: 12, NoticeDays: 90, Activated: true}
	noticed := d("2026-06-01")
	late := d("2026-11-01") // after the first cancel-by (2026-10-03)
	for _, c := range []struct {
		name  string
		ds    Dates
		today string
		want  State
	}{
		{"not activated", Dates{Start: d("2026-01-01"), TermMonths: 12}, "2026-03-01", Draft},
		{"before start", base, "2025-12-01", Active},
		{"in term", base, "2026-10-02", Active},
		{"on cancel-by", base, "2026-10-03", InNotice},
		{"last day", base, "2026-12-31", InNotice},
		{"end date", base, "2027-01-01", Ended},
		{"renewable past cancel-by", with(base, renew, nil), "2026-11-01", Active},
		{"renewed", with(base, renew, nil), "2027-02-01", Renewed},
		{"final period past cancel-by", with(base, renew, nil), "2028-10-10", InNotice},
		{"chain ended", with(base, renew, nil), "2029-01-01", Ended},
		{"notice given", with(base, renew, &noticed), "2026-06-02", InNotice},
		{"notice given ends term", with(base, renew, &noticed), "2027-01-01", Ended},
		{"late notice ends next term", with(base, renew, &late), "2027-06-01", InNotice},
		{"late notice, renewed", with(base, renew, &late), "2026-11-02", Active},
	} {
		if got := c.ds.StateOn(d(c.today)); got != c.want {
			t.Errorf("%s: state on %s = %s, want %s", c.name, c.today, got, c.want)
		}
	}
}

func with(ds Dates, ar *AutoRenew, notice *Date) Dates {
	ds.AutoRenew, ds.NoticeGiven = ar, notice
	return ds
}

// The date is the contract's calendar date: one instant is two different
// days in Tokyo and in New York, and notice counts calendar days across a
// daylight-saving change.
func TestTimeZones(t *testing.T) {
	tokyo, _ := time.LoadLocation("Asia/Tokyo")
	ny, _ := time.LoadLocation("America/New_York")
	now := time.Date(2026, 10, 2, 20, 0, 0, 0, time.UTC)
	ds := Dates{Start: d("2026-01-01"), TermMonths: 12, NoticeDays: 90, Activated: true}
	if s := ds.StateOn(Today(now, tokyo)); s != InNotice {
		t.Errorf("Tokyo: %s (it is already 2026-10-03 there)", s)
	}
	if s := ds.StateOn(Today(now, ny)); s != Active {
		t.Errorf("New York: %s (it is still 2026-10-02 there)", s)
	}
	r := rand.New(rand.NewPCG(4, 31))
	for range 2000 {
		at := time.Unix(r.Int64N(4e9), 0)
		for _, z := range []*time.Location{tokyo, ny, time.UTC} {
			y, m, dd := at.In(z).Date()
			got := Today(at, z)
			if got != NewDate(y, m, dd) {
				t.Fatalf("Today(%s, %s) = %s", at, z, got)
			}
			// A notice period crossing DST still spans whole days.
			start := got.Start(z)
			back := got.AddDays(-90).Start(z)
			if ys, ms, ds := back.Date(); NewDate(ys, ms, ds).DaysUntil(Today(start, z)) != 90 {
				t.Fatalf("90 days before %s in %s", got, z)
			}
		}
	}
}

func TestValidate(t *testing.T) {
	ok := Dates{Start: d("2026-01-01"), TermMonths: 12, NoticeDays: 30}
	for _, c := range []struct {
		ds   Dates
		want string
	}{
		{Dates{TermMonths: 12}, "start_date: required"},
		{with(ok, &AutoRenew{Months: 0, MaxRenewals: 1}, nil), "auto_renew.months: must be 1 to 120"},
		{with(ok, &AutoRenew{Months: 12, MaxRenewals: 0}, nil), "auto_renew.max_renewals: must be 1 to 120"},
		{Dates{Start: d("2026-01-01"), TermMonths: 0}, "term_months: must be 1 to 240"},
		{Dates{Start: d("2026-01-01"), TermMonths: 1, NoticeDays: -1}, "notice_days: must be 0 to 3650"},
	} {
		if err := c.ds.Validate(); err == nil || err.Error() != c.want {
			t.Errorf("Validate(%+v) = %v, want %s", c.ds, err, c.want)
		}
	}
	if err := ok.Validate(); err != nil {
		t.Error(err)
	}
}
