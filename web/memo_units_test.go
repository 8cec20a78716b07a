package web_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// The memo read "Engineering rate per hour 95", a USD figure in an EUR
// memo: every assumption with a unit carries it.
func TestMemoAssumptionsCarryTheirUnits(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, tok := analysedEvaluation(t, a)
	res, _ := a.api(tok, "PATCH", "/api/v1/evaluations/"+id+"/brief", `{"fields":{"budget_currency":"EUR"}}`)
	wantStatus(t, res, http.StatusOK)
	c, _ := a.login("memo-reader@example.com", "manager")
	page := c.get("/evaluations/" + id + "/decision/memo")
	wantStatus(t, page, http.StatusOK)
	found := false
	doc(t, page).Find("[data-testid=memo-assumptions] tr").Each(func(_ int, row *goquery.Selection) {
		if strings.Contains(row.Find("th").Text(), "Engineering rate") {
			found = true
			if v := row.Find("td").Text(); !strings.Contains(v, "USD") && !strings.Contains(v, "EUR") {
				t.Errorf("engineering rate without its currency: %q", v)
			}
		}
	})
	if !found {
		t.Fatal("no engineering rate in the memo")
	}
}
