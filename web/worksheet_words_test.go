package web_test

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/i18n"
)

// The worksheet showed field names ("baseline_utilization_pct",
// "support_cost_per_month"), repository paths ("shared/reference/
// cost-reference.md §5") and numbers against the locale, in every
// language. Its words are the reader's now, the cost lines' basis
// sentences included (keyed statements of the cost model).
func TestWorksheetSpeaksTheReadersWordsInEveryLanguage(t *testing.T) {
	t.Parallel()
	d := newDemo(t)
	stems := keyStems(t)
	for _, lang := range i18n.Languages {
		res := d.as(d.admin, lang).get(d.ev + "/worksheet")
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: status %d", lang, res.StatusCode)
		}
		page := doc(t, res)
		txt := readerText(page)
		problems := append(wordProblems(txt, stems), numberProblems(lang, txt)...)
		slices.Sort(problems)
		if problems = slices.Compact(problems); len(problems) > 0 {
			t.Errorf("%s: %s", lang, strings.Join(problems, "; "))
		}
	}
}

// A quote priced in EUR showed its terms and its cost per run in EUR on a
// USD worksheet: every figure is in the evaluation's currency, with the
// amount as quoted beside a converted one, and prices keep the
// currency's digits.
func TestWorksheetShowsOneCurrencyWithTheQuotedAmountBeside(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c, _ := a.login("buyer@example.com", auth.Procurement)
	admin, _ := a.login("admin@example.com", auth.Admin)
	wantStatus(t, admin.post("/admin/reference/fx", url.Values{"currency": {"EUR"}, "usd_per_unit": {"1.08"}, "as_of": {"2026-11-27"}}), http.StatusSeeOther)
	ev := importExample(t, a, c, "One currency")
	form, id := assumptionsForm(t, c, ev)
	form.Set("run_effective_"+id, "48")
	form.Set("run_real_"+id, "58")
	wantStatus(t, c.post(ev+"/worksheet/assumptions", form), http.StatusSeeOther)
	d := doc(t, c.get(ev+"/worksheet"))
	cell := func(row string) string {
		return strings.Join(strings.Fields(d.Find("[data-testid=ws-row-"+row+"] td").First().Text()), " ")
	}
	// Example Specialized Cloud quotes 2.95 EUR per GPU-hour: 3.186 USD.
	if got := cell("price_per_gpu_hour"); !strings.HasPrefix(got, "3.19 USD (2.95 EUR as quoted)") {
		t.Errorf("the EUR price reads %q", got)
	}
	if got := cell("committed_compute"); !strings.Contains(got, "USD (46,609.01 EUR as quoted)") {
		t.Errorf("a converted line reads %q", got)
	}
	if got := cell("egress_price_per_gb"); got != "0.054 USD (0.05 EUR as quoted)" {
		t.Errorf("a small converted price reads %q", got)
	}
	// The hyperscaler's egress is stated as 0.09 USD per GB: its digits stay.
	if got := strings.Join(strings.Fields(d.Find("[data-testid=ws-row-egress_price_per_gb] td").Eq(1).Text()), " "); got != "0.09 USD" {
		t.Errorf("a USD price reads %q", got)
	}
	perRun := strings.Join(strings.Fields(d.Find("[data-testid=per-run] tbody tr").First().Text()), " ")
	if !strings.Contains(perRun, "USD (") || !strings.Contains(perRun, "EUR as quoted)") {
		t.Errorf("the EUR quote's cost per run is not in USD with the EUR amount beside: %q", perRun)
	}
}
