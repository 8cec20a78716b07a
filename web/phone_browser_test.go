package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// On a 390 px phone the header is one short band whose navigation opens
// from a menu button (a <details>: no script needed), and the decision
// shortlist, a quote's terms and an RFQ's vendors are cards: every column
// and every button is on the screen, none in a box scrolled sideways.
func TestBrowserPhoneHasAMenuAndCards(t *testing.T) {
	t.Parallel()
	d := newDemo(t)
	// A second shortlisted quote: the manager's approve and reject buttons.
	wantStatus(t, d.buyer.post(d.others[0]+"/shortlist", url.Values{"on": {"yes"}}), http.StatusSeeOther)
	form := url.Values{"deadline": {time.Now().AddDate(0, 0, 20).Format("2006-01-02T15:04")}, "time_zone": {"Europe/Berlin"}, "grace_hours": {"24"}, "note": {"Hi"},
		"company_0": {"Alpha GPU Cloud International"}, "contact_0": {"Ann Example"}, "email_0": {"ann.example@alpha-gpu-cloud.example"}, "language_0": {"vi"},
		"company_1": {"Beta Compute"}, "contact_1": {"Bo"}, "email_1": {"bo@beta.example"}, "language_1": {"en"}}
	res := d.buyer.post(d.ev+"/rfqs", form)
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("RFQ: %d %s", res.StatusCode, doc(t, res).Find(".error, [role=alert], .field-error, .invalid").Text())
	}
	rfqPage, _ := doc(t, res).Find(`[data-testid="rfq-page-link"]`).Attr("href")
	if rfqPage == "" {
		t.Fatal("no link to the RFQ's page")
	}
	ctx := browser(t)
	do(t, ctx, browserLogin(d.a, "manager@example.com"), phone, chromedp.Navigate(d.a.srv.URL+d.ev+"/decision"), chromedp.WaitVisible(css("main")))

	// The header: closed, a band of at most two short rows; opened, the links.
	h, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.querySelector("header.top").getBoundingClientRect().height`))
	if err != nil || h > 100 {
		t.Errorf("the header is %.0f px tall on a phone (was 181): %v", h, err)
	}
	shown := `document.querySelector("header.top nav a[href='/evaluations']").checkVisibility()`
	if v, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](shown)); v {
		t.Error("the navigation is not folded into the menu on a phone")
	}
	screenshot(t, ctx, "390-menu-closed")
	do(t, ctx, chromedp.Click(css("[data-testid=menu-button]")))
	waitFor(t, ctx, shown+` && document.querySelector("[data-testid=logout]").checkVisibility()`)
	screenshot(t, ctx, "390-menu-open")
	do(t, ctx, chromedp.Click(css("[data-testid=menu-button]")))

	for _, c := range []struct{ path, table string }{
		{d.ev + "/decision", "[data-testid=decision-quotes]"},
		{d.quote, "table.terms"},
		{rfqPage, "[data-testid=rfq-invitations]"},
	} {
		do(t, ctx, chromedp.Navigate(d.a.srv.URL+c.path), chromedp.WaitVisible(css(c.table)))
		off, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`(() => {
			const out = [];
			for (const tb of document.querySelectorAll(%q)) {
				if (tb.scrollWidth > tb.clientWidth + 1) out.push("table scrolls: " + tb.scrollWidth + " in " + tb.clientWidth);
				for (const e of tb.querySelectorAll("td, th, a, button, input")) {
					const r = e.getBoundingClientRect();
					if (r.width > 0 && r.right > innerWidth + 1) out.push(e.tagName + " " + (e.innerText || e.value || "").slice(0, 30) + " ends at " + Math.round(r.right));
				}
			}
			return out.slice(0, 5).join("; ");
		})()`, c.table)))
		if err != nil || off != "" {
			t.Errorf("%s at 390 px: %s %v", c.path, off, err)
		}
		checkFits(t, ctx, c.path, 390)
		screenshot(t, ctx, "390-cards-"+strings.Trim(strings.ReplaceAll(c.table, "=", "-"), "[]."))
	}
	// The decision's cards keep the manager's buttons.
	do(t, ctx, chromedp.Navigate(d.a.srv.URL+d.ev+"/decision"), chromedp.WaitVisible(css("[data-testid=decide-form] button")))
	if v, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`[...document.querySelectorAll("[data-testid=decide-form] button")].every(b => b.checkVisibility() && b.getBoundingClientRect().right <= innerWidth)`)); !v {
		t.Error("a decision button is off the phone's screen")
	}
	// On a desktop the menu button is hidden and the links are in the band.
	do(t, ctx, desktop, chromedp.Navigate(d.a.srv.URL+d.ev+"/decision"), chromedp.WaitVisible(css("main")))
	if v, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](shown+` && !document.querySelector("[data-testid=menu-button]").checkVisibility()`)); !v {
		t.Error("on a desktop the navigation is behind a menu button")
	}
}
