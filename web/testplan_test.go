package web_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/store"
)

func TestTestPlanAPIAndEvidenceTokenScope(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	q := benchQuote(t, a)
	var other store.StoredQuote
	t.Run("other", func(t *testing.T) { other = benchQuote(t, a) })
	eng := a.token("eng@example.com", auth.Engineer)
	proc := a.token("proc@example.com", auth.Procurement)

	res, out := a.api(eng, "GET", "/api/v1/quotes/"+itoa(q.ID)+"/test-plan", "")
	wantStatus(t, res, 200)
	steps, _ := out["steps"].([]any)
	if len(steps) < 8 || out["nodes"] != float64(2) || out["fabric"] != "efa" {
		t.Fatalf("plan: %d steps, %v", len(steps), out)
	}
	first := steps[0].(map[string]any)
	if first["band_text"] == "" || first["shell"] != "nvidia-smi -q" {
		t.Errorf("first step %v", first)
	}

	// Procurement does not upload, so it cannot mint an upload token.
	res, _ = a.api(proc, "POST", "/api/v1/quotes/"+itoa(q.ID)+"/evidence-tokens", `{"days": 3}`)
	wantStatus(t, res, 403)
	res, out = a.api(eng, "POST", "/api/v1/quotes/"+itoa(q.ID)+"/evidence-tokens", `{"days": 31}`)
	wantStatus(t, res, 422)
	if f, _ := out["fields"].(map[string]any); f["days"] == nil {
		t.Errorf("31 days: %v", out)
	}
	res, out = a.api(eng, "POST", "/api/v1/quotes/"+itoa(q.ID)+"/evidence-tokens", `{"days": 3}`)
	wantStatus(t, res, 201)
	tok, _ := out["token"].(string)
	cmd, _ := out["command"].(string)
	expires, _ := time.Parse(time.RFC3339, out["expires_at"].(string))
	if !strings.HasPrefix(tok, "gq_") || !strings.Contains(cmd, "gpuquote collect --server "+a.srv.URL) ||
		!strings.Contains(cmd, "--token "+tok) || !strings.HasSuffix(cmd, "--quote "+itoa(q.ID)) {
		t.Errorf("token %q command %q", tok, cmd)
	}
	if d := time.Until(expires); d < 71*time.Hour || d > 73*time.Hour {
		t.Errorf("expires in %v, want 3 days", d)
	}

	// The evidence token: its quote's plan and uploads, nothing else.
	res, _ = a.api(tok, "GET", "/api/v1/quotes/"+itoa(q.ID)+"/test-plan", "")
	wantStatus(t, res, 200)
	run := map[string]any{"step": "nvidia-smi-L", "test": "gpu_health", "hosts": []string{"gpu-a"}, "command": "nvidia-smi -L",
		"start": "2026-12-01T10:00:00Z", "end": "2026-12-01T10:00:01Z", "exit": 0, "tool_version": "NVIDIA-SMI 550.54.15"}
	raw, _ := json.Marshal(run)
	res, out = a.apiUpload(tok, q.ID, "nvidia-smi-L.gpu-a.log", sampleLog(t, "nvidia-smi/h100-8gpu-table-550.txt"), map[string]string{"run": string(raw)})
	wantStatus(t, res, 201)
	meta := out["benchmark"].(map[string]any)["metadata"].(map[string]any)
	if r, _ := meta["run"].(map[string]any); r["step"] != "nvidia-smi-L" || meta["run_date"] != "2026-12-01" {
		t.Errorf("stored run metadata %v", meta)
	}
	res, out = a.api(tok, "GET", "/api/v1/quotes/"+itoa(q.ID)+"/test-plan", "")
	wantStatus(t, res, 200)
	if up, _ := out["uploaded"].([]any); len(up) != 1 || up[0].(map[string]any)["step"] != "nvidia-smi-L" {
		t.Errorf("uploaded runs %v", out["uploaded"])
	}
	refusedElsewhere(t, a, tok, q.ID, other.ID)
	res, _ = a.apiUpload(tok, other.ID, "x.log", sampleLog(t, "nvidia-smi/h100-8gpu-table-550.txt"), nil)
	wantStatus(t, res, 403)

	bad := map[string]string{"run": `{"step":"x","hosts":[],"command":"y","start":"2026-12-01T10:00:00Z","end":"2026-12-01T09:00:00Z","exit":0}`}
	res, out = a.apiUpload(tok, q.ID, "topo.log", sampleLog(t, "topo/h100-8gpu-nv18-no-nics.txt"), bad)
	if res.StatusCode != 422 || out["fields"].(map[string]any)["run"] == nil {
		t.Errorf("a bad run record: %d %v", res.StatusCode, out)
	}
}

