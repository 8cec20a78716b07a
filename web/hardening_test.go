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
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/web"
)

// TestStaleSessionCannotMintATokenThatApproves is issue 15 item 1: a
// session whose login is older than the approval window could create a
// token without a password, and that token approved.
func TestStaleSessionCannotMintATokenThatApproves(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	now := time.Now()
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	a := newClockApp(t, clock)
	buyer, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, buyer, "Token bypass")
	_, qid := marketplaceQuote(t, buyer, ev)
	wantStatus(t, buyer.post("/quotes/"+qid+"/shortlist", url.Values{"on": {"yes"}}), http.StatusSeeOther)
	mgr, u := a.login("mgr@example.com", auth.Manager)
	mu.Lock()
	now = now.Add(16 * time.Minute)
	mu.Unlock()

	res := mgr.post("/tokens", url.Values{"name": {"ci"}, "scope": {"approve"}})
	wantStatus(t, res, http.StatusUnauthorized)
	if doc(t, res).Find("[data-testid=new-token]").Length() != 0 {
		t.Fatal("a stale session minted a token")
	}
	if tokens, _ := a.store.ListTokens(context.Background(), u.ID); len(tokens) != 0 {
		t.Fatalf("a token was stored: %+v", tokens)
	}
	res = mgr.post("/tokens", url.Values{"name": {"ci"}, "scope": {"approve"}, "password": {"not my password"}})
	wantStatus(t, res, http.StatusUnauthorized)

	// With the password, the token is created; its scope decides.
	res = mgr.post("/tokens", url.Values{"name": {"ci"}, "scope": {"write"}, "password": {testPassword}})
	wantStatus(t, res, http.StatusCreated)
	writeTok := doc(t, res).Find("[data-testid=new-token]").Text()
	out, body := a.api(writeTok, "POST", "/api/v1/quotes/"+qid+"/approval", `{"decision":"reject","reason":"x"}`)
	if out.StatusCode != http.StatusForbidden || body["code"] != "token_scope" {
		t.Errorf("a write-scoped token decided: %d %v", out.StatusCode, body)
	}
	res = mgr.post("/tokens", url.Values{"name": {"approver"}, "scope": {"approve"}})
	wantStatus(t, res, http.StatusCreated) // the login is fresh again
	approveTok := doc(t, res).Find("[data-testid=new-token]").Text()
	out, body = a.api(approveTok, "POST", "/api/v1/quotes/"+qid+"/approval", `{"decision":"reject","reason":"refuses to state egress"}`)
	if out.StatusCode != http.StatusCreated {
		t.Errorf("an approve-scoped token: %d %v", out.StatusCode, body)
	}

	// A token cannot mint another token.
	req, _ := http.NewRequest(http.MethodPost, a.srv.URL+"/tokens", strings.NewReader("name=x"))
	req.Header.Set("Authorization", "Bearer "+approveTok)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if res := a.client().do(req); res.StatusCode != http.StatusForbidden {
		t.Errorf("a token minted a token: %d", res.StatusCode)
	}
}

