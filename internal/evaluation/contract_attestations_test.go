package evaluation

import (
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/internal/store"
)

// A contract's attestation alerts are judged against its real term, not
// the round's estimate: the round's deadline plus a year would end on 3
// December 2026, but the contract runs from 1 March 2027 to 1 March 2029.
// The SOC 2 ending on 30 June 2028 is an alert (and stays one, marked
// ended, once that day has passed); the ISO 27001 running to 2030 and the
// refused GDPR DPA are not; an unreadable answer raises none; a renewal
// moves the term's end with it.
func TestContractAttestationAlertsUseTheContractsTerm(t *testing.T) {
	day := func(y int, m time.Month, d int) *time.Time { x := time.Date(y, m, d, 0, 0, 0, 0, time.UTC); return &x }
	opened := *day(2025, 12, 3)
	q := store.QuoteRound{QuoteID: 7,
		RFQ: store.RFQ{ID: 3, Round: 1, Deadline: opened, OpenedAt: &opened, Compliance: sourcing.Compliance{Requirements: []sourcing.Requirement{
			{Kind: sourcing.SOC2Type2}, {Kind: sourcing.ISO27001}, {Kind: sourcing.GDPRDPA}}}},
		Invitation: store.Invitation{ID: 9, Company: "Beta", Status: rfq.Submitted},
		Attestations: map[sourcing.Kind]sourcing.Attestation{
			sourcing.SOC2Type2: {Kind: sourcing.SOC2Type2, State: sourcing.Stated, To: day(2028, 6, 30)},
			sourcing.ISO27001:  {Kind: sourcing.ISO27001, State: sourcing.Stated, To: day(2030, 1, 1)},
			sourcing.GDPRDPA:   {Kind: sourcing.GDPRDPA, State: sourcing.Refused}}}
	c := Contract{ID: 5, ContractTerms: ContractTerms{StartDate: contract.NewDate(2027, 3, 1), TermMonths: 24, NoticeDays: 30}}
	// The round's own estimate (deadline + 12 months) sees no alert: the
	// contract's term is what makes the SOC 2 one.
	if rows := sourcing.Matrix(q.RFQ.Compliance, []sourcing.Row{{InvitationID: 9}}, map[int64]map[sourcing.Kind]sourcing.Attestation{9: q.Attestations},
		func(int64) bool { return true }, opened, TermEnd(q.RFQ)); len(rows[0].Alerts) != 0 {
		t.Errorf("the round's estimated term already raises %+v", rows[0].Alerts)
	}
	got := attestationAlertsOf(q, c, contract.NewDate(2027, 3, 1))
	if len(got) != 1 {
		t.Fatalf("alerts: %+v", got)
	}
	if got[0].Kind != sourcing.SOC2Type2 || got[0].Ends.String() != "2028-06-30" || got[0].Ended || got[0].RFQID != 3 ||
		got[0].Key(c.ID) != "contract:5:attestation:soc2_type2:2028-06-30" {
		t.Errorf("alert: %+v %s", got[0], got[0].Key(c.ID))
	}
	if got := attestationAlertsOf(q, c, contract.NewDate(2028, 8, 1)); len(got) != 1 || !got[0].Ended {
		t.Errorf("after the SOC 2 ended: %+v", got)
	}
	short := c
	short.TermMonths = 12 // ends 1 March 2028, before the SOC 2 does
	if got := attestationAlertsOf(q, short, contract.NewDate(2027, 3, 1)); len(got) != 0 {
		t.Errorf("an attestation ending after the contract raises %+v", got)
	}
	short.AutoRenew = &contract.AutoRenew{Months: 12, MaxRenewals: 1}
	if got := attestationAlertsOf(q, short, contract.NewDate(2028, 4, 1)); len(got) != 1 {
		t.Errorf("in the renewal period to 2029: %+v", got)
	}
	q.Invitation.Status = rfq.Invited
	if got := attestationAlertsOf(q, c, contract.NewDate(2027, 3, 1)); len(got) != 0 {
		t.Errorf("an answer never submitted raises %+v", got)
	}
}
