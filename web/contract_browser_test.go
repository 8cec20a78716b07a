package web_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/i18n"
)

// The journey after the award: the manager signs the award on the
// decision page, finds its drafted contract from the Renewals page, imports
// a bill whose GPU-hours are above the contracted rate and sees that line
// flagged with the amount over. The contract page fits a 390 px phone in
// every language and prints on A4 without its forms, as do Renewals and
// the vendor's record.
func TestBrowserAwardToContractToBillDiscrepancy(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	ctx := browser(t)
	ev, _ := awardToSign(t, a)
	a.user("boss@example.com", auth.Manager)
	month := time.Now().UTC().Format("2006-01")
	billPath := filepath.Join(t.TempDir(), "bill.csv")
	bill := "period,description,quantity,unit,unit_price,amount,currency\n" +
		month + ",GPU-hours,100,GPU-hour,2.50,250.00,USD\n" + month + ",Support,1,month,1000,1000.00,USD\n"
	if err := os.WriteFile(billPath, []byte(bill), 0o600); err != nil {
		t.Fatal(err)
	}

	do(t, ctx,
		browserLogin(a, "boss@example.com"),
		chromedp.Navigate(fmt.Sprintf("%s/evaluations/%d/decision", a.srv.URL, ev)),
		chromedp.WaitVisible(css("[data-testid=award-sign-form]")),
		chromedp.SendKeys(css("[data-testid=award-sign-form] input[name=reason]"), "best value"),
		chromedp.SendKeys(css("[data-testid=award-sign-form] input[name=password]"), testPassword),
		chromedp.Click(css("[data-testid=award-sign]")),
	)
	waitFor(t, ctx, `!document.querySelector("[data-testid=award-sign-form]") && !!document.querySelector("[data-testid=award-signatures]")`)
	do(t, ctx,
		chromedp.Click(css(`header nav a[href="/renewals"]`)),
		chromedp.WaitVisible(css("[data-testid=contract-link]")),
		chromedp.Click(css("[data-testid=contract-link]")),
		chromedp.WaitVisible(css("[data-testid=contract-state]")),
	)
	if st := text(t, ctx, "[data-testid=contract-state]"); st != "draft" {
		t.Errorf("state %q", st)
	}
	do(t, ctx,
		chromedp.SetUploadFiles(css("#bill-file"), []string{billPath}),
		chromedp.Click(css("[data-testid=bill-upload]")),
	)
	waitFor(t, ctx, `!!document.querySelector("[data-testid=line-exception]")`)
	if got := text(t, ctx, "[data-testid=line-exception]"); !strings.Contains(got, "rate above the contract") || !strings.Contains(got, "50.00") {
		t.Errorf("exception %q", got)
	}
	if got := text(t, ctx, "[data-testid=should-be-paid]"); !strings.HasPrefix(got, "exception") {
		t.Errorf("should be paid %q", got)
	}
	screenshot(t, ctx, "contract-bill")
	contractURL, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	contractURL, _, _ = strings.Cut(contractURL, "#")
	recordURL, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("[data-testid=vendor-record-link]").href`))
	if err != nil || recordURL == "" {
		t.Fatalf("vendor record link %q: %v", recordURL, err)
	}

	_, txt := pdfText(t, ctx, chromedp.PaperA4, "contract")
	if flat := strings.Join(strings.Fields(txt), " "); !strings.Contains(flat, "rate above the contract") || strings.Contains(flat, "Import and match") {
		t.Errorf("printed contract:\n%.2000s", txt)
	}
	// The other new pages print too: their words, without their forms.
	for _, p := range []struct{ url, name string }{{a.srv.URL + "/renewals", "renewals"}, {recordURL, "vendor-record"}} {
		do(t, ctx, chromedp.Navigate(p.url), chromedp.WaitVisible(css("main")))
		if _, txt := pdfText(t, ctx, chromedp.PaperA4, p.name); !strings.Contains(strings.Join(strings.Fields(txt), " "), "Acme Cloud") {
			t.Errorf("printed %s has no vendor:\n%.1500s", p.name, txt)
		}
	}
	for _, lang := range i18n.Languages {
		do(t, ctx, phone,
			chromedp.WaitVisible(css("[data-testid=language-select]")),
			chromedp.SetValue(css("[data-testid=language-select]"), lang),
			chromedp.Evaluate[chromedp.Void](`window.oldPage = true; undefined`),
			chromedp.Click(css("[data-testid=language-submit]")),
		)
		waitFor(t, ctx, `!window.oldPage && document.readyState == "complete" && document.documentElement.lang == "`+lang+`"`)
		for _, p := range []string{contractURL, a.srv.URL + "/renewals", recordURL} {
			do(t, ctx, chromedp.Navigate(p), chromedp.WaitVisible(css("main")))
			checkFits(t, ctx, lang+" "+p, 390)
		}
	}
}
