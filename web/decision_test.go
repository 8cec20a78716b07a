package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/store"
)

// marketplaceQuote returns the path of the example file's marketplace
// quote, which has blocker flags (refused egress and data deletion).
func marketplaceQuote(t *testing.T, c *client, ev string) (path, id string) {
	t.Helper()
	doc(t, c.get(ev+"/quotes")).Find("[data-testid=quote-row] a").Each(func(_ int, s *goquerySelection) {
		if strings.Contains(s.Text(), "Marketplace") {
			path, _ = s.Attr("href")
		}
	})
	if path == "" {
		t.Fatal("marketplace quote not listed")
	}
	return path, strings.TrimPrefix(path, "/quotes/")
}

func TestApprovalRulesAndStaleSnapshot(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	buyer, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, buyer, "Decision")
	qpath, qid := marketplaceQuote(t, buyer, ev)
	mgr, _ := a.login("mgr@example.com", auth.Manager)
	eng, _ := a.login("eng@example.com", auth.Engineer)

	page := doc(t, mgr.get(ev+"/decision"))
	if page.Find("[data-testid=option]").Text() == "" || page.Find("[data-testid=reasons] li").Length() == 0 {
		t.Fatalf("no recommendation with reasons: %q", page.Find("main").Text())
	}
	// Approving needs the quote on the shortlist first.
	res := mgr.post(qpath+"/decision", url.Values{"decision": {"approve"}, "reason": {"cheapest"}})
	wantStatus(t, res, http.StatusConflict)
	wantStatus(t, eng.post(qpath+"/shortlist", url.Values{"on": {"yes"}}), http.StatusForbidden)
	wantStatus(t, buyer.post(qpath+"/shortlist", url.Values{"on": {"yes"}}), http.StatusSeeOther)
	wantStatus(t, eng.post(qpath+"/decision", url.Values{"decision": {"approve"}, "reason": {"x"}}), http.StatusForbidden)
	wantStatus(t, buyer.post(qpath+"/decision", url.Values{"decision": {"approve"}, "reason": {"x"}}), http.StatusForbidden)

	res = mgr.post(qpath+"/decision", url.Values{"decision": {"approve"}, "reason": {"cheapest per run"}})
	wantStatus(t, res, http.StatusConflict)
	d := doc(t, res)
	if !strings.Contains(d.Find("[data-testid=decision-error]").Text(), "blockers") || d.Find("[data-testid=waive-form]").Length() < 2 {
		t.Fatalf("open blockers must be listed with a waive form: %q", d.Find("[data-testid=decision-error]").Text())
	}
	if v, _ := d.Find("input[name=reason][value]").Attr("value"); v != "cheapest per run" {
		t.Errorf("the reason typed was lost: %q", v)
	}
	wantStatus(t, mgr.post(qpath+"/waivers", url.Values{"flag": {"egress_refused"}, "reason": {""}}), http.StatusUnprocessableEntity)
	for _, flag := range []string{"egress_refused", "data_deletion_refused"} {
		wantStatus(t, mgr.post(qpath+"/waivers", url.Values{"flag": {flag}, "reason": {"accepted for a 2-week trial"}}), http.StatusSeeOther)
	}
	wantStatus(t, mgr.post(qpath+"/decision", url.Values{"decision": {"approve"}, "reason": {"cheapest per run"}}), http.StatusSeeOther)
	page = doc(t, mgr.get(ev+"/decision"))
	approvalText := page.Find("[data-testid=approval]").Text()
	if !strings.Contains(approvalText, "Example Marketplace") || page.Find("[data-testid=stale]").Length() != 0 {
		t.Fatalf("approval banner: %q", approvalText)
	}
	hash := page.Find("[data-testid=approval] code").Text()

	// The author edits the quote: the approval is marked stale, the
	// snapshot and its hash stay as they were.
	sq, _ := a.store.ListQuotes(context.Background(), 0)
	_ = sq
	edit := doc(t, buyer.get(qpath+"/edit"))
	form := url.Values{}
	edit.Find("[data-testid=quote-form] input, [data-testid=quote-form] select").Each(func(_ int, s *goquerySelection) {
		name, _ := s.Attr("name")
		if name == "" {
			return
		}
		if s.Is("select") {
			v, _ := s.Find("option[selected]").Attr("value")
			form.Set(name, v)
			return
		}
		v, _ := s.Attr("value")
		form.Set(name, v)
	})
	form.Set("v_price_per_gpu_hour", "0.45")
	wantStatus(t, buyer.post(qpath+"/edit", form), http.StatusSeeOther)
	page = doc(t, mgr.get(ev+"/decision"))
	if page.Find("[data-testid=stale]").Length() != 1 {
		t.Errorf("an edit after approval must mark it stale")
	}
	if !strings.Contains(doc(t, mgr.get("/evaluations")).Find("[data-testid=evaluations]").Text(), "approval stale") {
		t.Errorf("the evaluations list must say the approval is stale")
	}
	if got := page.Find("[data-testid=approval] code").Text(); got != hash {
		t.Errorf("the snapshot hash changed: %s → %s", hash, got)
	}
	memo := doc(t, mgr.get(ev+"/decision/memo"))
	if memo.Find("[data-testid=memo-hash]").Text() != hash || !strings.Contains(memo.Text(), "accepted for a 2-week trial") {
		t.Errorf("memo: %q", memo.Find("[data-testid=memo]").Text())
	}
	entries, _ := a.store.ListAudit(context.Background(), store.AuditFilter{ObjectType: "quote", ObjectID: qid})
	var actions []string
	for _, e := range entries {
		actions = append(actions, e.Action)
	}
	joined := strings.Join(actions, ",")
	for _, want := range []string{"quote.approve", "flag.waive", "quote.shortlist"} {
		if !strings.Contains(joined, want) {
			t.Errorf("audit lacks %s: %s", want, joined)
		}
	}
}

