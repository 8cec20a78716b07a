package web_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
)

// awardToSign records a one-quote award (2 nodes of 8 GPUs at 2.00 USD
// per GPU-hour, support 1,000 a month) that one manager's signature
// approves, and returns its evaluation and award.
func awardToSign(t *testing.T, a *app) (int64, store.Award) {
	t.Helper()
	ctx := context.Background()
	p := a.user("buyer@example.com", auth.Procurement)
	e, err := a.store.CreateEvaluation(ctx, p.Actor(), "Contracts")
	if err != nil {
		t.Fatal(err)
	}
	qs, err := quote.ReadCSV(strings.NewReader("provider,rental_model,currency,price_per_gpu_hour,gpus_per_node,nodes,min_term_months,support_price_per_month\n" +
		"Acme Cloud,reserved,USD,2.00,8,2,12,1000\n"))
	if err != nil {
		t.Fatal(err)
	}
	ids, err := a.store.ImportQuotes(ctx, p.Actor(), e.ID, qs)
	if err != nil {
		t.Fatal(err)
	}
	an, err := evaluation.New(a.store).Analyze(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range an.OpenBlockers(ids[0]) {
		if err := a.store.WaiveFlag(ctx, p.Actor(), ids[0], b.ID, "not in scope of this test"); err != nil {
			t.Fatal(err)
		}
	}
	aw, err := a.store.RecordAward(ctx, p.Actor(), store.NewAward{EvaluationID: e.ID, Shares: []store.AwardShare{{QuoteID: ids[0], SharePct: 100}},
		Reason: "cheapest", Currency: "USD", ContractValue: "300000.00", CostPerUnit: "1.00",
		RequiredApprovers: 1, ApprovalOrder: approval.InParallel, ApproverRoles: []string{"manager"}})
	if err != nil {
		t.Fatal(err)
	}
	return e.ID, aw
}

// approvedContractID approves awardToSign's award and returns the contract
// its approval drafted.
func approvedContractID(t *testing.T, a *app) evaluation.Contract {
	t.Helper()
	ctx := context.Background()
	_, aw := awardToSign(t, a)
	svc := evaluation.New(a.store)
	if _, err := svc.ApproveAward(ctx, a.user("boss@example.com", auth.Manager), aw.ID, "best value"); err != nil {
		t.Fatal(err)
	}
	list, err := svc.Contracts(ctx, store.ContractFilter{AwardID: aw.ID})
	if err != nil || len(list) != 1 {
		t.Fatalf("contracts %v %v", list, err)
	}
	return list[0]
}

// The contract API: everyone reads, an engineer cannot change; a change
// needs a reason and the current version; a bill in the wrong currency is
// 422 naming its line and column; a bill above the contracted rate is 201
// with that line an exception and its amount.
func TestContractAPI(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c := approvedContractID(t, a)
	path := fmt.Sprintf("/api/v1/contracts/%d", c.ID)
	buyer := a.token("p2@example.com", auth.Procurement)
	eng := a.token("e@example.com", auth.Engineer)

	res, got := a.api(eng, "GET", path, "")
	wantStatus(t, res, http.StatusOK)
	if got["state"] != "draft" || got["vendor"] != "Acme Cloud" || got["currency"] != "USD" || got["cancel_by"] == "" {
		t.Errorf("contract %v", got)
	}
	res, _ = a.api(eng, "PATCH", path, `{"reason":"x","notice_days":60}`)
	wantStatus(t, res, http.StatusForbidden)
	res, got = a.api(buyer, "PATCH", path, `{"notice_days":60}`)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if f, _ := got["fields"].(map[string]any); f["reason"] == nil {
		t.Errorf("no reason: %v", got)
	}
	res, got = a.api(buyer, "PATCH", path, `{"reason":"signed","version":1,"notice_days":60,"activated":true,`+
		`"sla":{"uptime_pct":"99.5","credits":[{"below_pct":"99.5","credit_pct":"10"}],"claim_days":30}}`)
	wantStatus(t, res, http.StatusOK)
	if got["version"] != float64(2) || got["state"] != "active" || got["notice_days"] != float64(60) {
		t.Errorf("patched %v", got)
	}
	res, _ = a.api(buyer, "PATCH", path, `{"reason":"late","version":1,"notice_days":90}`)
	wantStatus(t, res, http.StatusConflict)
	res, got = a.api(buyer, "PATCH", path, `{"reason":"typo","term_months":0}`)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if f, _ := got["fields"].(map[string]any); f["term_months"] == nil {
		t.Errorf("bad term: %v", got)
	}

	month := time.Now().UTC().Format("2006-01")
	bad := "period,description,quantity,unit,unit_price,amount,currency\n" + month + ",GPU-hours,10,GPU-hour,2.00,20.00,EUR\n"
	res, got = a.api(buyer, "POST", path+"/bills", bad, "Content-Type", "text/csv")
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if rows, _ := got["rows"].([]any); len(rows) != 1 || rows[0].(map[string]any)["line"] != float64(2) || rows[0].(map[string]any)["column"] != "currency" {
		t.Errorf("bad bill: %v", got)
	}
	bill := "period,description,quantity,unit,unit_price,amount,currency\n" +
		month + ",GPU-hours,100,GPU-hour,2.50,250.00,USD\n" + month + ",Support,1,month,1000,1000.00,USD\n"
	res, got = a.api(buyer, "POST", path+"/bills?filename=bill.csv", bill, "Content-Type", "text/csv")
	wantStatus(t, res, http.StatusCreated)
	lines, _ := got["lines"].([]any)
	if len(lines) != 2 || lines[0].(map[string]any)["match"] != "exception" || lines[1].(map[string]any)["match"] != "ok" {
		t.Fatalf("bill %v", got)
	}
	exc := lines[0].(map[string]any)["exceptions"].([]any)[0].(map[string]any)
	if exc["reason"] != "rate_above_contract" || exc["amount"].(map[string]any)["amount"] != "50.00" {
		t.Errorf("exception %v", exc)
	}
	if m := got["match"].(map[string]any); m["should_be_paid"] != "exception" {
		t.Errorf("match %v", m)
	}
	res, got = a.api(eng, "GET", path+"/bills", "")
	wantStatus(t, res, http.StatusOK)
	if bills, _ := got["bills"].([]any); len(bills) != 1 {
		t.Errorf("bills %v", got)
	}

	start := time.Now().UTC().Truncate(24 * time.Hour)
	if start.Day() > 1 {
		start = start.AddDate(0, 0, -1)
	}
	res, _ = a.api(buyer, "POST", path+"/outages", fmt.Sprintf(`{"start":%q,"end":%q,"nodes":5}`, start.Format(time.RFC3339), start.Add(time.Hour).Format(time.RFC3339)))
	wantStatus(t, res, http.StatusUnprocessableEntity)
	res, _ = a.api(buyer, "POST", path+"/outages", fmt.Sprintf(`{"start":%q,"end":%q,"nodes":2,"note":"both nodes down"}`,
		start.Format(time.RFC3339), start.Add(12*time.Hour).Format(time.RFC3339)))
	wantStatus(t, res, http.StatusCreated)
	res, got = a.api(eng, "GET", path+"/credits", "")
	wantStatus(t, res, http.StatusOK)
	if cr, _ := got["credits"].([]any); len(cr) != 1 || cr[0].(map[string]any)["status"] != "open" {
		t.Errorf("credits %v", got)
	}
	for _, p := range []string{path + "/commitment", path + "/outages", "/api/v1/renewals", "/api/v1/contracts?award_id=" + fmt.Sprint(c.AwardID),
		fmt.Sprintf("/api/v1/vendors/%d/record", c.VendorID)} {
		res, _ = a.api(eng, "GET", p, "")
		wantStatus(t, res, http.StatusOK)
	}
	res, _ = a.api(buyer, "POST", "/api/v1/contracts", fmt.Sprintf(`{"award_id":%d}`, c.AwardID))
	wantStatus(t, res, http.StatusConflict)
	res, _ = a.api(eng, "GET", "/api/v1/vendors/999999/record", "")
	wantStatus(t, res, http.StatusNotFound)
}
