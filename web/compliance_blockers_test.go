package web_test

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/store"
)

// A required attestation the vendor refused or left out was a blocker
// only on the quote page: the quote API's flags, the analysis's open
// blockers and the award rules did not see it, so an award of the quote
// could be signed. Beta refuses SOC 2 and gives neither ISO 27001 nor a
// pen test: each is a blocker everywhere, and the signature is refused
// naming them.
func TestAwardOfAQuoteWithAnOpenComplianceBlockerIsRefused(t *testing.T) {
	t.Parallel()
	clk := &testClock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	rd := complianceRound(t, clk)
	res, _ := rd.vendor(1, http.MethodPut, "/api/v1/vendor/attestations", `{"attestations":[{"kind":"soc2_type2","state":"refused"}]}`)
	wantStatus(t, res, http.StatusOK)
	res, _ = rd.vendor(1, http.MethodPut, "/api/v1/vendor/quote", vendorCSV(t, "2.40"), "Content-Type", "text/csv")
	wantStatus(t, res, http.StatusOK)
	res, _ = rd.vendor(1, http.MethodPost, "/api/v1/vendor/quote/submit", `{}`)
	wantStatus(t, res, http.StatusCreated)
	clk.add(49 * time.Hour)
	withEURRate(t, rd.a)
	if got := cells(t, rd)["Beta Cloud"]; !slices.Equal(got, []string{"refused", "missing", "missing"}) { // opens the round
		t.Fatalf("Beta's row of the matrix: %v", got)
	}
	want := []string{"attestation_soc2_type2", "attestation_iso27001", "attestation_pentest"}

	res, an := rd.a.api(rd.buyer, http.MethodGet, "/api/v1/evaluations/"+rd.evalID+"/analysis", "")
	wantStatus(t, res, http.StatusOK)
	var qid string
	var open []string
	for _, q := range an["quotes"].([]any) {
		if q := q.(map[string]any); q["provider"] == "Beta Cloud" {
			qid = strconv.FormatFloat(q["quote_id"].(float64), 'f', 0, 64)
			for _, b := range q["open_blockers"].([]any) {
				open = append(open, b.(string))
			}
		}
	}
	if qid == "" {
		t.Fatalf("Beta's quote is not in the analysis: %v", an["quotes"])
	}
	for _, id := range want {
		if !slices.Contains(open, id) {
			t.Errorf("the analysis's open blockers of Beta's quote %v lack %s", open, id)
		}
	}

	res, q := rd.a.api(rd.buyer, http.MethodGet, "/api/v1/quotes/"+qid, "")
	wantStatus(t, res, http.StatusOK)
	flags := map[string]map[string]any{}
	for _, f := range q["flags"].([]any) {
		flags[f.(map[string]any)["id"].(string)] = f.(map[string]any)
	}
	for _, id := range want {
		if f, ok := flags[id]; !ok || f["severity"] != "blocker" || f["question"] == "" {
			t.Errorf("the quote API's flags lack the blocker %s with its question: %v", id, f)
		}
	}
	if m := flags["attestation_soc2_type2"]["message"]; m != "SOC 2 Type II is required by the request for quotes and the vendor refused it." {
		t.Errorf("SOC 2 message = %q", m)
	}

	res, aw := rd.a.api(rd.buyer, http.MethodPost, "/api/v1/evaluations/"+rd.evalID+"/award", `{"shares":[{"quote_id":`+qid+`,"share_pct":100}],"reason":"Beta"}`)
	wantStatus(t, res, http.StatusCreated)
	mgrUser := rd.a.user("approver@example.com", auth.Manager)
	mgr, _, err := rd.a.store.IssueToken(context.Background(), audit.Actor{Email: "test"}, mgrUser, store.TokenSpec{Name: "a", Scope: auth.ScopeApprove})
	if err != nil {
		t.Fatal(err)
	}
	path := "/api/v1/awards/" + strconv.FormatFloat(aw["id"].(float64), 'f', 0, 64) + "/approval"
	res, out := rd.a.api(mgr, http.MethodPost, path, `{"reason":"cheapest"}`)
	wantStatus(t, res, http.StatusConflict)
	if out["code"] != "blockers_open" {
		t.Fatalf("signature refused with %v, want blockers_open", out)
	}
	var listed []string
	for _, qb := range out["blockers"].([]any) {
		for _, b := range qb.(map[string]any)["blockers"].([]any) {
			listed = append(listed, b.(map[string]any)["id"].(string))
		}
	}
	for _, id := range want {
		if !slices.Contains(listed, id) {
			t.Errorf("the refusal's blockers %v lack %s", listed, id)
		}
	}
}