func TestAPIApprovalRoles(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	buyer, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, buyer, "API decision")
	_, qid := marketplaceQuote(t, buyer, ev)
	wantStatus(t, buyer.post("/quotes/"+qid+"/shortlist", url.Values{"on": {"yes"}}), http.StatusSeeOther)
	engTok := a.token("eng@example.com", auth.Engineer)
	res, _ := a.api(engTok, "POST", "/api/v1/quotes/"+qid+"/approval", `{"decision":"approve","reason":"x"}`)
	if res.StatusCode != 403 {
		t.Errorf("engineer approval: %d", res.StatusCode)
	}
	mgrTok := a.token("mgr@example.com", auth.Manager)
	res, out := a.api(mgrTok, "POST", "/api/v1/quotes/"+qid+"/approval", `{"decision":"approve","reason":"x"}`)
	if res.StatusCode != 409 || out["code"] != "blockers" {
		t.Errorf("approval with blockers: %d %v", res.StatusCode, out)
	}
	res, out = a.api(mgrTok, "POST", "/api/v1/quotes/"+qid+"/approval", `{"decision":"reject","reason":"refuses to state egress"}`)
	if res.StatusCode != 201 || out["content_hash"] == nil {
		t.Errorf("reject: %d %v", res.StatusCode, out)
	}
	res, out = a.api(mgrTok, "GET", "/api/v1"+ev+"/decision", "")
	if res.StatusCode != 200 || out["recommendation"] == nil {
		t.Errorf("decision: %d %v", res.StatusCode, out)
	}
}

func TestApprovalInTheBrowserNeedsARecentLogin(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	now := time.Now()
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	a := newClockApp(t, clock)
	buyer, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, buyer, "Reauth")
	admin := a.user("fx@example.com", auth.Admin)
	if err := a.store.SetFXRate(context.Background(), admin.Actor(), "EUR", "1.08", time.Now()); err != nil {
		t.Fatal(err)
	}
	var qpath string
	doc(t, buyer.get(ev+"/quotes")).Find("[data-testid=quote-row] a").Each(func(_ int, s *goquerySelection) {
		if strings.Contains(s.Text(), "Specialized") {
			qpath, _ = s.Attr("href")
		}
	})
	wantStatus(t, buyer.post(qpath+"/shortlist", url.Values{"on": {"yes"}}), http.StatusSeeOther)
	mgr, _ := a.login("mgr@example.com", auth.Manager)
	mu.Lock()
	now = now.Add(16 * time.Minute)
	mu.Unlock()
	wantStatus(t, mgr.get(ev+"/decision"), http.StatusOK) // keeps the session alive
	res := mgr.post(qpath+"/decision", url.Values{"decision": {"approve"}, "reason": {"fully stated"}})
	wantStatus(t, res, http.StatusUnauthorized)
	if doc(t, res).Find("input[name=password]").Length() == 0 {
		t.Errorf("the form must ask for the password")
	}
	res = mgr.post(qpath+"/decision", url.Values{"decision": {"approve"}, "reason": {"fully stated"}, "password": {"wrong password here"}})
	wantStatus(t, res, http.StatusUnauthorized)
	// The refusal sits next to the password field it is about (the field
	// is far down the page), linked from the summary; no banner at the top.
	qid := strings.TrimPrefix(qpath, "/quotes/")
	d := doc(t, res)
	if d.Find("#err-pw-"+qid).Text() == "" || d.Find("#pw-"+qid).AttrOr("aria-describedby", "") != "err-pw-"+qid {
		t.Errorf("the password error is not next to the password field")
	}
	if d.Find("[data-testid=error-summary] a[href='#pw-"+qid+"']").Length() != 1 || d.Find("[data-testid=decision-error]").Length() != 0 {
		t.Errorf("the summary must link to the password field instead of a banner at the top")
	}
	res = mgr.post(qpath+"/decision", url.Values{"decision": {"approve"}, "reason": {"fully stated"}, "password": {testPassword}})
	wantStatus(t, res, http.StatusSeeOther)
}

