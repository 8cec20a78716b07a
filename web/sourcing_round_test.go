package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
)

func TestARoundPeopleCanRun(t *testing.T) {
	t.Parallel()
	clk := &testClock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	a := newClockApp(t, clk.now)
	buyer, _ := a.login("p@example.com", auth.Procurement)
	res := buyer.post("/evaluations", url.Values{"name": {"Run"}})
	id := strings.TrimPrefix(res.Header.Get("Location"), "/evaluations/")
	form := url.Values{"deadline": {"2026-12-03T17:00"}, "time_zone": {"Berlin"}, "grace_hours": {"24"},
		"company_0": {"Alpha GPU"}, "contact_0": {"Ann"}, "email_0": {"ann@alpha.example"}, "language_0": {"en"},
		"company_1": {"=Beta"}, "contact_1": {"Boris"}, "email_1": {"b@beta.example"}, "language_1": {"ru"}}
	// "Berlin" is blamed on the zone, with the zone meant.
	res = buyer.post("/evaluations/"+id+"/rfqs", form)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	d := doc(t, res)
	if got := d.Find(`[data-testid="error-time_zone"]`).Text(); !strings.Contains(got, "Europe/Berlin") || d.Find(`[data-testid="error-deadline"]`).Length() != 0 {
		t.Errorf("unknown zone: zone error %q, deadline error %d", got, d.Find(`[data-testid="error-deadline"]`).Length())
	}
	form.Set("time_zone", "Europe/Berlin")
	res = buyer.post("/evaluations/"+id+"/rfqs", form)
	wantStatus(t, res, http.StatusCreated)
	d = doc(t, res)
	if d.Find(`[data-testid="rfq-copy"]`).Length() != 2 || d.Find(`[data-testid="rfq-copy-all"]`).Length() != 1 {
		t.Errorf("links without copy buttons")
	}
	csv, _ := d.Find(`[data-testid="rfq-links-csv"]`).Attr("data-download-text")
	if !strings.HasPrefix(csv, "company,email,link\nAlpha GPU,ann@alpha.example,http") || !strings.Contains(csv, "'=Beta,b@beta.example,") {
		t.Errorf("links CSV: %q", csv)
	}
	oldLink, _ := d.Find(`[data-testid="rfq-link-value"]`).First().Attr("value")
	rfqPage, _ := d.Find(`[data-testid="rfq-page-link"]`).Attr("href")
	// A second first round is round 2, not round 1 again.
	wantStatus(t, buyer.post("/evaluations/"+id+"/rfqs", form), http.StatusCreated)
	list := doc(t, buyer.get("/evaluations/"+id+"/rfqs")).Find(`[data-testid="rfq-rounds"]`).Text()
	if !strings.Contains(list, "round 1") || !strings.Contains(list, "round 2") {
		t.Errorf("rounds: %q", list)
	}
	page := doc(t, buyer.get(rfqPage))
	if page.Find(`[data-testid="countdown"]`).Length() != 1 {
		t.Errorf("no countdown on the round page")
	}
	// A re-sent link says whose it is.
	action, _ := page.Find(`[data-testid^="invitation-ann"] form`).First().Attr("action")
	res = buyer.post(action, nil)
	wantStatus(t, res, http.StatusCreated)
	if got := doc(t, res).Find(`[data-testid="rfq-created-title"]`).Text(); got != "New link for Alpha GPU" {
		t.Errorf("re-sent link titled %q", got)
	}
	link, _ := doc(t, res).Find(`[data-testid="rfq-link-value"]`).Attr("value")
	if link == oldLink {
		t.Fatal("the re-sent link is the old one")
	}

	v := a.client()
	wantStatus(t, v.get(strings.TrimPrefix(link, a.srv.URL)), http.StatusSeeOther)
	if doc(t, v.get("/v/rfq")).Find(`[data-testid="countdown"]`).Length() != 1 {
		t.Errorf("no countdown on the vendor page")
	}
	// A refused form keeps no old value in a term set to "not stated",
	// and each flag shows beside its field.
	cells := map[string]string{"rental_model": "reserved", "gpu_model": "H100 SXM", "currency": "EUR", "gpus_per_node": "8", "nodes": "zwei"}
	f := vendorForm(t, cells, "draft")
	f.Set("v_min_spend", "999999")
	res = v.post("/v/quote", f)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if got, _ := doc(t, res).Find(`#v-min_spend`).Attr("value"); got != "" {
		t.Errorf("a term not stated shows %q", got)
	}
	cells["nodes"] = "2"
	wantStatus(t, v.post("/v/quote", vendorForm(t, cells, "submit")), http.StatusSeeOther)
	d = doc(t, v.get("/v/quote"))
	if d.Find(`[data-field-flags="inter_node_fabric"] [data-testid="field-flag"]`).Length() == 0 {
		t.Errorf("the fabric's flag is not beside its field")
	}
	if href, _ := d.Find(`[data-testid="vendor-check"] [data-testid="flag-term-link"]`).First().Attr("href"); !strings.HasPrefix(href, "/v/quote#v-") {
		t.Errorf("the summary does not link to the field: %q", href)
	}
	if got := doc(t, v.get("/v/rfq")).Find(`[data-testid="vendor-submitted"]`).Text(); !strings.Contains(got, "Europe/Berlin") {
		t.Errorf("submission time not in the round's zone: %q", got)
	}
	// After the deadline the form is read-only and says what is left.
	clk.add(60 * time.Hour)
	d = doc(t, v.get("/v/quote"))
	if _, disabled := d.Find(`[data-testid="vendor-fields"]`).Attr("disabled"); !disabled || d.Find(`[data-testid="vendor-submit"]`).Length() != 0 ||
		!strings.Contains(d.Find(`[data-testid="vendor-read-only"]`).Text(), "can still read") {
		t.Errorf("the form after the deadline: disabled %v, submit %d, %q", disabled, d.Find(`[data-testid="vendor-submit"]`).Length(),
			d.Find(`[data-testid="vendor-read-only"]`).Text())
	}
	if doc(t, v.get("/v/rfq")).Find(`[data-testid="vendor-document-form"]`).Length() != 0 {
		t.Errorf("the attach form is offered after the deadline")
	}
	// The quote says who submitted it, not which buyer "entered" it.
	buyer, _ = a.login("p2@example.com", auth.Procurement)
	quote, _ := doc(t, buyer.get(rfqPage)).Find(`[data-testid="rfq-quote-link"]`).Attr("href")
	if got := doc(t, buyer.get(quote)).Text(); !strings.Contains(got, "Submitted by Ann (Alpha GPU) through the request for quotes") {
		t.Errorf("quote provenance: %.300s", got)
	}
}
