package web_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// A manager opens the scoring sheet from the evaluation page, hides the
// provider names, and overrides a grade with a reason: the sheet shows it
// overridden with who graded it and why.
func TestBrowserManagerGrades(t *testing.T) {
	a := newApp(t)
	ctx := browser(t)
	buyer, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, buyer, "Grading journey")
	a.user("grader@example.com", auth.Manager)
	do(t, ctx,
		browserLogin(a, "grader@example.com"),
		chromedp.Navigate(a.srv.URL+ev),
		chromedp.Click(css("[data-testid=scores-link]")),
		chromedp.WaitVisible(css("[data-testid=scoring-sheet]")),
		chromedp.Click(css("[data-testid=scoring-blind]")),
		chromedp.WaitVisible(css("[data-testid=scoring-sheet]")),
	)
	if sheet := text(t, ctx, "[data-testid=scoring-sheet]"); strings.Contains(sheet, "Example") || !strings.Contains(sheet, "Quote A") {
		t.Errorf("blind sheet: %.300s", sheet)
	}
	do(t, ctx,
		chromedp.SetValue(css("#criterion"), "lock_in_exit"),
		chromedp.SendKeys(css("#grade"), "4.5"),
		chromedp.SendKeys(css("#reason"), "egress quoted by mail"),
		chromedp.Click(css("[data-testid=override-form] button")),
		chromedp.WaitVisible(css("[data-testid=flash]")),
	)
	screenshot(t, ctx, "scoring")
	if sheet := text(t, ctx, "[data-testid=scoring-sheet]"); !strings.Contains(sheet, "egress quoted by mail") || !strings.Contains(sheet, "overridden") {
		t.Errorf("override not shown: %.500s", sheet)
	}
}
