package web_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// fillTerm sets one term of the quote form to stated with value.
func fillTerm(name, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.SetValue(css(`select[name="state_`+name+`"]`), "stated"),
		chromedp.SetValue(css("#v-"+name), value),
	)
}

// vendorQuote fills the vendor's form with a quote that leaves the fabric
// unstated (a blocker the vendor sees before submitting).
func vendorQuote(price string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.WaitVisible(css("[data-testid=quote-form]")),
		fillTerm("rental_model", "reserved"),
		fillTerm("gpu_model", "H100"),
		fillTerm("gpus_per_node", "8"),
		fillTerm("nodes", "4"),
		fillTerm("currency", "USD"),
		fillTerm("price_per_gpu_hour", price),
	)
}

func TestBrowserSourcingRound(t *testing.T) {
	t.Parallel()
	clk := &testClock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	a := newClockApp(t, clk.now)
	ctx := browser(t)
	buyer := a.user("buyer@example.com", auth.Procurement)
	a.user("boss@example.com", auth.Manager)
	ev, err := a.store.CreateEvaluation(t.Context(), buyer.Actor(), "H100 training capacity")
	if err != nil {
		t.Fatal(err)
	}
	// Procurement invites two vendors.
	do(t, ctx,
		browserLogin(a, "buyer@example.com"),
		chromedp.Navigate(fmt.Sprintf("%s/evaluations/%d", a.srv.URL, ev.ID)),
		chromedp.Click(css("[data-testid=rfq-link]")),
		chromedp.Click(css("[data-testid=rfq-new]")),
		chromedp.WaitVisible(css("[data-testid=rfq-form]")),
		chromedp.SetValue(css("#deadline"), "2026-12-03T17:00"),
		chromedp.SetValue(css("#time_zone"), "Europe/Berlin"),
		chromedp.SendKeys(css(`[name=company_0]`), "Alpha GPU"),
		chromedp.SendKeys(css(`[name=contact_0]`), "Ann"),
		chromedp.SendKeys(css(`[name=email_0]`), "ann@alpha.example"),
		chromedp.SendKeys(css(`[name=company_1]`), "Beta Cloud"),
		chromedp.SendKeys(css(`[name=email_1]`), "sales@beta.example"),
		chromedp.Click(css("[data-testid=rfq-send]")),
		chromedp.WaitVisible(css("[data-testid=rfq-links]")),
	)
	links, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("[data-testid=rfq-link-value]")].map(e => e.value)`))
	if err != nil || len(links) != 2 {
		t.Fatalf("links: %v %v", links, err)
	}
	rfqPage, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("[data-testid=rfq-page-link]").href`))
	if err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "rfq-created")

	// Alpha asks a question, sees its draft's flags, submits.
	do(t, ctx,
		chromedp.Navigate(links[0]),
		chromedp.WaitVisible(css("[data-testid=vendor-title]")),
		chromedp.SendKeys(css("#question"), "Is the InfiniBand fabric non-blocking?"),
		chromedp.Click(css("[data-testid=vendor-ask]")),
		chromedp.WaitVisible(css("[data-testid=vendor-own-question]")),
		chromedp.Click(css("[data-testid=vendor-quote-link]")),
		vendorQuote("2.40"),
	)
	// The check follows the form as it is filled in, before any save.
	before := text(t, ctx, "[data-testid=vendor-completeness]")
	do(t, ctx, chromedp.SendKeys(css("#v-region"), "eu-west"))
	waitFor(t, ctx, `document.querySelector("[data-testid=vendor-completeness]").innerText !== `+strconv.Quote(before))
	if got := text(t, ctx, "[data-testid=vendor-completeness]"); !strings.HasPrefix(got, "8 of") {
		t.Errorf("live completeness %q (was %q), want 8 terms answered", got, before)
	}
	do(t, ctx,
		chromedp.Click(css("[data-testid=vendor-save]")),
		chromedp.WaitVisible(css("[data-testid=flash]")),
		chromedp.WaitVisible(css("[data-testid=vendor-missing]")),
	)
	screenshot(t, ctx, "vendor-draft")
	if got := text(t, ctx, "[data-testid=vendor-check]"); !strings.Contains(got, "Needed before the buyer can compare") || strings.Contains(got, "locker") {
		t.Errorf("the draft's check does not name what is needed in the vendor's words: %q", got)
	}
	do(t, ctx,
		chromedp.Click(css("[data-testid=vendor-submit]")),
		chromedp.WaitVisible(css("[data-testid=vendor-submitted]")),
	)
	// Beta submits too.
	do(t, ctx,
		chromedp.Navigate(links[1]),
		chromedp.WaitVisible(css("[data-testid=vendor-title]")),
		chromedp.Click(css("[data-testid=vendor-quote-link]")),
		vendorQuote("3.10"),
		chromedp.Click(css("[data-testid=vendor-submit]")),
		chromedp.WaitVisible(css("[data-testid=vendor-submitted]")),
	)
	// The buyer sees both submitted, sealed, and answers the question.
	do(t, ctx,
		chromedp.Navigate(rfqPage),
		chromedp.WaitVisible(css("[data-testid=rfq-sealed]")),
		chromedp.SendKeys(css("[data-testid=rfq-question] textarea[name=answer]"), "Yes: 1:1, no oversubscription."),
		chromedp.Click(css("[data-testid=rfq-answer-submit]")),
		chromedp.WaitVisible(css("[data-testid=rfq-answer]")),
	)
	if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("[data-status=submitted]").length`)); n != 2 {
		t.Errorf("submitted vendors on the round page: %d", n)
	}
	if strings.Contains(text(t, ctx, "main"), "2.4") {
		t.Error("a sealed price shows on the round page")
	}
	screenshot(t, ctx, "rfq-sealed")

	// Past the deadline Beta's form is read-only: its answer shows, no
	// button submits, and the page says what Beta can still do.
	clk.add(60 * time.Hour)
	do(t, ctx,
		chromedp.Navigate(a.srv.URL+"/v/quote"),
		chromedp.WaitVisible(css("[data-testid=vendor-read-only]")),
	)
	if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("[data-testid=vendor-submit], [data-testid=vendor-save]").length`)); n != 0 {
		t.Errorf("%d buttons still submit after the deadline", n)
	}
	if v, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#v-price_per_gpu_hour").value + (document.querySelector("#v-price_per_gpu_hour").matches(":disabled") ? " disabled" : "")`)); v != "3.10 disabled" && v != "3.1 disabled" {
		t.Errorf("the price field after the deadline: %q", v)
	}
	screenshot(t, ctx, "vendor-read-only")
	// The round opens at its deadline: both answers are quotes, with flags.
	do(t, ctx,
		browserLogin(a, "boss@example.com"),
		chromedp.Navigate(rfqPage),
		chromedp.WaitVisible(css("[data-testid=rfq-opened]")),
		chromedp.Navigate(fmt.Sprintf("%s/evaluations/%d/quotes", a.srv.URL, ev.ID)),
		chromedp.WaitVisible(css("[data-testid=quote-row]")),
	)
	screenshot(t, ctx, "rfq-quotes")
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("[data-testid=quote-row]")].map(e => e.innerText)`))
	if err != nil || len(rows) != 2 {
		t.Fatalf("quote rows: %v %v", rows, err)
	}
	if !strings.Contains(rows[0], "Alpha GPU") || !strings.Contains(rows[1], "Beta Cloud") || !strings.Contains(rows[1], "3.1") {
		t.Errorf("rows: %q", rows)
	}
	for _, r := range rows {
		if !strings.Contains(strings.ToLower(r), "blocker") {
			t.Errorf("row without its blocker flag count: %q", r)
		}
	}
}
