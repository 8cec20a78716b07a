package web_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// TestPasswordChangeNeedsTheCurrentOneAndEndsOtherSessions is the
// profile's password change (issues 11 and 15 item 12).
func TestPasswordChangeNeedsTheCurrentOneAndEndsOtherSessions(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	here, _ := a.login("ann@example.com", auth.Manager)
	elsewhere := a.client()
	wantStatus(t, elsewhere.post("/login", url.Values{"email": {"ann@example.com"}, "password": {testPassword}}), http.StatusSeeOther)
	const next = "a brand new passphrase"

	res := here.post("/profile/password", url.Values{"current_password": {"wrong wrong wrong"}, "new_password": {next}, "confirm_password": {next}})
	wantStatus(t, res, http.StatusUnauthorized)
	d := doc(t, res)
	if d.Find("[data-testid=error-current_password]").Length() == 0 || d.Find("#in-current_password[aria-invalid]").Length() == 0 {
		t.Errorf("no error at the current password field")
	}
	res = here.post("/profile/password", url.Values{"current_password": {testPassword}, "new_password": {next}, "confirm_password": {next + "x"}})
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if doc(t, res).Find("[data-testid=error-confirm_password]").Length() == 0 {
		t.Errorf("no error at the confirmation")
	}
	res = here.post("/profile/password", url.Values{"current_password": {testPassword}, "new_password": {"password"}, "confirm_password": {"password"}})
	wantStatus(t, res, http.StatusUnprocessableEntity)

	res = here.post("/profile/password", url.Values{"current_password": {testPassword}, "new_password": {" " + next + " "}, "confirm_password": {next}})
	wantStatus(t, res, http.StatusSeeOther)
	wantStatus(t, here.get("/profile"), http.StatusOK)
	if res := elsewhere.get("/profile"); res.StatusCode != http.StatusSeeOther {
		t.Errorf("the other session survived the password change: %d", res.StatusCode)
	}
	// (Sign-in attempts are limited to five a minute, so the old password
	// is checked against the stored hash.)
	u, err := a.store.UserByEmail(context.Background(), "ann@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := auth.CheckPassword(testPassword, u.PasswordHash); err == nil {
		t.Errorf("the old password still matches")
	}
	if res := a.client().post("/login", url.Values{"email": {"ann@example.com"}, "password": {next}}); res.StatusCode != http.StatusSeeOther {
		t.Errorf("the new password does not sign in: %d", res.StatusCode)
	}
}

// TestShortlistThroughTheAPI is what the README's approval example needs
// without a browser: POST shortlists, DELETE takes off, both idempotent.
func TestShortlistThroughTheAPI(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	buyer, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, buyer, "API shortlist")
	_, qid := marketplaceQuote(t, buyer, ev)
	tok := a.token("api-buyer@example.com", auth.Procurement)
	path := "/api/v1/quotes/" + qid + "/shortlist"
	for range 2 {
		res, out := a.api(tok, "POST", path, `{}`)
		if res.StatusCode != 200 || out["status"] != "shortlisted" {
			t.Errorf("POST shortlist: %d %v", res.StatusCode, out)
		}
	}
	mgr := a.token("mgr@example.com", auth.Manager)
	res, out := a.api(mgr, "POST", "/api/v1/quotes/"+qid+"/approval", `{"decision":"reject","reason":"refuses to state egress"}`)
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("reject after an API shortlist: %d %v", res.StatusCode, out)
	}
	res, out = a.api(tok, "POST", path, "")
	if res.StatusCode != 200 || out["status"] != "shortlisted" {
		t.Errorf("shortlist a rejected quote again: %d %v", res.StatusCode, out)
	}
	for range 2 {
		res, out = a.api(tok, "DELETE", path, "")
		if res.StatusCode != 200 || out["status"] != "none" {
			t.Errorf("DELETE shortlist: %d %v", res.StatusCode, out)
		}
	}
	if res, _ := a.api(a.token("eng@example.com", auth.Engineer), "POST", path, ""); res.StatusCode != http.StatusForbidden {
		t.Errorf("an engineer shortlisted: %d", res.StatusCode)
	}
	if res, _ := a.api(tok, "POST", "/api/v1/quotes/999999/shortlist", ""); res.StatusCode != http.StatusNotFound {
		t.Errorf("unknown quote: %d", res.StatusCode)
	}
}

// TestAdminSetsTokenLifetimes is issue 15 item 3: the admin sets the
// default and the maximum lifetime; the profile's form keeps to them.
func TestAdminSetsTokenLifetimes(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	admin, _ := a.login("admin@example.com", auth.Admin)
	wantStatus(t, admin.post("/admin/settings/token-lifetime", url.Values{"default_days": {"30"}, "max_days": {"10"}}), http.StatusUnprocessableEntity)
	wantStatus(t, admin.post("/admin/settings/token-lifetime", url.Values{"default_days": {"10"}, "max_days": {"20"}}), http.StatusSeeOther)
	if def, maxDays, err := a.store.TokenLifetimes(context.Background()); err != nil || def != 10 || maxDays != 20 {
		t.Fatalf("lifetimes = %d, %d, %v", def, maxDays, err)
	}
	c, u := a.login("ann@example.com", auth.Engineer)
	res := c.post("/tokens", url.Values{"name": {"long"}, "days": {"21"}})
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if doc(t, res).Find("[data-testid=error-days]").Length() == 0 {
		t.Errorf("no error at the lifetime field")
	}
	wantStatus(t, c.post("/tokens", url.Values{"name": {"default"}}), http.StatusCreated)
	tokens, err := a.store.ListTokens(context.Background(), u.ID)
	if err != nil || len(tokens) != 1 {
		t.Fatalf("tokens = %+v, %v", tokens, err)
	}
	if days := tokens[0].ExpiresAt.Sub(tokens[0].CreatedAt).Hours() / 24; days < 9.9 || days > 10.1 {
		t.Errorf("a default token lives %.1f days, want 10", days)
	}
	if tokens[0].Scope != auth.ScopeWrite {
		t.Errorf("default scope %s", tokens[0].Scope)
	}
}

// TestProfileAndUsersPagesShowNoRawKeys reads the pages this issue changed
// in every language: no message key may show through.
func TestProfileAndUsersPagesShowNoRawKeys(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	admin, _ := a.login("admin@example.com", auth.Admin)
	wantStatus(t, admin.post("/tokens", url.Values{"name": {"ci"}, "scope": {"read"}}), http.StatusCreated)
	rawKey := regexp.MustCompile(`\b(tokens|profile|error|flash|audit)\.[a-z_]+(\.[a-z_]+)?\b`)
	for _, lang := range []string{"en", "ru", "zh", "vi"} {
		wantStatus(t, admin.post("/profile/language", url.Values{"lang": {lang}}), http.StatusSeeOther)
		for _, path := range []string{"/profile", "/admin/users"} {
			res := admin.get(path)
			wantStatus(t, res, http.StatusOK)
			text := doc(t, res).Find("main").Text()
			if !strings.Contains(text, "ci") {
				t.Fatalf("%s in %s: the page has no token list: %.300s", path, lang, text)
			}
			if m := rawKey.FindString(text); m != "" {
				t.Errorf("%s in %s shows the key %q", path, lang, m)
			}
		}
	}
}
