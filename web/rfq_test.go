package web_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/gpuquote/gpuquote/internal/account"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/web"
)

// testClock is a settable clock for deadlines.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *testClock) add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// round is a sourcing round opened through the API.
type round struct {
	a        *app
	buyer    string // procurement API token
	evalID   string
	rfqID    string
	tokens   []string // the vendors' link tokens
	invIDs   []string
	deadline time.Time
}

func num(v any) string {
	if f, ok := v.(float64); ok {
		return itoa(int64(f))
	}
	return ""
}

// openRound creates an evaluation and a round with two vendors.
func openRound(t *testing.T, clk *testClock, cfg ...func(*web.Config)) *round {
	t.Helper()
	a := newClockApp(t, clk.now, cfg...)
	rd := &round{a: a, buyer: a.token("buyer@example.com", auth.Procurement), deadline: clk.now().Add(48 * time.Hour)}
	res, out := a.api(rd.buyer, http.MethodPost, "/api/v1/evaluations", `{"name":"Sourcing"}`)
	wantStatus(t, res, http.StatusCreated)
	rd.evalID = num(out["id"])
	dl := rd.deadline.In(time.FixedZone("", 3600)).Format(time.RFC3339)
	res, out = a.api(rd.buyer, http.MethodPost, "/api/v1/evaluations/"+rd.evalID+"/rfqs", `{"deadline":"`+dl+`","note":"Please quote",
		"vendors":[{"company":"Alpha GPU","contact":"Ann","email":"ann@alpha.example","language":"en"},
		{"company":"Beta Cloud","contact":"Boris","email":"boris@beta.example","language":"ru"}]}`)
	wantStatus(t, res, http.StatusCreated)
	rd.rfqID = num(out["rfq"].(map[string]any)["id"])
	for _, x := range out["invitations"].([]any) {
		inv := x.(map[string]any)
		rd.tokens = append(rd.tokens, inv["token"].(string))
		rd.invIDs = append(rd.invIDs, num(inv["id"]))
		if !strings.HasSuffix(inv["link"].(string), "/v/"+inv["token"].(string)) {
			t.Errorf("link %v does not carry the token", inv["link"])
		}
	}
	return rd
}

// vendorCSV is one row of the example file: header + the fully stated quote.
func vendorCSV(t *testing.T, price string) string {
	t.Helper()
	b, err := os.ReadFile(exampleCSV)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitN(string(b), "\n", 3)
	return lines[0] + "\n" + strings.Replace(lines[1], ",2.95,", ","+price+",", 1) + "\n"
}

func (rd *round) vendor(i int, method, path, body string, headers ...string) (*http.Response, map[string]any) {
	return rd.a.api(rd.tokens[i], method, path, body, headers...)
}

