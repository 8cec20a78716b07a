package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// approveMarketplace imports the example quotes into a new evaluation and
// has mgr approve the marketplace quote (shortlisted by buyer, its two
// blockers waived); it returns the evaluation's path and the quote id.
func approveMarketplace(t *testing.T, a *app, buyer, mgr *client, name string) (string, int64) {
	t.Helper()
	ev := importExample(t, a, buyer, name)
	qpath, _ := marketplaceQuote(t, buyer, ev)
	wantStatus(t, buyer.post(qpath+"/shortlist", url.Values{"on": {"yes"}}), http.StatusSeeOther)
	for _, flag := range []string{"egress_refused", "data_deletion_refused"} {
		wantStatus(t, mgr.post(qpath+"/waivers", url.Values{"flag": {flag}, "reason": {"accepted for a trial"}}), http.StatusSeeOther)
	}
	wantStatus(t, mgr.post(qpath+"/decision", url.Values{"decision": {"approve"}, "reason": {"cheapest per run"}}), http.StatusSeeOther)
	id, err := strconv.ParseInt(strings.TrimPrefix(qpath, "/quotes/"), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return ev, id
}

// listStatus is the status badge of the evaluation named name on the list.
func listStatus(t *testing.T, c *client, name string) string {
	t.Helper()
	var status string
	doc(t, c.get("/evaluations")).Find("[data-testid=evaluations] tbody tr").Each(func(_ int, s *goquerySelection) {
		if strings.Contains(s.Text(), name) {
			status = strings.TrimSpace(s.Find("[data-testid=evaluation-status] span.status").First().Text())
		}
	})
	return status
}

// The list's statements do not grow with the number of approved
// evaluations: it no longer recomputes each one's decision.
func TestEvaluationsListStatementsDoNotGrowWithApprovals(t *testing.T) {
	t.Parallel()
	a, c := newTracedApp(t)
	buyer, _ := a.login("buyer@example.com", auth.Procurement)
	mgr, _ := a.login("mgr@example.com", auth.Manager)
	count := func() int {
		c.reset()
		wantStatus(t, mgr.get("/evaluations"), http.StatusOK)
		return len(c.reset())
	}
	approveMarketplace(t, a, buyer, mgr, "First")
	one := count()
	approveMarketplace(t, a, buyer, mgr, "Second")
	approveMarketplace(t, a, buyer, mgr, "Third")
	if three := count(); three != one {
		t.Errorf("the list ran %d statements with one approved evaluation and %d with three", one, three)
	}
	if got := listStatus(t, mgr, "Third"); got != "approved" {
		t.Errorf("status = %q, want approved", got)
	}
}

// The list calls an approval stale exactly when the decision page does,
// through edits of the assumptions and of the approved quote.
func TestEvaluationsListStalenessMatchesTheDecisionPage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	ctx := context.Background()
	buyer, bu := a.login("buyer@example.com", auth.Procurement)
	mgr, _ := a.login("mgr@example.com", auth.Manager)
	ev, qid := approveMarketplace(t, a, buyer, mgr, "Stale")
	evID, _ := strconv.ParseInt(strings.TrimPrefix(ev, "/evaluations/"), 10, 64)
	check := func(step string, wantStale bool) {
		t.Helper()
		page := doc(t, mgr.get(ev+"/decision")).Find("[data-testid=stale]").Length() == 1
		list := listStatus(t, mgr, "Stale") == "approval stale"
		if page != wantStale || list != wantStale {
			t.Errorf("%s: decision page stale = %v, list stale = %v, want %v", step, page, list, wantStale)
		}
	}
	check("just approved", false)

	as, err := a.store.Assumptions(ctx, evID)
	if err != nil {
		t.Fatal(err)
	}
	as.Overrides = map[string]string{"utilisation": "0.5"}
	if err := a.store.SaveAssumptions(ctx, bu.Actor(), as); err != nil {
		t.Fatal(err)
	}
	check("assumption edited", true)
	as, _ = a.store.Assumptions(ctx, evID)
	as.Overrides = map[string]string{}
	if err := a.store.SaveAssumptions(ctx, bu.Actor(), as); err != nil {
		t.Fatal(err)
	}
	check("assumption back to its default", false)

	sq, err := a.store.Quote(ctx, qid)
	if err != nil {
		t.Fatal(err)
	}
	q := sq.Quote
	q.PricePerGPUHour = quote.Of(quote.DecimalFromMicros(450000))
	if _, err := a.store.UpdateQuote(ctx, bu.Actor(), qid, sq.Version, q); err != nil {
		t.Fatal(err)
	}
	check("approved quote edited", true)
}
