package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// vendorForm is the quote form filled from one CSV row, as a browser
// would post it.
func vendorForm(t *testing.T, cells map[string]string, action string) url.Values {
	t.Helper()
	f := url.Values{"action": {action}}
	for _, c := range quote.Columns() {
		v := cells[c.Name]
		switch {
		case v == "refused":
			f.Set("state_"+c.Name, "refused")
		case v == "":
			f.Set("state_"+c.Name, "not_stated")
		default:
			f.Set("state_"+c.Name, "stated")
			f.Set("v_"+c.Name, v)
		}
	}
	return f
}

func TestRoundPagesBuyerAndVendor(t *testing.T) {
	t.Parallel()
	clk := &testClock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	a := newClockApp(t, clk.now)
	buyer, _ := a.login("p@example.com", auth.Procurement)
	res := buyer.post("/evaluations", url.Values{"name": {"Pages"}})
	wantStatus(t, res, http.StatusSeeOther)
	home := res.Header.Get("Location")
	id := strings.TrimPrefix(home, "/evaluations/")
	if d := doc(t, buyer.get(home)); d.Find(`[data-testid="rfq-link"]`).Length() != 1 {
		t.Fatal("the evaluation page does not link to its requests for quotes")
	}
	wantStatus(t, buyer.get("/evaluations/"+id+"/rfqs"), http.StatusOK)
	d := doc(t, buyer.get("/evaluations/"+id+"/rfqs/new"))
	if d.Find(`[data-testid="rfq-brief-warning"]`).Length() != 1 {
		t.Error("an empty brief is not called out")
	}
	form := url.Values{"deadline": {"2026-12-03T17:00"}, "time_zone": {"Europe/Berlin"}, "grace_hours": {"24"}, "note": {"Hi"},
		"company_0": {"Alpha GPU"}, "contact_0": {"Ann"}, "email_0": {"ann@alpha.example"}, "language_0": {"vi"},
		"company_1": {""}, "contact_1": {""}, "email_1": {""}, "language_1": {"en"},
		"company_2": {"Beta"}, "contact_2": {""}, "email_2": {"not an address"}, "language_2": {"en"}}
	res = buyer.post("/evaluations/"+id+"/rfqs", form)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if doc(t, res).Find(`[data-testid="error-vendors[2].email"]`).Length() != 1 {
		t.Fatalf("the bad address is not flagged at its row: %s", body(t, res))
	}
	form.Set("email_2", "b@beta.example")
	res = buyer.post("/evaluations/"+id+"/rfqs", form)
	wantStatus(t, res, http.StatusCreated)
	links := doc(t, res).Find(`[data-testid="rfq-link-value"]`)
	if links.Length() != 2 {
		t.Fatalf("links shown: %d", links.Length())
	}
	link, _ := links.First().Attr("value")
	rfqPage, _ := doc(t, res).Find(`[data-testid="rfq-page-link"]`).Attr("href")

	// The vendor follows its link: the token becomes a cookie, the page is
	// in the invitation's language.
	v := a.client()
	res = v.get(strings.TrimPrefix(link, a.srv.URL))
	wantStatus(t, res, http.StatusSeeOther)
	res = v.get("/v/rfq")
	wantStatus(t, res, http.StatusOK)
	if !strings.Contains(body(t, res), "Yêu cầu báo giá cho Alpha GPU") || !strings.Contains(body(t, res), "Europe/Berlin") {
		t.Errorf("vendor page not in Vietnamese or without its deadline zone: %.600s", body(t, res))
	}
	wantStatus(t, v.post("/v/questions", url.Values{"text": {"Is IB non-blocking?"}}), http.StatusSeeOther)
	wantStatus(t, v.get("/v/quote"), http.StatusOK)
	cells := map[string]string{"rental_model": "reserved", "gpu_model": "H100", "currency": "USD", "price_per_gpu_hour": "2,5",
		"gpus_per_node": "8", "nodes": "zwei"}
	res = v.post("/v/quote", vendorForm(t, cells, "draft"))
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if doc(t, res).Find(`[data-testid="error-nodes"]`).Length() != 1 {
		t.Errorf("bad term not flagged at its field")
	}
	cells["nodes"] = "2"
	res = v.post("/v/quote/check", vendorForm(t, cells, ""))
	wantStatus(t, res, http.StatusOK)
	if c := doc(t, res); c.Find(`[data-testid="vendor-check"] [data-testid="flag"]`).Length() == 0 || !strings.Contains(c.Text(), "7 /") && !strings.Contains(c.Text(), "7 trên") {
		t.Errorf("live check: %s", c.Text())
	}
	if d, err := a.store.Draft(t.Context(), 1); err != nil || d.Draft != nil {
		t.Errorf("the live check saved a draft: %+v %v", d, err)
	}
	wantStatus(t, v.post("/v/quote", vendorForm(t, cells, "draft")), http.StatusSeeOther)
	d = doc(t, v.get("/v/quote"))
	if d.Find(`[data-testid="flag"]`).Length() == 0 || d.Find(`[data-testid="vendor-missing"] li`).Length() == 0 {
		t.Errorf("the draft's flags and missing blockers are not shown")
	}
	wantStatus(t, v.post("/v/quote", vendorForm(t, cells, "submit")), http.StatusSeeOther)

	// The buyer sees who asked and submitted, and answers.
	d = doc(t, buyer.get(rfqPage))
	if d.Find(`[data-status="submitted"]`).Length() != 1 || d.Find(`[data-testid="rfq-sealed"]`).Length() != 1 {
		t.Fatalf("round page: %s", d.Text())
	}
	if strings.Contains(d.Text(), "2.5") {
		t.Error("a sealed price shows on the round page")
	}
	list := doc(t, buyer.get("/evaluations/"+id+"/quotes"))
	if got := list.Find(`[data-testid="sealed-round"]`).Text(); !strings.Contains(got, "1 of 2") || strings.Contains(list.Text(), "2.5") {
		t.Errorf("quote list while sealed: %q", got)
	}
	action, _ := d.Find(`[data-testid="rfq-question"] form`).Attr("action")
	wantStatus(t, buyer.post(action, url.Values{"answer": {"Yes, 1:1."}}), http.StatusSeeOther)
	if !strings.Contains(body(t, v.get("/v/rfq")), "Yes, 1:1.") {
		t.Error("the published answer is not on the vendor page")
	}
	// Past the deadline: the submission is refused, the draft kept.
	clk.add(72 * time.Hour)
	res = v.post("/v/quote", vendorForm(t, cells, "submit"))
	wantStatus(t, res, http.StatusConflict)
	if doc(t, res).Find(`[data-testid="vendor-refused"]`).Length() != 1 {
		t.Error("no reason shown for the refused submission")
	}
	buyer, _ = a.login("p2@example.com", auth.Procurement) // the first session has timed out
	d = doc(t, buyer.get(rfqPage))
	if d.Find(`[data-testid="rfq-opened"]`).Length() != 1 || d.Find(`[data-testid="rfq-quote-link"]`).Length() != 1 {
		t.Errorf("after the deadline the round is not open with its quote: %s", d.Text())
	}
}
