package contract

import (
	"testing"
	"time"
)

func TestClaimsFromOutages(t *testing.T) {
	c := testContract() // 8 nodes; 99.50 % uptime; 10 % credit below 99.50, 25 % below 99.00; 30 days to claim
	jan := time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC)
	feb := time.Date(2026, 2, 5, 0, 0, 0, 0, time.UTC)
	mar := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	outages := []Outage{
		{Start: jan, End: jan.Add(40 * time.Hour), Nodes: 1, Source: "manual"},      // 40 of 5952 node-hours: 99.32 %
		{Start: feb, End: feb.Add(24 * time.Hour), Nodes: 3, Source: "health gate"}, // 72 of 5376: 98.66 %
		{Start: mar, End: mar.Add(107136 * time.Second), Nodes: 1, Source: "Xid"},   // exactly 0.50 % of March: no breach
	}
	charges := []MonthCharge{
		{Month: d("2026-01-01"), Amount: MicrosFromInt(100_000)},
		{Month: d("2026-02-01"), Amount: MicrosFromInt(80_000)},
		{Month: d("2026-03-01"), Amount: MicrosFromInt(100_000)},
	}
	got := Claims(c, charges, outages)
	if len(got) != 2 {
		t.Fatalf("claims %+v", got)
	}
	for i, w := range []struct {
		month, deadline string
		avail, credit   Pct
		cents           int64
	}{
		{"2026-01-01", "2026-03-02", 9932, 1000, 1_000_000},
		{"2026-02-01", "2026-03-30", 9866, 2500, 2_000_000},
	} {
		g := got[i]
		if g.Month.String() != w.month || g.Deadline.String() != w.deadline || g.Availability != w.avail ||
			g.CreditPct != w.credit || g.Amount != usd(w.cents) || len(g.Evidence) != 1 {
			t.Errorf("claim %d: %+v, want %+v", i, g, w)
		}
	}
	outages[2].End = outages[2].End.Add(time.Second)
	if got := Claims(c, charges, outages); len(got) != 3 || got[2].CreditPct != 1000 {
		t.Errorf("one second more is a breach: %+v", got)
	}
}

// Months are calendar months in the contract's zone: Berlin's March has
// 743 hours, and an outage at 22:30 UTC on 31 March is in Berlin's April.
func TestAvailabilityInContractZone(t *testing.T) {
	berlin, _ := time.LoadLocation("Europe/Berlin")
	m := d("2026-03-01")
	from, to := m.Start(berlin), m.AddMonths(1).Start(berlin)
	o := Outage{Start: time.Date(2026, 3, 31, 22, 30, 0, 0, time.UTC), End: time.Date(2026, 4, 1, 0, 30, 0, 0, time.UTC), Nodes: 2}
	a := AvailabilityIn(8, []Outage{o}, from, to)
	if a.Total != 8*743*3600 || a.Down != 0 || a.Pct() != 10000 {
		t.Errorf("March in Berlin: %+v", a)
	}
	apr := AvailabilityIn(8, []Outage{o}, to, m.AddMonths(2).Start(berlin))
	if apr.Down != 2*2*3600 {
		t.Errorf("April in Berlin: %+v", apr)
	}
	// Overlapping records of one failure never make availability negative.
	if a := AvailabilityIn(1, []Outage{{Start: from, End: to, Nodes: 1}, {Start: from, End: to, Nodes: 1}}, from, to); a.Pct() != 0 {
		t.Errorf("double-recorded outage: %+v", a)
	}
}

func TestValidateSLAAndOutage(t *testing.T) {
	good := SLA{UptimePct: 9950, Credits: []CreditStep{{9950, 1000}, {9900, 2500}}, ClaimDays: 30}
	for _, c := range []struct {
		s  SLA
		ok bool
	}{
		{good, true},
		{SLA{UptimePct: 10001, ClaimDays: 30}, false},
		{SLA{UptimePct: 9950, ClaimDays: 0}, false},
		{SLA{UptimePct: 9950, ClaimDays: 30, Credits: []CreditStep{{9900, 2500}, {9950, 1000}}}, false},
		{SLA{UptimePct: 9950, ClaimDays: 30, Credits: []CreditStep{{9990, 1000}}}, false},
	} {
		if err := ValidateSLA(c.s); (err == nil) != c.ok {
			t.Errorf("ValidateSLA(%+v) = %v", c.s, err)
		}
	}
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	cp := Capacity{GPUs: 64, GPUsPerNode: 8}
	for _, c := range []struct {
		o  Outage
		ok bool
	}{
		{Outage{Start: now, End: now.Add(time.Hour), Nodes: 8}, true},
		{Outage{Start: now, End: now, Nodes: 1}, false},
		{Outage{Start: now, End: now.Add(time.Hour), Nodes: 0}, false},
		{Outage{Start: now, End: now.Add(time.Hour), Nodes: 9}, false},
	} {
		if err := c.o.Validate(cp); (err == nil) != c.ok {
			t.Errorf("Validate(%+v) = %v", c.o, err)
		}
	}
}
