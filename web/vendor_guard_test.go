package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
)

func TestVendorLinkLimitsRevocationAndCSRF(t *testing.T) {
	t.Parallel()
	clk := &testClock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	rd := openRound(t, clk)
	a := rd.a
	// Per link: the 121st request in a minute is refused.
	var last *http.Response
	for range 121 {
		last, _ = rd.vendor(1, http.MethodGet, "/api/v1/vendor/rfq", "")
	}
	wantStatus(t, last, http.StatusTooManyRequests)
	// A cross-site form post from the vendor's browser is refused.
	v := a.client()
	wantStatus(t, v.get("/v/"+rd.tokens[0]), http.StatusSeeOther)
	req, _ := http.NewRequest(http.MethodPost, a.srv.URL+"/v/questions", strings.NewReader(url.Values{"text": {"forged"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	req.Header.Set("Origin", "https://evil.example")
	wantStatus(t, v.do(req), http.StatusForbidden)
	// A new link replaces a lost one: the old stops, the new works.
	buyer, _ := a.login("p@example.com", auth.Procurement)
	res := buyer.post("/rfq-invitations/"+rd.invIDs[0]+"/link", nil)
	wantStatus(t, res, http.StatusCreated)
	newLink, _ := doc(t, res).Find(`[data-testid="rfq-link-value"]`).Attr("value")
	old := rd.tokens[0]
	rd.tokens[0] = newLink[strings.LastIndex(newLink, "/")+1:]
	res, _ = a.api(old, http.MethodGet, "/api/v1/vendor/rfq", "")
	wantStatus(t, res, http.StatusUnauthorized)
	res, _ = rd.vendor(0, http.MethodGet, "/api/v1/vendor/rfq", "")
	wantStatus(t, res, http.StatusOK)
	wantStatus(t, v.get("/v/"+rd.tokens[0]), http.StatusSeeOther)
	// A revoked link stops at once; a link past deadline + grace too.
	wantStatus(t, buyer.post("/rfq-invitations/"+rd.invIDs[0]+"/revoke", nil), http.StatusSeeOther)
	res, _ = rd.vendor(0, http.MethodGet, "/api/v1/vendor/rfq", "")
	wantStatus(t, res, http.StatusUnauthorized)
	wantStatus(t, v.get("/v/rfq"), http.StatusUnauthorized)
	clk.add(48*time.Hour + 72*time.Hour + time.Second)
	res, _ = rd.vendor(1, http.MethodGet, "/api/v1/vendor/rfq", "")
	if res.StatusCode != http.StatusUnauthorized && res.StatusCode != http.StatusTooManyRequests {
		t.Errorf("a link past its grace period: %d", res.StatusCode)
	}
}

func TestEditedBriefIsSentAsANewVersion(t *testing.T) {
	t.Parallel()
	clk := &testClock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	rd := openRound(t, clk)
	a := rd.a
	res, _ := a.api(rd.buyer, http.MethodPut, "/api/v1/evaluations/"+rd.evalID+"/brief", `{"version":1,"fields":{"node_count":4}}`)
	wantStatus(t, res, http.StatusOK)
	_, out := rd.vendor(0, http.MethodGet, "/api/v1/vendor/rfq", "")
	if v := out["rfq"].(map[string]any)["brief_version"]; v != 1.0 {
		t.Fatalf("the vendor sees an edit before it is sent: version %v", v)
	}
	buyer, _ := a.login("p@example.com", auth.Procurement)
	page := doc(t, buyer.get("/rfqs/"+rd.rfqID))
	if page.Find(`[data-testid="rfq-resend-brief"]`).Length() != 1 {
		t.Fatal("the round page does not offer to send the edited brief")
	}
	wantStatus(t, buyer.post("/rfqs/"+rd.rfqID+"/brief", nil), http.StatusSeeOther)
	_, out = rd.vendor(0, http.MethodGet, "/api/v1/vendor/rfq", "")
	r := out["rfq"].(map[string]any)
	if r["brief_version"] != 2.0 || r["brief"].(map[string]any)["node_count"] != "4" {
		t.Errorf("after sending: %v", r)
	}
}
