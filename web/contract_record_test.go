package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
)

// The contract page draws its commitment report: a bar per month of the
// table, used and unused, and the burn-down's two lines, titled in every
// language.
func TestCommitmentChartOnTheContractPage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c := approvedContractID(t, a)
	buyer, buyerUser := a.login("buyer2@example.com", auth.Procurement)
	path := fmt.Sprintf("/contracts/%d", c.ID)
	if n := doc(t, buyer.get(path)).Find("[data-testid=commitment-chart]").Length(); n != 0 {
		t.Errorf("a chart of no bill: %d", n)
	}
	month := time.Now().UTC().Format("2006-01")
	wantStatus(t, buyer.post(path+"/terms", url.Values{"start_date": {month + "-01"}, "term_months": {"12"}, "notice_days": {"30"},
		"activate": {"1"}, "reason": {"signed copy received"}}), http.StatusSeeOther)
	if _, err := evaluation.New(a.store).ReviseContract(context.Background(), buyerUser, c.ID,
		evaluation.ContractChange{Reason: "commitment agreed", Fields: map[string]json.RawMessage{
			"commitment": json.RawMessage(`{"kind": "spend", "amount": "1000", "unit": "USD", "period": "month"}`)}}); err != nil {
		t.Fatal(err)
	}
	bill := "period,description,quantity,unit,unit_price,amount,currency\n" + month + ",GPU-hours,100,GPU-hour,2.00,200.00,USD\n"
	wantStatus(t, buyer.postMultipart(path+"/bills", nil, "file", []byte(bill)), http.StatusSeeOther)
	chartTitles(t, buyer, path, "commitment-chart", func(p *goquery.Document) int {
		return p.Find("[data-testid=commitment] tbody tr").Length()
	})
	d := doc(t, buyer.get(path))
	svg := d.Find("[data-testid=commitment-chart] svg")
	if n := svg.Find("[data-testid=chart-line]").Length(); n != 2 {
		t.Errorf("%d burn-down lines, want used and committed", n)
	}
	if n := svg.Find("[data-testid=chart-key]").Length(); n != 4 {
		t.Errorf("%d legend keys", n)
	}
	if got := svg.Find("[data-testid=chart-row] > title").First().Text(); got != month {
		t.Errorf("bar %q, want %s", got, month)
	}
}

// The vendor record page and its API give every figure's evidence: the
// contract a price adherence and availability come from, with links.
func TestVendorRecordLinksEvidence(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c := approvedContractID(t, a)
	buyer, _ := a.login("buyer2@example.com", auth.Procurement)
	path := fmt.Sprintf("/contracts/%d", c.ID)
	month := time.Now().UTC().Format("2006-01")
	wantStatus(t, buyer.post(path+"/terms", url.Values{"start_date": {month + "-01"}, "term_months": {"12"}, "notice_days": {"30"},
		"activate": {"1"}, "reason": {"signed copy received"}}), http.StatusSeeOther)
	// 250.00 billed, 50.00 of it above the contracted 2.00: 80.00 % within the contract.
	bill := "period,description,quantity,unit,unit_price,amount,currency\n" + month + ",GPU-hours,100,GPU-hour,2.50,250.00,USD\n"
	wantStatus(t, buyer.postMultipart(path+"/bills", nil, "file", []byte(bill)), http.StatusSeeOther)

	d := doc(t, buyer.get(fmt.Sprintf("/vendors/%d/record", c.VendorID)))
	adh := d.Find("[data-testid=record-price_adherence]")
	if !strings.Contains(adh.Text(), "80.00") || adh.Find(fmt.Sprintf("a[href='/contracts/%d#bills']", c.ID)).Length() != 1 {
		t.Errorf("price adherence %q", adh.Text())
	}
	if got := d.Find("[data-testid=record-pass_rate]").Text(); !strings.Contains(got, "no record yet") {
		t.Errorf("pass rate with no test %q", got)
	}
	if d.Find("[data-testid=record-bands] tbody tr").Length() != 6 {
		t.Errorf("the rule's bands are not shown")
	}
	tok := a.token("e3@example.com", auth.Engineer)
	res, got := a.api(tok, "GET", fmt.Sprintf("/api/v1/vendors/%d/record", c.VendorID), "")
	wantStatus(t, res, http.StatusOK)
	sm, _ := got["summary"].(map[string]any)
	pa, _ := sm["price_adherence"].(map[string]any)
	ev, _ := pa["evidence"].([]any)
	if pa["pct"] != "80.00" || len(ev) != 1 || ev[0].(map[string]any)["href"] != fmt.Sprintf("/contracts/%d#bills", c.ID) ||
		ev[0].(map[string]any)["api"] != fmt.Sprintf("/api/v1/contracts/%d", c.ID) {
		t.Errorf("price adherence %v", pa)
	}
	if pg, _ := got["past_performance"].(map[string]any); pg["rule"] != "scoring.rule.past_performance" {
		t.Errorf("pre-grade %v", got["past_performance"])
	}
}

