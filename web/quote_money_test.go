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
