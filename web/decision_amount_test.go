package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
)

// twoApproversAbove sets the approval rules "above 100,000 USD: two
// approvers". The example's Specialized Cloud (about 556,000 USD over its
// term) is above it; its Hyperscaler (about 66,000 USD) is not.
func twoApproversAbove(t *testing.T, a *app) { twoApproversAboveAmount(t, a, "100000") }

// twoApproversAboveAmount sets "above amount USD: two approvers".
func twoApproversAboveAmount(t *testing.T, a *app, amount string) {
	t.Helper()
	admin := a.token("rules-admin@example.com", auth.Admin)
	res, _ := a.api(admin, "PUT", "/api/v1/settings/approval-rules", `{"currency":"USD","tiers":[{"above":"`+amount+`","approvers":2}]}`)
	wantStatus(t, res, http.StatusOK)
}

// approveToken is a manager's token of scope "approve".
func approveToken(t *testing.T, a *app, email string) string {
	t.Helper()
	tok, _, err := a.store.IssueToken(context.Background(), audit.Actor{Email: "test"}, a.user(email, auth.Manager),
		store.TokenSpec{Name: "approve", Scope: auth.ScopeApprove})
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// repriceTo2_5 revises the quote at path q to 2.5 per GPU-hour, as u,
// which makes an approval of it stale.
func repriceTo2_5(t *testing.T, a *app, u store.User, q string) {
	t.Helper()
	id, _ := strconv.ParseInt(strings.TrimPrefix(q, "/quotes/"), 10, 64)
	sq, err := a.store.Quote(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	sq.Quote.PricePerGPUHour = quote.Of(quote.DecimalFromMicros(2_500_000))
	if _, err := a.store.UpdateQuote(context.Background(), u.Actor(), id, sq.Version, sq.Quote); err != nil {
		t.Fatal(err)
	}
}

func evaluationIDOf(t *testing.T, ev string) int64 {
	t.Helper()
	id, err := strconv.ParseInt(strings.TrimPrefix(ev, "/evaluations/"), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// An approval the amount gives two approvers cannot be completed by one
// manager approving the quote directly: the API refuses it naming the
// rule and records nothing, the page offers no Approve button for it but
// says why and points to the award; below the threshold one approval
// still does. The hyperscaler's contract is its usage over the brief's
// 12-month term (793,301.28 USD), above 600,000; the specialised cloud's
// 556,230.66 USD over its stated 6 months is below.
func TestDirectApprovalCannotBypassTheTwoApproverThreshold(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	buyer, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, buyer, "Amount")
	withEURRate(t, a)
	above, below := quotePathOf(t, buyer, ev, "Hyperscaler"), quotePathOf(t, buyer, ev, "Specialized")
	for _, p := range []string{above, below} {
		wantStatus(t, buyer.post(p+"/shortlist", url.Values{"on": {"yes"}}), http.StatusSeeOther)
	}
	twoApproversAboveAmount(t, a, "600000")

	tok := approveToken(t, a, "mgr-api@example.com")
	res, out := a.api(tok, "POST", "/api/v1"+above+"/approval", `{"decision":"approve","reason":"cheapest per unit"}`)
	wantStatus(t, res, http.StatusConflict)
	msg, _ := out["error"].(string)
	if out["code"] != "needs_more_approvers" || !strings.Contains(msg, "2 approvers") || !strings.Contains(msg, "600,000\u00a0USD") ||
		!strings.Contains(msg, "award") {
		t.Errorf("API refusal %v", out)
	}
	evID := evaluationIDOf(t, ev)
	decisions, err := a.store.Decisions(context.Background(), evID)
	if err != nil {
		t.Fatal(err)
	}
	awards, err := a.store.Awards(context.Background(), evID)
	if err != nil {
		t.Fatal(err)
	}
	if len(decisions) != 0 || len(awards) != 0 {
		t.Fatalf("a refused approval recorded %d decisions, %d awards", len(decisions), len(awards))
	}

	mgr, _ := a.login("mgr@example.com", auth.Manager)
	d := doc(t, mgr.get(ev+"/decision"))
	form := d.Find(`[data-testid=decide-form][action="` + above + `/decision"]`)
	if form.Length() != 1 || form.Find("[data-testid=approve]").Length() != 0 {
		t.Errorf("Approve is offered on a quote above the threshold")
	}
	why := form.Parent().Find("[data-testid=no-approve]")
	if !strings.Contains(why.Text(), "2 approvers") || why.Find(`[data-testid=no-approve-award][href="#awards"]`).Length() != 1 {
		t.Errorf("no reason or no way to the award: %q", why.Text())
	}
	if d.Find(`[data-testid=decide-form][action="`+below+`/decision"] [data-testid=approve]`).Length() != 1 {
		t.Errorf("Approve is not offered below the threshold")
	}
	// The form, posted anyway, is refused the same way.
	res = mgr.post(above+"/decision", url.Values{"decision": {"approve"}, "reason": {"cheapest per unit"}})
	wantStatus(t, res, http.StatusConflict)
	if !strings.Contains(doc(t, res).Find("[data-testid=decision-error]").Text(), "2 approvers") {
		t.Errorf("the page's refusal does not name the approvers")
	}

	res, out = a.api(tok, "POST", "/api/v1"+below+"/approval", `{"decision":"approve","reason":"  within one signature "}`)
	wantStatus(t, res, http.StatusCreated)
	if out["kind"] != "approve" || out["reason"] != "within one signature" {
		t.Errorf("approval below the threshold (with its reason, as recorded): %v", out)
	}
}

// A stale approval whose contract value the rules now give two approvers
// cannot be renewed with one signature either.
func TestReapprovalAboveTheThresholdNeedsTheAward(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	buyer, u := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, buyer, "Stale amount")
	withEURRate(t, a)
	q := quotePathOf(t, buyer, ev, "Specialized")
	wantStatus(t, buyer.post(q+"/shortlist", url.Values{"on": {"yes"}}), http.StatusSeeOther)
	mgr, _ := a.login("mgr@example.com", auth.Manager)
	wantStatus(t, mgr.post(q+"/decision", url.Values{"decision": {"approve"}, "reason": {"before the rules"}}), http.StatusSeeOther)
	twoApproversAbove(t, a)
	repriceTo2_5(t, a, u, q)
	d := doc(t, mgr.get(ev+"/decision"))
	if d.Find("[data-testid=reapprove-form]").Length() != 0 || !strings.Contains(d.Find("[data-testid=no-reapprove]").Text(), "2 approvers") {
		t.Errorf("one signature is offered to renew the approval: %q", d.Find("[data-testid=approval]").Text())
	}
	res, out := a.api(approveToken(t, a, "mgr-api@example.com"), "POST", "/api/v1"+q+"/approval", `{"decision":"reapprove","reason":"new price"}`)
	wantStatus(t, res, http.StatusConflict)
	if out["code"] != "needs_more_approvers" {
		t.Errorf("API re-approval %v", out)
	}
	decisions, err := a.store.Decisions(context.Background(), evaluationIDOf(t, ev))
	if err != nil {
		t.Fatal(err)
	}
	if len(decisions) != 1 {
		t.Errorf("a refused re-approval recorded decisions: %d", len(decisions))
	}
}

// A quote whose contract value cannot be compared with the thresholds (its
// EUR terms have no exchange rate) is not approved with one signature when
// the rules ask for two somewhere: the refusal says the value is unknown.
func TestApprovalWithAnUnknownValueIsRefusedUnderTwoApproverRules(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	buyer, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, buyer, "Unknown amount")
	q := quotePathOf(t, buyer, ev, "Specialized")
	wantStatus(t, buyer.post(q+"/shortlist", url.Values{"on": {"yes"}}), http.StatusSeeOther)
	twoApproversAbove(t, a)
	res, out := a.api(approveToken(t, a, "mgr-api@example.com"), "POST", "/api/v1"+q+"/approval", `{"decision":"approve","reason":"cheapest"}`)
	wantStatus(t, res, http.StatusConflict)
	if out["code"] != "value_unknown" {
		t.Errorf("API %v", out)
	}
}

// A tier that names the role of its one signer (finance above 100,000
// USD) was met by any manager approving the quote directly: the direct
// approval never checked the role. It is refused now, naming the role,
// and the award collects the signature.
func TestDirectApprovalCannotBypassARoleNamedTier(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	buyer, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, buyer, "Role tier")
	withEURRate(t, a)
	above := quotePathOf(t, buyer, ev, "Specialized")
	wantStatus(t, buyer.post(above+"/shortlist", url.Values{"on": {"yes"}}), http.StatusSeeOther)
	admin := a.token("rules-admin@example.com", auth.Admin)
	res, _ := a.api(admin, "PUT", "/api/v1/settings/approval-rules", `{"currency":"USD","tiers":[{"above":"100000","approvers":1,"roles":["finance"]}]}`)
	wantStatus(t, res, http.StatusOK)

	tok := approveToken(t, a, "mgr-role@example.com")
	res, out := a.api(tok, "POST", "/api/v1"+above+"/approval", `{"decision":"approve","reason":"cheapest per unit"}`)
	wantStatus(t, res, http.StatusConflict)
	if msg, _ := out["error"].(string); out["code"] != "needs_role" || !strings.Contains(msg, "Finance") || !strings.Contains(msg, "award") {
		t.Errorf("API refusal %v", out)
	}
	decisions, err := a.store.Decisions(context.Background(), evaluationIDOf(t, ev))
	if err != nil {
		t.Fatal(err)
	}
	if len(decisions) != 0 {
		t.Fatalf("a refused approval recorded %d decisions", len(decisions))
	}
}
