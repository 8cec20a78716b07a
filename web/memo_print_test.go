package web_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// The printed memo's hashes (the approval's, each award's) each stay on
// the page of what they seal, on one line, never alone at the top of a
// page.
func TestBrowserMemoHashesStayWithWhatTheySeal(t *testing.T) {
	t.Parallel()
	d := newDemo(t)
	ctx := browser(t)
	do(t, ctx, browserLogin(d.a, "manager@example.com"), chromedp.Navigate(d.a.srv.URL+d.ev+"/decision/memo"), chromedp.WaitVisible(css("[data-testid=memo]")))
	hashes, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("[data-testid=memo] code")].map(c => c.innerText).filter(s => /^[0-9a-f]{64}$/.test(s))`))
	if err != nil || len(hashes) == 0 {
		t.Fatalf("no hash in the memo: %v", err)
	}
	// Each recorded award is one block on paper, and each hash keeps to
	// the block before it.
	do(t, ctx, emulateMedia("print"))
	loose, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("[data-testid=memo] code")].filter(c => /^[0-9a-f]{64}$/.test(c.innerText)).map(c => {
		const p = c.closest("p"), s = getComputedStyle(p), block = p.closest(".memo-award, .memo-approval");
		if (s.breakBefore != "avoid") return "a hash may start a page";
		if (!block || getComputedStyle(block).breakInside != "avoid") return "a hash's block may break";
		return "";
	}).filter(Boolean).join("; ")`))
	if err != nil || loose != "" {
		t.Errorf("%s %v", loose, err)
	}
	do(t, ctx, emulateMedia(""))
	hex := regexp.MustCompile(`[0-9a-f]{64}`)
	for _, paper := range []chromedp.PaperSize{chromedp.PaperA4, chromedp.PaperLetter} {
		n, txt := pdfText(t, ctx, paper, "memo-hash")
		pages := strings.Split(txt, "\f")
		for _, h := range hashes {
			for i, page := range pages {
				if !strings.Contains(page, h[:16]) {
					continue
				}
				lines := strings.Split(strings.TrimSpace(page), "\n")
				if !hex.MatchString(page) {
					t.Errorf("%d-page memo, page %d: the hash %s… is broken across lines", n, i+1, h[:12])
				}
				if len(lines) <= 2 || strings.Contains(lines[0], h[:16]) || strings.Contains(lines[1], h[:16]) {
					t.Errorf("%d-page memo, page %d: the hash %s… is alone at the top of a page:\n%s", n, i+1, h[:12], page)
				}
			}
		}
	}
}

// emulateMedia lays the page out for media ("print"; "" for the screen).
func emulateMedia(media string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: media})
		return chromedp.Void{}, err
	}
}
