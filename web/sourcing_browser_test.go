package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// attest fills one requirement of the vendor's compliance form.
func attest(kind, to, scope string, fabric bool) chromedp.Action[chromedp.Void] {
	steps := []chromedp.Action[chromedp.Void]{
		chromedp.SetValue(css("#state_"+kind), "stated"),
		chromedp.SetValue(css("#issuer_"+kind), "A-LIGN"),
		chromedp.SetValue(css("#to_"+kind), to),
		chromedp.SetValue(css("#scope_"+kind), scope),
	}
	if fabric {
		steps = append(steps, chromedp.Click(css(`[name="fabric_`+kind+`"]`)))
	}
	return chromedp.Steps(steps...)
}

// saveAttestations submits the compliance form and waits for the page it
// redirects to. The flash of an earlier step (a question asked) is removed
// first: waiting for "a flash" would otherwise pass at once, and the next
// click could leave the page before the save's redirect had arrived.
func saveAttestations() chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("[data-testid=flash]").forEach(e => e.remove()); undefined`),
		chromedp.Click(css("[data-testid=vendor-compliance-save]")),
		chromedp.WaitVisible(css("[data-testid=flash]")),
	)
}

// vendorSeesNoSecret checks the vendor's page as rendered: no budget
// figure, no buyer label.
func vendorSeesNoSecret(t *testing.T, ctx context.Context, where string) {
	t.Helper()
	// Read by script once the page has loaded: a node looked up by id can
	// go stale when a redirect's page replaces the one just shown.
	waitFor(t, ctx, `document.readyState == "complete" && document.body != null`)
	body, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	wantNoSecret(t, where, body)
}

// TestBrowserTwoVendorsInTwoLanguages is issue 28's journey: an English
// and a Russian vendor answer a round whose budget is internal; neither
// sees it, a question is published reworded, the form closes at the
// deadline, and the compliance matrix fills in from their answers.
func TestBrowserTwoVendorsInTwoLanguages(t *testing.T) {
	clk := &testClock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	rd := budgetRound(t, clk) // Alpha in English, Beta in Russian; 400000 EUR internal
	a := rd.a
	// The round requires SOC 2 Type II and ISO 27001 covering FRA1 and the fabric.
	res, out := a.api(rd.buyer, http.MethodPost, "/api/v1/evaluations/"+rd.evalID+"/rfqs", `{"deadline":"`+rd.deadline.Format(time.RFC3339)+`",
		"compliance":{"requirements":[{"kind":"soc2_type2"},{"kind":"iso27001"}],"sites":"FRA1","fabric":true},
		"vendors":[{"company":"Alpha GPU","contact":"Ann","email":"ann@alpha.example","language":"en"},
		{"company":"Beta Cloud","contact":"Boris","email":"boris@beta.example","language":"ru"}]}`)
	wantStatus(t, res, http.StatusCreated)
	rfqID := num(out["rfq"].(map[string]any)["id"])
	var links []string
	for _, x := range out["invitations"].([]any) {
		links = append(links, x.(map[string]any)["link"].(string))
	}
	a.user("buyer2@example.com", auth.Procurement)
	a.user("buyer3@example.com", auth.Procurement)
	ctx := browser(t)

	// Alpha (English) asks a question that gives its offer away, quotes a
	// minimum spend above the budget, answers the compliance evidence.
	do(t, ctx,
		chromedp.Navigate(links[0]),
		chromedp.WaitVisible(css("[data-testid=vendor-title]")),
		chromedp.SendKeys(css("#question"), "Can we offer 4 H100 nodes + 4 H200 nodes?"),
		chromedp.Click(css("[data-testid=vendor-ask]")),
		chromedp.WaitVisible(css("[data-testid=vendor-own-question]")),
		attest("soc2_type2", "2028-06-30", "FRA1, AMS2", true),
		attest("iso27001", "2028-06-30", "AMS2", true), // FRA1 not named: a scope gap
		saveAttestations(),
	)
	vendorSeesNoSecret(t, ctx, "Alpha's page")
	do(t, ctx,
		chromedp.Click(css("[data-testid=vendor-quote-link]")),
		chromedp.WaitVisible(css("[data-testid=quote-form]")),
	)
	if v, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#v-currency").value`)); v != "EUR" {
		t.Errorf("Alpha's form defaults to %q, the brief asks for EUR", v)
	}
	do(t, ctx, vendorQuote("2.40"), fillTerm("currency", "EUR"), fillTerm("min_spend", "550000"))
	do(t, ctx, chromedp.SendKeys(css("#v-region"), "eu-central"))
	waitFor(t, ctx, `document.querySelector("[data-testid=vendor-check]").innerText.includes("above what this request allows")`)
	vendorSeesNoSecret(t, ctx, "Alpha's form with the live check")
	if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("[data-field-flags=min_spend] [data-testid=field-flag]").length`)); n == 0 {
		t.Errorf("the minimum spend's flag is not beside its field")
	}
	do(t, ctx,
		chromedp.Click(css("[data-testid=vendor-submit]")),
		chromedp.WaitVisible(css("[data-testid=vendor-submitted]")),
	)
	vendorSeesNoSecret(t, ctx, "Alpha's page after submitting")
	screenshot(t, ctx, "sourcing-alpha-submitted")

	// Beta (Russian): an expired ISO 27001, then submits.
	do(t, ctx,
		chromedp.Navigate(links[1]),
		chromedp.WaitVisible(css("[data-testid=vendor-title]")),
		attest("soc2_type2", "2028-06-30", "FRA1", true),
		attest("iso27001", "2026-06-30", "FRA1", true), // ended five months ago, no bridge letter
		saveAttestations(),
	)
	if got := text(t, ctx, "[data-testid=vendor-title]"); !strings.Contains(got, "Запрос") {
		t.Errorf("Beta's page is not in Russian: %q", got)
	}
	vendorSeesNoSecret(t, ctx, "Beta's page")
	do(t, ctx,
		chromedp.Click(css("[data-testid=vendor-quote-link]")),
		vendorQuote("3.10"),
		fillTerm("currency", "EUR"),
		fillTerm("min_spend", "550000"),
		chromedp.Click(css("[data-testid=vendor-submit]")),
		chromedp.WaitVisible(css("[data-testid=vendor-submitted]")),
	)
	vendorSeesNoSecret(t, ctx, "Beta's page after submitting")

	// The buyer publishes the question reworded.
	do(t, ctx,
		browserLogin(a, "buyer2@example.com"),
		chromedp.Navigate(a.srv.URL+"/rfqs/"+rfqID),
		chromedp.WaitVisible(css("[data-testid=rfq-published]")),
		chromedp.SetValue(css("[data-testid=rfq-published]"), "May a mix of GPU models be offered?"),
		chromedp.SendKeys(css("[data-testid=rfq-question] textarea[name=answer]"), "Yes, if each node is uniform."),
		chromedp.Click(css("[data-testid=rfq-answer-submit]")),
		chromedp.WaitVisible(css("[data-testid=rfq-question-published]")),
	)
	do(t, ctx, chromedp.Navigate(links[1]), chromedp.WaitVisible(css("[data-testid=vendor-answer]")))
	if got := text(t, ctx, "[data-testid=vendor-answer]"); !strings.Contains(got, "May a mix of GPU models") || strings.Contains(got, "H200") {
		t.Errorf("Beta reads the question as %q", got)
	}

	// After the deadline Beta's form is read-only.
	clk.add(49 * time.Hour)
	do(t, ctx,
		chromedp.Navigate(a.srv.URL+"/v/quote"),
		chromedp.WaitVisible(css("[data-testid=vendor-read-only]")),
	)
	if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("[data-testid=vendor-submit]").length`)); n != 0 {
		t.Errorf("a submit button after the deadline")
	}
	vendorSeesNoSecret(t, ctx, "Beta's form after the deadline")
	screenshot(t, ctx, "sourcing-beta-closed")

	// The matrix fills in: one scope gap (Alpha's ISO), one expired (Beta's ISO).
	do(t, ctx,
		browserLogin(a, "buyer3@example.com"),
		chromedp.Navigate(a.srv.URL+"/rfqs/"+rfqID),
		chromedp.WaitVisible(css("[data-testid=compliance-matrix]")),
	)
	got, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("[data-testid=compliance-cell]")].map(e => e.dataset.status)`))
	if strings.Join(got, ",") != "covered,scope_gap,covered,expired" {
		t.Errorf("matrix cells: %v", got)
	}
	screenshot(t, ctx, "sourcing-matrix")
}
