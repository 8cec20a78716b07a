package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/redflag"
)

// A stored quote's flags are its analysis's on every page. The quote
// list, the quote page and the API flagged quotes without the exchange
// rates, so a EUR quote with no EUR rate showed no fx_rate_missing blocker
// there while the decision page counted it, and a manager could not waive
// the blocker the decision page listed (400).
func TestStoredQuoteFlagsAreTheAnalysisFlagsOnEveryPage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	buyer, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, buyer, "Flags")
	id, err := strconv.ParseInt(strings.TrimPrefix(ev, "/evaluations/"), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	d, err := evaluation.New(a.store).Analyze(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var eurID int64
	var provider string
	for _, sq := range d.All {
		if cur, _ := sq.Quote.Currency.Get(); cur == "EUR" {
			eurID, provider = sq.ID, sq.ProviderName
		}
	}
	if eurID == 0 {
		t.Fatal("the example has no EUR quote")
	}
	hasFX := false
	for _, f := range d.Flags[eurID] {
		hasFX = hasFX || f.ID == "fx_rate_missing"
	}
	if !hasFX {
		t.Fatalf("the analysis does not flag the EUR quote without a rate: %v", d.Flags[eurID])
	}
	want, _ := redflag.Counts(d.Flags[eurID])

	var listed int
	doc(t, buyer.get(ev+"/quotes")).Find("[data-testid=quote-row]").Each(func(_ int, row *goquery.Selection) {
		if strings.Contains(row.Text(), provider) {
			listed = leadingNumber(row.Find("[data-testid=blockers]").Text())
		}
	})
	if listed != want {
		t.Errorf("the quote list counts %d blockers for %s, the analysis %d", listed, provider, want)
	}
	qpath := "/quotes/" + strconv.FormatInt(eurID, 10)
	if got := leadingNumber(doc(t, buyer.get(qpath)).Find("[data-testid=quote-decision] [data-testid=blockers]").Text()); got != want {
		t.Errorf("the quote page counts %d blockers, the analysis %d", got, want)
	}
	tok := a.token("bot@example.com", auth.Procurement)
	_, out := a.api(tok, "GET", "/api/v1/evaluations/"+strconv.FormatInt(id, 10)+"/quotes", "")
	for _, q := range out["quotes"].([]any) {
		q := q.(map[string]any)
		if int64(q["id"].(float64)) == eurID && int(q["blockers"].(float64)) != want {
			t.Errorf("the API counts %v blockers, the analysis %d", q["blockers"], want)
		}
	}

	mgr, _ := a.login("mgr@example.com", auth.Manager)
	wantStatus(t, mgr.post(qpath+"/waivers", url.Values{"flag": {"fx_rate_missing"}, "reason": {"rate agreed in the contract"}}), http.StatusSeeOther)
}

// leadingNumber reads "3 blockers" as 3 (0 for none).
func leadingNumber(s string) int {
	f := strings.Fields(s)
	if len(f) == 0 {
		return 0
	}
	n, _ := strconv.Atoi(f[0])
	return n
}
