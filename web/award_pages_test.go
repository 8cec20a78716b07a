package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// The award on the decision page: the form refuses shares that do not sum
// to 100 at the field; a recorded two-approver award (in order: manager,
// then finance) is signed by each approver with their password, and the
// page lists every approver with role, time and reason.
func TestTwoApproverAwardOnTheDecisionPage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	buyer, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, buyer, "Award page")
	withEURRate(t, a)
	admin := a.token("rules@example.com", auth.Admin)
	res, _ := a.api(admin, "PUT", "/api/v1/settings/approval-rules",
		`{"currency":"USD","tiers":[{"above":0,"approvers":1},{"above":"1","approvers":2,"order":"in_order","roles":["manager","finance"]}]}`)
	wantStatus(t, res, http.StatusOK)

	page := doc(t, buyer.get(ev+"/decision"))
	if page.Find("[data-testid=split-suggested]").Text() == "" || page.Find("[data-testid=award-form]").Length() != 1 {
		t.Fatalf("no suggested split or award form: %q", page.Find("[data-testid=awards]").Text())
	}
	form := url.Values{"reason": {"cheapest per unit"}}
	var first string
	page.Find("[data-testid=award-form] input[type=number]").Each(func(i int, s *goquerySelection) {
		name, _ := s.Attr("name")
		if i == 0 {
			first = name
		}
		form.Set(name, "")
	})
	form.Set(first, "60")
	res = buyer.post(ev+"/awards", form)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	d := doc(t, res)
	if !strings.Contains(d.Find("[data-testid=error-summary]").Text(), "100") {
		t.Errorf("no sum error in the summary: %q", d.Find("[data-testid=awards]").Text())
	}
	form.Set(first, "abc")
	d = doc(t, buyer.post(ev+"/awards", form))
	if v, ok := d.Find("input[name=" + first + "]").Attr("aria-invalid"); !ok || v == "false" {
		t.Errorf("the refused share is not marked invalid")
	}
	form.Set(first, "100")
	wantStatus(t, buyer.post(ev+"/awards", form), http.StatusSeeOther)

	page = doc(t, buyer.get(ev+"/decision"))
	if st := page.Find("[data-testid=award-status]").Text(); st != "Awaiting approval" {
		t.Fatalf("status %q", st)
	}
	if plan := page.Find("[data-testid=award-plan]").Text(); !strings.Contains(plan, "in order: Manager, then Finance") {
		t.Errorf("plan %q", plan)
	}
	fin, _ := a.login("fin@example.com", auth.Finance)
	if s := doc(t, fin.get(ev+"/decision")).Find("[data-testid=award-cannot-sign]").Text(); !strings.Contains(s, "earlier approver") {
		t.Errorf("finance is offered to sign first: %q", s)
	}
	mgr, _ := a.login("mgr@example.com", auth.Manager)
	page = doc(t, mgr.get(ev+"/decision"))
	action, _ := page.Find("[data-testid=award-sign-form]").Attr("action")
	if action == "" {
		t.Fatal("the manager is not offered to sign")
	}
	// A cross-site form cannot sign for the manager.
	req, _ := http.NewRequest(http.MethodPost, a.srv.URL+action, strings.NewReader(url.Values{"reason": {"x"}, "password": {testPassword}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	wantStatus(t, mgr.do(req), http.StatusForbidden)
	res = mgr.post(action, url.Values{"reason": {"fits the budget"}, "password": {"not the password"}})
	wantStatus(t, res, http.StatusUnauthorized)
	if msg := doc(t, res).Find("[data-testid=award-sign-error]").Text(); !strings.Contains(msg, "Wrong password") {
		t.Errorf("wrong password: %q", msg)
	}
	wantStatus(t, mgr.post(action, url.Values{"reason": {"fits the budget"}, "password": {testPassword}}), http.StatusSeeOther)
	res = mgr.post(action, url.Values{"reason": {"again"}, "password": {testPassword}})
	wantStatus(t, res, http.StatusConflict)
	if msg := doc(t, res).Find("[data-testid=award-sign-error]").Text(); !strings.Contains(msg, "another person must approve") {
		t.Errorf("a replayed signature: %q", msg)
	}
	wantStatus(t, fin.post(action, url.Values{"reason": {"funds reserved"}, "password": {testPassword}}), http.StatusSeeOther)
	page = doc(t, buyer.get(ev+"/decision"))
	sigs := page.Find("[data-testid=award-signatures] li")
	if page.Find("[data-testid=award-status]").Text() != "Approved" || sigs.Length() != 2 ||
		!strings.Contains(sigs.Eq(0).Text(), "mgr (Manager)") || !strings.Contains(sigs.Eq(0).Text(), "fits the budget") ||
		!strings.Contains(sigs.Eq(1).Text(), "fin (Finance)") || !strings.Contains(sigs.Eq(1).Text(), "funds reserved") {
		t.Errorf("approvers %q", page.Find("[data-testid=recorded-award]").Text())
	}
	memo := doc(t, buyer.get(ev+"/decision/memo")).Find("[data-testid=memo-award]")
	if memo.Find("[data-testid=approvers] li").Length() != 2 || !strings.Contains(memo.Text(), "funds reserved") {
		t.Errorf("the memo lacks the award's approvers: %q", memo.Text())
	}
}
