package web_test

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/account"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/web"
)

// An award's recording, signature, rejection and revocation, acted on one instance, show at once
// on another instance on the same database whose decision page, evaluation
// home and award API were read (and kept) before: the awards are read with
// the kept analysis, whose revision the award tables move (migration 39).
func TestAwardStepsShowAtOnceOnAnotherInstance(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	buyer, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, buyer, "Award across instances")
	withEURRate(t, a)
	admin := a.token("rules@example.com", auth.Admin)
	res, _ := a.api(admin, "PUT", "/api/v1/settings/approval-rules",
		`{"currency":"USD","tiers":[{"above":0,"approvers":1},{"above":"1","approvers":2,"order":"in_order","roles":["manager","finance"]}]}`)
	wantStatus(t, res, http.StatusOK)
	second := httptest.NewServer(web.NewServer(web.Config{Evaluations: evaluation.New(a.store), Accounts: account.New(a.store), Logger: slog.New(slog.DiscardHandler)}))
	t.Cleanup(second.Close)
	mgr, _ := a.login("mgr@example.com", auth.Manager)
	fin, _ := a.login("fin@example.com", auth.Finance)
	reader := a.signIn("buyer@example.com")
	reader.base = second.URL
	fin2 := a.signIn("fin@example.com")
	fin2.base = second.URL
	token := a.token("reader@example.com", auth.Procurement)
	apiAward := func(id string) map[string]any {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, second.URL+"/api/v1/awards/"+id, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var out map[string]any
		if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
			t.Fatal(err)
		}
		return out
	}

	page := doc(t, buyer.get(ev+"/decision"))
	form := url.Values{"reason": {"cheapest per unit"}}
	page.Find("[data-testid=award-form] input[type=number]").Each(func(i int, s *goquerySelection) {
		name, _ := s.Attr("name")
		form.Set(name, map[bool]string{true: "100", false: ""}[i == 0])
	})
	// The second instance keeps its pages before the award is recorded.
	for range 2 {
		reader.get(ev + "/decision")
		reader.get(ev)
	}
	wantStatus(t, buyer.post(ev+"/awards", form), http.StatusSeeOther)
	page = doc(t, reader.get(ev+"/decision"))
	if st := page.Find("[data-testid=award-status]").Text(); st != "Awaiting approval" {
		t.Fatalf("the other instance's decision page shows the new award as %q", st)
	}
	if s := doc(t, reader.get(ev)).Find("[data-testid=approval-state]").AttrOr("data-state", ""); s != "awaiting" {
		t.Errorf("the other instance's home shows the approval as %q after an award was recorded", s)
	}
	if s := doc(t, fin2.get(ev+"/decision")).Find("[data-testid=award-cannot-sign]").Text(); !strings.Contains(s, "earlier approver") {
		t.Errorf("finance is offered to sign first on the other instance: %q", s)
	}
	action, _ := doc(t, mgr.get(ev+"/decision")).Find("[data-testid=award-sign-form]").Attr("action")
	id := path.Base(path.Dir(action))
	if before := apiAward(id); len(before["signatures"].([]any)) != 0 {
		t.Fatalf("signatures before any: %v", before["signatures"])
	}

	wantStatus(t, mgr.post(action, url.Values{"reason": {"fits the budget"}, "password": {testPassword}}), http.StatusSeeOther)
	if sigs := doc(t, reader.get(ev+"/decision")).Find("[data-testid=award-signatures] li"); sigs.Length() != 1 || !strings.Contains(sigs.Text(), "fits the budget") {
		t.Errorf("the other instance's decision page lacks the signature: %q", sigs.Text())
	}
	if doc(t, fin2.get(ev+"/decision")).Find("[data-testid=award-sign-form]").Length() != 1 {
		t.Errorf("finance, next in order, is not offered to sign on the other instance")
	}
	if after := apiAward(id); len(after["signatures"].([]any)) != 1 {
		t.Errorf("the other instance's API lacks the signature: %v", after["signatures"])
	}

	wantStatus(t, fin.post("/awards/"+id+"/rejection", url.Values{"reason": {"over budget"}}), http.StatusSeeOther)
	if st := doc(t, reader.get(ev+"/decision")).Find("[data-testid=award-status]").Text(); st != "Rejected" {
		t.Errorf("the other instance's decision page shows the rejected award as %q", st)
	}
	if s := doc(t, reader.get(ev)).Find("[data-testid=approval-state]").AttrOr("data-state", ""); s == "awaiting" {
		t.Errorf("the other instance's home still shows the rejected award as awaiting")
	}
	if st := apiAward(id)["status"]; st != "rejected" {
		t.Errorf("the other instance's API: status %v", st)
	}

	// A new award, signed by both, then revoked.
	wantStatus(t, buyer.post(ev+"/awards", form), http.StatusSeeOther)
	if n := doc(t, reader.get(ev+"/decision")).Find("[data-testid=award-status]").Length(); n != 2 {
		t.Errorf("the other instance's decision page lists %d awards after a second was recorded, want 2", n)
	}
	page = doc(t, mgr.get(ev+"/decision"))
	action, _ = page.Find("[data-testid=award-sign-form]").Attr("action")
	id = path.Base(path.Dir(action))
	wantStatus(t, mgr.post(action, url.Values{"reason": {"fits the budget"}, "password": {testPassword}}), http.StatusSeeOther)
	wantStatus(t, fin.post(action, url.Values{"reason": {"funds reserved"}, "password": {testPassword}}), http.StatusSeeOther)
	if s := doc(t, reader.get(ev)).Find("[data-testid=approval-state]").AttrOr("data-state", ""); s != "approved" {
		t.Errorf("the other instance's home shows the approved award as %q", s)
	}
	if st := apiAward(id)["status"]; st != "approved" {
		t.Errorf("the other instance's API: status %v, want approved", st)
	}
	wantStatus(t, fin.post("/awards/"+id+"/revocation", url.Values{"reason": {"vendor withdrew"}}), http.StatusSeeOther)
	if s := doc(t, reader.get(ev)).Find("[data-testid=approval-state]").AttrOr("data-state", ""); s == "approved" {
		t.Errorf("the other instance's home still shows the revoked award as approved")
	}
	if st := doc(t, reader.get(ev+"/decision")).Find("[data-testid=award-status]").Text(); !strings.Contains(st, "Revoked") {
		t.Errorf("the other instance's decision page lacks the revocation: %q", st)
	}
	if st := apiAward(id)["status"]; st != "revoked" {
		t.Errorf("the other instance's API: status %v, want revoked", st)
	}
}
