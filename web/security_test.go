package web_test

import (
	"context"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/gpuquote/gpuquote/internal/account"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/web"
)

func TestCrossOriginPostsAreRefused(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c, _ := a.login("p@example.com", auth.Procurement)
	tests := []struct {
		name    string
		headers map[string]string
		want    int
	}{
		{"cross-site", map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusForbidden},
		{"same-site", map[string]string{"Sec-Fetch-Site": "same-site"}, http.StatusForbidden},
		{"foreign origin", map[string]string{"Sec-Fetch-Site": "-", "Origin": "https://evil.example"}, http.StatusForbidden},
		{"same-origin", map[string]string{"Sec-Fetch-Site": "same-origin"}, http.StatusSeeOther},
		{"no browser headers", map[string]string{"Sec-Fetch-Site": "-"}, http.StatusSeeOther},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodPost, a.srv.URL+"/evaluations", strings.NewReader("name=CSRF+"+url.QueryEscape(tt.name)))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			for k, v := range tt.headers {
				if v == "-" {
					continue
				}
				req.Header.Set(k, v)
			}
			if tt.headers["Sec-Fetch-Site"] == "-" {
				req.Header.Set("Sec-Fetch-Site", "") // the client helper adds same-origin otherwise
				req.Header.Del("Sec-Fetch-Site")
				res, err := c.http.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				res.Body.Close()
				if res.StatusCode != tt.want {
					t.Fatalf("status %d, want %d", res.StatusCode, tt.want)
				}
				return
			}
			res := c.do(req)
			wantStatus(t, res, tt.want)
			if tt.want == http.StatusForbidden && res.Header.Get("Content-Security-Policy") == "" {
				t.Errorf("403 lacks security headers")
			}
		})
	}
}

func TestSecurityHeadersOnEveryResponse(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	eng, _ := a.login("e@example.com", auth.Engineer)
	anon := a.client()
	responses := map[string]*http.Response{
		"login":    anon.get("/login"),
		"404":      eng.get("/no/such/page"),
		"405":      eng.post("/healthz", nil),
		"403":      eng.post("/evaluations", url.Values{"name": {"x"}}),
		"page":     eng.get("/evaluations"),
		"api 401":  anon.get("/api/v1/evaluations"),
		"redirect": anon.get("/"),
	}
	for name, res := range responses {
		h := res.Header
		if !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") ||
			!strings.Contains(h.Get("Content-Security-Policy"), "default-src 'self'") ||
			strings.Contains(h.Get("Content-Security-Policy"), "unsafe-inline") {
			t.Errorf("%s: CSP %q", name, h.Get("Content-Security-Policy"))
		}
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") == "" {
			t.Errorf("%s: missing nosniff or referrer policy", name)
		}
		if h.Get("Cache-Control") != "no-store" {
			t.Errorf("%s: Cache-Control %q", name, h.Get("Cache-Control"))
		}
	}
	wantStatus(t, responses["404"], http.StatusNotFound)
	wantStatus(t, responses["405"], http.StatusMethodNotAllowed)
	wantStatus(t, responses["403"], http.StatusForbidden)
	res := anon.get("/static/app.css?v=bogus")
	wantStatus(t, res, http.StatusOK)
	if strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
		t.Errorf("a stale version must not be cached for a year")
	}
}

