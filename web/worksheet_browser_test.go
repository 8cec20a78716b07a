package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// At 1440 px only the first quote's column was visible, even with two
// quotes: with up to six, every quote column and its totals fit the
// screen without scrolling sideways.
func TestBrowserWorksheetShowsEveryColumnAt1440(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c, u := a.login("wide@example.com", auth.Procurement)
	admin := a.user("fx-wide@example.com", auth.Admin)
	if err := a.store.SetFXRate(context.Background(), admin.Actor(), "EUR", "1.08", time.Now()); err != nil {
		t.Fatal(err)
	}
	ctx := browser(t)
	do(t, ctx, browserLogin(a, "wide@example.com"), chromedp.EmulateViewport(1440, 900))
	for _, n := range []int{2, 4, 6} {
		ev := newEvaluation(t, a, u, fmt.Sprintf("Wide %d", n))
		wantStatus(t, c.post(ev+"/quotes/import/confirm", url.Values{"csv": {string(manyQuotesCSV(t, n))}}), http.StatusSeeOther)
		do(t, ctx, chromedp.Navigate(a.srv.URL+ev+"/worksheet"), chromedp.WaitVisible(css("[data-testid=worksheet]")))
		hidden, err := chromedp.Run(ctx, chromedp.Evaluate[int](`(() => {
			const wrap = document.querySelector("[data-testid=worksheet]").getBoundingClientRect();
			let hidden = 0;
			for (const th of document.querySelectorAll("[data-testid=ws-column]")) {
				const r = th.getBoundingClientRect();
				if (r.right > wrap.right + 1 || r.right > window.innerWidth + 1) hidden++;
			}
			for (const td of document.querySelectorAll("[data-testid=worksheet] tbody td")) {
				const r = td.getBoundingClientRect();
				if (r.width > 0 && r.right > window.innerWidth + 1) { hidden++; break; }
			}
			return hidden;
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("[data-testid=ws-column]").length`))
		if cols != n || hidden != 0 {
			screenshot(t, ctx, fmt.Sprintf("worksheet-1440-%d", n))
			t.Errorf("%d quotes: %d columns shown, %d past the screen's edge", n, cols, hidden)
		}
	}
}

// worksheetWith imports n example quotes (two of them in EUR) into a new
// evaluation of a signed-in buyer and returns its worksheet's path.
func worksheetWith(t *testing.T, a *app, email string, n int) string {
	t.Helper()
	c, u := a.login(email, auth.Procurement)
	admin := a.user("fx-"+email, auth.Admin)
	if err := a.store.SetFXRate(context.Background(), admin.Actor(), "EUR", "1.08", time.Now()); err != nil {
		t.Fatal(err)
	}
	ev := newEvaluation(t, a, u, fmt.Sprintf("%d quotes", n))
	wantStatus(t, c.post(ev+"/quotes/import/confirm", url.Values{"csv": {string(manyQuotesCSV(t, n))}}), http.StatusSeeOther)
	return ev + "/worksheet"
}

// "How it was computed" showed only on hover (a title attribute): no
// keyboard or finger could read it. It is a details element now, opened
// with Enter, and no figure keeps its explanation in a hover text.
func TestBrowserWorksheetExplainsFiguresToTheKeyboard(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	ws := worksheetWith(t, a, "keys@example.com", 3)
	ctx := browser(t)
	do(t, ctx, browserLogin(a, "keys@example.com"), chromedp.EmulateViewport(1440, 900),
		chromedp.Navigate(a.srv.URL+ws), chromedp.WaitVisible(css("[data-testid=worksheet]")))
	hover, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("[data-testid=worksheet] td[title]").length`))
	if hover != 0 {
		t.Errorf("%d figures explain themselves only on hover", hover)
	}
	sel := "[data-testid=ws-row-contract_value] td details.how summary"
	do(t, ctx, chromedp.Focus(css(sel)), chromedp.KeyEvent(kb.Enter))
	waitFor(t, ctx, `document.querySelector("[data-testid=ws-row-contract_value] td details.how").open &&
		document.querySelector("[data-testid=ws-row-contract_value] td details.how p").getBoundingClientRect().height > 0`)
	screenshot(t, ctx, "worksheet-1440-details-open")
	if got := text(t, ctx, "[data-testid=ws-row-contract_value] td details.how p"); !strings.Contains(got, "USD") {
		t.Errorf("the contract value's explanation reads %q", got)
	}
}

// At 390 px the worksheet was a table wider than the phone: it is one
// card per quote, its totals first, opened by a tap, and the page is no
// wider than the screen.
func TestBrowserWorksheetIsOneCardPerQuoteOnAPhone(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	ws := worksheetWith(t, a, "phone@example.com", 4)
	ctx := browser(t)
	do(t, ctx, browserLogin(a, "phone@example.com"), chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile),
		chromedp.Navigate(a.srv.URL+ws), chromedp.WaitVisible(css("[data-testid=worksheet-cards]")))
	got, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]int](`(() => {
		const cards = [...document.querySelectorAll("[data-testid=ws-card]")];
		const shown = cards.filter(c => c.getBoundingClientRect().width > 0 && c.getBoundingClientRect().right <= innerWidth + 1);
		const totalsFirst = cards.filter(c => {
			const rows = [...c.querySelectorAll("[data-testid^=card-row-]")].map(r => r.dataset.testid);
			return rows[0] == "card-row-cost_per_unit" && rows.indexOf("card-row-tco") < rows.indexOf("card-row-committed_compute") &&
				c.querySelector("[data-testid=card-row-tco] .fig").getBoundingClientRect().height > 0;
		});
		return {cards: cards.length, shown: shown.length, totalsFirst: totalsFirst.length,
			wide: document.documentElement.scrollWidth, table: document.querySelector("[data-testid=worksheet]").getBoundingClientRect().height};
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "worksheet-390-cards")
	if got["cards"] != 4 || got["shown"] != 4 || got["totalsFirst"] != 4 || got["wide"] > 391 || got["table"] != 0 {
		t.Errorf("at 390 px: %v, want 4 cards on screen with their totals first, the page 390 px wide, the table folded away", got)
	}
	sel := "[data-testid=ws-card] [data-testid=card-row-contract_value] details.how"
	do(t, ctx, chromedp.Tap(css(sel+" summary")))
	waitFor(t, ctx, `document.querySelector("`+sel+`").open`)
}
