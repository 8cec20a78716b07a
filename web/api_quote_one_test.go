package web_test

import (
	"context"
	"net/http"
	"strconv"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// GET /api/v1/quotes/{id} is the quote as the list shows it; PATCH
// revises the given CSV columns through the HTML form's use case: 200
// with the new revision, 409 on a stale version, 422 naming the fields,
// 403 for a role that cannot edit quotes.
func TestQuoteJSONTwinReadsAndRevises(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, tok := analysedEvaluation(t, a)
	_, list := a.api(tok, "GET", "/api/v1/evaluations/"+id+"/quotes", "")
	first := list["quotes"].([]any)[0].(map[string]any)
	qid := strconv.FormatFloat(first["id"].(float64), 'f', 0, 64)
	path := "/api/v1/quotes/" + qid
	res, one := a.api(tok, "GET", path, "")
	wantStatus(t, res, http.StatusOK)
	if jsonText(one) != jsonText(first) {
		t.Errorf("GET %s\n%s\nlist\n%s", path, jsonText(one), jsonText(first))
	}
	v := int(one["version"].(float64))

	res, out := a.api(tok, "PATCH", path, `{"version":`+strconv.Itoa(v)+`,"terms":{"price_per_gpu_hour":"3.10","upfront":"refused"}}`)
	wantStatus(t, res, http.StatusOK)
	terms := out["terms"].(map[string]any)
	if out["version"] != float64(v+1) || terms["price_per_gpu_hour"].(map[string]any)["value"] != "3.1" ||
		terms["upfront"].(map[string]any)["state"] != "refused" {
		t.Errorf("revised %v", out)
	}
	if terms["provider"].(map[string]any)["value"] != first["terms"].(map[string]any)["provider"].(map[string]any)["value"] {
		t.Errorf("a term not given changed: %v", terms["provider"])
	}
	// The revision is the one the HTML form makes: a new revision row.
	n, err := a.store.Revisions(context.Background(), int64(first["id"].(float64)))
	if err != nil || len(n) != v+1 {
		t.Errorf("revisions %d (%v), want %d", len(n), err, v+1)
	}

	res, out = a.api(tok, "PATCH", path, `{"version":`+strconv.Itoa(v)+`,"terms":{"price_per_gpu_hour":"2"}}`)
	wantStatus(t, res, http.StatusConflict)
	if out["code"] != "conflict" || out["current"].(map[string]any)["version"] != float64(v+1) {
		t.Errorf("stale version: %v", out)
	}
	for body, field := range map[string]string{
		`{"version":` + strconv.Itoa(v+1) + `,"terms":{"nodes":"many"}}`:                 "terms.nodes",
		`{"version":` + strconv.Itoa(v+1) + `,"terms":{"price_per_gpu_hour":"1e12"}}`:    "terms.price_per_gpu_hour",
		`{"version":` + strconv.Itoa(v+1) + `,"terms":{"price_per_gpu_hour":"2000000"}}`: "terms.price_per_gpu_hour",
		`{"version":` + strconv.Itoa(v+1) + `,"terms":{"colour":"blue"}}`:                "terms.colour",
		`{"version":` + strconv.Itoa(v+1) + `,"terms":{"provider":""}}`:                  "terms.provider",
		`{"terms":{"nodes":"2"}}`: "version",
	} {
		res, out := a.api(tok, "PATCH", path, body)
		wantStatus(t, res, http.StatusUnprocessableEntity)
		if f, _ := out["fields"].(map[string]any); f[field] == nil {
			t.Errorf("%s: no error on %s: %v", body, field, out)
		}
	}
	_, after := a.api(tok, "GET", path, "")
	if after["version"] != float64(v+1) {
		t.Errorf("a refused PATCH saved: version %v", after["version"])
	}
	eng := a.token("twin-eng@example.com", auth.Engineer)
	res, _ = a.api(eng, "PATCH", path, `{"version":`+strconv.Itoa(v+1)+`,"terms":{"nodes":"2"}}`)
	wantStatus(t, res, http.StatusForbidden)
	res, _ = a.api(tok, "GET", "/api/v1/quotes/999999", "")
	wantStatus(t, res, http.StatusNotFound)
}
