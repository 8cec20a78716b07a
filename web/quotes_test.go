package web_test

import (
	"bytes"
	"context"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/store"
)

const exampleCSV = "../internal/quote/testdata/quotes-example.csv"

func (c *client) upload(path, field, name string, content []byte) *http.Response {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile(field, name)
	fw.Write(content)
	mw.Close()
	req, _ := http.NewRequest(http.MethodPost, c.base+path, &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return c.do(req)
}

func newEvaluation(t *testing.T, a *app, u store.User, name string) string {
	t.Helper()
	ev, err := a.store.CreateEvaluation(context.Background(), u.Actor(), name)
	if err != nil {
		t.Fatal(err)
	}
	return "/evaluations/" + itoa(ev.ID)
}

func TestImportPreviewConfirmAndExportRoundTrip(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c, u := a.login("buyer@example.com", auth.Procurement)
	ev := newEvaluation(t, a, u, "Import")
	example, err := os.ReadFile(exampleCSV)
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(example), ",sxm,141,", ",sxm,lots,", 1)
	bad = strings.Replace(bad, "2026-12-31", "31/12/2026", 1)
	res := c.upload(ev+"/quotes/import", "file", "bad.csv", []byte(bad))
	wantStatus(t, res, http.StatusUnprocessableEntity)
	errs := doc(t, res).Find("[data-testid=import-errors] tbody tr")
	if errs.Length() != 2 || !strings.Contains(errs.Eq(0).Text(), "gpu_memory_gb") || !strings.Contains(errs.Eq(0).Text(), "2") {
		t.Errorf("errors: %d %q", errs.Length(), errs.Text())
	}
	if qs, _ := a.store.ListQuotes(context.Background(), 1); len(qs) != 0 {
		t.Fatal("a bad file saved quotes")
	}

	res = c.upload(ev+"/quotes/import", "file", "good.csv", example)
	wantStatus(t, res, http.StatusOK)
	d := doc(t, res)
	if n := d.Find("[data-testid=quote-row]").Length(); n != 3 {
		t.Fatalf("preview rows = %d", n)
	}
	if d.Find("[data-testid=blockers]").Length() == 0 {
		t.Errorf("the preview must show the refused terms' blockers")
	}
	if list := doc(t, c.get(ev+"/quotes")).Find("[data-testid=quote-row]").Length(); list != 0 {
		t.Fatalf("the preview saved %d quotes", list)
	}
	csvText, _ := d.Find("textarea[name=csv]").Html()
	_ = csvText
	res = c.post(ev+"/quotes/import/confirm", url.Values{"csv": {string(example)}})
	wantStatus(t, res, http.StatusSeeOther)
	if n := doc(t, c.get(ev+"/quotes")).Find("[data-testid=quote-row]").Length(); n != 3 {
		t.Fatalf("list rows = %d", n)
	}
	exported := body(t, c.get(ev+"/quotes.csv"))
	if exported != string(example) {
		t.Errorf("export differs from the imported file:\n%s", exported)
	}
}

func TestQuoteFormStatesRevisionsAndDelete(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c, u := a.login("buyer@example.com", auth.Procurement)
	ev := newEvaluation(t, a, u, "Form")
	form := url.Values{"version": {"0"},
		"state_provider": {"stated"}, "v_provider": {"Acme GPU"},
		"state_rental_model": {"stated"}, "v_rental_model": {"on_demand"},
		"state_currency": {"stated"}, "v_currency": {"USD"},
		"state_gpu_model": {"stated"}, "v_gpu_model": {""},
		"state_egress_price_per_gb": {"not_stated"}, "v_egress_price_per_gb": {"0.05"},
		"state_billing_export": {"refused"},
	}
	res := c.post(ev+"/quotes", form)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	d := doc(t, res)
	if d.Find("[data-testid=error-gpu_model]").Length() != 1 || d.Find("[data-testid=error-egress_price_per_gb]").Length() != 1 {
		t.Errorf("explicit-state errors missing")
	}
	if v, _ := d.Find("#v-provider").Attr("value"); v != "Acme GPU" {
		t.Errorf("input lost: %q", v)
	}
	form.Set("v_gpu_model", "H100")
	form.Set("state_egress_price_per_gb", "stated")
	form.Set("v_egress_price_per_gb", "0")
	res = c.post(ev+"/quotes", form)
	wantStatus(t, res, http.StatusSeeOther)
	quotePath := res.Header.Get("Location")
	page := doc(t, c.get(quotePath))
	text := page.Find("main").Text()
	if !strings.Contains(text, "vendor refused") || !strings.Contains(text, "0\u00a0USD") {
		t.Errorf("stated zero egress and refused export must show distinctly")
	}
	if page.Find("[data-testid=flag]").Length() == 0 {
		t.Errorf("an incomplete quote shows no flags")
	}

	// Revise: version 1 → 2; a stale save is refused with the input kept.
	form.Set("version", "1")
	form.Set("v_gpu_model", "H200")
	wantStatus(t, c.post(quotePath+"/edit", form), http.StatusSeeOther)
	form.Set("v_gpu_model", "B200")
	res = c.post(quotePath+"/edit", form)
	wantStatus(t, res, http.StatusConflict)
	if v, _ := doc(t, res).Find("#v-gpu_model").Attr("value"); v != "B200" {
		t.Errorf("conflict lost the input: %q", v)
	}
	diff := doc(t, c.get(quotePath+"?from=1&to=2")).Find("[data-testid=diff]").Text()
	if !strings.Contains(diff, "GPU model") || !strings.Contains(diff, "H100") || !strings.Contains(diff, "H200") {
		t.Errorf("diff = %q", diff)
	}

	other, _ := a.login("other@example.com", auth.Procurement)
	wantStatus(t, other.post(quotePath+"/delete", nil), http.StatusForbidden)
	eng, _ := a.login("eng@example.com", auth.Engineer)
	wantStatus(t, eng.post(quotePath+"/delete", nil), http.StatusForbidden)
	wantStatus(t, eng.upload(ev+"/quotes/import", "file", "x.csv", []byte("provider\n")), http.StatusForbidden)
	mgr, _ := a.login("mgr@example.com", auth.Manager)
	wantStatus(t, mgr.post(quotePath+"/delete", nil), http.StatusSeeOther)
	wantStatus(t, c.get(quotePath), http.StatusNotFound)
	entries, _ := a.store.ListAudit(context.Background(), store.AuditFilter{ObjectType: "quote"})
	var actions []string
	for _, e := range entries {
		actions = append(actions, e.Action)
	}
	if got := strings.Join(actions, ","); got != "quote.delete,quote.update,quote.create" {
		t.Errorf("audit actions = %s", got)
	}
}

