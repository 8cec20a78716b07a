package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// tabWalk presses Tab until the focus comes back round and reports the
// visible controls the keyboard never reached and the reached ones that
// showed no focus outline.
func tabWalk(t *testing.T, ctx context.Context) (missed, unmarked []string) {
	t.Helper()
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`window.tabSeen = new Set(); window.tabUnmarked = [];
		document.addEventListener("focusin", e => {
			const el = e.target, s = getComputedStyle(el);
			window.tabSeen.add(el);
			if ((s.outlineStyle == "none" || parseFloat(s.outlineWidth) == 0) && s.boxShadow == "none") window.tabUnmarked.push(el.outerHTML.slice(0, 80));
		}); document.activeElement.blur(); undefined`))
	total, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex='0']").length`))
	if err != nil {
		t.Fatal(err)
	}
	for range total + 5 {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab)); err != nil {
			t.Fatal(err)
		}
	}
	res, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex='0']")]
		.filter(el => el.checkVisibility() && !el.disabled && !window.tabSeen.has(el))
		.map(el => el.outerHTML.slice(0, 80))`))
	if err != nil {
		t.Fatal(err)
	}
	unm, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.tabUnmarked`))
	if seen, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`window.tabSeen.size`)); seen < 5 {
		t.Errorf("Tab reached %d controls of %d", seen, total)
	}
	return res, unm
}

// Every control of the decision page (the manager's) and of the vendor's
// RFQ page is reached with Tab alone, and each shows where the focus is.
func TestBrowserKeyboardReachesEveryControlOnTheDecisionAndVendorPages(t *testing.T) {
	t.Parallel()
	d := newDemo(t)
	wantStatus(t, d.buyer.post(d.others[0]+"/shortlist", url.Values{"on": {"yes"}}), http.StatusSeeOther)
	form := url.Values{"deadline": {time.Now().AddDate(0, 0, 20).Format("2006-01-02T15:04")}, "time_zone": {"Europe/Berlin"}, "grace_hours": {"24"}, "note": {"Hi"},
		"company_0": {"Alpha GPU"}, "contact_0": {"Ann"}, "email_0": {"ann@alpha.example"}, "language_0": {"en"}}
	res := d.buyer.post(d.ev+"/rfqs", form)
	wantStatus(t, res, http.StatusCreated)
	link, _ := doc(t, res).Find(`[data-testid="rfq-link-value"]`).First().Attr("value")

	ctx := browser(t)
	do(t, ctx, browserLogin(d.a, "manager@example.com"), chromedp.EmulateViewport(1440, 900),
		chromedp.Navigate(d.a.srv.URL+d.ev+"/decision"), chromedp.WaitVisible(css("[data-testid=decision-quotes]")))
	missed, unmarked := tabWalk(t, ctx)
	for _, m := range missed {
		t.Errorf("decision page: Tab never reaches %s", m)
	}
	for _, m := range unmarked {
		t.Errorf("decision page: no focus outline on %s", m)
	}

	vendor := browser(t)
	do(t, vendor, chromedp.EmulateViewport(1440, 900), chromedp.Navigate(strings.Replace(link, "http://localhost", "http://127.0.0.1", 1)),
		chromedp.WaitVisible(css("main")))
	if u, _ := chromedp.Run(vendor, chromedp.Evaluate[string](`location.pathname`)); u != "/v/rfq" {
		t.Fatalf("the vendor's link leads to %s", u)
	}
	missed, unmarked = tabWalk(t, vendor)
	for _, m := range missed {
		t.Errorf("vendor page: Tab never reaches %s", m)
	}
	for _, m := range unmarked {
		t.Errorf("vendor page: no focus outline on %s", m)
	}
}
