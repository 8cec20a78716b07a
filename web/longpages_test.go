package web_test

import (
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

func TestImportPreviewPutsTheSummaryAndConfirmFirst(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c, u := a.login("buyer@example.com", auth.Procurement)
	ev := newEvaluation(t, a, u, "Preview")
	example, err := os.ReadFile(exampleCSV)
	if err != nil {
		t.Fatal(err)
	}
	res := c.upload(ev+"/quotes/import", "file", "quotes.csv", example)
	wantStatus(t, res, http.StatusOK)
	html := body(t, res)
	confirm, table, flags := strings.Index(html, `data-testid="import-confirm"`), strings.Index(html, `data-testid="quotes"`), strings.Index(html, `data-testid="flags"`)
	if confirm < 0 || table < 0 || flags < 0 || confirm > table || confirm > flags {
		t.Errorf("confirm at %d, table at %d, flag cards at %d: the button must come first", confirm, table, flags)
	}
	summary := doc(t, res).Find("[data-testid=import-summary]").Text()
	if !strings.Contains(summary, "blockers") || !strings.Contains(summary, "warnings") {
		t.Errorf("no totals above the button: %q", summary)
	}
}

func TestLongPagesHaveInPageNavigationAndAStickySave(t *testing.T) {
	t.Parallel()
	d := newDemo(t)
	brief := doc(t, d.buyer.get(d.ev+"/brief"))
	if n := brief.Find("[data-testid=brief-toc] a").Length(); n < 5 {
		t.Errorf("brief navigation has %d links", n)
	}
	brief.Find("[data-testid=brief-toc] a").Each(func(_ int, s *goquerySelection) {
		href, _ := s.Attr("href")
		if brief.Find(href).Length() != 1 {
			t.Errorf("navigation link %s goes nowhere", href)
		}
	})
	if brief.Find(".sticky-save [data-testid=brief-save]").Length() != 1 {
		t.Errorf("the brief's save button is not sticky")
	}
	q := doc(t, d.buyer.get(d.quote))
	q.Find("[data-testid=quote-toc] a").Each(func(_ int, s *goquerySelection) {
		href, _ := s.Attr("href")
		if q.Find(href).Length() != 1 {
			t.Errorf("quote navigation link %s goes nowhere", href)
		}
	})
	if n := q.Find("[data-testid=quote-toc] a").Length(); n < 5 {
		t.Errorf("quote navigation has %d links", n)
	}
	if doc(t, d.buyer.get(d.quote+"/edit")).Find(".sticky-save [data-testid=quote-save]").Length() != 1 {
		t.Errorf("the quote form's save button is not sticky")
	}
}
