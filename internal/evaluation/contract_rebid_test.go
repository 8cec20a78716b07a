package evaluation_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/store"
)

// A re-bid from a contract makes the next evaluation with the brief
// copied and the incumbent invited to its first round; the contract's
// delivered figures are its baseline. The vendor of an imported quote was
// never reached by a round: the re-bid asks for a contact and creates
// nothing until it has one; the next re-bid finds it by itself.
func TestRebidInvitesTheIncumbentBesideTheDeliveredBaseline(t *testing.T) {
	t.Parallel()
	st, svc, p, c := approvedContract(t)
	ctx := context.Background()
	cur, err := st.Brief(ctx, c.EvaluationID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.SaveBrief(ctx, p.Actor(), c.EvaluationID, cur.Version, brief.Brief{"target_gpu": "h100_sxm", "units_per_month": "1000"}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.ReviseContract(ctx, p, c.ID, evaluation.ContractChange{Reason: "SLA agreed",
		Fields: fields(t, `{"sla": {"uptime_pct": "99.5", "credits": [{"below_pct": "99.5", "credit_pct": "10"}], "claim_days": 30}}`)}); err != nil {
		t.Fatal(err)
	}
	for _, csv := range []string{
		"period,description,quantity,unit,unit_price,amount,currency\n" +
			"2026-03,GPU-hours,1000,GPU-hour,2.10,2100.00,USD\n2026-03,Egress,100,GB,0.05,5.00,USD\n2026-03,Support,1,month,1000,1000.00,USD\n",
		"period,description,quantity,unit,unit_price,amount,currency\n" +
			"2026-04,GPU-hours,500,GPU-hour,2.00,1000.00,USD\n2026-04,SLA credit,1,credit,-310.50,-310.50,USD\n",
	} {
		if _, err := svc.UploadBill(ctx, p, c.ID, "bill.csv", strings.NewReader(csv)); err != nil {
			t.Fatal(err)
		}
	}
	down := time.Date(2026, 3, 5, 0, 0, 0, 0, time.UTC)
	if _, err := svc.RecordOutage(ctx, p, c.ID, store.Outage{Start: down, End: down.Add(24 * time.Hour), Nodes: 2}); err != nil {
		t.Fatal(err)
	}
	langs := []string{"en", "ru", "zh", "vi"}
	links := evaluation.Links{Base: "https://gpuquote.example"}
	before, _ := st.ListEvaluations(ctx, false)

	_, err = svc.Rebid(ctx, p, c.ID, evaluation.RebidRequest{}, langs, links)
	var fe evaluation.FieldErrors
	if !errors.As(err, &fe) || fe["contact.email"] != "contract.rebid.error.no_contact" {
		t.Fatalf("a re-bid of a vendor no round reached: %v", err)
	}
	if _, err := svc.Rebid(ctx, p, c.ID, evaluation.RebidRequest{Contact: &rfq.Vendor{Email: "not-an-email", Language: "en"}}, langs, links); !errors.As(err, &fe) || fe["contact.email"] == "" {
		t.Fatalf("a bad contact: %v", err)
	}
	if after, _ := st.ListEvaluations(ctx, false); len(after) != len(before) {
		t.Fatalf("a refused re-bid created an evaluation: %d → %d", len(before), len(after))
	}

	rb, err := svc.Rebid(ctx, p, c.ID, evaluation.RebidRequest{Contact: &rfq.Vendor{Contact: "Ann", Email: "ann@acme.example", Language: "ru"}}, langs, links)
	if err != nil {
		t.Fatal(err)
	}
	b, err := st.Brief(ctx, rb.EvaluationID)
	if err != nil || b.Data["target_gpu"] != "h100_sxm" || b.Data["units_per_month"] != "1000" {
		t.Errorf("the brief copied: %+v %v", b.Data, err)
	}
	rounds, err := st.RFQsOf(ctx, rb.EvaluationID)
	if err != nil || len(rounds) != 1 || rounds[0].ID != rb.RFQID {
		t.Fatalf("rounds of the re-bid: %+v %v", rounds, err)
	}
	invs, err := st.Invitations(ctx, rb.RFQID)
	if err != nil || len(invs) != 1 || invs[0].Company != "Acme" || invs[0].Email != "ann@acme.example" || invs[0].Language != "ru" {
		t.Fatalf("the incumbent invited: %+v %v", invs, err)
	}
	if want := svc.Now().Add(evaluation.RebidDays * 24 * time.Hour); rounds[0].Deadline.Sub(want).Abs() > time.Hour {
		t.Errorf("deadline %s, want about %s", rounds[0].Deadline, want)
	}

	bl, err := svc.RebidBaseline(ctx, rb.EvaluationID)
	if err != nil || bl == nil {
		t.Fatalf("baseline %+v %v", bl, err)
	}
	// By hand: March costs 2,100 + 5 + 1,000 = 3,105.00 for 1,000 GPU-hours;
	// April 1,000 − the 310.50 credit = 689.50 for 500. Together 3,794.50
	// for 1,500 GPU-hours: 2.529667 a GPU-hour against the contracted 2.
	// Two nodes down one day of March: (62 − 2) + 60 of 122 node-days up,
	// 98.36 %. Quoted at the award: 1.00 USD per useful unit.
	if bl.ContractID != c.ID || bl.Vendor != "Acme" || bl.Months != 2 || bl.From.String() != "2026-03-01" || bl.Through.String() != "2026-04-01" {
		t.Errorf("baseline of %+v", bl)
	}
	if bl.GPUHours.String() != "1500" || bl.Cost.String() != "3794.50 USD" || bl.EffectiveRate.String() != "2.529667" ||
		bl.QuotedRate.String() != "2" || bl.Availability.String() != "98.36" {
		t.Errorf("delivered: GPU-hours %s cost %s rate %s (quoted %s) availability %s", bl.GPUHours, bl.Cost, bl.EffectiveRate, bl.QuotedRate, bl.Availability)
	}
	if bl.QuotedPerUsefulUnit != "1.00" || bl.AwardCurrency != "USD" || bl.UsefulUnits != 0 {
		t.Errorf("per useful unit: quoted %s %s, units %s", bl.QuotedPerUsefulUnit, bl.AwardCurrency, bl.UsefulUnits)
	}
	if none, err := svc.RebidBaseline(ctx, c.EvaluationID); err != nil || none != nil {
		t.Errorf("the awarded evaluation has a baseline: %+v %v", none, err)
	}

	// One click now: the incumbent is found from the round that reached it.
	again, err := svc.Rebid(ctx, p, c.ID, evaluation.RebidRequest{}, langs, links)
	if err != nil {
		t.Fatal(err)
	}
	invs, err = st.Invitations(ctx, again.RFQID)
	if err != nil || len(invs) != 1 || invs[0].Email != "ann@acme.example" || again.Invitation.Link == "" {
		t.Fatalf("one-click re-bid: %+v %v", invs, err)
	}
}
