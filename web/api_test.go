package web_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/auth"
)

func (a *app) api(token, method, path, body string, headers ...string) (*http.Response, map[string]any) {
	a.t.Helper()
	req, _ := http.NewRequest(method, a.srv.URL+path, strings.NewReader(body))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, raw := a.send(req)
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	return res, out
}

// send does an API request and checks the response against the OpenAPI
// document: every API response a test receives must match the reference.
func (a *app) send(req *http.Request) (*http.Response, []byte) {
	a.t.Helper()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		a.t.Fatal(err)
	}
	if err := checkAgainstOpenAPI(req, res, raw); err != nil {
		a.t.Error(err)
	}
	return res, raw
}

func (a *app) token(email string, role auth.Role) string {
	a.t.Helper()
	u := a.user(email, role)
	tok, _, err := a.store.CreateToken(context.Background(), audit.Actor{Email: "test"}, u, "test")
	if err != nil {
		a.t.Fatal(err)
	}
	return tok
}

func TestAPIEvaluationsAndBrief(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	tok := a.token("bot@example.com", auth.Procurement)
	eng := a.token("eng@example.com", auth.Engineer)

	res, out := a.api("", "GET", "/api/v1/evaluations", "")
	if res.StatusCode != 401 || out["error"] == nil {
		t.Fatalf("anonymous: %d %v", res.StatusCode, out)
	}
	res, _ = a.api("gq_not-a-token", "GET", "/api/v1/evaluations", "")
	if res.StatusCode != 401 {
		t.Errorf("bad token: %d", res.StatusCode)
	}
	res, _ = a.api(tok, "POST", "/api/v1/evaluations", `{"name":`)
	if res.StatusCode != 400 {
		t.Errorf("malformed JSON: %d", res.StatusCode)
	}
	res, out = a.api(tok, "POST", "/api/v1/evaluations", `{"name":""}`)
	if res.StatusCode != 422 || out["fields"].(map[string]any)["name"] == nil {
		t.Errorf("empty name: %d %v", res.StatusCode, out)
	}
	res, _ = a.api(eng, "POST", "/api/v1/evaluations", `{"name":"by engineer"}`)
	if res.StatusCode != 403 {
		t.Errorf("engineer create: %d", res.StatusCode)
	}
	res, out = a.api(tok, "POST", "/api/v1/evaluations", `{"name":"API eval"}`)
	if res.StatusCode != 201 {
		t.Fatalf("create: %d %v", res.StatusCode, out)
	}
	id := int64(out["id"].(float64))
	path := "/api/v1/evaluations/" + itoa(id)
	res, out = a.api(eng, "GET", path, "")
	if res.StatusCode != 200 || out["name"] != "API eval" {
		t.Errorf("get: %d %v", res.StatusCode, out)
	}
	res, out = a.api(tok, "GET", "/api/v1/evaluations", "")
	if list, _ := out["evaluations"].([]any); res.StatusCode != 200 || len(list) != 1 {
		t.Errorf("list: %d %v", res.StatusCode, out)
	}
	res, out = a.api(tok, "GET", path+"/brief", "")
	if res.StatusCode != 200 || out["version"].(float64) != 1 {
		t.Fatalf("brief: %d %v", res.StatusCode, out)
	}
	res, out = a.api(tok, "PUT", path+"/brief", `{"version":1,"fields":{"node_count":"x","bogus":"1","gpus_per_node":8}}`, "Accept-Language", "ru")
	fields, _ := out["fields"].(map[string]any)
	if res.StatusCode != 422 || fields["node_count"] == nil || fields["bogus"] == nil {
		t.Fatalf("bad brief: %d %v", res.StatusCode, out)
	}
	if msg, _ := fields["node_count"].(string); !strings.ContainsAny(msg, "абвгдеёжзийклмнопрстуфхцчшщыэюя") {
		t.Errorf("messages must follow Accept-Language: %q", msg)
	}
	res, out = a.api(tok, "PUT", path+"/brief", `{"version":1,"fields":{"node_count":4,"gpus_per_node":"8","single_placement_group":true,"acceptable_gpus":["h100_sxm","b200"]}}`)
	if res.StatusCode != 200 || out["version"].(float64) != 2 {
		t.Fatalf("put: %d %v", res.StatusCode, out)
	}
	f := out["fields"].(map[string]any)
	if f["node_count"] != "4" || f["single_placement_group"] != "yes" || f["acceptable_gpus"] != "h100_sxm,b200" {
		t.Errorf("fields: %v", f)
	}
	res, out = a.api(tok, "PUT", path+"/brief", `{"version":1,"fields":{}}`)
	if res.StatusCode != 409 || out["current"] == nil {
		t.Errorf("stale put: %d %v", res.StatusCode, out)
	}
	res, _ = a.api(tok, "GET", "/api/v1/evaluations/999999", "")
	if res.StatusCode != 404 {
		t.Errorf("missing: %d", res.StatusCode)
	}
}

func TestRevokedTokenStopsWorking(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c, u := a.login("owner@example.com", auth.Engineer)
	tok, rec, err := a.store.CreateToken(context.Background(), u.Actor(), u, "ci")
	if err != nil {
		t.Fatal(err)
	}
	if res, _ := a.api(tok, "GET", "/api/v1/evaluations", ""); res.StatusCode != 200 {
		t.Fatalf("fresh token: %d", res.StatusCode)
	}
	other, _ := a.login("other@example.com", auth.Engineer)
	wantStatus(t, other.post("/tokens/"+itoa(rec.ID)+"/revoke", nil), http.StatusForbidden)
	wantStatus(t, c.post("/tokens/"+itoa(rec.ID)+"/revoke", nil), http.StatusSeeOther)
	if res, _ := a.api(tok, "GET", "/api/v1/evaluations", ""); res.StatusCode != 401 {
		t.Errorf("revoked token: %d", res.StatusCode)
	}
	res := c.post("/tokens", map[string][]string{"name": {"laptop"}})
	wantStatus(t, res, http.StatusCreated)
	shown := doc(t, res).Find("[data-testid=new-token]").Text()
	if r, _ := a.api(shown, "GET", "/api/v1/evaluations", ""); r.StatusCode != 200 {
		t.Errorf("token created on the profile page does not work: %d", r.StatusCode)
	}
}