// TestTokensExpireAreScopedAndDieWithDeactivation is issue 15 item 3.
func TestTokensExpireAreScopedAndDieWithDeactivation(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	now := time.Now()
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	a := newClockApp(t, clock)
	ctx := context.Background()
	admin := a.user("admin@example.com", auth.Admin)
	u := a.user("ci@example.com", auth.Procurement)

	tok, _, err := a.store.CreateToken(ctx, admin.Actor(), u, "ci")
	if err != nil {
		t.Fatal(err)
	}
	if res, _ := a.api(tok, "GET", "/api/v1/evaluations", ""); res.StatusCode != 200 {
		t.Fatalf("fresh token: %d", res.StatusCode)
	}
	if _, err := a.store.UpdateUser(ctx, admin.Actor(), u.ID, store.UserChange{Active: ptr(false)}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.store.UpdateUser(ctx, admin.Actor(), u.ID, store.UserChange{Active: ptr(true)}); err != nil {
		t.Fatal(err)
	}
	if res, _ := a.api(tok, "GET", "/api/v1/evaluations", ""); res.StatusCode != http.StatusUnauthorized {
		t.Errorf("a token of a deactivated user came back to life: %d", res.StatusCode)
	}

	read, _, err := a.store.IssueToken(ctx, u.Actor(), u, store.TokenSpec{Name: "dash", Scope: auth.ScopeRead, Days: 10})
	if err != nil {
		t.Fatal(err)
	}
	if res, _ := a.api(read, "GET", "/api/v1/evaluations", ""); res.StatusCode != 200 {
		t.Errorf("read token reading: %d", res.StatusCode)
	}
	if res, _ := a.api(read, "POST", "/api/v1/evaluations", `{"name":"x"}`); res.StatusCode != http.StatusForbidden {
		t.Errorf("read token writing: %d", res.StatusCode)
	}
	if _, _, err := a.store.IssueToken(ctx, u.Actor(), u, store.TokenSpec{Scope: auth.ScopeRead, Days: auth.MaxTokenDays + 1}); err == nil {
		t.Error("a token beyond the maximum lifetime was issued")
	}
	mu.Lock()
	now = now.AddDate(0, 0, 11)
	mu.Unlock()
	if res, _ := a.api(read, "GET", "/api/v1/evaluations", ""); res.StatusCode != http.StatusUnauthorized {
		t.Errorf("an expired token still works: %d", res.StatusCode)
	}
}

func ptr[T any](v T) *T { return &v }

// TestSmallerHardeningItems is issue 15 item 4.
func TestSmallerHardeningItems(t *testing.T) {
	t.Parallel()
	a := newApp(t, func(c *web.Config) { c.SecureCookies = true })
	c, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, c, "Strict ids")
	path, _ := marketplaceQuote(t, c, ev)
	wantStatus(t, c.get(path), http.StatusOK)
	for _, bad := range []string{path + "abc", strings.Replace(path, "/quotes/", "/quotes/0", 1), strings.Replace(path, "/quotes/", "/quotes/+", 1), path + "%20"} {
		if res := c.get(bad); res.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s = %d, want 404", bad, res.StatusCode)
		}
	}
	// The flash cookie is Secure when the session cookie is.
	res := c.post("/profile/language", url.Values{"lang": {"en"}})
	wantStatus(t, res, http.StatusSeeOther)
	found := false
	for _, ck := range res.Cookies() {
		if ck.Name == "flash" {
			found = true
			if !ck.Secure {
				t.Errorf("flash cookie is not Secure behind TLS")
			}
		}
	}
	if !found {
		t.Error("no flash cookie")
	}
	// Decisions refuse TRUNCATE like the audit log.
	if _, err := a.pool.Exec(context.Background(), `TRUNCATE decisions`); err == nil {
		t.Error("TRUNCATE decisions succeeded")
	}
	// A database outage answers API calls 503, not "sign in first".
	tok := a.token("api@example.com", auth.Procurement)
	a.pool.Close()
	res, out := a.api(tok, "GET", "/api/v1/evaluations", "")
	if res.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("API during an outage: %d %v", res.StatusCode, out)
	}
}

// TestUploadFileNamesLoseBidiControls is issue 15 item 4: a name such as
// "report\u202Egol.txt" shows as "reporttxt.log".
func TestUploadFileNamesLoseBidiControls(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	q := benchQuote(t, a)
	tok := a.token("eng@example.com", auth.Engineer)
	res, out := a.apiUpload(tok, q.ID, "report\u202Egol.txt\u2066", sampleLog(t, "nccl/h100-p5-2node-efa-srun-label-prefix.txt"), nil)
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("upload: %d %v", res.StatusCode, out)
	}
	b, _ := out["benchmark"].(map[string]any)
	if name, _ := b["file_name"].(string); name != "reportgol.txt" {
		t.Errorf("file name = %q", name)
	}
}
