package web_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/gpuquote/gpuquote/internal/account"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
	"github.com/gpuquote/gpuquote/web"
)

// demo is an evaluation filled the way the demo data fills one: a brief,
// the example quotes, an FX rate, a benchmark log, a shortlisted quote with
// its blockers waived and approved, so every page has something to show.
type demo struct {
	a      *app
	admin  *client
	buyer  *client
	mgr    *client
	ev     string // "/evaluations/N"
	quote  string // "/quotes/N", the approved marketplace quote
	others []string
}

// demoBriefForm is a partly filled brief: enough for the quote checks to
// have something to compare, with open fields left for the print page.
var demoBriefForm = url.Values{
	"version": {"1"}, "workload_type": {"fine_tuning"}, "useful_unit": {"accepted_training_runs"}, "units_per_month": {"4"},
	"model_family": {"Llama 3"}, "parameter_count_b": {"70"}, "precision": {"bf16"}, "target_gpu": {"h100_sxm"},
	"acceptable_gpus": {"h100_sxm", "h200"}, "gpus_per_node": {"8"}, "node_count": {"1"}, "memory_per_gpu_gb": {"80"},
	"inter_node": {"infiniband"}, "baseline_utilization_pct": {"70"}, "region": {"EU"}, "term_months": {"6"},
}

// demoFixture is the demo evaluation, built once per test binary (by the
// first test that asks, through the pages as before) and copied into each
// test's own database: building it took each of the package's demo tests
// a few seconds of CPU.
var demoFixture = storetest.NewFixture(buildDemo)

// demoPaths are the demo's addresses, the same in every copy; buildDemo
// sets them before any test gets a copy.
var demoPaths struct {
	ev, quote string
	others    []string
}

// newDemo returns a server on t's own copy of the demo, with cfg, and the
// demo's admin, buyer and manager signed in.
func newDemo(t *testing.T, cfg ...func(*web.Config)) *demo {
	t.Helper()
	a := startApp(t, demoFixture.NewDB(t), nil, cfg...)
	return &demo{a: a, admin: a.signIn("admin@example.com"), buyer: a.signIn("buyer@example.com"), mgr: a.signIn("manager@example.com"),
		ev: demoPaths.ev, quote: demoPaths.quote, others: slices.Clone(demoPaths.others)}
}

// buildDemo fills the database at url with the demo, through the pages,
// on a server of its own that it stops (with its pool) before it returns.
func buildDemo(tb testing.TB, dbURL string) {
	t := tb.(*testing.T) // newDemo's
	pool, err := store.OpenPool(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	st := store.New(pool, nil)
	srv := httptest.NewServer(web.NewServer(web.Config{Evaluations: evaluation.New(st), Accounts: account.New(st), Logger: slog.New(slog.DiscardHandler), ReadBudget: time.Minute}))
	defer srv.Close()
	a := &app{t: t, srv: srv, store: st, pool: pool, logs: &syncBuffer{}}
	d := &demo{a: a}
	d.admin, _ = a.login("admin@example.com", auth.Admin)
	d.buyer, _ = a.login("buyer@example.com", auth.Procurement)
	d.mgr, _ = a.login("manager@example.com", auth.Manager)
	eng, _ := a.login("engineer@example.com", auth.Engineer)
	wantStatus(t, d.admin.post("/admin/reference/fx", url.Values{"currency": {"EUR"}, "usd_per_unit": {"1.08"}, "as_of": {"2026-11-27"}}), http.StatusSeeOther)
	d.ev = importExample(t, a, d.buyer, "Demo capacity")
	wantStatus(t, d.buyer.post(d.ev+"/brief", demoBriefForm), http.StatusSeeOther)
	d.quote, _ = marketplaceQuote(t, d.buyer, d.ev)
	doc(t, d.buyer.get(d.ev+"/quotes")).Find("[data-testid=quote-row] a").Each(func(_ int, s *goquery.Selection) {
		if h, _ := s.Attr("href"); h != d.quote && strings.HasPrefix(h, "/quotes/") {
			d.others = append(d.others, h)
		}
	})
	log, err := os.ReadFile(samples + "nccl/h100-p5-2node-efa-srun-label-prefix.txt")
	if err != nil {
		t.Fatal(err)
	}
	wantStatus(t, eng.postMultipart(d.quote+"/benchmarks", map[string]string{"region": "eu-west-1"}, "file", log), http.StatusSeeOther)
	wantStatus(t, d.buyer.post(d.quote+"/shortlist", url.Values{"on": {"yes"}}), http.StatusSeeOther)
	for range 5 {
		form := doc(t, d.mgr.get(d.ev+"/decision")).Find("[data-testid=waive-form]").First()
		if form.Length() == 0 {
			break
		}
		action, _ := form.Attr("action")
		flag, _ := form.Find("input[name=flag]").Attr("value")
		wantStatus(t, d.mgr.post(action, url.Values{"flag": {flag}, "reason": {"accepted for a short trial"}}), http.StatusSeeOther)
	}
	wantStatus(t, d.mgr.post(d.quote+"/decision", url.Values{"decision": {"approve"}, "reason": {"lowest cost per run"}}), http.StatusSeeOther)
	demoPaths.ev, demoPaths.quote, demoPaths.others = d.ev, d.quote, d.others
}

// as returns a client of d's signed in with role, speaking lang.
func (d *demo) as(c *client, lang string) *client {
	d.a.t.Helper()
	res := c.post("/language", url.Values{"lang": {lang}})
	if res.StatusCode != http.StatusSeeOther {
		d.a.t.Fatalf("language %s: %d", lang, res.StatusCode)
	}
	return c
}
