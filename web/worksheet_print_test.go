package web_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// The printed worksheet had blank cost cells and lost the columns past the
// paper's edge: printed, it is landscape, every quote's column is on the
// paper, the header with the providers repeats on every page, and every
// quote's cost per unit, monthly TCO and contract value can be read.
func TestBrowserWorksheetPrintsEveryFigureInLandscape(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c, u := a.login("print@example.com", auth.Procurement)
	admin := a.user("fx-print@example.com", auth.Admin)
	if err := a.store.SetFXRate(context.Background(), admin.Actor(), "EUR", "1.08", time.Now()); err != nil {
		t.Fatal(err)
	}
	ev := newEvaluation(t, a, u, "Printed")
	wantStatus(t, c.post(ev+"/quotes/import/confirm", url.Values{"csv": {string(manyQuotesCSV(t, 6))}}), http.StatusSeeOther)
	ctx := browser(t)
	do(t, ctx, browserLogin(a, "print@example.com"), chromedp.Navigate(a.srv.URL+ev+"/worksheet"),
		chromedp.WaitVisible(css("[data-testid=worksheet]")))
	figures := map[string][]string{}
	for _, row := range []string{"cost_per_unit", "tco", "contract_value"} {
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("[data-testid=ws-row-`+row+`] td .fig")].map(e => e.textContent.trim())`))
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 6 {
			t.Fatalf("row %s shows %d figures, want one per quote: %q", row, len(got), got)
		}
		for i := range got {
			got[i] = flatText(got[i])
		}
		figures[row] = got
	}
	for _, paper := range []struct {
		name string
		size chromedp.PaperSize
	}{{"A4", chromedp.PaperA4}, {"Letter", chromedp.PaperLetter}} {
		pdf, err := chromedp.Run(ctx, chromedp.PrintToPDF(chromedp.PDFPaper(paper.size), chromedp.PDFPreferCSSPageSize()))
		if err != nil {
			t.Fatal(err)
		}
		for _, box := range regexp.MustCompile(`/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]`).FindAllSubmatch(pdf, -1) {
			w, _ := strconv.ParseFloat(string(box[1]), 64)
			h, _ := strconv.ParseFloat(string(box[2]), 64)
			if w <= h {
				t.Errorf("%s: a page is %.0f × %.0f pt, not landscape", paper.name, w, h)
				break
			}
		}
		txt := pdfToText(t, pdf, "worksheet-print-"+paper.name)
		flat := flatText(txt)
		for row, figs := range figures {
			for i, f := range figs {
				if !strings.Contains(flat, f) {
					t.Errorf("%s: quote %d's %s %q is not on the paper", paper.name, i+1, row, f)
				}
			}
		}
		// Every page that carries worksheet rows names every quote's
		// provider above them.
		for n, page := range strings.Split(txt, "\f") {
			if !strings.Contains(page, "Monthly TCO") && !strings.Contains(page, "Committed compute") && !strings.Contains(page, "GPU model") {
				continue
			}
			for i := range 6 {
				if name := "Vendor " + strconv.Itoa(i); !strings.Contains(page, name) {
					t.Errorf("%s page %d: no header naming %s", paper.name, n+1, name)
				}
			}
		}
	}
}

// flatText is text with its runs of spaces, no-break spaces and line
// breaks made one space, as a figure reads however the paper lays it out.
func flatText(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\u00a0", " ")), " ")
}
