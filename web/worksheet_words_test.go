package web_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// The worksheet showed field names ("baseline_utilization_pct",
// "support_cost_per_month"), repository paths ("shared/reference/
// cost-reference.md §5") and numbers against the locale, in every
// language. Its words are the reader's now; the cost lines' basis
// sentences are the cost model's, keyed in the cost model's own change,
// and are left out here (the page walk reports them).
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
		for _, key := range tco.LineKeys() {
			page.Find("[data-testid=ws-row-" + key + "] p.basis, [data-testid=card-row-" + key + "] p.basis").Remove()
		}
		txt := readerText(page)
		problems := append(wordProblems(txt, stems), numberProblems(lang, txt)...)
		slices.Sort(problems)
		if problems = slices.Compact(problems); len(problems) > 0 {
			t.Errorf("%s: %s", lang, strings.Join(problems, "; "))
		}
	}
}
