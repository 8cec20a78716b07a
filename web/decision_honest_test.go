package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// quotePathOf is the path of the example quote whose provider contains
// name.
func quotePathOf(t *testing.T, c *client, ev, name string) string {
	t.Helper()
	var path string
	doc(t, c.get(ev+"/quotes")).Find("[data-testid=quote-row] a").Each(func(_ int, s *goquerySelection) {
		if strings.Contains(s.Text(), name) {
			path, _ = s.Attr("href")
		}
	})
	if path == "" {
		t.Fatalf("%s not listed", name)
	}
	return path
}

// withEURRate lets the example's EUR quote (Specialized) be priced.
func withEURRate(t *testing.T, a *app) {
	t.Helper()
	admin := a.user("fx@example.com", auth.Admin)
	if err := a.store.SetFXRate(context.Background(), admin.Actor(), "EUR", "1.08", time.Now()); err != nil {
		t.Fatal(err)
	}
}

// A second approval in an evaluation names the quote already approved
// (on the page and in the API), instead of "someone decided in the
// meantime"; the page no longer offers Approve on the other quote.
func TestSecondApprovalSaysWhichQuoteIsApproved(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	buyer, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, buyer, "Second approval")
	withEURRate(t, a)
	first := quotePathOf(t, buyer, ev, "Specialized")
	second := quotePathOf(t, buyer, ev, "Marketplace")
	for _, p := range []string{first, second} {
		wantStatus(t, buyer.post(p+"/shortlist", url.Values{"on": {"yes"}}), http.StatusSeeOther)
	}
	mgr, _ := a.login("mgr@example.com", auth.Manager)
	wantStatus(t, mgr.post(first+"/decision", url.Values{"decision": {"approve"}, "reason": {"fully stated"}}), http.StatusSeeOther)
	approvers := doc(t, mgr.get(ev+"/decision/memo")).Find("[data-testid=approvers] li").Text()
	if !strings.Contains(approvers, "mgr (Manager)") || !strings.Contains(approvers, "fully stated") {
		t.Errorf("the memo does not name the approver: %q", approvers)
	}
	res := mgr.post(second+"/decision", url.Values{"decision": {"approve"}, "reason": {"cheaper"}})
	wantStatus(t, res, http.StatusConflict)
	d := doc(t, res)
	msg := d.Find("[data-testid=decision-error]").Text()
	if !strings.Contains(msg, "Example Specialized Cloud is already approved") || strings.Contains(msg, "meantime") {
		t.Errorf("message %q", msg)
	}
	row := d.Find("[data-testid=decide-form]")
	if row.Find("[data-testid=approve]").Length() != 0 || !strings.Contains(d.Find("[data-testid=no-approve]").Text(), "already approved") {
		t.Errorf("Approve is still offered on the second quote")
	}
	tok := a.token("mgr-api@example.com", auth.Manager)
	res, out := a.api(tok, "POST", "/api/v1"+second+"/approval", `{"decision":"approve","reason":"cheaper"}`)
	wantStatus(t, res, http.StatusConflict)
	if out["code"] != "already_approved" || !strings.Contains(out["error"].(string), "Example Specialized Cloud") || out["approved_quote_id"] == nil {
		t.Errorf("API %v", out)
	}
}

// Approve is not offered to the manager who entered the quotes
// (separation of duties would refuse it); another manager gets it.
func TestApproveIsNotOfferedToTheQuotesAuthor(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	author, _ := a.login("author-mgr@example.com", auth.Manager)
	ev := importExample(t, a, author, "Author")
	withEURRate(t, a)
	q := quotePathOf(t, author, ev, "Specialized")
	wantStatus(t, author.post(q+"/shortlist", url.Values{"on": {"yes"}}), http.StatusSeeOther)
	d := doc(t, author.get(ev+"/decision"))
	if d.Find("[data-testid=approve]").Length() != 0 {
		t.Errorf("Approve offered to the quote's author")
	}
	if !strings.Contains(d.Find("[data-testid=no-approve]").Text(), "another manager must approve") {
		t.Errorf("no reason given: %q", d.Find("[data-testid=no-approve]").Text())
	}
	other, _ := a.login("other-mgr@example.com", auth.Manager)
	if doc(t, other.get(ev+"/decision")).Find("[data-testid=approve]").Length() != 1 {
		t.Errorf("Approve not offered to another manager")
	}
}

// A wrong password on the approval form says "wrong password", not the
// prompt to type it.
func TestWrongReauthPasswordSaysSo(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	now := time.Now()
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	a := newClockApp(t, clock)
	buyer, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, buyer, "Wrong password")
	withEURRate(t, a)
	q := quotePathOf(t, buyer, ev, "Specialized")
	wantStatus(t, buyer.post(q+"/shortlist", url.Values{"on": {"yes"}}), http.StatusSeeOther)
	mgr, _ := a.login("mgr@example.com", auth.Manager)
	mu.Lock()
	now = now.Add(16 * time.Minute)
	mu.Unlock()
	wantStatus(t, mgr.get(ev+"/decision"), http.StatusOK)
	res := mgr.post(q+"/decision", url.Values{"decision": {"approve"}, "reason": {"fully stated"}, "password": {"not my password at all"}})
	wantStatus(t, res, http.StatusUnauthorized)
	// The refusal sits next to the password field it is about.
	if msg := doc(t, res).Find("[data-testid=reauth-error]").Text(); !strings.Contains(msg, "Wrong password") {
		t.Errorf("message %q", msg)
	}
	res = mgr.post(q+"/decision", url.Values{"decision": {"approve"}, "reason": {"fully stated"}})
	if msg := doc(t, res).Find("[data-testid=reauth-error]").Text(); !strings.Contains(msg, "Enter your password again") {
		t.Errorf("no password: %q", msg)
	}
}
