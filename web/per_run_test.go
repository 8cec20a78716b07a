package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// The article's configuration A as one accepted run: 64 H100 at 4 USD a
// GPU-hour (32 USD an 8-GPU node), 48 h effective, 58 h real: overhead
// × 1.21, 64 × 4 × 48 × 1.2083 = 14,848.00 USD a run. The analysis API
// carries it per quote beside the worksheet's cost per unit, and the
// worksheet page renders the same figures.
func TestPerRunIsPartOfTheAnalysis(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c, u := a.login("per-run@example.com", auth.Procurement)
	ev := newEvaluation(t, a, u, "Per run")
	csv := "provider,rental_model,currency,gpu_model,gpus_per_node,nodes,inter_node_fabric,price_per_gpu_hour,min_term_months\n" +
		"Bare metal A,reserved,USD,H100,8,8,infiniband,4,0\n"
	wantStatus(t, c.post(ev+"/quotes/import/confirm", url.Values{"csv": {csv}}), http.StatusSeeOther)
	tok := a.token("per-run-api@example.com", auth.Engineer)
	analysis := func() map[string]any {
		_, out := a.api(tok, "GET", "/api/v1"+ev+"/analysis", "")
		return out["quotes"].([]any)[0].(map[string]any)
	}
	if q := analysis(); q["per_run"] != nil {
		t.Errorf("per_run before the run hours are set: %v", q["per_run"])
	}
	form, id := assumptionsForm(t, c, ev)
	form.Set("run_effective_"+id, "48")
	form.Set("run_real_"+id, "58")
	wantStatus(t, c.post(ev+"/worksheet/assumptions", form), http.StatusSeeOther)
	q := analysis()
	pr, ok := q["per_run"].(map[string]any)
	if !ok {
		t.Fatalf("no per_run: %v", q)
	}
	if pr["gpus"] != 64.0 || figure(t, pr, "rate") != "4" || pr["effective_hours"] != 48.0 || pr["real_hours"] != 58.0 ||
		pr["overhead"] != 1.21 || figure(t, pr, "cost_per_run") != "14848.00" {
		t.Errorf("per_run %v", pr)
	}
	if figure(t, pr, "worksheet_cost_per_unit") != figure(t, q, "cost_per_unit") {
		t.Errorf("worksheet cost per unit %v beside %v", pr["worksheet_cost_per_unit"], q["cost_per_unit"])
	}
	page := doc(t, c.get(ev+"/worksheet")).Find("[data-testid=per-run]").Text()
	if !strings.Contains(page, "14,848.00") || !strings.Contains(page, "Bare metal A") || !strings.Contains(page, "1.21") {
		t.Errorf("the page's per-run view: %q", page)
	}
}
