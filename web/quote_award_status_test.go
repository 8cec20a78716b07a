package web_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/store"
)

// A quote in an approved award said "Not on the shortlist": its page
// says it is awarded, with its share.
func TestQuoteInAnApprovedAwardSaysSo(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, path := recordTwoStepAward(t, a, `{"above":"999999999","approvers":2}`)
	mgrUser := a.user("approver@example.com", auth.Manager)
	mgr, _, err := a.store.IssueToken(context.Background(), audit.Actor{Email: "test"}, mgrUser, store.TokenSpec{Name: "a", Scope: auth.ScopeApprove})
	if err != nil {
		t.Fatal(err)
	}
	res, _ := a.api(mgr, "POST", path, `{"reason":"fits the budget"}`)
	wantStatus(t, res, http.StatusOK)
	awardID, _ := strconv.ParseInt(strings.Split(strings.TrimPrefix(path, "/api/v1/awards/"), "/")[0], 10, 64)
	aw, err := a.store.Award(context.Background(), awardID)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := a.login("reader@example.com", auth.Engineer)
	page := c.get("/quotes/" + strconv.FormatInt(aw.Shares[0].QuoteID, 10))
	wantStatus(t, page, http.StatusOK)
	status := doc(t, page).Find("[data-testid=quote-decision]").Text()
	if strings.Contains(status, "Not on the shortlist") || !strings.Contains(status, "100 %") {
		t.Errorf("status of an awarded quote = %q (evaluation %s)", status, id)
	}
}

// The memo omitted the awarded quotes' flags and tests: each awarded
// quote has its red flags and its acceptance progress in the memo.
func TestMemoCarriesTheAwardedQuotesFlagsAndTests(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, _ := recordTwoStepAward(t, a, `{"above":"999999999","approvers":2}`)
	c, _ := a.login("memo@example.com", auth.Manager)
	page := c.get("/evaluations/" + id + "/decision/memo")
	wantStatus(t, page, http.StatusOK)
	ev := doc(t, page).Find("[data-testid=memo-evidence]")
	if ev.Length() == 0 {
		t.Fatal("no evidence section for the awarded quotes")
	}
	if txt := ev.Text(); !strings.Contains(txt, "passed") || ev.Find("[data-testid=memo-evidence-flags]").Length() == 0 {
		t.Errorf("evidence = %q", txt)
	}
}

// The memo showed the flags and tests of a rejected award's quote as if
// it had won: only the quotes of awards in force or awaiting approval
// (and the approval in force) have evidence in the memo.
func TestMemoLeavesOutARejectedAwardsEvidence(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, path := recordTwoStepAward(t, a, `{"above":"999999999","approvers":2}`)
	c, _ := a.login("memo@example.com", auth.Manager)
	memo := "/evaluations/" + id + "/decision/memo"
	if doc(t, c.get(memo)).Find("[data-testid=memo-evidence]").Length() == 0 {
		t.Fatal("no evidence for the award awaiting approval")
	}
	mgrUser := a.user("approver@example.com", auth.Manager)
	mgr, _, err := a.store.IssueToken(context.Background(), audit.Actor{Email: "test"}, mgrUser, store.TokenSpec{Name: "a", Scope: auth.ScopeApprove})
	if err != nil {
		t.Fatal(err)
	}
	res, _ := a.api(mgr, "POST", strings.TrimSuffix(path, "/approval")+"/rejection", `{"reason":"over budget"}`)
	wantStatus(t, res, http.StatusOK)
	if ev := doc(t, c.get(memo)).Find("[data-testid=memo-evidence]"); ev.Length() != 0 {
		t.Errorf("the memo shows a rejected award's evidence: %q", strings.Join(strings.Fields(ev.Text()), " "))
	}
}
