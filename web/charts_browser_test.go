package web_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// Each inline chart is drawn by a real browser at 1440 and at 390 px:
// it is visible, no wider than the screen, and kept as a picture under
// GPUQUOTE_SCREENSHOTS (chart-<width>-<name>.png) for a person to look at.
func TestBrowserChartsAt1440And390(t *testing.T) {
	t.Parallel()
	d := newDemo(t)
	if len(d.others) < 2 {
		t.Fatalf("the demo has %d other quotes, want 2 for a split", len(d.others))
	}
	tok := d.a.token("charts-bot@example.com", auth.Manager)
	first, second := strings.TrimPrefix(d.others[0], "/quotes/"), strings.TrimPrefix(d.others[1], "/quotes/")
	evID := strings.TrimPrefix(d.ev, "/evaluations/")
	res, out := d.a.api(tok, "POST", "/api/v1/evaluations/"+evID+"/award",
		`{"shares":[{"quote_id":`+first+`,"share_pct":60},{"quote_id":`+second+`,"share_pct":40}],"reason":"split for the picture"}`)
	wantStatus(t, res, http.StatusCreated)
	award := fmt.Sprint(out["id"])
	charts := []struct{ name, path, id string }{
		{"cost-range", "/worksheet", "cost-range-chart"},
		{"scores", "/scores", "score-chart"},
		{"award-split", "/decision", "award-split-" + award},
		{"cost-lines", "/decision", "cost-lines-chart"},
	}
	ctx := browser(t)
	do(t, ctx, browserLogin(d.a, "manager@example.com"))
	for _, width := range []int64{1440, 390} {
		for _, c := range charts {
			sel := "[data-testid=" + c.id + "]"
			do(t, ctx, chromedp.EmulateViewport(width, 900), chromedp.Navigate(d.a.srv.URL+d.ev+c.path),
				chromedp.WaitVisible(css(sel+" svg")))
			right, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.querySelector("`+sel+` svg").getBoundingClientRect().right`))
			if err != nil {
				t.Fatal(err)
			}
			if right > float64(width)+1 {
				t.Errorf("%d px: the %s chart reaches %.0f px", width, c.name, right)
			}
			chartShot(t, ctx, sel, fmt.Sprintf("chart-%d-%s", width, c.name))
		}
	}
}

// chartShot keeps the picture of one element, like screenshot keeps a page.
func chartShot(t *testing.T, ctx context.Context, sel, name string) {
	t.Helper()
	dir := os.Getenv("GPUQUOTE_SCREENSHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.Screenshot(css(sel)))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}
