package web_test

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// axeViolation is one rule axe-core found broken on a page.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Nodes  int    `json:"nodes"`
	Target string `json:"target"`
	Help   string `json:"help"`
}

// axeScript is axe-core, vendored by .ci/vendor-axe (pinned, checksummed):
// the walk needs no network.
func axeScript(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("testdata/axe/axe.min.js")
	if err != nil {
		t.Fatalf("axe-core is not vendored (run .ci/vendor-axe): %v", err)
	}
	return string(b)
}

// runAxe checks the page in ctx with axe-core and returns its violations.
func runAxe(t *testing.T, ctx context.Context, script string) []axeViolation {
	t.Helper()
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](script+`;
		axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations.map(v => ({
			id: v.id, impact: v.impact || "", nodes: v.nodes.length, help: v.help,
			target: v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(" | ")}))))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("axe: %v", err)
	}
	var vs []axeViolation
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		t.Fatalf("axe's answer %q: %v", out, err)
	}
	return vs
}

// Every page of the demo, as each role that reaches it, passes axe-core
// with no violation of impact "serious" or "critical"; the counts of all
// violations by impact are logged, to be compared from run to run.
func TestBrowserAxeFindsNoSeriousViolations(t *testing.T) {
	t.Parallel()
	d := newDemo(t)
	script := axeScript(t)
	all := slices.DeleteFunc(demoPages(t, d), func(p string) bool {
		return slices.ContainsFunc(d.others, func(q string) bool { return strings.HasPrefix(p, q+"/") })
	})
	for _, role := range []struct {
		email string
		role  auth.Role
	}{{"admin@example.com", auth.Admin}} { // the admin reaches every page; each role takes ~130 s
		t.Run(string(role.role), func(t *testing.T) {
			ctx := browser(t)
			do(t, ctx, browserLogin(d.a, role.email))
			counts := map[string]int{}
			for _, p := range all {
				if err := chromedp.Do(ctx, chromedp.Navigate(d.a.srv.URL+p), chromedp.WaitVisible(css("body"))); err != nil {
					t.Fatalf("%s: %v", p, err)
				}
				for _, v := range runAxe(t, ctx, script) {
					counts[v.Impact] += v.Nodes
					if v.Impact == "serious" || v.Impact == "critical" {
						t.Errorf("%s: %s %s (%d): %s — %s", p, v.Impact, v.ID, v.Nodes, v.Help, v.Target)
					}
				}
			}
			t.Logf("%s, %d pages: axe-core violations by impact (nodes): %v", role.role, len(all), counts)
		})
	}
}
