package web_test

import (
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// importExample loads the contract's example quotes into a new evaluation.
func importExample(t *testing.T, a *app, c *client, name string) string {
	t.Helper()
	_, u := a.login(strings.ReplaceAll(strings.ToLower(name), " ", "")+"-owner@example.com", auth.Procurement)
	ev := newEvaluation(t, a, u, name)
	example, err := os.ReadFile(exampleCSV)
	if err != nil {
		t.Fatal(err)
	}
	wantStatus(t, c.post(ev+"/quotes/import/confirm", url.Values{"csv": {string(example)}}), http.StatusSeeOther)
	return ev
}

func TestWorksheetComparesAndRecalculates(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, c, "Worksheet")

	d := doc(t, c.get(ev+"/worksheet"))
	if n := d.Find("[data-testid=ws-column]").Length(); n != 2 {
		t.Errorf("without a EUR rate 2 quotes are compared, got %d", n)
	}
	if !strings.Contains(d.Find("[data-testid=worksheet-notice]").Text(), "Example Specialized Cloud") {
		t.Errorf("the quote left out must be named")
	}
	admin, _ := a.login("admin@example.com", auth.Admin)
	wantStatus(t, admin.post("/admin/reference/fx", url.Values{"currency": {"EUR"}, "usd_per_unit": {"1.08"}, "as_of": {"2026-11-27"}}), http.StatusSeeOther)

	d = doc(t, c.get(ev+"/worksheet"))
	if n := d.Find("[data-testid=ws-column]").Length(); n != 3 {
		t.Fatalf("columns = %d", n)
	}
	if d.Find("[data-testid=ws-row-tco] td.best").Length() != 1 || d.Find("[data-testid=ws-row-cost_per_unit] td.best").Length() != 1 {
		t.Errorf("the best TCO and cost per unit must be marked once")
	}
	if !strings.Contains(d.Find("[data-testid=ws-row-completeness]").Text(), "incomplete") {
		t.Errorf("the marketplace quote refuses egress: its total must be marked incomplete")
	}
	if d.Find("[data-testid=ws-row-network_egress] td.assumed").Length() == 0 {
		t.Errorf("a refused egress price must use a labelled assumption, not zero")
	}
	before := d.Find("[data-testid=ws-row-cost_per_unit] td").First().Text()
	if d.Find("[data-testid=sensitivity] tbody tr").Length() != 12 {
		t.Errorf("sensitivity must cover 4 utilisations × 3 restart levels")
	}

	form := url.Values{"version": {"0"}}
	d.Find("[data-testid=assumptions-form] input[name^=a_]").Each(func(_ int, s *goquerySelection) {
		name, _ := s.Attr("name")
		v, _ := s.Attr("value")
		form.Set(name, v)
	})
	form.Set("a_utilisation", "150")
	res := c.post(ev+"/worksheet/assumptions", form)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if doc(t, res).Find("[data-testid=error-utilisation]").Length() != 1 {
		t.Errorf("no error next to utilisation")
	}
	form.Set("a_utilisation", "50")
	wantStatus(t, c.post(ev+"/worksheet/assumptions", form), http.StatusSeeOther)
	after := doc(t, c.get(ev+"/worksheet")).Find("[data-testid=ws-row-cost_per_unit] td").First().Text()
	if before == after {
		t.Errorf("changing utilisation did not change the cost per unit: %q", after)
	}
	res = c.post(ev+"/worksheet/assumptions", form)
	wantStatus(t, res, http.StatusConflict)

	tok := a.token("reader@example.com", auth.Engineer)
	_, out := a.api(tok, "GET", "/api/v1"+ev+"/worksheet", "")
	qs, _ := out["quotes"].([]any)
	if len(qs) != 3 || out["currency"] != "USD" {
		t.Fatalf("api worksheet: %v", out)
	}
	m := qs[2].(map[string]any)
	if m["incomplete"] != true || len(m["lines"].([]any)) != 9 {
		t.Errorf("marketplace result: %v", m)
	}
}

// assumptionsForm is the worksheet's assumptions form as the page fills
// it, and the first quote's id in its run-hours fields.
func assumptionsForm(t *testing.T, c *client, ev string) (url.Values, string) {
	t.Helper()
	d := doc(t, c.get(ev+"/worksheet"))
	form := url.Values{"version": {"0"}}
	d.Find("[data-testid=assumptions-form] input").Each(func(_ int, s *goquerySelection) {
		name, _ := s.Attr("name")
		v, _ := s.Attr("value")
		if name != "version" {
			form.Set(name, v)
		}
	})
	var effective string
	d.Find("[data-testid=assumptions-form] input[name^=run_effective_]").Each(func(i int, s *goquerySelection) {
		if i == 0 {
			effective, _ = s.Attr("name")
		}
	})
	return form, strings.TrimPrefix(effective, "run_effective_")
}

func TestWorksheetPerRunView(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, c, "Per run")
	form, id := assumptionsForm(t, c, ev)
	form.Set("run_effective_"+id, "48")
	form.Set("run_real_"+id, "40")
	wantStatus(t, c.post(ev+"/worksheet/assumptions", form), http.StatusUnprocessableEntity)
	form.Set("run_real_"+id, "58")
	wantStatus(t, c.post(ev+"/worksheet/assumptions", form), http.StatusSeeOther)
	perRun := doc(t, c.get(ev+"/worksheet")).Find("[data-testid=per-run]").Text()
	if !strings.Contains(perRun, "48") || !strings.Contains(perRun, "1.21") {
		t.Errorf("per-run view: %q", perRun)
	}
}

func TestWorksheetExports(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, c, "Exports")
	res := c.get(ev + "/worksheet.csv")
	wantStatus(t, res, http.StatusOK)
	if b := body(t, res); !strings.Contains(b, "committed_compute") || !strings.Contains(b, "Example Hyperscaler") {
		t.Errorf("csv: %.300s", b)
	}
	res = c.get(ev + "/worksheet.xlsx")
	wantStatus(t, res, http.StatusOK)
	if b := body(t, res); !strings.HasPrefix(b, "PK") || !strings.Contains(res.Header.Get("Content-Disposition"), "attachment") {
		t.Errorf("xlsx: %q", res.Header)
	}
	res = c.get(ev + "/worksheet/sensitivity.svg")
	wantStatus(t, res, http.StatusOK)
	if res.Header.Get("Content-Type") != "image/svg+xml" || !strings.Contains(body(t, res), "<polyline") {
		t.Errorf("chart: %s", res.Header.Get("Content-Type"))
	}
}
