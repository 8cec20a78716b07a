package web_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// The re-bid's JSON twin: an engineer may not; a vendor no round reached
// is 422 on contact.email and creates nothing; with the contact it is 201
// with the new evaluation, its round and the incumbent's link, and the
// new evaluation's worksheet and baseline carry the contract's delivered
// figures (null for the awarded evaluation).
func TestRebidAPI(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c := approvedContractID(t, a)
	path := fmt.Sprintf("/api/v1/contracts/%d/rebid", c.ID)
	buyer := a.token("p2@example.com", auth.Procurement)
	eng := a.token("e@example.com", auth.Engineer)

	res, _ := a.api(eng, "POST", path, "")
	wantStatus(t, res, http.StatusForbidden)
	res, got := a.api(buyer, "POST", path, "")
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if f, _ := got["fields"].(map[string]any); f["contact.email"] == nil {
		t.Errorf("no contact asked for: %v", got)
	}
	res, got = a.api(buyer, "POST", path, `{"contact": {"contact": "Ann", "email": "ann@acme.example", "language": "zh"}}`)
	wantStatus(t, res, http.StatusCreated)
	inv, _ := got["invitation"].(map[string]any)
	if inv["company"] != "Acme Cloud" || inv["email"] != "ann@acme.example" || inv["language"] != "zh" || !strings.Contains(fmt.Sprint(inv["link"]), "/v/") {
		t.Errorf("invitation %v", got)
	}
	next := int64(got["evaluation_id"].(float64))
	if next == c.EvaluationID || got["rfq_id"] == nil {
		t.Fatalf("re-bid %v", got)
	}
	res, ws := a.api(eng, "GET", fmt.Sprintf("/api/v1/evaluations/%d/worksheet", next), "")
	wantStatus(t, res, http.StatusOK)
	if b, _ := ws["baseline"].(map[string]any); b == nil || b["contract_id"] != float64(c.ID) || b["quoted_rate"] != "2" || b["availability_pct"] != "100.00" {
		t.Errorf("worksheet baseline %v", ws["baseline"])
	}
	res, bl := a.api(eng, "GET", fmt.Sprintf("/api/v1/evaluations/%d/baseline", c.EvaluationID), "")
	wantStatus(t, res, http.StatusOK)
	if v, ok := bl["baseline"]; !ok || v != nil {
		t.Errorf("the awarded evaluation's baseline %v", bl)
	}
	res, _ = a.api(eng, "GET", "/api/v1/evaluations/999999/baseline", "")
	wantStatus(t, res, http.StatusNotFound)
}