func TestVendorTokenReachesNoInternalRoute(t *testing.T) {
	t.Parallel()
	clk := &testClock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	rd := openRound(t, clk)
	a := rd.a
	res, _ := rd.vendor(1, http.MethodPut, "/api/v1/vendor/quote", vendorCSV(t, "3.10"), "Content-Type", "text/csv")
	wantStatus(t, res, http.StatusOK)
	res, _ = rd.vendor(1, http.MethodPost, "/api/v1/vendor/questions", `{"text":"Is the fabric non-blocking, and what is our secret discount?"}`)
	wantStatus(t, res, http.StatusCreated)

	routes := web.NewServer(web.Config{Evaluations: evaluation.New(a.store), Accounts: account.New(a.store)}).(chi.Routes)
	ids := []string{rd.evalID, rd.rfqID, rd.invIDs[0], rd.invIDs[1], "1"}
	err := chi.Walk(routes, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		if strings.HasPrefix(route, "/api/v1/vendor/") || strings.HasPrefix(route, "/v/") || publicRoute(route) {
			return nil
		}
		for _, id := range ids {
			path := strings.NewReplacer("{id}", id, "*", "x").Replace(route)
			for _, how := range []string{"bearer", "cookie"} {
				req, _ := http.NewRequest(method, a.srv.URL+path, strings.NewReader(`{}`))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Sec-Fetch-Site", "same-origin")
				if how == "bearer" {
					req.Header.Set("Authorization", "Bearer "+rd.tokens[0])
				} else {
					req.AddCookie(&http.Cookie{Name: "gq_vendor", Value: rd.tokens[0]})
				}
				resp, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Do(req)
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				switch resp.StatusCode {
				case http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusSeeOther:
					if resp.StatusCode == http.StatusSeeOther && !strings.HasPrefix(resp.Header.Get("Location"), "/login") {
						t.Errorf("%s %s (%s): redirected to %s", method, path, how, resp.Header.Get("Location"))
					}
				default:
					t.Errorf("%s %s with a vendor token (%s): status %d", method, path, how, resp.StatusCode)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The vendor's own view names no other vendor, question or price.
	res, out := rd.vendor(0, http.MethodGet, "/api/v1/vendor/rfq", "")
	wantStatus(t, res, http.StatusOK)
	raw, _ := json.Marshal(out)
	for _, leak := range []string{"Beta", "boris", "secret discount", "3.1"} {
		if strings.Contains(string(raw), leak) {
			t.Errorf("vendor A's view shows %q: %s", leak, raw)
		}
	}
	// A published answer reaches vendor A without naming who asked.
	buyer, _ := a.login("answerer@example.com", auth.Procurement)
	d := doc(t, buyer.get("/rfqs/"+rd.rfqID))
	action, _ := d.Find(`[data-testid="rfq-question"] form`).Attr("action")
	wantStatus(t, buyer.post(action, url.Values{"answer": {"Nothing is secret here."}}), http.StatusSeeOther)
	_, out = rd.vendor(0, http.MethodGet, "/api/v1/vendor/rfq", "")
	raw, _ = json.Marshal(out)
	if !strings.Contains(string(raw), "Nothing is secret here.") || strings.Contains(string(raw), "Beta") || strings.Contains(string(raw), "boris") {
		t.Errorf("published answer as vendor A sees it: %s", raw)
	}
	// An unknown or revoked token: 401, with no hint which.
	res, _ = a.api("not-a-token-at-all-xxxxxxxxxx", http.MethodGet, "/api/v1/vendor/rfq", "")
	wantStatus(t, res, http.StatusUnauthorized)
	// A user's API token is not an invitation.
	res, _ = a.api(rd.buyer, http.MethodGet, "/api/v1/vendor/rfq", "")
	wantStatus(t, res, http.StatusUnauthorized)
}

// publicRoute: routes anyone may call, which the test leaves out.
func publicRoute(route string) bool {
	switch route {
	case "/healthz", "/static/*", "/favicon.ico", "/login", "/language":
		return true
	}
	return false
}

func TestRoundSealedThenOpenedAtTheDeadline(t *testing.T) {
	t.Parallel()
	clk := &testClock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	rd := openRound(t, clk)
	a := rd.a
	for i, price := range []string{"2.40", "3.10"} {
		res, out := rd.vendor(i, http.MethodPut, "/api/v1/vendor/quote", vendorCSV(t, price), "Content-Type", "text/csv")
		wantStatus(t, res, http.StatusOK)
		if _, ok := out["draft"].(map[string]any)["flags"].([]any); !ok {
			t.Fatalf("draft without flags: %v", out)
		}
	}
	res, _ := rd.vendor(0, http.MethodPost, "/api/v1/vendor/quote/submit", `{}`)
	wantStatus(t, res, http.StatusCreated)
	// JSON terms, with a term the codec refuses: 422 naming it.
	res, out := rd.vendor(1, http.MethodPut, "/api/v1/vendor/quote", `{"terms":{"rental_model":"reserved","gpu_model":"H100","currency":"USD","nodes":"many"}}`)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if _, ok := out["fields"].(map[string]any)["nodes"]; !ok {
		t.Errorf("422 does not name the bad term: %v", out)
	}
	res, _ = rd.vendor(1, http.MethodPost, "/api/v1/vendor/quote/submit", `{}`)
	wantStatus(t, res, http.StatusCreated)

	// Sealed: the buyer sees who submitted, not what.
	res, out = a.api(rd.buyer, http.MethodGet, "/api/v1/evaluations/"+rd.evalID+"/quotes", "")
	wantStatus(t, res, http.StatusOK)
	if qs := out["quotes"].([]any); len(qs) != 0 {
		t.Fatalf("quotes before the deadline: %v", qs)
	}
	if sr := out["sealed_rounds"].([]any); len(sr) != 1 || sr[0].(map[string]any)["submitted"] != 2.0 {
		t.Errorf("the quote list does not say two vendors submitted: %v", out["sealed_rounds"])
	}
	_, out = a.api(rd.buyer, http.MethodGet, "/api/v1/rfqs/"+rd.rfqID, "")
	raw, _ := json.Marshal(out)
	if !strings.Contains(string(raw), `"status":"submitted"`) || strings.Contains(string(raw), "2.4") || strings.Contains(string(raw), "3.1") {
		t.Errorf("round before the deadline: %s", raw)
	}
	// One second past the deadline: refused with the reason, draft kept.
	clk.add(48*time.Hour + time.Second)
	res, out = rd.vendor(1, http.MethodPost, "/api/v1/vendor/quote/submit", `{}`)
	wantStatus(t, res, http.StatusConflict)
	if out["code"] != "past_deadline" || out["error"] == "" {
		t.Errorf("refusal without its reason: %v", out)
	}
	// After it: each submission is a quote, with its flags.
	res, out = a.api(rd.buyer, http.MethodGet, "/api/v1/evaluations/"+rd.evalID+"/quotes", "")
	wantStatus(t, res, http.StatusOK)
	qs := out["quotes"].([]any)
	if len(qs) != 2 {
		t.Fatalf("quotes after the deadline: %d", len(qs))
	}
	first := qs[0].(map[string]any)
	if first["provider"].(map[string]any)["name"] != "Alpha GPU" || first["terms"].(map[string]any)["price_per_gpu_hour"].(map[string]any)["value"] != "2.4" {
		t.Errorf("first quote: %v", first)
	}
	if _, ok := first["flags"].([]any); !ok {
		t.Errorf("quote without flags: %v", first)
	}
	if src, _ := first["source"].([]any); len(src) != 1 || src[0].(map[string]any)["vendor"] != "Alpha GPU" || src[0].(map[string]any)["submission_revision"] != 1.0 {
		t.Errorf("quote without its provenance: %v", first["source"])
	}
	_, out = a.api(rd.buyer, http.MethodGet, "/api/v1/rfqs/"+rd.rfqID, "")
	if out["rfq"].(map[string]any)["sealed"] != false {
		t.Errorf("round still sealed after its deadline: %v", out)
	}
	// The vendor's actions are in the audit log, without prices.
	entries, _ := a.store.ListAudit(context.Background(), storeFilterVendor())
	if len(entries) == 0 {
		t.Errorf("no audit rows for the vendors' actions")
	}
}

func TestOpenEarlyNeedsAManagerAndAReason(t *testing.T) {
	t.Parallel()
	clk := &testClock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	rd := openRound(t, clk)
	a := rd.a
	res, _ := a.api(rd.buyer, http.MethodPost, "/api/v1/rfqs/"+rd.rfqID+"/open", `{"reason":"hurry"}`)
	wantStatus(t, res, http.StatusForbidden)
	mgr := a.token("m@example.com", auth.Manager)
	res, _ = a.api(mgr, http.MethodPost, "/api/v1/rfqs/"+rd.rfqID+"/open", `{"reason":"  "}`)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	res, _ = a.api(mgr, http.MethodPost, "/api/v1/rfqs/"+rd.rfqID+"/open", `{"reason":"board meets tomorrow"}`)
	wantStatus(t, res, http.StatusOK)
	res, _ = a.api(mgr, http.MethodPost, "/api/v1/rfqs/"+rd.rfqID+"/open", `{"reason":"again"}`)
	wantStatus(t, res, http.StatusConflict)
	res, _ = rd.vendor(0, http.MethodPut, "/api/v1/vendor/quote", vendorCSV(t, "2.40"), "Content-Type", "text/csv")
	wantStatus(t, res, http.StatusOK)
	res, _ = rd.vendor(0, http.MethodPost, "/api/v1/vendor/quote/submit", `{}`)
	wantStatus(t, res, http.StatusConflict)
}

func storeFilterVendor() store.AuditFilter { return store.AuditFilter{ObjectType: "rfq_invitation"} }
