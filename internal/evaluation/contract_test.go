package evaluation_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

// contractQuote is the awarded quote of these tests: 2 nodes of 8 GPUs at
// 2.00 USD per GPU-hour, a 12-month minimum term and 30,000 USD minimum
// spend, egress at 0.05 per GB and support at 1,000 per month.
const contractQuote = "provider,rental_model,currency,price_per_gpu_hour,gpus_per_node,nodes,min_term_months,min_spend,egress_price_per_gb,support_price_per_month\n" +
	"Acme,reserved,USD,2.00,8,2,12,30000,0.05,1000\n"

// approvedContract records and approves a one-quote award on 2026-03-10
// and returns the contract its approval drafted.
func approvedContract(t *testing.T) (*store.Store, *evaluation.Service, store.User, evaluation.Contract) {
	t.Helper()
	now := time.Date(2026, 3, 10, 9, 0, 0, 0, time.UTC)
	st, _ := storetest.New(t, func() time.Time { return now })
	svc := evaluation.New(st)
	ctx := context.Background()
	p := newUser(t, st, "p@example.com", auth.Procurement)
	m := newUser(t, st, "m@example.com", auth.Manager)
	e, err := st.CreateEvaluation(ctx, p.Actor(), "Contracts")
	if err != nil {
		t.Fatal(err)
	}
	qs, err := quote.ReadCSV(strings.NewReader(contractQuote))
	if err != nil {
		t.Fatal(err)
	}
	ids, err := st.ImportQuotes(ctx, p.Actor(), e.ID, qs)
	if err != nil {
		t.Fatal(err)
	}
	an, err := svc.Analyze(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range an.OpenBlockers(ids[0]) {
		if err := st.WaiveFlag(ctx, p.Actor(), ids[0], b.ID, "not in scope of this test"); err != nil {
			t.Fatal(err)
		}
	}
	aw, err := st.RecordAward(ctx, p.Actor(), store.NewAward{EvaluationID: e.ID, Shares: []store.AwardShare{{QuoteID: ids[0], SharePct: 100}},
		Reason: "cheapest per unit", Currency: "USD", ContractValue: "30000.00", CostPerUnit: "1.00",
		RequiredApprovers: 1, ApprovalOrder: approval.InParallel, ApproverRoles: []string{"manager"}})
	if err != nil {
		t.Fatal(err)
	}
	if list, _ := svc.Contracts(ctx, store.ContractFilter{AwardID: aw.ID}); len(list) != 0 {
		t.Fatalf("a contract before the approval: %+v", list)
	}
	if a, err := svc.ApproveAward(ctx, m, aw.ID, "best value"); err != nil || a.Status != "approved" {
		t.Fatalf("approve: %+v %v", a, err)
	}
	list, err := svc.Contracts(ctx, store.ContractFilter{AwardID: aw.ID})
	if err != nil || len(list) != 1 {
		t.Fatalf("contracts of the approved award: %+v %v", list, err)
	}
	return st, svc, p, list[0]
}

func fields(t *testing.T, js string) map[string]json.RawMessage {
	t.Helper()
	var f map[string]json.RawMessage
	if err := json.Unmarshal([]byte(js), &f); err != nil {
		t.Fatal(err)
	}
	return f
}

// Approving an award drafts its contract with the quote's terms of that
// revision; a later revision of the quote leaves the contract alone.
func TestApprovedAwardDraftsAContractFrozenFromTheQuote(t *testing.T) {
	t.Parallel()
	st, svc, p, c := approvedContract(t)
	ctx := context.Background()
	if c.State != contract.Draft || c.Vendor != "Acme" || c.Currency != "USD" || c.Version != 1 || c.QuoteRevision != 1 {
		t.Fatalf("draft: %+v", c)
	}
	if c.StartDate.String() != "2026-03-10" || c.TermMonths != 12 || c.EndDate.String() != "2027-03-10" || c.CancelBy.String() != "2027-02-08" {
		t.Errorf("dates: start %s term %d end %s cancel-by %s", c.StartDate, c.TermMonths, c.EndDate, c.CancelBy)
	}
	if c.Capacity != (contract.Capacity{GPUs: 16, GPUsPerNode: 8}) {
		t.Errorf("capacity %+v", c.Capacity)
	}
	if c.Commitment == nil || c.Commitment.Amount.String() != "30000" || c.Commitment.Period != "term" {
		t.Errorf("commitment %+v", c.Commitment)
	}
	rates := map[string]string{}
	for _, ch := range c.Charges {
		rates[ch.Name] = ch.Rate.String()
	}
	if rates["GPU-hours"] != "2" || rates["Egress"] != "0.05" || rates["Support"] != "1000" {
		t.Errorf("rates %v", rates)
	}
	sq, err := st.Quote(ctx, c.QuoteID)
	if err != nil {
		t.Fatal(err)
	}
	q := sq.Quote
	q.PricePerGPUHour = quote.Of(mustDecimal(t, "2.50"))
	if _, err := st.UpdateQuote(ctx, p.Actor(), c.QuoteID, sq.Version, q); err != nil {
		t.Fatal(err)
	}
	again, err := svc.ContractByID(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, ch := range again.Charges {
		if ch.Name == "GPU-hours" && ch.Rate.String() != "2" {
			t.Errorf("the quote's later revision moved the contract's rate to %s", ch.Rate)
		}
	}
	if _, err := svc.DraftContracts(ctx, p, c.AwardID); !errors.Is(err, store.ErrExists) {
		t.Errorf("a second draft for the award: %v", err)
	}
}

// Every change is a new version with a reason and an audit row; a change
// on an old version conflicts, an active contract is not put back to
// draft, and a change that breaks the terms or changes nothing is refused.
func TestContractChangesAreVersionsWithAReason(t *testing.T) {
	t.Parallel()
	st, svc, p, c := approvedContract(t)
	ctx := context.Background()
	if _, err := svc.ReviseContract(ctx, p, c.ID, evaluation.ContractChange{Fields: fields(t, `{"notice_days": 60}`)}); !evaluation.IsContractError(err) {
		t.Errorf("a change without a reason: %v", err)
	}
	got, err := svc.ReviseContract(ctx, p, c.ID, evaluation.ContractChange{Version: 1, Reason: "signed copy received",
		Fields: fields(t, `{"start_date": "2026-01-01", "term_months": 6, "notice_days": 30, "activated": true}`)})
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != 2 || got.State != contract.Active || got.CancelBy.String() != "2026-06-01" {
		t.Errorf("activated: version %d state %s cancel-by %s", got.Version, got.State, got.CancelBy)
	}
	if _, err := svc.ReviseContract(ctx, p, c.ID, evaluation.ContractChange{Version: 1, Reason: "late", Fields: fields(t, `{"notice_days": 45}`)}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a change on version 1: %v", err)
	}
	for name, js := range map[string]string{
		"back to draft": `{"activated": false}`, "bad term": `{"term_months": 0}`, "unknown field": `{"colour": "red"}`,
		"nothing": `{"notice_days": 30}`, "bad zone": `{"zone": "Mars/Olympus"}`,
	} {
		if _, err := svc.ReviseContract(ctx, p, c.ID, evaluation.ContractChange{Reason: "try", Fields: fields(t, js)}); !evaluation.IsContractError(err) {
			t.Errorf("%s: %v", name, err)
		}
	}
	vs, err := svc.ContractVersions(ctx, c.ID)
	if err != nil || len(vs) != 2 || vs[0].Reason != "signed copy received" || vs[1].Version != 1 {
		t.Fatalf("versions %+v %v", vs, err)
	}
	log, err := st.ListAudit(ctx, store.AuditFilter{ObjectType: "contract", Action: "contract.revise", Limit: 10})
	if err != nil || len(log) != 1 {
		t.Fatalf("audit %+v %v", log, err)
	}
	rs, err := svc.Renewals(ctx, evaluation.RenewalHorizon)
	if err != nil || len(rs) != 1 || rs[0].CancelBy.String() != "2026-06-01" || rs[0].DaysLeft != 83 {
		t.Errorf("renewals %+v %v", rs, err)
	}
}

// March's bill charges GPU-hours above the contracted rate: the match
// flags that line with the amount over, and the rest is ok. An outage of
// both nodes for a day puts March below the SLA, which drafts a credit
// claim of 10 % of March's charges; the commitment report is the hand
// computation.
func TestBillOutageCreditAndCommitment(t *testing.T) {
	t.Parallel()
	_, svc, p, c := approvedContract(t)
	ctx := context.Background()
	if _, err := svc.ReviseContract(ctx, p, c.ID, evaluation.ContractChange{Reason: "SLA agreed",
		Fields: fields(t, `{"sla": {"uptime_pct": "99.5", "credits": [{"below_pct": "99.5", "credit_pct": "10"}], "claim_days": 30}}`)}); err != nil {
		t.Fatal(err)
	}
	bad := "period,description,quantity,unit,unit_price,amount,currency\n2026-03,GPU-hours,1000,GPU-hour,2.00,2000.00,EUR\n"
	var ie *contract.ImportError
	if _, err := svc.UploadBill(ctx, p, c.ID, "bad.csv", strings.NewReader(bad)); !errors.As(err, &ie) || ie.Errors[0].Line != 2 || ie.Errors[0].Column != "currency" {
		t.Fatalf("a bill in EUR: %v", err)
	}
	csv := "period,description,quantity,unit,unit_price,amount,currency\n" +
		"2026-03,GPU-hours,1000,GPU-hour,2.10,2100.00,USD\n" +
		"2026-03,Egress,100,GB,0.05,5.00,USD\n" +
		"2026-03,Support,1,month,1000,1000.00,USD\n"
	b, err := svc.UploadBill(ctx, p, c.ID, "march.csv", strings.NewReader(csv))
	if err != nil {
		t.Fatal(err)
	}
	if b.Match.ShouldBePaid != contract.PayException || b.Match.Disputed.String() != "100.00 USD" || b.Match.Total.String() != "3105.00 USD" {
		t.Errorf("match: %+v", b.Match)
	}
	if b.Lines[0].Match != "exception" || b.Lines[0].Exceptions[0].Reason != contract.RateAboveContract || b.Lines[1].Match != "ok" || b.Lines[2].Match != "ok" {
		t.Errorf("lines: %+v", b.Lines)
	}
	bills, err := svc.Bills(ctx, c.ID)
	if err != nil || len(bills) != 1 || bills[0].Match.Disputed != b.Match.Disputed || bills[0].Lines[0].Exceptions[0].Amount.String() != "100.00 USD" {
		t.Fatalf("bills read back: %+v %v", bills, err)
	}

	start := time.Date(2026, 3, 5, 0, 0, 0, 0, time.UTC)
	if _, err := svc.RecordOutage(ctx, p, c.ID, store.Outage{Start: start, End: start.Add(24 * time.Hour), Nodes: 3}); !evaluation.IsContractError(err) {
		t.Errorf("3 nodes of a 2-node contract: %v", err)
	}
	if _, err := svc.RecordOutage(ctx, p, c.ID, store.Outage{Start: start, End: start.Add(24 * time.Hour), Nodes: 2}); err != nil {
		t.Fatal(err)
	}
	cls, err := svc.Credits(ctx, c.ID)
	if err != nil || len(cls) != 1 {
		t.Fatalf("credits %+v %v", cls, err)
	}
	// 2 nodes down 1 day of 31: 30/31 = 96.77 %; 10 % of 3105.00.
	if cl := cls[0]; cl.Availability.String() != "96.77" || cl.Amount.String() != "310.50 USD" || cl.Deadline.String() != "2026-04-30" || cl.Status != "open" {
		t.Errorf("claim %+v", cl)
	}

	rows, err := svc.Commitment(ctx, c.ID)
	if err != nil || len(rows) != 1 {
		t.Fatalf("commitment %+v %v", rows, err)
	}
	// 30,000 over 12 months: 2,500 a month; 3,105 used; 124.20 %; 3,105 / 1,000 GPU-hours.
	r := rows[0]
	if r.Committed.String() != "2500" || r.Used.String() != "3105" || r.Unused != 0 || r.UtilisationPct.String() != "124.20" ||
		r.EffectiveRate.String() != "3.105" || r.Cost.String() != "3105.00 USD" {
		t.Errorf("commitment row %+v", r)
	}

	// April's bill carries no credit for March's claim: a missing credit.
	april := "period,description,quantity,unit,unit_price,amount,currency\n2026-04,GPU-hours,10,GPU-hour,2.00,20.00,USD\n"
	b2, err := svc.UploadBill(ctx, p, c.ID, "april.csv", strings.NewReader(april))
	if err != nil {
		t.Fatal(err)
	}
	if len(b2.Match.BillExceptions) != 1 || b2.Match.BillExceptions[0].Reason != contract.MissingCredit || b2.Match.BillExceptions[0].Amount.String() != "310.50 USD" {
		t.Errorf("april: %+v", b2.Match)
	}
	rec, err := svc.VendorRecord(ctx, c.VendorID)
	if err != nil || len(rec.Contracts) != 1 || rec.Contracts[0].Billed.String() != "3125.00 USD" || rec.Contracts[0].LinesException != 1 {
		t.Errorf("vendor record %+v %v", rec, err)
	}
}

func mustDecimal(t *testing.T, s string) quote.Decimal {
	t.Helper()
	d, err := quote.ParseDecimal(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
