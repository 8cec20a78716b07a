package web_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/collect"
)

// TestBrowserEngineerCollectsEvidenceFromATrialCluster is issue 30's
// journey: the engineer opens the quote's test plan, creates an evidence
// token with one click, pastes the command on the cluster (here: the
// collector with stand-in tools), and the quote page's acceptance suite
// fills in with no upload by hand.
func TestBrowserEngineerCollectsEvidenceFromATrialCluster(t *testing.T) {
	a := newApp(t)
	ctx := browser(t)
	standIns(t)
	q := benchQuote(t, a)
	a.user("engineer@example.com", auth.Engineer)
	quotePage := fmt.Sprintf("%s/quotes/%d", a.srv.URL, q.ID)
	do(t, ctx,
		browserLogin(a, "engineer@example.com"),
		chromedp.Navigate(quotePage),
		chromedp.Click(css("[data-testid=test-plan-link]")),
		chromedp.WaitVisible(css("[data-testid=plan-steps]")),
	)
	if p := text(t, ctx, "[data-testid=plan-total]"); !strings.Contains(p, "h") {
		t.Errorf("plan total %q", p)
	}
	if cmd := text(t, ctx, "[data-testid=plan-step-nccl-all_reduce] [data-testid=plan-command]"); !strings.Contains(cmd, "all_reduce_perf -b 8 -e 16G -f 2 -g 1") {
		t.Errorf("nccl command %q", cmd)
	}
	screenshot(t, ctx, "test-plan")
	do(t, ctx,
		chromedp.Click(css("[data-testid=create-evidence-token]")),
		chromedp.WaitVisible(css("[data-testid=evidence-command]")),
	)
	line := text(t, ctx, "[data-testid=evidence-command]")
	screenshot(t, ctx, "evidence-token")
	fields := strings.Fields(line)
	var token string
	for i, f := range fields {
		if f == "--token" && i+1 < len(fields) {
			token = fields[i+1]
		}
	}
	if !strings.HasPrefix(line, "gpuquote collect --server "+a.srv.URL) || !strings.HasPrefix(token, "gq_") {
		t.Fatalf("command %q", line)
	}
	var stdout bytes.Buffer
	if _, err := collect.Run(context.Background(), collectOpts(a, token, q.ID, t.TempDir(), &stdout)); err != nil {
		t.Fatalf("collect: %v\n%s", err, stdout.String())
	}
	do(t, ctx,
		chromedp.Navigate(quotePage),
		chromedp.WaitVisible(css("[data-testid=suite]")),
	)
	for test, want := range map[string]string{"nccl_allreduce": "passed", "gpu_health": "failed", "checkpoint_io": "failed"} {
		got, err := chromedp.Run(ctx, chromedp.AttributeValue(css("[data-testid=suite-"+test+"]"), "data-status"))
		if err != nil || got.Value != want {
			t.Errorf("%s: %q (%v), want %s", test, got.Value, err, want)
		}
	}
	if meta := text(t, ctx, "[data-testid=bench-section]"); !strings.Contains(meta, "collected on ") {
		t.Errorf("the uploads do not show their run: %.300s", meta)
	}
	screenshot(t, ctx, "suite-filled-by-collector")
}
