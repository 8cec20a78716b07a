package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/store"
)

// journeyClock is the app's clock in the journey: moved on by the test.
type journeyClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *journeyClock) now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *journeyClock) set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

// The whole way after the award, in one browser: the manager signs the
// award; the contract it drafted (activated with an SLA by procurement)
// takes March's bill, whose GPU-hours are above the contracted rate; an
// engineer's kernel log shows a node fell off the bus for a day, which
// records an outage and drafts a credit claim; ten months later the
// cancel-by date is near, the contract is on Renewals and its notice alert
// shows; one click on re-bid (the vendor's contact given, as no round ever
// reached it) opens the new evaluation's worksheet with the contract's
// delivered figures beside the new quotes, the incumbent invited. The
// worksheet fits 390 px in every language and prints its baseline.
func TestBrowserContractJourneyToRebid(t *testing.T) {
	t.Parallel()
	clock := &journeyClock{t: time.Date(2026, 3, 10, 9, 0, 0, 0, time.UTC)}
	a := newClockApp(t, clock.now)
	ctx := browser(t)
	ev, _ := awardToSign(t, a)
	a.user("boss@example.com", auth.Manager)
	billPath := filepath.Join(t.TempDir(), "march.csv")
	bill := "period,description,quantity,unit,unit_price,amount,currency\n" +
		"2026-03,GPU-hours,100,GPU-hour,2.50,250.00,USD\n2026-03,Support,1,month,1000,1000.00,USD\n"
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

	// Procurement activates the draft with its SLA (a PATCH's use case).
	svc := evaluation.New(a.store)
	bctx := context.Background()
	list, err := svc.Contracts(bctx, store.ContractFilter{})
	if err != nil || len(list) != 1 {
		t.Fatalf("contracts %+v %v", list, err)
	}
	c := list[0]
	buyer, err := a.store.UserByEmail(bctx, "buyer@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.ReviseContract(bctx, buyer, c.ID, evaluation.ContractChange{Reason: "signed copy received", Fields: jsonFields(t,
		`{"start_date": "2026-03-01", "term_months": 12, "notice_days": 30, "activated": true,
		  "sla": {"uptime_pct": "99.5", "credits": [{"below_pct": "99.5", "credit_pct": "10"}], "claim_days": 30}}`)}); err != nil {
		t.Fatal(err)
	}

	do(t, ctx,
		chromedp.Click(css(`header nav a[href="/renewals"]`)),
		chromedp.WaitVisible(css("[data-testid=contract-link]")),
		chromedp.Click(css("[data-testid=contract-link]")),
		chromedp.WaitVisible(css("[data-testid=contract-state]")),
		chromedp.SetUploadFiles(css("#bill-file"), []string{billPath}),
		chromedp.Click(css("[data-testid=bill-upload]")),
	)
	waitFor(t, ctx, `!!document.querySelector("[data-testid=line-exception]")`)
	if got := text(t, ctx, "[data-testid=line-exception]"); !strings.Contains(got, "rate above the contract") || !strings.Contains(got, "50.00") {
		t.Errorf("exception %q", got)
	}

	// The engineer's kernel log: gpu-02 fell off the bus for a day.
	xid := "2026-03-05T07:00:00+0000 gpu-01 kernel: NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  550.90.07\n" +
		"2026-03-05T07:00:02+0000 gpu-02 kernel: NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  550.90.07\n" +
		"2026-03-05T09:00:00+0000 gpu-02 kernel: NVRM: Xid (PCI:0000:9d:00): 79, pid=1, name=python3, GPU has fallen off the bus.\n" +
		"2026-03-06T09:00:00+0000 gpu-02 kernel: NVRM: Xid (PCI:0000:9d:00): 79, pid=1, name=python3, GPU has fallen off the bus.\n"
	if _, refusal, err := svc.AddBenchmark(bctx, buyer.Actor(), c.QuoteID, evaluation.Upload{FileName: "kern.log", Content: []byte(xid),
		Fields: map[string]string{"kind": "kernel-log"}}); err != nil || refusal != nil {
		t.Fatalf("kernel log: %+v %v", refusal, err)
	}
	do(t, ctx, chromedp.Reload(), chromedp.WaitVisible(css("[data-testid=outages]")))
	if got := text(t, ctx, "[data-testid=outages]"); !strings.Contains(got, "kern.log") || !strings.Contains(got, "Xid 79") {
		t.Errorf("outage %q", got)
	}
	if n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("[data-testid=outage-evidence]").length`)); err != nil || n != 1 {
		t.Errorf("outage evidence links: %d %v", n, err)
	}
	// One node of two down a day of March: 61/62 = 98.38 %, under 99.5 %:
	// 10 % of March's 1,250.00.
	if got := text(t, ctx, "[data-testid=credits] tbody"); !strings.Contains(got, "98.38") || !strings.Contains(got, "125.00") {
		t.Errorf("credit claim %q", got)
	}

	// Ten months on: the cancel-by date (2027-01-30) is 15 days away.
	clock.set(time.Date(2027, 1, 15, 9, 0, 0, 0, time.UTC))
	do(t, ctx,
		browserLogin(a, "boss@example.com"),
		chromedp.Navigate(a.srv.URL+"/renewals"),
		chromedp.WaitVisible(css("[data-testid=upcoming] a")),
	)
	if got := text(t, ctx, "[data-testid=upcoming]"); !strings.Contains(got, "Acme Cloud") || !strings.Contains(got, "15") {
		t.Errorf("renewals %q", got)
	}
	do(t, ctx, chromedp.Click(css("[data-testid=upcoming] a")), chromedp.WaitVisible(css("[data-testid=notice-alert]")))
	if got := text(t, ctx, "[data-testid=notice-alert]"); !strings.Contains(got, "30") {
		t.Errorf("notice alert %q", got)
	}

	// Re-bid: the quote was imported, so the contact is asked for once.
	do(t, ctx, chromedp.Click(css("[data-testid=rebid]")), chromedp.WaitVisible(css("[data-testid=rebid-error]")))
	do(t, ctx,
		chromedp.SendKeys(css("#rebid-contact"), "Ann"),
		chromedp.SendKeys(css("#rebid-email"), "ann@acme.example"),
		chromedp.Click(css("[data-testid=rebid]")),
		chromedp.WaitVisible(css("[data-testid=rebid-baseline]")),
	)
	got := text(t, ctx, "[data-testid=rebid-baseline]")
	// By hand: 1,250.00 for 100 GPU-hours is 12.50 a GPU-hour against the
	// contracted 2.00; availability 98.38 %; 1.00 a unit at the award.
	for _, want := range []string{"Acme Cloud", "100", "1,250.00", "98.38", "12.50", "2.00", "1.00"} {
		if !strings.Contains(got, want) {
			t.Errorf("baseline lacks %q:\n%s", want, got)
		}
	}
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	var next int64
	if _, err := fmt.Sscanf(strings.TrimPrefix(loc, a.srv.URL), "/evaluations/%d/worksheet", &next); err != nil || next == ev {
		t.Fatalf("re-bid landed on %q", loc)
	}
	rounds, err := a.store.RFQsOf(bctx, next)
	if err != nil || len(rounds) != 1 {
		t.Fatalf("rounds of the re-bid %+v %v", rounds, err)
	}
	if invs, err := a.store.Invitations(bctx, rounds[0].ID); err != nil || len(invs) != 1 || invs[0].Company != "Acme Cloud" || invs[0].Email != "ann@acme.example" {
		t.Errorf("incumbent invited: %+v %v", invs, err)
	}
	screenshot(t, ctx, "rebid-baseline")
	_, txt := pdfText(t, ctx, chromedp.PaperA4, "rebid-worksheet")
	if flat := strings.Join(strings.Fields(txt), " "); !strings.Contains(flat, "Baseline") || !strings.Contains(flat, "98.38") {
		t.Errorf("printed worksheet:\n%.2000s", txt)
	}
	for _, lang := range i18n.Languages {
		do(t, ctx, phone,
			chromedp.WaitVisible(css("[data-testid=language-select]")),
			chromedp.SetValue(css("[data-testid=language-select]"), lang),
			chromedp.Evaluate[chromedp.Void](`window.oldPage = true; undefined`),
			chromedp.Click(css("[data-testid=language-submit]")),
		)
		waitFor(t, ctx, `!window.oldPage && document.readyState == "complete" && document.documentElement.lang == "`+lang+`" && !!document.querySelector("[data-testid=rebid-baseline]")`)
		checkFits(t, ctx, lang+" re-bid worksheet", 390)
	}
}

func jsonFields(t *testing.T, js string) map[string]json.RawMessage {
	t.Helper()
	var f map[string]json.RawMessage
	if err := json.Unmarshal([]byte(js), &f); err != nil {
		t.Fatal(err)
	}
	return f
}
