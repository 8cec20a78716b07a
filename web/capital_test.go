package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
)

// Issue 25: buying priced an L40S at the H100's 40,000 USD. The admin
// edits a capital cost per GPU model, with source and date, on Reference
// data; the buy analysis of an L40S brief reads that row, and before the
// row exists buying is not priced.
func TestCapitalCostPerGPUFromReferenceData(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	ctx := context.Background()
	admin, _ := a.login("admin@example.com", auth.Admin)
	_, u := a.login("eng@example.com", auth.Engineer)
	ev, _ := a.store.CreateEvaluation(ctx, u.Actor(), "L40S buy")
	if _, err := a.store.SaveBrief(ctx, u.Actor(), ev.ID, 1, map[string]string{"target_gpu": "l40s", "node_count": "2", "gpus_per_node": "8"}); err != nil {
		t.Fatal(err)
	}
	svc := evaluation.New(a.store)
	an, err := svc.Analyze(ctx, ev.ID)
	if err != nil {
		t.Fatal(err)
	}
	if v := an.Input.Buy.PurchasePerGPU.Value; v != 0 {
		t.Errorf("an L40S brief without an L40S capital cost is priced at %v per GPU", v)
	}

	// A figure without a source or date is refused, by field.
	res := admin.post("/admin/reference/capital-costs", url.Values{"capital_gpu": {"L40S"}, "capital_usd": {"11500"}})
	wantStatus(t, res, http.StatusUnprocessableEntity)
	page := body(t, res)
	for _, id := range []string{"error-capital_source", "error-capital_date"} {
		if !strings.Contains(page, id) {
			t.Errorf("refusal lacks %s", id)
		}
	}
	wantStatus(t, admin.post("/admin/reference/capital-costs", url.Values{"capital_gpu": {"L40S"}, "capital_usd": {"11500"},
		"capital_source": {"Reseller list price, 8-GPU server share"}, "capital_date": {"2026-01"}}), http.StatusSeeOther)
	rows := doc(t, admin.get("/admin/reference")).Find("[data-testid=capital-row]").Text()
	for _, want := range []string{"H100", "40,000", "L40S", "11,500", "Reseller list price", "2026-01"} {
		if !strings.Contains(rows, want) {
			t.Errorf("capital cost table lacks %q: %s", want, rows)
		}
	}
	an, err = evaluation.New(a.store).Analyze(ctx, ev.ID)
	if err != nil {
		t.Fatal(err)
	}
	if p := an.Input.Buy.PurchasePerGPU; p.Value != 11500 || !strings.Contains(p.Source, "Reseller") || p.Date != "2026-01" {
		t.Errorf("L40S purchase %+v, want 11,500 USD from the L40S row with its source and date", p)
	}
	// Only admins edit it.
	eng, _ := a.login("eng2@example.com", auth.Engineer)
	if res := eng.post("/admin/reference/capital-costs", url.Values{"capital_gpu": {"L40S"}, "capital_usd": {"1"},
		"capital_source": {"x"}, "capital_date": {"2026-01"}}); res.StatusCode == http.StatusSeeOther {
		t.Errorf("an engineer changed a capital cost")
	}
}