func TestTestPlanPageScriptAndOneClickToken(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	q := benchQuote(t, a)
	c, _ := a.login("eng-page@example.com", auth.Engineer)
	res := c.get("/quotes/" + itoa(q.ID))
	page := body(t, res)
	if !strings.Contains(page, `data-testid="test-plan-link"`) || !strings.Contains(page, `data-testid="quote-evidence-token"`) {
		t.Fatal("the quote page has no test plan link or evidence button")
	}
	res = c.get("/quotes/" + itoa(q.ID) + "/test-plan")
	wantStatus(t, res, 200)
	d := doc(t, res)
	if n := d.Find(`[data-testid="plan-steps"] tbody tr`).Length(); n < 8 {
		t.Errorf("%d plan rows", n)
	}
	if d.Find(`[data-testid="evidence-command"]`).Length() != 0 {
		t.Error("a command shown before a token was created")
	}
	res = c.get("/quotes/" + itoa(q.ID) + "/test-plan.sh")
	script := body(t, res)
	if !strings.HasPrefix(script, "#!/usr/bin/env bash") || !strings.Contains(res.Header.Get("Content-Disposition"), "attachment") ||
		!strings.Contains(script, "all_reduce_perf -b 8 -e 16G -f 2 -g 1") {
		t.Errorf("script %q…", script[:min(len(script), 200)])
	}
	res = c.post("/quotes/"+itoa(q.ID)+"/evidence-tokens", url.Values{})
	wantStatus(t, res, 201)
	cmd := doc(t, res).Find(`[data-testid="evidence-command"]`).Text()
	if !strings.Contains(cmd, "gpuquote collect --server") || !strings.Contains(cmd, "--quote "+itoa(q.ID)) {
		t.Errorf("command %q", cmd)
	}
	tokens, err := a.store.ListTokens(context.Background(), 0)
	if err != nil || len(tokens) != 1 || tokens[0].Scope != auth.ScopeEvidence || tokens[0].QuoteID == nil || *tokens[0].QuoteID != q.ID {
		t.Errorf("tokens %+v %v", tokens, err)
	}
	res = c.post("/quotes/"+itoa(q.ID)+"/evidence-tokens", url.Values{"days": {"0"}})
	wantStatus(t, res, 422)
}

// refusedElsewhere: an evidence token reaches nothing but its quote's plan
// and uploads.
func refusedElsewhere(t *testing.T, a *app, tok string, quoteID, otherID int64) {
	t.Helper()
	q, other := store.StoredQuote{ID: quoteID}, store.StoredQuote{ID: otherID}
	for _, c := range []struct{ method, path string }{
		{"GET", "/api/v1/quotes/" + itoa(other.ID) + "/test-plan"},
		{"GET", "/api/v1/quotes/" + itoa(q.ID) + "/benchmarks"},
		{"GET", "/api/v1/evaluations"},
		{"POST", "/api/v1/quotes/" + itoa(q.ID) + "/evidence-tokens"},
		{"POST", "/api/v1/quotes/" + itoa(q.ID) + "/acceptance"},
		{"GET", "/quotes/" + itoa(q.ID)},
	} {
		// Plain requests: the OpenAPI document states the evidence scope's
		// refusals once, in the security scheme, not on every route.
		req, _ := http.NewRequest(c.method, a.srv.URL+c.path, nil)
		req.Header.Set("Authorization", "Bearer "+tok)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 403 {
			t.Errorf("evidence token %s %s: %d, want 403", c.method, c.path, res.StatusCode)
		}
	}
}

// An evidence token bound to an evaluation reaches every quote of it and
// no other.
func TestEvidenceTokenBoundToAnEvaluation(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	q := benchQuote(t, a)
	var other store.StoredQuote
	t.Run("other", func(t *testing.T) { other = benchQuote(t, a) })
	eng := a.user("eng-eval@example.com", auth.Engineer)
	tok, _, err := a.store.IssueToken(context.Background(), eng.Actor(), eng,
		store.TokenSpec{Name: "trial", Scope: auth.ScopeEvidence, EvaluationID: q.EvaluationID})
	if err != nil {
		t.Fatal(err)
	}
	res, _ := a.api(tok, "GET", "/api/v1/quotes/"+itoa(q.ID)+"/test-plan", "")
	wantStatus(t, res, 200)
	refusedElsewhere(t, a, tok, q.ID, other.ID)
	if _, _, err := a.store.IssueToken(context.Background(), eng.Actor(), eng, store.TokenSpec{Scope: auth.ScopeEvidence}); err == nil {
		t.Error("an evidence token bound to nothing")
	}
	if _, _, err := a.store.IssueToken(context.Background(), eng.Actor(), eng, store.TokenSpec{Scope: auth.ScopeWrite, QuoteID: q.ID}); err == nil {
		t.Error("a write token bound to a quote")
	}
}
