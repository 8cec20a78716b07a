package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// An attestation that ends during the contract raises an alert: on the
// vendor's page as it answers, and on the round's page and API once the
// round is open. Alpha's SOC 2 ends on 31 March 2027, within the year's
// term after a deadline of 3 December 2026; its ISO 27001 runs to 2029.
func TestAttestationEndingDuringTheContractRaisesAnAlert(t *testing.T) {
	t.Parallel()
	clk := &testClock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	rd := complianceRound(t, clk)
	res, _ := rd.vendor(0, http.MethodPut, "/api/v1/vendor/attestations", `{"attestations":[
		{"kind":"soc2_type2","state":"stated","issuer":"A-LIGN","period_to":"2027-03-31T00:00:00Z","scope":"FRA1","fabric_in_scope":true},
		{"kind":"iso27001","state":"stated","issuer":"BSI","period_to":"2029-01-01T00:00:00Z","scope":"FRA1","fabric_in_scope":true}]}`)
	wantStatus(t, res, http.StatusOK)
	v := rd.vendorBrowser(t, 0)
	page := doc(t, v.get("/v/rfq"))
	if a := page.Find(`[data-testid="attestation-soc2_type2"] [data-testid="attestation-alert"]`).Text(); !strings.Contains(a, "SOC 2 Type II ends on") {
		t.Errorf("the vendor's SOC 2 alert = %q", a)
	}
	if n := page.Find(`[data-testid="attestation-alert"]`).Length(); n != 1 {
		t.Errorf("%d alerts on the vendor's page, want SOC 2 alone", n)
	}
	res, _ = rd.vendor(0, http.MethodPut, "/api/v1/vendor/quote", vendorCSV(t, "2.40"), "Content-Type", "text/csv")
	wantStatus(t, res, http.StatusOK)
	res, _ = rd.vendor(0, http.MethodPost, "/api/v1/vendor/quote/submit", `{}`)
	wantStatus(t, res, http.StatusCreated)
	clk.add(49 * time.Hour)

	res, out := rd.a.api(rd.buyer, http.MethodGet, "/api/v1/rfqs/"+rd.rfqID, "")
	wantStatus(t, res, http.StatusOK)
	var alerts []any
	for _, row := range out["rfq"].(map[string]any)["compliance"].(map[string]any)["vendors"].([]any) {
		if row.(map[string]any)["company"] == "Alpha GPU" {
			alerts = row.(map[string]any)["alerts"].([]any)
		}
	}
	if len(alerts) != 1 || alerts[0].(map[string]any)["kind"] != "soc2_type2" || alerts[0].(map[string]any)["ends"] != "2027-03-31" {
		t.Errorf("Alpha's alerts in the API: %v", alerts)
	}
	buyer, _ := rd.a.login("p@example.com", auth.Procurement)
	got := strings.Join(strings.Fields(doc(t, buyer.get("/rfqs/"+rd.rfqID)).Find(`[data-testid="compliance-alerts"]`).Text()), " ")
	if !strings.Contains(got, "Alpha GPU: SOC 2 Type II ends on") || strings.Contains(got, "ISO 27001") {
		t.Errorf("alerts on the round page: %q", got)
	}
	// Awarded, its decision page and memo carry the alert with the row.
	d := doc(t, buyer.get("/rfqs/"+rd.rfqID))
	quote, _ := d.Find(`[data-testid="invitation-ann@alpha.example"] [data-testid="rfq-quote-link"]`).Attr("href")
	qid := quote[strings.LastIndex(quote, "/")+1:]
	withEURRate(t, rd.a)
	if res := buyer.post("/evaluations/"+rd.evalID+"/awards", url.Values{"reason": {"Alpha"}, "share_" + qid: {"100"}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("award refused: %q", doc(t, res).Find(`[data-testid=error-summary], .banner`).Text())
	}
	for _, path := range []string{"/decision", "/decision/memo"} {
		got := doc(t, buyer.get("/evaluations/"+rd.evalID+path)).Find(`[data-testid="awarded-compliance-alerts"]`).Text()
		if !strings.Contains(got, "SOC 2 Type II ends on") {
			t.Errorf("%s: the awarded quote's alert = %q", path, got)
		}
	}
}
