package web_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// budgetRound opens a round whose brief holds a budget (400000 EUR) the
// vendors must not learn: vendor 0 reads English, vendor 1 Russian.
func budgetRound(t *testing.T, clk *testClock) *round {
	t.Helper()
	a := newClockApp(t, clk.now)
	rd := &round{a: a, buyer: a.token("buyer@example.com", auth.Procurement), deadline: clk.now().Add(48 * time.Hour)}
	res, out := a.api(rd.buyer, http.MethodPost, "/api/v1/evaluations", `{"name":"Budget"}`)
	wantStatus(t, res, http.StatusCreated)
	rd.evalID = num(out["id"])
	_, b := a.api(rd.buyer, http.MethodGet, "/api/v1/evaluations/"+rd.evalID+"/brief", "")
	res, _ = a.api(rd.buyer, http.MethodPut, "/api/v1/evaluations/"+rd.evalID+"/brief", `{"version":`+num(b["version"])+
		`,"fields":{"budget_currency":"EUR","min_spend_limit":"400000","region":"EU","term_months":12}}`)
	wantStatus(t, res, http.StatusOK)
	dl := rd.deadline.Format(time.RFC3339)
	res, out = a.api(rd.buyer, http.MethodPost, "/api/v1/evaluations/"+rd.evalID+"/rfqs", `{"deadline":"`+dl+`",
		"vendors":[{"company":"Alpha GPU","contact":"Ann","email":"ann@alpha.example","language":"en"},
		{"company":"Beta Cloud","contact":"Boris","email":"boris@beta.example","language":"ru"}]}`)
	wantStatus(t, res, http.StatusCreated)
	rd.rfqID = num(out["rfq"].(map[string]any)["id"])
	for _, x := range out["invitations"].([]any) {
		inv := x.(map[string]any)
		rd.tokens = append(rd.tokens, inv["token"].(string))
		rd.invIDs = append(rd.invIDs, num(inv["id"]))
	}
	return rd
}

// vendorBrowser follows vendor i's link and returns its browser.
func (rd *round) vendorBrowser(t *testing.T, i int) *client {
	t.Helper()
	v := rd.a.client()
	wantStatus(t, v.get("/v/"+rd.tokens[i]), http.StatusSeeOther)
	return v
}

// buyerSecrets are what no vendor may read: the budget in any format and
// the buyer's own labels, in English and Russian.
var buyerSecrets = []string{"400000", "400 000", "400,000", "400\u00a0000", "Ask the vendor", "Pause the deal",
	"Приостановить сделку", "Спросить поставщика", "Спросите поставщика", "Minimum spend limit", "Лимит минимальных расходов"}

func wantNoSecret(t *testing.T, where, text string) {
	t.Helper()
	for _, s := range buyerSecrets {
		if strings.Contains(text, s) {
			t.Errorf("%s shows %q", where, s)
		}
	}
}

func TestVendorsNeverSeeTheBudget(t *testing.T) {
	t.Parallel()
	clk := &testClock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	rd := budgetRound(t, clk)
	// The form defaults to the brief's currency, not USD.
	res, out := rd.vendor(0, http.MethodGet, "/api/v1/vendor/rfq", "")
	wantStatus(t, res, http.StatusOK)
	if cur := out["draft"].(map[string]any)["terms"].(map[string]any)["currency"].(map[string]any)["value"]; cur != "EUR" {
		t.Errorf("the vendor's form defaults to %v, the brief asks for EUR", cur)
	}
	terms := `{"terms":{"rental_model":"reserved","gpu_model":"H100 SXM","currency":"EUR","min_spend":"550000","min_term_months":"12"}}`
	for i := range 2 {
		res, out = rd.vendor(i, http.MethodPut, "/api/v1/vendor/quote", terms, "Accept-Language", []string{"en", "ru"}[i])
		wantStatus(t, res, http.StatusOK)
		raw, _ := json.Marshal(out)
		wantNoSecret(t, "the vendor API's draft", string(raw))
		if !strings.Contains(string(raw), "min_spend_above_limit") {
			t.Errorf("the vendor is not told the minimum spend is too high: %s", raw)
		}
	}
	_, out = rd.vendor(0, http.MethodGet, "/api/v1/vendor/rfq", "")
	raw, _ := json.Marshal(out)
	wantNoSecret(t, "the vendor API", string(raw))
	if !strings.Contains(string(raw), "above what this request allows") {
		t.Errorf("the vendor's flag is not worded for the vendor: %s", raw)
	}
	for i := range 2 {
		v := rd.vendorBrowser(t, i)
		for _, page := range []string{"/v/rfq", "/v/quote"} {
			wantNoSecret(t, page, body(t, v.get(page)))
		}
		wantStatus(t, v.post("/v/quote", vendorForm(t, map[string]string{"rental_model": "reserved", "gpu_model": "H100 SXM",
			"currency": "EUR", "min_spend": "550000"}, "submit")), http.StatusSeeOther)
		wantNoSecret(t, "the page after submitting", body(t, v.get("/v/rfq")))
	}
	// The buyer still sees the figure, and that it is kept from vendors.
	buyer, _ := rd.a.login("p@example.com", auth.Procurement)
	d := doc(t, buyer.get("/rfqs/"+rd.rfqID))
	if !strings.Contains(d.Find(`[data-testid="rfq-internal"]`).Text(), "Minimum spend") {
		t.Errorf("the round page does not say what is kept from vendors: %q", d.Find(`[data-testid="rfq-internal"]`).Text())
	}
}

func TestQuestionIsPublishedInTheBuyersWording(t *testing.T) {
	t.Parallel()
	clk := &testClock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	rd := budgetRound(t, clk)
	original := "Можно ли предложить 4 узла H100 + 4 узла H200?"
	res, _ := rd.vendor(1, http.MethodPost, "/api/v1/vendor/questions", `{"text":"`+original+`"}`)
	wantStatus(t, res, http.StatusCreated)
	buyer, _ := rd.a.login("p@example.com", auth.Procurement)
	d := doc(t, buyer.get("/rfqs/"+rd.rfqID))
	if got, _ := d.Find(`[data-testid="rfq-published"]`).Html(); !strings.Contains(got, "4 узла") {
		t.Fatalf("the published wording does not start from the original: %q", got)
	}
	action, _ := d.Find(`[data-testid="rfq-question"] form`).Attr("action")
	wantStatus(t, buyer.post(action, url.Values{"published": {"May a mix of GPU models be offered?"}, "answer": {"Yes."}}), http.StatusSeeOther)
	for i := range 2 {
		_, out := rd.vendor(i, http.MethodGet, "/api/v1/vendor/rfq", "")
		answers, _ := json.Marshal(out["rfq"].(map[string]any)["answers"])
		if !strings.Contains(string(answers), "May a mix of GPU models be offered?") || strings.Contains(string(answers), "4 узла") {
			t.Errorf("vendor %d reads the answer as %s", i, answers)
		}
	}
	if got := body(t, rd.vendorBrowser(t, 0).get("/v/rfq")); strings.Contains(got, "4 узла") || !strings.Contains(got, "May a mix") {
		t.Errorf("the vendor page publishes the original question")
	}
	d = doc(t, buyer.get("/rfqs/"+rd.rfqID))
	if !strings.Contains(d.Find(`[data-testid="rfq-question-original"]`).Text(), "4 узла") ||
		!strings.Contains(d.Find(`[data-testid="rfq-question-published"]`).Text(), "May a mix") {
		t.Errorf("the buyer's page does not keep the original beside the published wording: %s", d.Find(`[data-testid="rfq-question"]`).Text())
	}
}
