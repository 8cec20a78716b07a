package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// At 1440 px only the first quote's column was visible, even with two
// quotes: with up to six, every quote column and its totals fit the
// screen without scrolling sideways.
func TestBrowserWorksheetShowsEveryColumnAt1440(t *testing.T) {
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