// policy is who may call each route: the deny-by-default table every
// route must appear in. "anon" marks public routes; "user" any signed-in
// user.
var policy = map[string][]string{
	"GET /healthz":                                    {"anon"},
	"GET /static/*":                                   {"anon"},
	"GET /favicon.ico":                                {"anon"},
	"GET /login":                                      {"anon"},
	"POST /login":                                     {"anon"},
	"POST /language":                                  {"anon"},
	"GET /":                                           {"user"},
	"POST /logout":                                    {"user"},
	"GET /profile":                                    {"user"},
	"POST /profile/language":                          {"user"},
	"POST /profile/password":                          {"user"},
	"POST /admin/settings/token-lifetime":             {"admin"},
	"GET /api/v1/quotes/{id}":                         {"user"},
	"PATCH /api/v1/quotes/{id}":                       {"procurement", "manager", "admin"},
	"POST /api/v1/quotes/{id}/shortlist":              {"procurement", "manager", "admin"},
	"DELETE /api/v1/quotes/{id}/shortlist":            {"procurement", "manager", "admin"},
	"PATCH /api/v1/evaluations/{id}/brief":            {"procurement", "manager", "admin"},
	"POST /tokens":                                    {"user"},
	"POST /tokens/{id}/revoke":                        {"user"},
	"GET /evaluations":                                {"user"},
	"GET /evaluations/{id}":                           {"user"},
	"GET /evaluations/{id}/brief":                     {"user"},
	"GET /evaluations/{id}/brief/print":               {"user"},
	"POST /evaluations":                               {"procurement", "manager", "admin"},
	"POST /evaluations/{id}/rename":                   {"procurement", "manager", "admin"},
	"POST /evaluations/{id}/archive":                  {"procurement", "manager", "admin"},
	"POST /evaluations/{id}/brief":                    {"procurement", "manager", "admin"},
	"GET /audit":                                      {"manager", "admin"},
	"GET /admin/users":                                {"admin"},
	"POST /admin/users":                               {"admin"},
	"POST /admin/users/{id}/role":                     {"admin"},
	"POST /admin/users/{id}/active":                   {"admin"},
	"GET /evaluations/{id}/quotes":                    {"user"},
	"GET /evaluations/{id}/quotes.csv":                {"user"},
	"GET /quotes/{id}":                                {"user"},
	"GET /quotes/{id}/questions":                      {"user"},
	"GET /quotes/{id}/test-plan":                      {"user"},
	"GET /quotes/{id}/test-plan.sh":                   {"user"},
	"POST /quotes/{id}/evidence-tokens":               {"engineer", "manager", "admin"},
	"GET /api/v1/quotes/{id}/test-plan":               {"user"},
	"POST /api/v1/quotes/{id}/evidence-tokens":        {"engineer", "manager", "admin"},
	"GET /evaluations/{id}/quotes/new":                {"procurement", "manager", "admin"},
	"POST /evaluations/{id}/quotes":                   {"procurement", "manager", "admin"},
	"GET /evaluations/{id}/quotes/import":             {"procurement", "manager", "admin"},
	"POST /evaluations/{id}/quotes/import":            {"procurement", "manager", "admin"},
	"POST /evaluations/{id}/quotes/import/confirm":    {"procurement", "manager", "admin"},
	"GET /quotes/{id}/edit":                           {"procurement", "manager", "admin"},
	"POST /quotes/{id}/edit":                          {"procurement", "manager", "admin"},
	"POST /quotes/{id}/delete":                        {"procurement", "manager", "admin"},
	"GET /admin/reference":                            {"admin"},
	"POST /admin/reference/fx":                        {"admin"},
	"POST /admin/reference/capital-costs":             {"admin"},
	"POST /admin/reference/prices":                    {"admin"},
	"POST /admin/reference/fx/{id}/rollback":          {"admin"},
	"POST /admin/reference/prices/{id}/rollback":      {"admin"},
	"GET /api/v1/evaluations/{id}/quotes":             {"user"},
	"GET /api/v1/evaluations/{id}/quotes.csv":         {"user"},
	"POST /api/v1/evaluations/{id}/quotes/import":     {"procurement", "manager", "admin"},
	"GET /evaluations/{id}/worksheet":                 {"user"},
	"POST /evaluations/{id}/worksheet/assumptions":    {"procurement", "manager", "admin"},
	"GET /api/v1/evaluations/{id}/analysis":           {"user"},
	"GET /api/v1/evaluations/{id}/worksheet":          {"user"},
	"GET /evaluations/{id}/worksheet/sensitivity.svg": {"user"},
	"GET /evaluations/{id}/worksheet/busbw.svg":       {"user"},
	"GET /evaluations/{id}/decision":                  {"user"},
	"GET /evaluations/{id}/decision/memo":             {"user"},
	"POST /evaluations/{id}/decision/facts":           {"procurement", "manager", "admin"},
	"POST /quotes/{id}/shortlist":                     {"procurement", "manager", "admin"},
	"POST /quotes/{id}/waivers":                       {"manager"},
	"POST /quotes/{id}/decision":                      {"manager"},
	"POST /admin/settings/self-approval":              {"admin"},
	"GET /api/v1/evaluations/{id}/decision":           {"user"},
	"POST /api/v1/quotes/{id}/approval":               {"manager"},
	"GET /evaluations/{id}/worksheet.csv":             {"user"},
	"GET /evaluations/{id}/worksheet.xlsx":            {"user"},
	"GET /api/v1/evaluations/{id}/worksheet.csv":      {"user"},
	"GET /api/v1/evaluations/{id}/worksheet.xlsx":     {"user"},
	"GET /api/v1/evaluations":                         {"user"},
	"GET /api/v1/evaluations/{id}":                    {"user"},
	"GET /api/v1/evaluations/{id}/brief":              {"user"},
	"POST /api/v1/evaluations":                        {"procurement", "manager", "admin"},
	"PUT /api/v1/evaluations/{id}/brief":              {"procurement", "manager", "admin"},
	"GET /quotes/{id}/benchmarks":                     {"user"},
	"GET /quotes/{id}/benchmarks/busbw.svg":           {"user"},
	"GET /benchmarks/{id}/download":                   {"user"},
	"POST /quotes/{id}/benchmarks":                    {"engineer", "manager", "admin"},
	"POST /quotes/{id}/acceptance":                    {"engineer", "manager", "admin"},
	"GET /api/v1/quotes/{id}/benchmarks":              {"user"},
	"POST /api/v1/quotes/{id}/benchmarks":             {"engineer", "manager", "admin"},
	"POST /api/v1/quotes/{id}/acceptance":             {"engineer", "manager", "admin"},

	// Withdrawing and re-classifying an upload.
	"POST /quotes/{id}/benchmarks/{bid}/withdraw":        {"engineer", "manager", "admin"},
	"POST /quotes/{id}/benchmarks/{bid}/kind":            {"engineer", "manager", "admin"},
	"POST /api/v1/quotes/{id}/benchmarks/{bid}/withdraw": {"engineer", "manager", "admin"},
	"POST /api/v1/quotes/{id}/benchmarks/{bid}/kind":     {"engineer", "manager", "admin"},

	// Sourcing rounds; "vendor" routes take an invitation's link token
	// instead of a user (TestVendorTokenReachesNoInternalRoute).
	"GET /evaluations/{id}/rfqs":         {"user"},
	"GET /evaluations/{id}/rfqs/new":     {"procurement", "manager", "admin"},
	"POST /evaluations/{id}/rfqs":        {"procurement", "manager", "admin"},
	"GET /rfqs/{id}":                     {"user"},
	"GET /rfq-documents/{id}":            {"user"},
	"POST /rfqs/{id}/rounds":             {"procurement", "manager", "admin"},
	"POST /rfqs/{id}/brief":              {"procurement", "manager", "admin"},
	"POST /rfqs/{id}/remind":             {"procurement", "manager", "admin"},
	"POST /rfq-invitations/{id}/revoke":  {"procurement", "manager", "admin"},
	"POST /rfq-invitations/{id}/link":    {"procurement", "manager", "admin"},
	"POST /rfq-questions/{id}/answer":    {"procurement", "manager", "admin"},
	"POST /rfqs/{id}/open":               {"manager"},
	"GET /api/v1/rfqs/{id}":              {"user"},
	"POST /api/v1/evaluations/{id}/rfqs": {"procurement", "manager", "admin"},
	"POST /api/v1/rfqs/{id}/rounds":      {"procurement", "manager", "admin"},
	"POST /api/v1/rfqs/{id}/open":        {"manager"},
	"GET /api/v1/vendor/rfq":             {"vendor"},
	"PUT /api/v1/vendor/quote":           {"vendor"},
	"POST /api/v1/vendor/quote/submit":   {"vendor"},
	"PUT /api/v1/vendor/attestations":    {"vendor"},
	"POST /api/v1/vendor/questions":      {"vendor"},
	"POST /api/v1/vendor/documents":      {"vendor"},
	"GET /v/{token}":                     {"anon"},
	"GET /v/rfq":                         {"vendor"},
	"GET /v/quote":                       {"vendor"},
	"POST /v/quote":                      {"vendor"},
	"POST /v/quote/check":                {"vendor"},
	"POST /v/attestations":               {"vendor"},
	"POST /v/questions":                  {"vendor"},
	"POST /v/documents":                  {"vendor"},

	// The API reference (issue 17): the page and the document, to any user.
	"GET /api-reference":       {"user"},
	"GET /api/v1/openapi.json": {"user"},

	"PUT /api/v1/evaluations/{id}/criteria":   {"procurement", "manager", "admin"},
	"POST /api/v1/evaluations/{id}/award":     {"procurement", "manager", "admin"},
	"GET /evaluations/{id}/scores":            {"user"},
	"PUT /api/v1/settings/criteria-template":  {"admin"},
	"PUT /api/v1/settings/approval-rules":     {"admin"},
	"POST /api/v1/awards/{id}/approval":       {"manager", "finance"},
	"POST /evaluations/{id}/scores/overrides": {"procurement", "manager"},
	"POST /evaluations/{id}/scores/criteria":  {"procurement", "manager", "admin"},
	"POST /evaluations/{id}/awards":           {"procurement", "manager", "admin"},
	"POST /awards/{id}/approval":              {"manager", "finance"},
	"POST /awards/{id}/reapproval":            {"manager", "finance"},
	"POST /admin/settings/award-acceptance":   {"admin"},
	"POST /awards/{id}/rejection":             {"manager", "finance"},
	"POST /awards/{id}/revocation":            {"manager", "finance"},
	"GET /api/v1/awards/{id}":                 {"user"},
	"POST /api/v1/awards/{id}/reapproval":     {"manager", "finance"},
	"POST /api/v1/awards/{id}/rejection":      {"manager", "finance"},
	"POST /api/v1/awards/{id}/revocation":     {"manager", "finance"},
	"POST /admin/settings/approval-rules":     {"admin"},
	"POST /admin/settings/criteria-template":  {"admin"},

	// Contracts after an award (issue 31): every user reads; procurement,
	// managers, admins and finance change them.
	"GET /api/v1/contracts":                   {"user"},
	"POST /api/v1/contracts":                  {"procurement", "manager", "admin", "finance"},
	"GET /api/v1/contracts/{id}":              {"user"},
	"PATCH /api/v1/contracts/{id}":            {"procurement", "manager", "admin", "finance"},
	"GET /api/v1/contracts/{id}/bills":        {"user"},
	"POST /api/v1/contracts/{id}/bills":       {"procurement", "manager", "admin", "finance"},
	"GET /api/v1/contracts/{id}/commitment":   {"user"},
	"GET /api/v1/contracts/{id}/outages":      {"user"},
	"POST /api/v1/contracts/{id}/outages":     {"procurement", "manager", "admin", "finance"},
	"PUT /api/v1/contracts/{id}/useful-units": {"procurement", "manager", "admin", "finance"},
	"POST /contracts/{id}/useful-units":       {"procurement", "manager", "admin", "finance"},
	"GET /api/v1/contracts/{id}/credits":      {"user"},
	"GET /api/v1/renewals":                    {"user"},
	"GET /api/v1/vendors/{id}/record":         {"user"},
	"GET /renewals":                           {"user"},
	"GET /contracts/{id}":                     {"user"},
	"GET /vendors/{id}/record":                {"user"},
	"POST /contracts/{id}/terms":              {"procurement", "manager", "admin", "finance"},
	"POST /contracts/{id}/bills":              {"procurement", "manager", "admin", "finance"},
	"POST /contracts/{id}/outages":            {"procurement", "manager", "admin", "finance"},
	"POST /contracts/{id}/rebid":              {"procurement", "manager", "admin"},
	"POST /api/v1/contracts/{id}/rebid":       {"procurement", "manager", "admin"},
	"GET /api/v1/evaluations/{id}/baseline":   {"user"},
	// Contract alert settings (issue 31).
	"POST /admin/settings/contract-alerts": {"admin"},
	"PUT /api/v1/settings/contract-alerts": {"admin"},
	"GET /api/v1/settings/contract-alerts": {"admin"},

	// The vendor record threshold (issue 31).
	"POST /admin/settings/vendor-record-threshold": {"admin"},
}

