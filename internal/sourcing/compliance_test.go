package sourcing

import (
	"testing"
	"time"
)

func day(s string) *time.Time {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		panic(err)
	}
	return &t
}

func TestComplianceCells(t *testing.T) {
	c := Compliance{Requirements: []Requirement{{Kind: SOC2Type2}, {Kind: ISO27001}, {Kind: PenTest, WithinMonths: 12}, {Kind: GDPRDPA}},
		Sites: "FRA1", Fabric: true}
	if err := c.Check(); err != nil {
		t.Fatal(err)
	}
	today, termEnd := *day("2026-12-01"), *day("2027-12-01")
	good := Attestation{State: Stated, Issuer: "A-LIGN", From: day("2026-01-01"), To: day("2028-01-01"), Scope: "FRA1, AMS2", Fabric: true}
	cases := []struct {
		name string
		r    Requirement
		a    *Attestation
		want Status
	}{
		{"none", c.Requirements[0], nil, Missing},
		{"not stated", c.Requirements[0], &Attestation{State: NotStated}, Missing},
		{"refused", c.Requirements[0], &Attestation{State: Refused}, Refusal},
		{"covered", c.Requirements[0], &good, Covered},
		{"expired", c.Requirements[1], &Attestation{State: Stated, From: day("2025-01-01"), To: day("2026-06-30"), Scope: "FRA1", Fabric: true}, Expired},
		{"bridged", c.Requirements[1], &Attestation{State: Stated, To: day("2026-10-31"), BridgeLetter: true, Scope: "FRA1", Fabric: true}, Covered},
		{"expiring in the term", c.Requirements[1], &Attestation{State: Stated, To: day("2027-03-31"), Scope: "fra1", Fabric: true}, Expiring},
		{"data centre not named", c.Requirements[0], &Attestation{State: Stated, To: day("2028-01-01"), Scope: "AMS2", Fabric: true}, ScopeGap},
		{"fabric out of scope", c.Requirements[0], &Attestation{State: Stated, To: day("2028-01-01"), Scope: "FRA1"}, ScopeGap},
		{"old pen test", c.Requirements[2], &Attestation{State: Stated, To: day("2025-10-01"), Scope: "FRA1", Fabric: true}, Expired},
		{"recent pen test", c.Requirements[2], &Attestation{State: Stated, To: day("2026-09-01"), Scope: "FRA1", Fabric: true}, Covered},
		{"a DPA has no site scope", c.Requirements[3], &Attestation{State: Stated}, Covered},
	}
	for _, x := range cases {
		if got := Assess(c, x.r, x.a, today, termEnd); got != x.want {
			t.Errorf("%s: %s, want %s", x.name, got, x.want)
		}
	}
	rows := Matrix(c, []Row{{InvitationID: 1}, {InvitationID: 2}}, map[int64]map[Kind]Attestation{1: {SOC2Type2: good}},
		func(id int64) bool { return id == 1 }, today, termEnd)
	if rows[0].Cells[0] != Covered || rows[0].Cells[1] != Missing || rows[0].Blockers != 3 || rows[1].Cells[0] != Sealed || rows[1].Blockers != 0 {
		t.Errorf("matrix: %+v", rows)
	}
	bad := Compliance{Requirements: []Requirement{{Kind: "soc3"}}}
	if bad.Check() == nil {
		t.Error("an unknown attestation is accepted")
	}
}

// An attestation that counts today but ends before the contract does
// raises an alert with the day it ends: a report's period, a bridge
// letter's grace after it, a pen test's age limit. One that ends after
// the term, is already expired, or was not given raises none.
func TestExpiryAlerts(t *testing.T) {
	c := Compliance{Requirements: []Requirement{{Kind: SOC2Type2}, {Kind: ISO27001}, {Kind: PenTest, WithinMonths: 12}, {Kind: GDPRDPA}}}
	today, termEnd := *day("2026-12-01"), *day("2027-12-01")
	cases := []struct {
		name string
		r    Requirement
		a    Attestation
		want string // the day it ends; "" no alert
	}{
		{"ends in the term", c.Requirements[0], Attestation{State: Stated, To: day("2027-03-31")}, "2027-03-31"},
		{"ends after the term", c.Requirements[0], Attestation{State: Stated, To: day("2028-01-01")}, ""},
		{"ends on the term's last day", c.Requirements[0], Attestation{State: Stated, To: day("2027-12-01")}, ""},
		{"bridged, the letter ends in the term", c.Requirements[1], Attestation{State: Stated, To: day("2026-11-30"), BridgeLetter: true}, "2027-03-02"},
		{"already expired", c.Requirements[1], Attestation{State: Stated, To: day("2026-06-30")}, ""},
		{"pen test ages out in the term", c.Requirements[2], Attestation{State: Stated, To: day("2026-09-01")}, "2027-09-01"},
		{"refused", c.Requirements[0], Attestation{State: Refused, To: day("2027-03-31")}, ""},
		{"no end stated", c.Requirements[3], Attestation{State: Stated}, ""},
	}
	for _, x := range cases {
		st := Assess(c, x.r, &x.a, today, termEnd)
		al, ok := AlertOf(x.r, x.a, st, termEnd)
		got := ""
		if ok {
			got = al.Ends.Format("2006-01-02")
		}
		if got != x.want || ok && al.Kind != x.r.Kind {
			t.Errorf("%s (%s): alert %q %s, want %q", x.name, st, got, al.Kind, x.want)
		}
	}
	rows := Matrix(c, []Row{{InvitationID: 1}, {InvitationID: 2}}, map[int64]map[Kind]Attestation{
		1: {SOC2Type2: {State: Stated, To: day("2027-03-31")}, ISO27001: {State: Stated, To: day("2029-01-01")}},
		2: {SOC2Type2: {State: Stated, To: day("2027-03-31")}}}, func(id int64) bool { return id == 1 }, today, termEnd)
	if len(rows[0].Alerts) != 1 || rows[0].Alerts[0].Kind != SOC2Type2 || len(rows[1].Alerts) != 0 {
		t.Errorf("matrix alerts (the sealed vendor has none): %+v, %+v", rows[0].Alerts, rows[1].Alerts)
	}
}
