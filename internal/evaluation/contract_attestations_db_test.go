package evaluation_test

import (
	"context"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

// The contract of a quote that came through a round reads its vendor's
// attestations from that round and judges them against the contract's
// term: drafted on 7 December 2026 for 12 months, it ends on 7 December
// 2027. Alpha's SOC 2 ends on 30 June 2027, during it: an alert on the
// contract's page and in its API object. Its ISO 27001 runs to 2029: none.
// A contract from a hand-entered quote has none.
func TestContractReadsItsVendorsAttestationAlertsFromItsRound(t *testing.T) {
	t.Parallel()
	dl := time.Date(2026, 12, 8, 17, 0, 0, 0, time.UTC)
	c := &clock{t: dl.Add(-30 * time.Hour)}
	st, _ := storetest.New(t, c.now)
	svc := evaluation.New(st)
	ctx := context.Background()
	u := roundUser(t, st, "buyer@example.com", auth.Procurement)
	e, err := st.CreateEvaluation(ctx, u.Actor(), "Sourcing")
	if err != nil {
		t.Fatal(err)
	}
	r, err := st.CreateRFQ(ctx, u.Actor(), store.NewRFQ{EvaluationID: e.ID, Deadline: dl, TimeZone: "UTC", GraceHours: 24,
		Compliance: sourcing.Compliance{Requirements: []sourcing.Requirement{{Kind: sourcing.SOC2Type2}, {Kind: sourcing.ISO27001}}},
		Invitations: []store.NewInvitation{
			{Vendor: rfq.Vendor{Company: "Alpha GPU", Email: "a@alpha.example", Language: "en"}, TokenHash: auth.HashToken("tok-a")}}})
	if err != nil {
		t.Fatal(err)
	}
	invs, err := st.Invitations(ctx, r.ID)
	if err != nil || len(invs) != 1 {
		t.Fatalf("invitations: %v %v", invs, err)
	}
	soc2, iso := time.Date(2027, 6, 30, 0, 0, 0, 0, time.UTC), time.Date(2029, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := st.SaveAttestations(ctx, invs[0].ID, []sourcing.Attestation{
		{Kind: sourcing.SOC2Type2, State: sourcing.Stated, To: &soc2}, {Kind: sourcing.ISO27001, State: sourcing.Stated, To: &iso}}); err != nil {
		t.Fatal(err)
	}
	if err := st.SaveDraft(ctx, invs[0].ID, vendorQuote("Alpha GPU", "2.10")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.Submit(ctx, invs[0].ID); err != nil {
		t.Fatal(err)
	}
	m := roundUser(t, st, "m@example.com", auth.Manager)
	if n, err := svc.OpenEarly(ctx, m.Actor(), r.ID, "board meets tomorrow"); err != nil || n != 1 {
		t.Fatalf("open early: %d %v", n, err)
	}
	qs, _ := st.ListQuotes(ctx, e.ID)
	if len(qs) != 1 {
		t.Fatalf("quotes: %d", len(qs))
	}
	an, err := svc.Analyze(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range an.OpenBlockers(qs[0].ID) {
		if err := st.WaiveFlag(ctx, u.Actor(), qs[0].ID, b.ID, "not in scope of this test"); err != nil {
			t.Fatal(err)
		}
	}
	aw, err := st.RecordAward(ctx, u.Actor(), store.NewAward{EvaluationID: e.ID, Shares: []store.AwardShare{{QuoteID: qs[0].ID, SharePct: 100}},
		Reason: "only one", Currency: "USD", ContractValue: "30000.00", CostPerUnit: "1.00",
		RequiredApprovers: 1, ApprovalOrder: approval.InParallel, ApproverRoles: []string{"manager"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.ApproveAward(ctx, m, aw.ID, "best value"); err != nil {
		t.Fatal(err)
	}
	list, err := svc.Contracts(ctx, store.ContractFilter{AwardID: aw.ID})
	if err != nil || len(list) != 1 {
		t.Fatalf("contracts: %v %v", list, err)
	}
	if list[0].EndDate.String() != "2027-12-07" {
		t.Fatalf("the contract runs %s to %s", list[0].StartDate, list[0].EndDate)
	}
	d, err := svc.ContractDetail(ctx, list[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Attestations) != 1 || d.Attestations[0].Kind != sourcing.SOC2Type2 || d.Attestations[0].Ends.String() != "2027-06-30" || d.Attestations[0].Ended {
		t.Errorf("the contract page's attestation alerts: %+v", d.Attestations)
	}
	read, err := svc.ContractRead(ctx, list[0].ID)
	if err != nil || len(read.AttestationAlerts) != 1 || read.AttestationAlerts[0].Kind != sourcing.SOC2Type2 {
		t.Errorf("the API's attestation alerts: %+v %v", read.AttestationAlerts, err)
	}

	_, handSvc, _, hand := approvedContract(t)
	if d, err := handSvc.ContractDetail(ctx, hand.ID); err != nil || len(d.Attestations) != 0 {
		t.Errorf("a hand-entered quote's contract: %+v %v", d.Attestations, err)
	}
	if read, err := handSvc.ContractRead(ctx, hand.ID); err != nil || read.AttestationAlerts == nil || len(read.AttestationAlerts) != 0 {
		t.Errorf("a hand-entered quote's contract in the API: %#v %v", read.AttestationAlerts, err)
	}
}