func TestEveryRouteIsInThePolicyAndEnforced(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	handler := web.NewServer(web.Config{Evaluations: evaluation.New(a.store), Accounts: account.New(a.store)})
	routes, ok := handler.(chi.Routes)
	if !ok {
		t.Fatal("the server is not a chi router")
	}
	clients := map[string]*client{"anon": a.client()}
	for _, role := range auth.Roles {
		clients[string(role)], _ = a.login(string(role)+"@example.com", role)
	}
	ev, err := a.store.CreateEvaluation(context.Background(), a.user("owner@example.com", auth.Procurement).Actor(), "Policy")
	if err != nil {
		t.Fatal(err)
	}
	victim := a.user("victim@example.com", auth.Engineer)
	seen := map[string]bool{}
	err = chi.Walk(routes, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		key := method + " " + route
		if route != "/" {
			key = method + " " + strings.TrimSuffix(route, "/")
		}
		seen[key] = true
		allowed, ok := policy[key]
		if !ok {
			t.Errorf("route %s is missing from the policy table", key)
			return nil
		}
		if allowed[0] == "anon" || allowed[0] == "vendor" || method == http.MethodGet || route == "/logout" {
			return nil // reads and logout are checked by their own tests
		}
		id := itoa(ev.ID)
		switch {
		case strings.HasPrefix(route, "/admin/users/"):
			id = itoa(victim.ID)
		case strings.HasPrefix(route, "/tokens/"), strings.Contains(route, "/quotes/"):
			id = "999999" // object-level checks are tested on their own
		}
		path := strings.NewReplacer("{id}", id, "*", "x").Replace(route)
		for who, c := range clients {
			var res *http.Response
			if method == http.MethodPut || method == http.MethodPatch {
				req, _ := http.NewRequest(method, a.srv.URL+path, strings.NewReader(`{"version":1,"fields":{}}`))
				req.Header.Set("Content-Type", "application/json")
				res = c.do(req)
			} else {
				res = c.post(path, url.Values{})
			}
			permitted := allowed[0] == "user" && who != "anon" || contains(allowed, who)
			denied := res.StatusCode == http.StatusForbidden || res.StatusCode == http.StatusUnauthorized
			if permitted == denied {
				t.Errorf("%s as %s: status %d (permitted=%v)", key, who, res.StatusCode, permitted)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for k := range policy {
		if !seen[k] {
			t.Errorf("policy names %s, which is not a route", k)
		}
	}
	// Refusals are audited.
	entries, err := a.store.ListAudit(context.Background(), store.AuditFilter{ObjectType: "route"})
	if err != nil || len(entries) == 0 {
		t.Errorf("no audit row for refused requests: %v", err)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestGetRequestsChangeNothing(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	ctx := context.Background()
	mgr, _ := a.login("m@example.com", auth.Admin)
	owner := a.user("o@example.com", auth.Procurement)
	ev, _ := a.store.CreateEvaluation(ctx, owner.Actor(), "Reads")
	qs, err := quote.ReadCSV(strings.NewReader("provider,rental_model,currency\nAcme,on_demand,USD\n"))
	if err != nil {
		t.Fatal(err)
	}
	q, err := a.store.CreateQuote(ctx, owner.Actor(), ev.ID, qs[0])
	if err != nil {
		t.Fatal(err)
	}
	checksum := func() string {
		var sum string
		err := a.pool.QueryRow(ctx, `SELECT md5(
			(SELECT coalesce(string_agg(e::text, ',' ORDER BY id), '') FROM evaluations e) ||
			(SELECT coalesce(string_agg(b::text, ',' ORDER BY evaluation_id), '') FROM briefs b) ||
			(SELECT coalesce(string_agg(u::text, ',' ORDER BY id), '') FROM users u) ||
			(SELECT coalesce(string_agg(q::text, ',' ORDER BY id), '') FROM quotes q) ||
			(SELECT count(*)::text FROM audit_events))`).Scan(&sum)
		if err != nil {
			t.Fatal(err)
		}
		return sum
	}
	before := checksum()
	for route := range policy {
		method, path, _ := strings.Cut(route, " ")
		if method != http.MethodGet {
			continue
		}
		path = strings.NewReplacer("{id}", itoa(ev.ID), "*", "app.css").Replace(path)
		if strings.HasPrefix(path, "/quotes/") {
			path = strings.Replace(path, itoa(ev.ID), itoa(q.ID), 1)
		}
		for range 2 {
			if res := mgr.get(path); res.StatusCode >= 500 {
				t.Errorf("GET %s: %d", path, res.StatusCode)
			}
		}
	}
	if after := checksum(); after != before {
		t.Errorf("GET requests changed the database")
	}
}

func TestHostileInputIsEscapedAndStoredVerbatim(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c, _ := a.login("x@example.com", auth.Procurement)
	payloads := []string{`<script>alert(1)</script>`, `"><img src=x onerror=alert(2)>`, `'; DROP TABLE users; --`}
	for _, p := range payloads {
		wantStatus(t, c.post("/evaluations", url.Values{"name": {p}}), http.StatusSeeOther)
	}
	d := doc(t, c.get("/evaluations"))
	if n := d.Find("script:not([src]), img, [onerror]").Length(); n != 0 {
		t.Errorf("hostile input became %d elements", n)
	}
	if got := d.Find("[data-testid=evaluations] a").Text(); !strings.Contains(got, payloads[0]) {
		t.Errorf("names not shown as text: %q", got)
	}
	list, err := a.store.ListEvaluations(context.Background(), false)
	if err != nil || len(list) != 3 {
		t.Fatalf("evaluations: %v %v", len(list), err)
	}
	for _, e := range list {
		if !contains(payloads, e.Name) {
			t.Errorf("stored %q, not verbatim", e.Name)
		}
	}
}

// TestTemplatesAvoidUnsafeConstructs bans the templ escapes that bypass
// output encoding (reference checklist E2) and SQL built with Sprintf (Q1).
func TestTemplatesAvoidUnsafeConstructs(t *testing.T) {
	banned := regexp.MustCompile(`templ\.(SafeURL|Raw|SafeCSS|JSUnsafeFuncCall)\(|\{ *[a-zA-Z_.]+\.\.\. *\}`)
	files, _ := filepath.Glob("views/*.templ")
	if len(files) == 0 {
		t.Fatal("no templates found")
	}
	for _, f := range files {
		b, _ := os.ReadFile(f)
		for i, line := range strings.Split(string(b), "\n") {
			if banned.MatchString(line) && !strings.Contains(line, "{ children... }") {
				t.Errorf("%s:%d: %s", f, i+1, strings.TrimSpace(line))
			}
		}
	}
	sqlSprintf := regexp.MustCompile(`(Query|QueryRow|Exec)\([^)]*Sprintf`)
	goFiles, _ := filepath.Glob("../internal/store/*.go")
	for _, f := range goFiles {
		b, _ := os.ReadFile(f)
		if sqlSprintf.Match(b) {
			t.Errorf("%s builds SQL with Sprintf", f)
		}
	}
}

func TestDatabaseDownFailsClosedWithAGenericError(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c, _ := a.login("d@example.com", auth.Manager)
	a.pool.Close()
	res := c.get("/healthz")
	wantStatus(t, res, http.StatusServiceUnavailable)
	// With no database the session cannot be checked: refused, and told
	// why (503), not sent to sign in again.
	wantStatus(t, c.get("/evaluations"), http.StatusServiceUnavailable)
	res = a.client().post("/login", url.Values{"email": {"d@example.com"}, "password": {testPassword}})
	wantStatus(t, res, http.StatusServiceUnavailable)
	if b := body(t, res); strings.Contains(b, "SQLSTATE") || strings.Contains(b, "pool") || strings.Contains(b, "pgx") {
		t.Errorf("error page leaks internals: %.300s", b)
	}
}

// TestHostileVendorTextIsEscapedEverywhere puts script into every text
// term of a quote and renders each page that shows quotes (checklist E1).
func TestHostileVendorTextIsEscapedEverywhere(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c, u := a.login("x@example.com", auth.Manager)
	ev, _ := a.store.CreateEvaluation(context.Background(), u.Actor(), "XSS")
	payload := `"><script>alert(1)</script><img src=x onerror=alert(2)>`
	csvPayload := `"` + strings.ReplaceAll(payload, `"`, `""`) + `"`
	qs, err := quote.ReadCSV(strings.NewReader("provider,rental_model,currency,gpu_model,notes,support_terms\n" +
		csvPayload + ",on_demand,USD," + csvPayload + "," + csvPayload + "," + csvPayload + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	q, err := a.store.CreateQuote(context.Background(), u.Actor(), ev.ID, qs[0])
	if err != nil {
		t.Fatal(err)
	}
	base := "/evaluations/" + itoa(ev.ID)
	for _, path := range []string{base, base + "/quotes", base + "/worksheet", base + "/decision", base + "/decision/memo",
		"/quotes/" + itoa(q.ID), "/quotes/" + itoa(q.ID) + "/questions", "/quotes/" + itoa(q.ID) + "/edit", "/audit"} {
		res := c.get(path)
		wantStatus(t, res, http.StatusOK)
		d := doc(t, res)
		if n := d.Find("script:not([src]), img[src=x], [onerror]").Length(); n != 0 {
			t.Errorf("%s: hostile text became %d elements", path, n)
		}
	}
	if !strings.Contains(doc(t, c.get(base+"/worksheet")).Find("[data-testid=worksheet-notice]").Text(), "cannot be costed") {
		t.Errorf("a quote the model cannot price must be named, not fail the page")
	}
	res := c.get(base + "/worksheet/sensitivity.svg")
	if strings.Contains(body(t, res), "<script") {
		t.Errorf("the chart carries raw script")
	}
}
