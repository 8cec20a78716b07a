package web_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// TestOpenAPICheckCatchesDrift proves the response check in (*app).api
// can fail: a wrong field type, an undocumented status, a money amount as
// a number and an undocumented route with a 200 are each refused.
func TestOpenAPICheckCatchesDrift(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, method, path string
		status             int
		body               string
		ok                 bool
	}{
		{"documented", "GET", "/api/v1/evaluations", 200, `{"evaluations":[],"page":1,"per_page":50,"pages":1,"total":0,"next":null}`, true},
		{"error shape", "GET", "/api/v1/evaluations/7", 404, `{"error":"Not found.","code":"not_found"}`, true},
		{"wrong type", "GET", "/api/v1/evaluations", 200, `{"evaluations":[{"id":"7"}]}`, false},
		{"status not documented", "GET", "/api/v1/evaluations", 418, `{"error":"teapot"}`, false},
		{"error without message", "GET", "/api/v1/evaluations/7", 404, `{"code":"not_found"}`, false},
		{"money as a number", "GET", "/api/v1/evaluations/7/worksheet", 200,
			`{"currency":"USD","unit":"GPU-hour","quotes":[{"quote_id":1,"provider":"p","rental_model":"on_demand","committed":false,"lines":[],` +
				`"tco":{"amount":12.5,"currency":"USD"},"tco_low":{"amount":"1","currency":"USD"},"tco_high":{"amount":"1","currency":"USD"},` +
				`"incomplete":false,"missing":[],"cost_per_unit":{"amount":"1","currency":"USD"},"units_per_month":1}],"best":{},"skipped_without_fx":[],"left_out":[]}`, false},
		{"route not documented", "GET", "/api/v1/secret", 200, `{}`, false},
		{"unknown route refused", "GET", "/api/v1/secret", 404, `{"error":"Not found."}`, true},
	}
	for _, c := range cases {
		req := httptest.NewRequest(c.method, "http://127.0.0.1:1"+c.path, nil)
		res := &http.Response{StatusCode: c.status, Header: http.Header{"Content-Type": {"application/json; charset=utf-8"}}}
		err := checkAgainstOpenAPI(req, res, []byte(c.body))
		if (err == nil) != c.ok {
			t.Errorf("%s: check answered %v, want ok=%v", c.name, err, c.ok)
		}
	}
}

// TestOpenAPIServedAndRendered: the document is served as OpenAPI 3.1 JSON
// to a token, and the reference page renders it from the profile's link.
func TestOpenAPIServedAndRendered(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	tok := a.token("reader@example.com", auth.Engineer)
	res, out := a.api(tok, "GET", "/api/v1/openapi.json", "")
	if res.StatusCode != 200 || out["openapi"] != "3.1.0" {
		t.Fatalf("openapi.json: %d %v", res.StatusCode, out["openapi"])
	}
	paths, _ := out["paths"].(map[string]any)
	if paths["/api/v1/evaluations/{id}/quotes/import"] == nil || paths["/api/v1/quotes/{id}/benchmarks"] == nil {
		t.Errorf("served document lacks the import or upload route: %d paths", len(paths))
	}
	if res, _ := a.api("", "GET", "/api/v1/openapi.json", ""); res.StatusCode != 401 {
		t.Errorf("anonymous openapi.json: %d, want 401 like the rest of the API", res.StatusCode)
	}
	c, _ := a.login("page@example.com", auth.Procurement)
	if res := c.get("/api/v1/openapi.json"); res.StatusCode != 200 {
		t.Errorf("signed-in session reading openapi.json (the page links it): %d", res.StatusCode)
	}
	profile := c.get("/profile")
	wantStatus(t, profile, 200)
	href, _ := doc(t, profile).Find("[data-testid=api-reference-link]").Attr("href")
	if href != "/api-reference" {
		t.Fatalf("profile links the reference at %q", href)
	}
	req, _ := http.NewRequest(http.MethodGet, a.srv.URL+href, nil)
	req.Header.Set("Accept-Language", "ru")
	page := c.do(req)
	wantStatus(t, page, 200)
	d := doc(t, page)
	ops := d.Find("[data-testid=api-operation]")
	if ops.Length() != len(documentedAPI(t)) {
		t.Errorf("page shows %d operations, document has %d", ops.Length(), len(documentedAPI(t)))
	}
	if !strings.Contains(d.Find("#op-importQuotes").Text(), "POST /api/v1/evaluations/{id}/quotes/import") {
		t.Errorf("import operation missing or misnamed on the page")
	}
	if !strings.Contains(d.Find("#schema-Money").Text(), "amount") || d.Find("h1").Text() != "Справочник API" {
		t.Errorf("Money schema or translated title missing: %q", d.Find("h1").Text())
	}
	d.Find("script[src], link[href]").Each(func(_ int, sel *goquery.Selection) {
		if src := sel.AttrOr("src", sel.AttrOr("href", "")); !strings.HasPrefix(src, "/static/") {
			t.Errorf("the reference page loads %q from elsewhere", src)
		}
	})
}

var benchItems = 100

// BenchmarkOpenAPICheck is the cost the response check adds to each API
// test call, on a list of 100 evaluations (each with its completeness).
//
//	go test ./web/ -run '^$' -bench OpenAPICheck -benchtime 200x
func BenchmarkOpenAPICheck(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`{"evaluations":[`)
	for i := range benchItems {
		if i > 0 {
			sb.WriteString(",")
		}
		sb.WriteString(`{"id":` + itoa(int64(i+1)) + `,"name":"Eval","archived":false,"created_by":1,"owner":"bot","created_at":"2026-01-02T03:04:05Z",` +
			`"updated_at":"2026-01-02T03:04:05Z","version":1,"status":"draft","completeness":{"percent":40,"filled":8,"total":20,` +
			`"sections":{"workload":50,"cluster":30},"ready_to_reserve":false,"required":["node_count"],"missing":["node_count","fabric"]}}`)
	}
	sb.WriteString(`]}`)
	body := []byte(sb.String())
	req := httptest.NewRequest("GET", "http://127.0.0.1:1/api/v1/evaluations", nil)
	res := &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"application/json"}}}
	if err := checkAgainstOpenAPI(req, res, body); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		if err := checkAgainstOpenAPI(req, res, body); err != nil {
			b.Fatal(err)
		}
	}
}
