package web_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/chromedp/chromedp"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
)

// The evaluations list shows a page at a time: more evaluations than a
// page are split over pages with the totals and links both ways, in every
// language, and the API pages the same way (issue 27).
func TestEvaluationsListIsPaged(t *testing.T) {
	t.Parallel()
	const n = evaluation.EvaluationsPerPage + 3
	a := newApp(t)
	owner := a.user("paged-owner@example.com", auth.Procurement)
	for i := range n {
		if _, err := a.store.CreateEvaluation(context.Background(), owner.Actor(), fmt.Sprintf("Paged %02d", i)); err != nil {
			t.Fatal(err)
		}
	}
	c, _ := a.login("paged-reader@example.com", auth.Engineer)
	names := func(d *goquery.Document) []string {
		var out []string
		d.Find("[data-testid=evaluations] tbody tr td:first-child a").Each(func(_ int, s *goquery.Selection) { out = append(out, s.Text()) })
		return out
	}
	res := c.get("/evaluations")
	wantStatus(t, res, http.StatusOK)
	d := doc(t, res)
	first := names(d)
	if len(first) != evaluation.EvaluationsPerPage || first[0] != fmt.Sprintf("Paged %02d", n-1) {
		t.Fatalf("page 1: %d rows from %v", len(first), first[:min(1, len(first))])
	}
	pager := d.Find("[data-testid=evaluations-pager]")
	if want := fmt.Sprintf("Evaluations 1–%d of %d", evaluation.EvaluationsPerPage, n); !strings.Contains(pager.Text(), want) {
		t.Errorf("pager %q, want %q", pager.Text(), want)
	}
	next, _ := pager.Find("a[rel=next]").Attr("href")
	if next != "?page=2" || pager.Find("a[rel=prev]").Length() != 0 {
		t.Errorf("page 1 links: next %q, prev %d", next, pager.Find("a[rel=prev]").Length())
	}
	d = doc(t, c.get("/evaluations"+next))
	second := names(d)
	if len(second) != 3 || second[2] != "Paged 00" {
		t.Errorf("page 2: %v", second)
	}
	if prev, _ := d.Find("[data-testid=evaluations-pager] a[rel=prev]").Attr("href"); prev != "?page=1" {
		t.Errorf("page 2's previous link %q", prev)
	}
	// Past the last page, or not a page: the first.
	for _, p := range []string{"?page=9", "?page=x"} {
		if got := names(doc(t, c.get("/evaluations"+p))); len(got) != evaluation.EvaluationsPerPage || got[0] != first[0] {
			t.Errorf("%s: %d rows", p, len(got))
		}
	}
	// The pager speaks the reader's language.
	for lang, want := range map[string]string{"ru": "Оценки 1–50 из 53", "zh": "第 1–50 个评估，共 53 个", "vi": "Đánh giá 1–50 trên 53"} {
		req, _ := http.NewRequest(http.MethodGet, c.base+"/evaluations", nil)
		req.Header.Set("Accept-Language", lang)
		req.AddCookie(&http.Cookie{Name: "lang", Value: lang})
		if got := doc(t, c.do(req)).Find("[data-testid=evaluations-pager]").Text(); !strings.Contains(got, want) {
			t.Errorf("%s pager %q, want %q", lang, got, want)
		}
	}

	tok := a.token("paged-api@example.com", auth.Engineer)
	res, out := a.api(tok, "GET", "/api/v1/evaluations", "")
	wantStatus(t, res, http.StatusOK)
	if l := out["evaluations"].([]any); len(l) != evaluation.EvaluationsPerPage || out["total"] != float64(n) || out["pages"] != float64(2) ||
		!strings.HasSuffix(fmt.Sprint(out["next"]), "/api/v1/evaluations?page=2&per_page=50") {
		t.Errorf("API page 1: %d of %v in %v pages, next %v", len(l), out["total"], out["pages"], out["next"])
	}
	res, out = a.api(tok, "GET", "/api/v1/evaluations?page=2", "")
	wantStatus(t, res, http.StatusOK)
	if l := out["evaluations"].([]any); len(l) != 3 || out["next"] != nil {
		t.Errorf("API page 2: %d, next %v", len(l), out["next"])
	}
	res, out = a.api(tok, "GET", "/api/v1/evaluations?per_page=20&page=3", "")
	wantStatus(t, res, http.StatusOK)
	if l := out["evaluations"].([]any); len(l) != 13 || out["pages"] != float64(3) {
		t.Errorf("API per_page=20 page 3: %d of %v pages", len(l), out["pages"])
	}
	res, _ = a.api(tok, "GET", "/api/v1/evaluations?per_page=501", "")
	wantStatus(t, res, http.StatusUnprocessableEntity)
}

// On a 390 px phone, in each language, the list's pager and its links fit
// the screen (issue 27).
func TestBrowserEvaluationsPagerFitsAPhone(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	u := a.user("pager-phone@example.com", auth.Procurement)
	for i := range evaluation.EvaluationsPerPage + 3 {
		if _, err := a.store.CreateEvaluation(context.Background(), u.Actor(), fmt.Sprintf("Reserved capacity for the fine-tuning programme %02d", i)); err != nil {
			t.Fatal(err)
		}
	}
	ctx := browser(t)
	do(t, ctx, browserLogin(a, "pager-phone@example.com"), phone)
	for _, lang := range []string{"ru", "zh", "vi", "en"} {
		do(t, ctx,
			chromedp.Navigate(a.srv.URL+"/evaluations/1/brief"),
			chromedp.WaitVisible(css("[data-testid=language-select]")),
			chromedp.SetValue(css("[data-testid=language-select]"), lang),
			chromedp.Click(css("[data-testid=language-submit]")),
			chromedp.WaitVisible(css("html[lang="+lang+"] [data-testid=brief-form]")),
			chromedp.Navigate(a.srv.URL+"/evaluations?page=2"),
			chromedp.WaitVisible(css("html[lang="+lang+"] [data-testid=evaluations-pager] a[rel=prev]")),
		)
		checkFits(t, ctx, "/evaluations?page=2 ("+lang+")", 390)
		off, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("[data-testid=evaluations-pager] *")].filter(e => e.getBoundingClientRect().right > innerWidth + 1).map(e => e.textContent).join("; ")`))
		if err != nil || off != "" {
			t.Errorf("%s: the pager runs off the screen: %s %v", lang, off, err)
		}
		screenshot(t, ctx, "390-evaluations-pager-"+lang)
	}
}
