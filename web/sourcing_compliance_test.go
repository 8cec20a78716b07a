package web_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// complianceRound opens a round that requires SOC 2 Type II, ISO 27001
// and a pen test within 12 months, covering FRA1 and the fabric.
func complianceRound(t *testing.T, clk *testClock) *round {
	t.Helper()
	a := newClockApp(t, clk.now)
	rd := &round{a: a, buyer: a.token("buyer@example.com", auth.Procurement), deadline: clk.now().Add(48 * time.Hour)}
	_, out := a.api(rd.buyer, http.MethodPost, "/api/v1/evaluations", `{"name":"Compliance"}`)
	rd.evalID = num(out["id"])
	res, out := a.api(rd.buyer, http.MethodPost, "/api/v1/evaluations/"+rd.evalID+"/rfqs", `{"deadline":"`+rd.deadline.Format(time.RFC3339)+`",
		"compliance":{"requirements":[{"kind":"soc2_type2"},{"kind":"iso27001"},{"kind":"pentest","within_months":12}],"sites":"FRA1","fabric":true},
		"vendors":[{"company":"Alpha GPU","contact":"Ann","email":"ann@alpha.example","language":"en"},
		{"company":"Beta Cloud","contact":"Boris","email":"boris@beta.example","language":"ru"}]}`)
	wantStatus(t, res, http.StatusCreated)
	rd.rfqID = num(out["rfq"].(map[string]any)["id"])
	for _, x := range out["invitations"].([]any) {
		rd.tokens = append(rd.tokens, x.(map[string]any)["token"].(string))
		rd.invIDs = append(rd.invIDs, num(x.(map[string]any)["id"]))
	}
	return rd
}

func cells(t *testing.T, rd *round) map[string][]string {
	t.Helper()
	res, out := rd.a.api(rd.buyer, http.MethodGet, "/api/v1/rfqs/"+rd.rfqID, "")
	wantStatus(t, res, http.StatusOK)
	c, ok := out["rfq"].(map[string]any)["compliance"].(map[string]any)
	if !ok {
		t.Fatalf("no compliance in the round: %v", out)
	}
	got := map[string][]string{}
	for _, v := range c["vendors"].([]any) {
		row := v.(map[string]any)
		for _, cell := range row["cells"].([]any) {
			got[row["company"].(string)] = append(got[row["company"].(string)], cell.(map[string]any)["status"].(string))
		}
	}
	return got
}

func TestComplianceMatrixFillsFromTheVendorsAnswers(t *testing.T) {
	t.Parallel()
	clk := &testClock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	rd := complianceRound(t, clk)
	// Alpha answers through the API: SOC 2 covers FRA1 and the fabric,
	// ISO 27001 names only AMS2, the pen test is 18 months old.
	res, _ := rd.vendor(0, http.MethodPut, "/api/v1/vendor/attestations", `{"attestations":[
		{"kind":"soc2_type2","state":"stated","issuer":"A-LIGN","period_from":"2026-01-01T00:00:00Z","period_to":"2028-06-30T00:00:00Z","scope":"FRA1, AMS2","fabric_in_scope":true},
		{"kind":"iso27001","state":"stated","issuer":"BSI","period_to":"2029-01-01T00:00:00Z","scope":"AMS2","fabric_in_scope":true},
		{"kind":"pentest","state":"stated","issuer":"NCC","period_to":"2025-06-01T00:00:00Z","scope":"FRA1","fabric_in_scope":true}]}`)
	wantStatus(t, res, http.StatusOK)
	res, _ = rd.vendor(0, http.MethodPut, "/api/v1/vendor/attestations", `{"attestations":[{"kind":"soc3","state":"stated"}]}`)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	// Beta answers on its page, in Russian: SOC 2 refused, the rest not given.
	v := rd.vendorBrowser(t, 1)
	wantStatus(t, v.post("/v/attestations", url.Values{"state_soc2_type2": {"refused"}, "state_iso27001": {"not_stated"}, "state_pentest": {"not_stated"}}), http.StatusSeeOther)
	page := doc(t, v.get("/v/rfq"))
	if got := page.Find(`[data-testid="vendor-check"]`).Text(); !strings.Contains(got, "SOC 2 Type II: отказ") {
		t.Errorf("Beta's check does not flag the refused SOC 2: %q", got)
	}
	for i := range 2 {
		res, _ := rd.vendor(i, http.MethodPut, "/api/v1/vendor/quote", vendorCSV(t, "2.40"), "Content-Type", "text/csv")
		wantStatus(t, res, http.StatusOK)
		res, _ = rd.vendor(i, http.MethodPost, "/api/v1/vendor/quote/submit", `{}`)
		wantStatus(t, res, http.StatusCreated)
	}
	// Sealed until the deadline, like the quotes.
	if got := cells(t, rd); strings.Join(got["Alpha GPU"], ",") != "sealed,sealed,sealed" {
		t.Errorf("before the deadline: %v", got)
	}
	clk.add(49 * time.Hour)
	got := cells(t, rd)
	if strings.Join(got["Alpha GPU"], ",") != "covered,scope_gap,expired" || strings.Join(got["Beta Cloud"], ",") != "refused,missing,missing" {
		t.Errorf("matrix: %v", got)
	}
	buyer, _ := rd.a.login("p@example.com", auth.Procurement)
	d := doc(t, buyer.get("/rfqs/"+rd.rfqID))
	m := d.Find(`[data-testid="compliance-matrix"]`)
	if m.Find(`[data-status="scope_gap"]`).Length() != 1 || m.Find(`[data-status="expired"]`).Length() != 1 ||
		!strings.Contains(m.Find(`[data-testid="compliance-row"]`).Eq(1).Text(), "3 blockers") {
		t.Errorf("matrix on the round page: %s", m.Text())
	}
	// Beta's quote carries the refused and missing attestations as blockers.
	quote, _ := d.Find(`[data-testid="invitation-boris@beta.example"] [data-testid="rfq-quote-link"]`).Attr("href")
	q := doc(t, buyer.get(quote)).Find(`[data-testid="flag"]`).Text()
	if !strings.Contains(q, "SOC 2 Type II is required by the request for quotes and the vendor refused it") ||
		!strings.Contains(q, "Please provide your ISO 27001") {
		t.Errorf("Beta's quote does not carry its compliance blockers: %q", q)
	}
	raw, _ := json.Marshal(cells(t, rd))
	if strings.Contains(string(raw), "sealed") {
		t.Errorf("cells still sealed after opening: %s", raw)
	}
}