func TestFailedAcceptanceTestBlocksApproval(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	ctx := context.Background()
	buyer, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, buyer, "Failed test")
	admin := a.user("fx@example.com", auth.Admin)
	if err := a.store.SetFXRate(ctx, admin.Actor(), "EUR", "1.08", time.Now()); err != nil {
		t.Fatal(err)
	}
	var qpath string
	doc(t, buyer.get(ev+"/quotes")).Find("[data-testid=quote-row] a").Each(func(_ int, s *goquerySelection) {
		if strings.Contains(s.Text(), "Specialized") {
			qpath, _ = s.Attr("href")
		}
	})
	var qid int64
	fmt.Sscan(strings.TrimPrefix(qpath, "/quotes/"), &qid)
	eng := a.user("eng@example.com", auth.Engineer)
	if _, err := a.store.RecordAcceptance(ctx, eng.Actor(), qid, store.NewAcceptance{Test: "failure_drill", Status: "failed", Note: "restart took 3 h"}); err != nil {
		t.Fatal(err)
	}
	wantStatus(t, buyer.post(qpath+"/shortlist", url.Values{"on": {"yes"}}), http.StatusSeeOther)
	mgr, _ := a.login("mgr@example.com", auth.Manager)
	res := mgr.post(qpath+"/decision", url.Values{"decision": {"approve"}, "reason": {"fully stated"}})
	wantStatus(t, res, http.StatusConflict)
	if doc(t, res).Find("[data-testid=failed-tests]").Length() != 1 {
		t.Errorf("the failed test must be listed as a blocker")
	}
	if _, err := a.store.RecordAcceptance(ctx, eng.Actor(), qid, store.NewAcceptance{Test: "failure_drill", Status: "waived",
		WaiverReason: "vendor fixed the spare-node process; re-test in week 2"}); err != nil {
		t.Fatal(err)
	}
	wantStatus(t, mgr.post(qpath+"/decision", url.Values{"decision": {"approve"}, "reason": {"fully stated"}}), http.StatusSeeOther)
	list, _ := a.store.Decisions(ctx, 1)
	if len(list) != 1 || len(list[0].Snapshot.Suite) != len(store.AcceptanceTests) {
		t.Fatalf("the snapshot must freeze the suite: %+v", list)
	}
}

func TestReviewerFindingsStayFixed(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	now := time.Now()
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	a := newClockApp(t, clock)
	buyer, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, buyer, "Review")
	hpath := ""
	doc(t, buyer.get(ev+"/quotes")).Find("[data-testid=quote-row] a").Each(func(_ int, s *goquerySelection) {
		if strings.Contains(s.Text(), "Hyperscaler") {
			hpath, _ = s.Attr("href")
		}
	})
	wantStatus(t, buyer.post(hpath+"/shortlist", url.Values{"on": {"yes"}}), http.StatusSeeOther)
	// A shortlisted quote cannot be deleted: its waivers and tests would go.
	wantStatus(t, buyer.post(hpath+"/delete", nil), http.StatusSeeOther)
	wantStatus(t, buyer.get(hpath), http.StatusOK)

	// A manager who revised the quote may not approve it.
	mgr, _ := a.login("mgr@example.com", auth.Manager)
	edit := doc(t, mgr.get(hpath+"/edit"))
	form := url.Values{}
	edit.Find("[data-testid=quote-form] input, [data-testid=quote-form] select").Each(func(_ int, s *goquerySelection) {
		name, _ := s.Attr("name")
		if s.Is("select") {
			v, _ := s.Find("option[selected]").Attr("value")
			form.Set(name, v)
		} else if name != "" {
			v, _ := s.Attr("value")
			form.Set(name, v)
		}
	})
	form.Set("v_notes", "negotiated by the manager")
	wantStatus(t, mgr.post(hpath+"/edit", form), http.StatusSeeOther)
	res := mgr.post(hpath+"/decision", url.Values{"decision": {"approve"}, "reason": {"x"}})
	wantStatus(t, res, http.StatusForbidden)

	// A stale browser session cannot skip the password through the API.
	other, _ := a.login("mgr2@example.com", auth.Manager)
	mu.Lock()
	now = now.Add(16 * time.Minute)
	mu.Unlock()
	wantStatus(t, other.get(ev+"/decision"), http.StatusOK)
	req, _ := http.NewRequest(http.MethodPost, other.base+"/api/v1"+hpath+"/approval", strings.NewReader(`{"decision":"approve","reason":"x"}`))
	req.Header.Set("Content-Type", "application/json")
	wantStatus(t, other.do(req), http.StatusUnauthorized)
}
