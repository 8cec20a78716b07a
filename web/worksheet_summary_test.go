package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// The worksheet on a phone is a long column of cards: a summary at its top
// lists each quote's cost per useful unit and monthly TCO, the figures of
// the worksheet's own rows, each with a link to the quote's card.
func TestWorksheetSummaryListsEachQuoteWithALinkToItsCard(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	ws := worksheetWith(t, a, "summary@example.com", 3)
	c := a.client()
	wantStatus(t, c.post("/login", url.Values{"email": {"summary@example.com"}, "password": {testPassword}}), http.StatusSeeOther)
	d := doc(t, c.get(ws))
	rows := d.Find("[data-testid=worksheet-summary] [data-testid=summary-row]")
	if rows.Length() != 3 {
		t.Fatalf("summary rows: %d, want 3", rows.Length())
	}
	cards := d.Find("[data-testid=ws-card]")
	rows.Each(func(i int, r *goquery.Selection) {
		href, _ := r.Find("[data-testid=summary-card-link]").Attr("href")
		card := d.Find(href)
		if !strings.HasPrefix(href, "#card-") || card.Length() != 1 {
			t.Errorf("row %d links to %q, which is no card", i, href)
			return
		}
		if card.Get(0) != cards.Get(i) {
			t.Errorf("row %d links to another quote's card", i)
		}
		cardText := func(key string) string {
			return strings.Join(strings.Fields(card.Find("[data-testid=card-row-"+key+"] dd .fig").Text()), " ")
		}
		for _, k := range []struct{ cell, row string }{{"summary-cpu", "cost_per_unit"}, {"summary-tco", "tco"}} {
			got := strings.Join(strings.Fields(r.Find("[data-testid="+k.cell+"]").Text()), " ")
			if want := cardText(k.row); got == "" || !strings.HasPrefix(got, want) {
				t.Errorf("row %d %s reads %q, the card %q", i, k.row, got, want)
			}
		}
	})
	if d.Find("[data-testid=worksheet-summary]").NextAllFiltered("[data-testid=worksheet]").Length() != 1 {
		t.Error("the summary is not above the sheet")
	}
}
