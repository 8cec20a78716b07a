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
)

func TestImplausibleRateAsksForConfirmationAndRatesHaveAHistoryAndRollback(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	ctx := context.Background()
	admin, _ := a.login("admin@example.com", auth.Admin)
	set := func(rate string, extra ...string) *http.Response {
		form := url.Values{"currency": {"EUR"}, "usd_per_unit": {rate}, "as_of": {"2026-11-27"}}
		if len(extra) > 0 {
			form.Set("confirm", "yes")
		}
		return admin.post("/admin/reference/fx", form)
	}
	wantStatus(t, set("1.08"), http.StatusSeeOther)
	res := set("108")
	wantStatus(t, res, http.StatusUnprocessableEntity)
	d := doc(t, res)
	if msg := d.Find("[data-testid=error-summary]").Text(); !strings.Contains(msg, "100 times") {
		t.Errorf("no plausibility warning: %q", msg)
	}
	if d.Find("[data-testid=fx-form] input[name=confirm][value=yes]").Length() != 1 {
		t.Errorf("the form does not offer to confirm")
	}
	rates, _ := a.store.FXRates(ctx)
	if len(rates) != 1 || !strings.HasPrefix(rates[0].USDPerUnit, "1.08") {
		t.Fatalf("an unconfirmed rate was saved: %+v", rates)
	}
	wantStatus(t, set("1.10"), http.StatusSeeOther) // a real move needs no confirmation
	wantStatus(t, set("108", "confirm"), http.StatusSeeOther)

	page := doc(t, admin.get("/admin/reference"))
	rows := page.Find("[data-testid=fx-history-row]")
	if rows.Length() != 3 {
		t.Fatalf("history has %d rows, want 3", rows.Length())
	}
	if !strings.Contains(rows.First().Text(), "108") || rows.First().Find("[data-testid=fx-rollback]").Length() != 0 {
		t.Errorf("the newest rate must be marked in use: %q", rows.First().Text())
	}
	action, _ := rows.Eq(1).Find("form").Attr("action")
	wantStatus(t, admin.post(action, url.Values{}), http.StatusSeeOther)
	rates, _ = a.store.FXRates(ctx)
	if !strings.HasPrefix(rates[0].USDPerUnit, "1.1") {
		t.Errorf("rollback left the rate at %s", rates[0].USDPerUnit)
	}
	if n := doc(t, admin.get("/audit?action=fx.rollback")).Find("[data-testid=audit-row]").Length(); n != 1 {
		t.Errorf("rollback audited %d times", n)
	}
}

func TestImplausiblePriceFileAsksForConfirmationAndCanBeRolledBack(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	ctx := context.Background()
	admin, _ := a.login("admin@example.com", auth.Admin)
	bundled, err := os.ReadFile("../internal/market/gpu-prices.csv")
	if err != nil {
		t.Fatal(err)
	}
	upload := func(content []byte, source string, confirm bool) *http.Response {
		return admin.uploadPrices(content, source, confirm)
	}
	wantStatus(t, upload(bundled, "Full sheet", false), http.StatusSeeOther)
	lines := strings.SplitAfter(string(bundled), "\n")
	short := []byte(strings.Join(lines[:40], ""))
	res := upload(short, "Short sheet", false)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if !strings.Contains(doc(t, res).Find("[data-testid=error-summary]").Text(), "price rows") {
		t.Errorf("no warning for a cut-short file: %q", doc(t, res).Find("main").Text())
	}
	if ref, _ := a.store.LatestPriceReference(ctx); ref.Source != "Full sheet" {
		t.Fatalf("an unconfirmed file is in use: %s", ref.Source)
	}
	wantStatus(t, upload(short, "Short sheet", true), http.StatusSeeOther)
	page := doc(t, admin.get("/admin/reference"))
	rows := page.Find("[data-testid=price-history-row]")
	if rows.Length() != 2 || !strings.Contains(rows.First().Text(), "Short sheet") {
		t.Fatalf("history: %q", rows.Text())
	}
	action, _ := rows.Eq(1).Find("form").Attr("action")
	wantStatus(t, admin.post(action, url.Values{}), http.StatusSeeOther)
	if ref, _ := a.store.LatestPriceReference(ctx); ref.Source != "Full sheet" || len(ref.CSV) != len(bundled) {
		t.Errorf("rollback did not restore the full sheet: %s", ref.Source)
	}
}

// uploadPrices posts a market price file to the reference page.
func (c *client) uploadPrices(content []byte, source string, confirm bool) *http.Response {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	mw.WriteField("source", source)
	mw.WriteField("source_date", "2026-11-01")
	if confirm {
		mw.WriteField("confirm", "yes")
	}
	fw, _ := mw.CreateFormFile("file", "prices.csv")
	fw.Write(content)
	mw.Close()
	req, _ := http.NewRequest(http.MethodPost, c.base+"/admin/reference/prices", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return c.do(req)
}