func TestQuestionsAndMarketCheck(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	admin, _ := a.login("admin@example.com", auth.Admin)
	c, u := a.login("buyer@example.com", auth.Procurement)
	ev := newEvaluation(t, a, u, "Market")
	example, _ := os.ReadFile(exampleCSV)
	wantStatus(t, c.post(ev+"/quotes/import/confirm", url.Values{"csv": {string(example)}}), http.StatusSeeOther)
	qs, _ := a.store.ListQuotes(context.Background(), 0)
	_ = qs
	list := doc(t, c.get(ev+"/quotes"))
	var eur, market string
	list.Find("[data-testid=quote-row] a").Each(func(_ int, s *goquerySelection) {
		if strings.Contains(s.Text(), "Specialized") {
			eur, _ = s.Attr("href")
		}
		if strings.Contains(s.Text(), "Marketplace") {
			market, _ = s.Attr("href")
		}
	})
	if eur == "" || market == "" {
		t.Fatal("quotes not listed")
	}
	if m := doc(t, c.get(eur)).Find("[data-testid=market]").Text(); !strings.Contains(m, "EUR") {
		t.Errorf("without a EUR rate the page must say so: %q", m)
	}
	res := admin.post("/admin/reference/fx", url.Values{"currency": {"EUR"}, "usd_per_unit": {"1.08"}, "as_of": {"2026-11-27"}})
	wantStatus(t, res, http.StatusSeeOther)
	m := doc(t, c.get(eur)).Find("[data-testid=market]").Text()
	if !strings.Contains(m, "about 3.19\u00a0USD at the rate of 27 Nov 2026") || !strings.Contains(m, "median") {
		t.Errorf("market check after FX: %q", m)
	}
	q := doc(t, c.get(market+"/questions"))
	if q.Find("[data-testid=questions] li").Length() == 0 || !strings.Contains(q.Find("[data-testid=questions-plain]").Text(), "1. ") {
		t.Errorf("questions page: %q", q.Find("main").Text())
	}
	wantStatus(t, admin.post("/admin/reference/fx", url.Values{"currency": {"eu"}, "usd_per_unit": {"-1"}, "as_of": {"soon"}}), http.StatusUnprocessableEntity)
}

func TestAPIImportDryRunAndList(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	tok := a.token("bot@example.com", auth.Procurement)
	_, out := a.api(tok, "POST", "/api/v1/evaluations", `{"name":"API import"}`)
	id := itoa(int64(out["id"].(float64)))
	example, _ := os.ReadFile(exampleCSV)
	req, _ := http.NewRequest("POST", a.srv.URL+"/api/v1/evaluations/"+id+"/quotes/import?dry_run=true", bytes.NewReader(example))
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Content-Type", "text/csv")
	if res, _ := a.send(req); res.StatusCode != 200 {
		t.Fatalf("dry run: %v", res.StatusCode)
	}
	_, out = a.api(tok, "GET", "/api/v1/evaluations/"+id+"/quotes", "")
	if qs := out["quotes"].([]any); len(qs) != 0 {
		t.Errorf("a dry run saved %d quotes", len(qs))
	}
}

func TestAdminUploadsANewerPriceReference(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	admin, _ := a.login("admin@example.com", auth.Admin)
	bundled, err := os.ReadFile("../internal/market/gpu-prices.csv")
	if err != nil {
		t.Fatal(err)
	}
	form := func(content []byte, source string) *http.Response { return admin.uploadPrices(content, source, false) }
	res := form([]byte("cloud,accelerator\naws,H100\n"), "broken")
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if _, err := a.store.LatestPriceReference(context.Background()); err == nil {
		t.Fatal("a bad file replaced the reference")
	}
	wantStatus(t, form(bundled, "November price sheet"), http.StatusSeeOther)
	page := doc(t, admin.get("/admin/reference")).Find("[data-testid=price-source]").Text()
	if !strings.Contains(page, "November price sheet") || !strings.Contains(page, "2026-11-01") {
		t.Errorf("the page must name the reference in use: %q", page)
	}
}
