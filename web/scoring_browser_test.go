package web_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
)

// A manager opens the scoring sheet from the evaluation page, hides the
// provider names, and overrides a grade with a reason: the sheet shows it
// overridden with who graded it and why. The manager then records the
// award on the decision page, and two approvers (a manager, then finance,
// as the rule orders) sign it with their passwords.
func TestBrowserManagerGrades(t *testing.T) {
	t.Parallel()
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

	// The journey goes on to a two-approver award: above the threshold a
	// manager, then finance, each signing with their password.
	admin := a.user("rules-admin@example.com", auth.Admin)
	rules := `{"currency":"USD","tiers":[{"above":"0","approvers":1},{"above":"1","approvers":2,"order":"in_order","roles":["manager","finance"]}]}`
	if err := a.store.SetSetting(context.Background(), admin.Actor(), store.SettingApprovalRules, rules); err != nil {
		t.Fatal(err)
	}
	do(t, ctx,
		chromedp.Navigate(a.srv.URL+ev+"/decision"),
		chromedp.WaitVisible(css("[data-testid=award-form]")),
	)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelectorAll("[data-testid=award-form] input[type=number]").forEach((e, i) => e.value = i == 0 ? "100" : ""); "ok"`)); err != nil {
		t.Fatal(err)
	}
	do(t, ctx,
		chromedp.SendKeys(css("#award-reason"), "best graded"),
		chromedp.Click(css("[data-testid=record-award]")),
		chromedp.WaitVisible(css("[data-testid=recorded-award]")),
	)
	if s := text(t, ctx, "[data-testid=recorded-award]"); !strings.Contains(s, "Awaiting approval") || !strings.Contains(s, "you recorded") && !strings.Contains(s, "You recorded") {
		t.Errorf("recorded award: %.400s", s)
	}
	a.user("approver-mgr@example.com", auth.Manager)
	a.user("approver-fin@example.com", auth.Finance)
	for _, who := range []struct{ email, reason string }{{"approver-mgr@example.com", "fits the plan"}, {"approver-fin@example.com", "funds reserved"}} {
		do(t, ctx,
			chromedp.Click(css("[data-testid=logout]")),
			chromedp.WaitVisible(css("[data-testid=login-submit]")),
			browserLogin(a, who.email),
			chromedp.WaitVisible(css("main")),
			chromedp.Navigate(a.srv.URL+ev+"/decision"),
			chromedp.WaitVisible(css("[data-testid=award-sign-form]")),
			chromedp.SendKeys(css("[data-testid=award-sign-form] input[name=reason]"), who.reason),
			chromedp.SendKeys(css("[data-testid=award-sign-form] input[name=password]"), testPassword),
			chromedp.Click(css("[data-testid=award-sign]")),
			chromedp.WaitVisible(css("[data-testid=flash]")),
		)
	}
	screenshot(t, ctx, "award-approved")
	award := text(t, ctx, "[data-testid=recorded-award]")
	if !strings.Contains(award, "Approved") || !strings.Contains(award, "fits the plan") || !strings.Contains(award, "funds reserved") ||
		!strings.Contains(award, "(Manager)") || !strings.Contains(award, "(Finance)") {
		t.Errorf("approved award: %.600s", award)
	}

	// A price change after signing makes the award stale on home, the
	// decision page and the memo, with the price before → after, and
	// offers one-step re-approval.
	revisePriceAfterSigning(t, a, ev)
	do(t, ctx,
		chromedp.Navigate(a.srv.URL+ev),
		chromedp.WaitVisible(css("[data-testid=approval-state]")),
	)
	if st := stateOf(t, ctx); st != "stale" {
		t.Errorf("home approval state after the price change: %q", st)
	}
	if changes := text(t, ctx, "[data-testid=approval-changes]"); !strings.Contains(changes, "→") {
		t.Errorf("home changes: %.300s", changes)
	}
	do(t, ctx,
		chromedp.Navigate(a.srv.URL+ev+"/decision"),
		chromedp.WaitVisible(css("[data-testid=award-reapprove-form]")),
	)
	if st := text(t, ctx, "[data-testid=award-status]"); st != "Stale" {
		t.Errorf("decision page award status: %q", st)
	}
	if changes := text(t, ctx, "[data-testid=award-changes]"); !strings.Contains(changes, "→") {
		t.Errorf("decision page changes: %.300s", changes)
	}
	screenshot(t, ctx, "award-stale")
	do(t, ctx,
		chromedp.Navigate(a.srv.URL+ev+"/decision/memo"),
		chromedp.WaitVisible(css("[data-testid=memo-approval-status]")),
	)
	if st := text(t, ctx, "[data-testid=memo-approval-status]"); st != "Stale" {
		t.Errorf("memo approval status: %q", st)
	}
}

// revisePriceAfterSigning raises the price of the first priced quote of
// the evaluation at path ev by a tenth, as its author.
func revisePriceAfterSigning(t *testing.T, a *app, ev string) {
	t.Helper()
	ctx := context.Background()
	id, err := strconv.ParseInt(strings.TrimPrefix(ev, "/evaluations/"), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	svc := evaluation.New(a.store)
	an, err := svc.Analyze(ctx, id)
	if err != nil || len(an.Quotes) == 0 {
		t.Fatalf("analysis %v", err)
	}
	sq := an.Quotes[0]
	price, _ := sq.Quote.PricePerGPUHour.Get()
	q := sq.Quote
	c, _ := quote.ColumnByName("price_per_gpu_hour")
	if err := c.Parse(&q, strconv.FormatFloat(price.Float64()*1.1, 'f', 4, 64)); err != nil {
		t.Fatal(err)
	}
	author, err := a.store.UserByID(ctx, sq.AuthorID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.ReviseQuote(ctx, author, sq.ID, sq.Version, q); err != nil {
		t.Fatal(err)
	}
}

// stateOf is the home's approval state word (data-state).
func stateOf(t *testing.T, ctx context.Context) string {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("[data-testid=approval-state]").dataset.state`))
	if err != nil {
		t.Fatal(err)
	}
	return v
}
