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

// A quote's own red flags (its terms against the brief) are what its
// pages, the API's quote list and the letter to the vendor show, read from
// the kept analysis; the decision page weighs more (a missing exchange
// rate is a blocker there), and a waiver may name any blocker it lists:
// a manager could not waive the fx_rate_missing blocker the decision page
// offered to waive (400).
func TestQuotePagesShowItsOwnFlagsAndTheDecisionsBlockersCanBeWaived(t *testing.T) {
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
	if !hasFlag(d.Flags[eurID], "fx_rate_missing") || hasFlag(d.TermFlags[eurID], "fx_rate_missing") {
		t.Fatalf("a missing EUR rate is a decision blocker, not a term of the quote: %v / %v", d.Flags[eurID], d.TermFlags[eurID])
	}
	want, _ := redflag.Counts(d.TermFlags[eurID])

	listed := -1
	doc(t, buyer.get(ev+"/quotes")).Find("[data-testid=quote-row]").Each(func(_ int, row *goquery.Selection) {
		if strings.Contains(row.Text(), provider) {
			listed = leadingNumber(row.Find("[data-testid=blockers]").Text())
		}
	})
	if listed != want {
		t.Errorf("the quote list counts %d blockers for %s, its terms %d", listed, provider, want)
	}
	qpath := "/quotes/" + strconv.FormatInt(eurID, 10)
	if got := leadingNumber(doc(t, buyer.get(qpath)).Find("[data-testid=quote-decision] [data-testid=blockers]").Text()); got != want {
		t.Errorf("the quote page counts %d blockers, its terms %d", got, want)
	}
	if letter := body(t, buyer.get(qpath+"/questions")); strings.Contains(letter, "Reference data") {
		t.Error("the letter to the vendor asks about the buyer's own exchange rate")
	}
	tok := a.token("bot@example.com", auth.Procurement)
	_, out := a.api(tok, "GET", "/api/v1/evaluations/"+strconv.FormatInt(id, 10)+"/quotes", "")
	for _, q := range out["quotes"].([]any) {
		q := q.(map[string]any)
		if int64(q["id"].(float64)) == eurID && int(q["blockers"].(float64)) != want {
			t.Errorf("the API counts %v blockers, its terms %d", q["blockers"], want)
		}
	}

	mgr, _ := a.login("mgr@example.com", auth.Manager)
	wantStatus(t, mgr.post(qpath+"/waivers", url.Values{"flag": {"fx_rate_missing"}, "reason": {"rate agreed in the contract"}}), http.StatusSeeOther)
}

func hasFlag(flags []redflag.Flag, id string) bool {
	for _, f := range flags {
		if f.ID == id {
			return true
		}
	}
	return false
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
