package web_test

import (
	"github.com/gpuquote/gpuquote/web"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/gpuquote/gpuquote/internal/auth"
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

func newDemo(t *testing.T, cfg ...func(*web.Config)) *demo {
	t.Helper()
	a := newApp(t, cfg...)
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
	return d
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
