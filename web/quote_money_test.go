package web_test

import (
	"net/http"
	"strings"
	"testing"
)

// The quote page showed terms but no money: it shows its monthly TCO and
// range, contract value, cost per useful unit and place, in the
// evaluation's currency with the amount as quoted beside a converted one.
func TestQuotePageShowsItsMoney(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, _ := analysedEvaluation(t, a)
	c, _ := a.login("money-reader@example.com", "engineer")
	var eurQuote string
	doc(t, c.get("/evaluations/"+id+"/quotes")).Find("[data-testid=quote-row] a").Each(func(_ int, s *goquerySelection) {
		if strings.Contains(s.Text(), "Specialized") {
			eurQuote, _ = s.Attr("href")
		}
	})
	page := c.get(eurQuote)
	wantStatus(t, page, http.StatusOK)
	m := doc(t, page).Find("[data-testid=quote-money]")
	text := m.Text()
	for _, want := range []string{"Monthly TCO", "Contract value", "Cost per", "of 3", "USD", "EUR as quoted"} {
		if !strings.Contains(text, want) {
			t.Errorf("quote money lacks %q: %q", want, text)
		}
	}
}

// The list shows the same money as columns, sortable: by cost per useful
// unit the cheapest comes first.
func TestQuoteListShowsMoneyColumnsSortable(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, _ := analysedEvaluation(t, a)
	c, _ := a.login("list-reader@example.com", "engineer")
	d := doc(t, c.get("/evaluations/"+id+"/quotes?sort=cost"))
	var costs []string
	d.Find("[data-testid=quote-row] [data-testid=quote-cost]").Each(func(_ int, s *goquerySelection) {
		costs = append(costs, strings.TrimSpace(s.Text()))
	})
	if len(costs) < 2 || d.Find("[data-testid=quote-row] [data-testid=quote-tco]").Length() != len(costs) ||
		d.Find("[data-testid=quote-row] [data-testid=quote-contract]").Length() != len(costs) {
		t.Fatalf("money columns: %v", costs)
	}
	if th := d.Find("th[aria-sort=ascending]").Text(); !strings.Contains(th, "Cost per") {
		t.Errorf("sorted column = %q", th)
	}
	if _, err := d.Find("th a[href*='sort=tco']").Attr("href"); !err {
		t.Errorf("no sort link for the monthly TCO")
	}
}
