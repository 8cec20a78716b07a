package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

func TestRefusedFormsSummariseTheErrorsAtTheTopLinkedToTheFields(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c, u := a.login("buyer@example.com", auth.Procurement)
	ev := newEvaluation(t, a, u, "Forms")

	res := c.post(ev+"/brief", url.Values{"version": {"1"}, "gpus_per_node": {"eight"}, "baseline_utilization_pct": {"140"}, "node_count": {"-1"}})
	wantStatus(t, res, http.StatusUnprocessableEntity)
	d := doc(t, res)
	summary := d.Find("main > [data-testid=error-summary]")
	if summary.Length() != 1 || summary.Prev().Length() != 0 && !summary.Prev().Is(".flash") {
		t.Fatalf("the error summary is not the first thing in main")
	}
	for field, want := range map[string]string{
		"gpus_per_node":            "Enter a whole number.",
		"baseline_utilization_pct": "Must be 0–100 %.",
		"node_count":               "Must be between 0 and 100,000.",
	} {
		link := summary.Find("a[href='#f-" + field + "']")
		if !strings.Contains(link.Text(), want) {
			t.Errorf("summary link for %s: %q, want %q", field, link.Text(), want)
		}
		if v, _ := d.Find("#f-" + field).Attr("aria-invalid"); v != "true" {
			t.Errorf("%s: aria-invalid = %q", field, v)
		}
		if by, _ := d.Find("#f-" + field).Attr("aria-describedby"); !strings.Contains(by, "err-"+field) {
			t.Errorf("%s is not described by its error: %q", field, by)
		}
	}
	if strings.Contains(summary.Text(), "12.5") || strings.Contains(d.Find("main").Text(), "Too large for this field") {
		t.Errorf("hints do not match the fields: %q", summary.Text())
	}

	// The same summary on other forms: a quote with a bad number, a new
	// evaluation without a name, an exchange rate that is not one.
	res = c.post(ev+"/quotes", url.Values{"state_provider": {"stated"}, "v_provider": {"Acme"}, "state_rental_model": {"stated"},
		"v_rental_model": {"on_demand"}, "state_currency": {"stated"}, "v_currency": {"USD"}, "state_gpus_per_node": {"stated"}, "v_gpus_per_node": {"many"}})
	wantStatus(t, res, http.StatusUnprocessableEntity)
	d = doc(t, res)
	if d.Find("[data-testid=error-summary] a[href='#v-gpus_per_node']").Length() != 1 {
		t.Errorf("quote form: no summary link to the bad term: %q", d.Find("[data-testid=error-summary]").Text())
	}
	if v, _ := d.Find("#v-gpus_per_node").Attr("aria-invalid"); v != "true" {
		t.Errorf("quote form: aria-invalid = %q", v)
	}
	res = c.post("/evaluations", url.Values{"name": {""}})
	if doc(t, res).Find("[data-testid=error-summary] a[href='#name']").Length() != 1 {
		t.Errorf("new evaluation: no summary link to the name")
	}
	admin, _ := a.login("admin@example.com", auth.Admin)
	res = admin.post("/admin/reference/fx", url.Values{"currency": {"EUR"}, "usd_per_unit": {"abc"}, "as_of": {"2026-11-27"}})
	if doc(t, res).Find("[data-testid=error-summary] a[href='#in-usd_per_unit']").Length() != 1 {
		t.Errorf("exchange rate: no summary link to the rate")
	}
}
