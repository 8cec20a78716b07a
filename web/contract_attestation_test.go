package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/store"
)

// The contract of a quote that came through a round carries its vendor's
// attestations that end during the contract's real term (from its start
// to its end date): on the contract page among its alerts, in
// GET /api/v1/contracts/{id}, and as one mail to its owner once active.
// Alpha's SOC 2 ends on 31 March 2027, before the contract drafted on 3
// December 2026 ends; its ISO 27001 runs to 2029, past the end: no alert.
func TestContractShowsVendorsAttestationEndingDuringIt(t *testing.T) {
	t.Parallel()
	clk := &testClock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	rd := complianceRound(t, clk)
	res, _ := rd.vendor(0, http.MethodPut, "/api/v1/vendor/attestations", `{"attestations":[
		{"kind":"soc2_type2","state":"stated","issuer":"A-LIGN","period_to":"2027-03-31T00:00:00Z","scope":"FRA1","fabric_in_scope":true},
		{"kind":"iso27001","state":"stated","issuer":"BSI","period_to":"2029-01-01T00:00:00Z","scope":"FRA1","fabric_in_scope":true}]}`)
	wantStatus(t, res, http.StatusOK)
	res, _ = rd.vendor(0, http.MethodPut, "/api/v1/vendor/quote", vendorCSV(t, "2.40"), "Content-Type", "text/csv")
	wantStatus(t, res, http.StatusOK)
	res, _ = rd.vendor(0, http.MethodPost, "/api/v1/vendor/quote/submit", `{}`)
	wantStatus(t, res, http.StatusCreated)
	clk.add(49 * time.Hour)

	buyer, p := rd.a.login("p@example.com", auth.Procurement)
	d := doc(t, buyer.get("/rfqs/"+rd.rfqID))
	q, _ := d.Find(`[data-testid="invitation-ann@alpha.example"] [data-testid="rfq-quote-link"]`).Attr("href")
	qid := q[strings.LastIndex(q, "/")+1:]
	withEURRate(t, rd.a)
	ctx := context.Background()
	evalID, _ := strconv.ParseInt(rd.evalID, 10, 64)
	quoteID, _ := strconv.ParseInt(qid, 10, 64)
	svc := evaluation.New(rd.a.store)
	an, err := svc.Analyze(ctx, evalID)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range an.OpenBlockers(quoteID) { // the pen test not given
		if err := rd.a.store.WaiveFlag(ctx, p.Actor(), quoteID, b.ID, "not in scope of this test"); err != nil {
			t.Fatal(err)
		}
	}
	if res := buyer.post("/evaluations/"+rd.evalID+"/awards", url.Values{"reason": {"Alpha"}, "share_" + qid: {"100"}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("award refused: %q", doc(t, res).Find(`[data-testid=error-summary], .banner`).Text())
	}
	awards, err := rd.a.store.Awards(ctx, evalID)
	if err != nil || len(awards) != 1 {
		t.Fatalf("awards %v %v", awards, err)
	}
	if _, err := svc.ApproveAward(ctx, rd.a.user("boss@example.com", auth.Manager), awards[0].ID, "best value"); err != nil {
		t.Fatal(err)
	}
	list, err := svc.Contracts(ctx, store.ContractFilter{AwardID: awards[0].ID})
	if err != nil || len(list) != 1 {
		t.Fatalf("contracts %v %v", list, err)
	}
	c := list[0]
	if !c.EndDate.After(mustDate(t, "2027-03-31")) || !c.EndDate.Before(mustDate(t, "2029-01-01")) {
		t.Fatalf("the contract runs %s to %s: the test needs an end between the two attestations", c.StartDate, c.EndDate)
	}

	path := fmt.Sprintf("/api/v1/contracts/%d", c.ID)
	res, got := rd.a.api(rd.buyer, http.MethodGet, path, "")
	wantStatus(t, res, http.StatusOK)
	alerts, _ := got["attestation_alerts"].([]any)
	if len(alerts) != 1 || alerts[0].(map[string]any)["kind"] != "soc2_type2" || alerts[0].(map[string]any)["ends"] != "2027-03-31" ||
		alerts[0].(map[string]any)["ended"] != false {
		t.Errorf("attestation alerts in the API: %v", got["attestation_alerts"])
	}
	page := strings.Join(strings.Fields(doc(t, buyer.get(fmt.Sprintf("/contracts/%d", c.ID))).Find(`[data-testid="notice-alert"]`).Text()), " ")
	if !strings.Contains(page, "The vendor's SOC 2 Type II ends on") || strings.Contains(page, "ISO 27001") {
		t.Errorf("alerts on the contract page: %q", page)
	}

	// Active, the owner gets one mail for it, however often the tick runs,
	// in words and dates as the owner reads them.
	res, _ = rd.a.api(rd.buyer, http.MethodPatch, path, `{"reason":"signed","activated":true}`)
	wantStatus(t, res, http.StatusOK)
	for range 2 {
		if _, err := svc.QueueNoticeAlerts(ctx); err != nil {
			t.Fatal(err)
		}
	}
	mails, err := rd.a.store.ClaimMail(ctx, 100, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	var att []string
	for _, m := range mails {
		if strings.Contains(m.Subject, "SOC 2") || strings.Contains(m.Subject, "ISO 27001") {
			att = append(att, m.Subject)
		}
	}
	if len(att) != 1 || !strings.Contains(att[0], "SOC 2 Type II ends on 31 Mar 2027") {
		t.Errorf("attestation mails: %q", att)
	}
}

func mustDate(t *testing.T, s string) contract.Date {
	t.Helper()
	d, err := contract.ParseDate(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