// A vendor whose record is below the admin's threshold is warned about at
// its row of the invitation form, and by the API next to its index; the
// round opens when the buyer confirms. The threshold is the admin's.
func TestInviteWarnsAboutAVendorBelowTheThreshold(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c := approvedContractID(t, a)
	buyer, _ := a.login("buyer2@example.com", auth.Procurement)
	admin, _ := a.login("admin2@example.com", auth.Admin)
	path := fmt.Sprintf("/contracts/%d", c.ID)
	month := time.Now().UTC().Format("2006-01")
	wantStatus(t, buyer.post(path+"/terms", url.Values{"start_date": {month + "-01"}, "term_months": {"12"}, "notice_days": {"30"},
		"activate": {"1"}, "reason": {"signed copy received"}}), http.StatusSeeOther)
	// 80.00 % of the bill within the contract: under 90.00, the band of 0.
	bill := "period,description,quantity,unit,unit_price,amount,currency\n" + month + ",GPU-hours,100,GPU-hour,2.50,250.00,USD\n"
	wantStatus(t, buyer.postMultipart(path+"/bills", nil, "file", []byte(bill)), http.StatusSeeOther)

	wantStatus(t, buyer.post("/admin/settings/vendor-record-threshold", url.Values{"record_threshold": {"4"}}), http.StatusForbidden)
	res := admin.post("/admin/settings/vendor-record-threshold", url.Values{"record_threshold": {"12"}})
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if got := doc(t, res).Find(`[data-testid="error-record_threshold"]`).Text(); !strings.Contains(got, "0 to 10") {
		t.Errorf("threshold error %q", got)
	}
	wantStatus(t, admin.post("/admin/settings/vendor-record-threshold", url.Values{"record_threshold": {"4"}}), http.StatusSeeOther)

	ev := fmt.Sprint(c.EvaluationID)
	form := url.Values{"deadline": {time.Now().Add(72 * time.Hour).UTC().Format("2006-01-02T15:04")}, "time_zone": {"UTC"}, "grace_hours": {"24"},
		"company_0": {"Newco"}, "contact_0": {""}, "email_0": {"a@newco.example"}, "language_0": {"en"},
		"company_1": {"acme cloud"}, "contact_1": {""}, "email_1": {"b@acme.example"}, "language_1": {"en"}}
	res = buyer.post("/evaluations/"+ev+"/rfqs", form)
	wantStatus(t, res, http.StatusConflict)
	d := doc(t, res)
	if got := d.Find(`[data-testid="error-vendors[1].company"]`).Text(); !strings.Contains(got, "below the threshold") ||
		!strings.Contains(got, fmt.Sprintf("/vendors/%d/record", c.VendorID)) {
		t.Errorf("warning at the row %q", got)
	}
	if d.Find(`[data-testid="error-vendors[0].company"]`).Length() != 0 || d.Find(`[data-testid="record-confirm"]`).Length() != 1 {
		t.Errorf("a vendor without a record is warned about, or no confirmation is offered")
	}
	form.Set("confirm_warnings", "1")
	wantStatus(t, buyer.post("/evaluations/"+ev+"/rfqs", form), http.StatusCreated)

	tok := a.token("p3@example.com", auth.Procurement)
	body := `{"deadline":"` + time.Now().Add(72*time.Hour).UTC().Format(time.RFC3339) + `",
		"vendors":[{"company":"Acme Cloud","contact":"","email":"c@acme.example","language":"en"}]`
	res, got := a.api(tok, http.MethodPost, "/api/v1/evaluations/"+ev+"/rfqs", body+`}`)
	wantStatus(t, res, http.StatusConflict)
	ws, _ := got["warnings"].([]any)
	if len(ws) != 1 || ws[0].(map[string]any)["index"] != float64(0) || ws[0].(map[string]any)["record"] != fmt.Sprintf("/vendors/%d/record", c.VendorID) {
		t.Errorf("API warnings %v", got)
	}
	res, _ = a.api(tok, http.MethodPost, "/api/v1/evaluations/"+ev+"/rfqs", body+`,"confirm_warnings":true}`)
	wantStatus(t, res, http.StatusCreated)
}
