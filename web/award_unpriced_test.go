package web_test

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// An award may name a quote in a currency without an exchange rate: it
// used to be refused ("Not a priced quote of this evaluation"), so a
// script could not put the proposal on the record. It is recorded now
// with its figures unknown (null, never zero), says which quote is not
// priced and why, cannot be signed until it is, and shows its figures
// and takes its signature once an admin adds the rate.
func TestAnAwardOfAQuoteWithoutAnExchangeRateIsRecordedWithItsValueUnknown(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	buyer, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, buyer, "Unpriced award")
	q := strings.TrimPrefix(quotePathOf(t, buyer, ev, "Specialized"), "/quotes/")
	evID := strconv.FormatInt(evaluationIDOf(t, ev), 10)
	proposer := a.token("proposer@example.com", auth.Manager)

	res, rec := a.api(proposer, "POST", "/api/v1/evaluations/"+evID+"/award", `{"shares":[{"quote_id":`+q+`,"share_pct":100}],"reason":"best fabric"}`)
	wantStatus(t, res, http.StatusCreated)
	if rec["contract_value"] != nil || rec["priced"] != false {
		t.Errorf("recorded with a value: %v", rec)
	}
	awardPath := "/api/v1/awards/" + strconv.FormatFloat(rec["id"].(float64), 'f', 0, 64)
	res, got := a.api(proposer, "GET", awardPath, "")
	wantStatus(t, res, http.StatusOK)
	np, _ := got["not_priced"].([]any)
	if got["contract_value"] != nil || got["monthly_equivalent"] != nil || got["priced"] != false || len(np) != 1 {
		t.Fatalf("unpriced award %v", got)
	}
	if first := np[0].(map[string]any); first["code"] != "no_rate" || !strings.Contains(first["reason"].(string), "EUR") {
		t.Errorf("not_priced %v", first)
	}

	approver := approveToken(t, a, "approver@example.com")
	res, out := a.api(approver, "POST", awardPath+"/approval", `{"reason":"looks right"}`)
	wantStatus(t, res, http.StatusConflict)
	if out["code"] != "value_unknown" {
		t.Errorf("signature on an unknown value: %v", out)
	}
	if text := doc(t, buyer.get(ev+"/decision")).Find("[data-testid=award-not-priced]").Text(); !strings.Contains(text, "EUR") {
		t.Errorf("the decision page does not say why the award has no value: %q", text)
	}

	withEURRate(t, a)
	res, got = a.api(proposer, "GET", awardPath, "")
	wantStatus(t, res, http.StatusOK)
	value, _ := got["contract_value"].(map[string]any)
	if got["priced"] != true || value["currency"] != "USD" || value["amount"] == "" || len(got["not_priced"].([]any)) != 0 {
		t.Fatalf("priced award %v", got)
	}
	res, out = a.api(approver, "POST", awardPath+"/approval", `{"reason":"priced now"}`)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("signature once priced: %d %v", res.StatusCode, out)
	}
}

// Without approval rules, the direct approval of an unpriced quote went on
// to its other checks (here its open blockers), and once they passed it
// recorded the award with its unknown value written as 0.00. The unknown
// value is the first refusal now (value_unknown), and nothing is recorded.
func TestAnUnpricedQuoteIsNotApprovedDirectlyEvenWithoutRules(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	buyer, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, buyer, "Unpriced direct")
	q := quotePathOf(t, buyer, ev, "Specialized")
	wantStatus(t, buyer.post(q+"/shortlist", url.Values{"on": {"yes"}}), http.StatusSeeOther)
	res, out := a.api(approveToken(t, a, "mgr-api@example.com"), "POST", "/api/v1"+q+"/approval", `{"decision":"approve","reason":"cheapest"}`)
	wantStatus(t, res, http.StatusConflict)
	if out["code"] != "value_unknown" {
		t.Errorf("API %v", out)
	}
	awards, err := a.store.Awards(t.Context(), evaluationIDOf(t, ev))
	if err != nil {
		t.Fatal(err)
	}
	if len(awards) != 0 {
		t.Errorf("a refused approval recorded %d award(s)", len(awards))
	}
}
