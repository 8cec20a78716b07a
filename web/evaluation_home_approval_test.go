package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// The evaluation home says where the approval stands as a status: none,
// approved, then stale with what changed since and the next step (the
// re-approval on the decision page, which lists the same change).
func TestEvaluationHomeShowsTheApprovalState(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	buyer, u := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, buyer, "Home state")
	withEURRate(t, a)
	state := func() (string, string) {
		d := doc(t, buyer.get(ev))
		s := d.Find("[data-testid=approval-state]")
		st, _ := s.Attr("data-state")
		return st, d.Find("[data-testid=approval-card]").Text()
	}
	if st, text := state(); st != "none" || !strings.Contains(text, "Not approved yet") {
		t.Errorf("none: %s %q", st, text)
	}
	if doc(t, buyer.get(ev)).Find("[data-testid=at-a-glance] [data-testid=award]").Length() != 1 {
		t.Errorf("the award is not at a glance")
	}
	q := quotePathOf(t, buyer, ev, "Specialized")
	wantStatus(t, buyer.post(q+"/shortlist", url.Values{"on": {"yes"}}), http.StatusSeeOther)
	mgr, _ := a.login("mgr@example.com", auth.Manager)
	wantStatus(t, mgr.post(q+"/decision", url.Values{"decision": {"approve"}, "reason": {"fully stated"}}), http.StatusSeeOther)
	if st, text := state(); st != "approved" || !strings.Contains(text, "Example Specialized Cloud") {
		t.Errorf("approved: %s %q", st, text)
	}
	repriceTo2_5(t, a, u, q)
	st, text := state()
	changes := doc(t, buyer.get(ev)).Find("[data-testid=approval-changes]").Text()
	if st != "stale" || !strings.Contains(changes, "→ 2.5") || !strings.Contains(text, "Re-approve") {
		t.Errorf("stale: %s %q changes %q", st, text, changes)
	}
	if !strings.Contains(doc(t, mgr.get(ev+"/decision")).Find("[data-testid=stale-changes]").Text(), "→ 2.5") {
		t.Errorf("the decision page does not say what changed")
	}
	// The next step: re-approve on the current terms, in one step; a
	// refused re-approval (no reason) leaves the stale approval as it was.
	wantStatus(t, mgr.post(q+"/decision", url.Values{"decision": {"reapprove"}, "reason": {" "}}), http.StatusUnprocessableEntity)
	if st, _ := state(); st != "stale" {
		t.Errorf("a refused re-approval changed the state to %s", st)
	}
	wantStatus(t, mgr.post(q+"/decision", url.Values{"decision": {"reapprove"}, "reason": {"new price is better"}}), http.StatusSeeOther)
	if st, text := state(); st != "approved" || !strings.Contains(text, "Example Specialized Cloud") {
		t.Errorf("re-approved: %s %q", st, text)
	}
	d := doc(t, mgr.get(ev+"/decision"))
	if d.Find("[data-testid=stale]").Length() != 0 || !strings.Contains(d.Find("main").Text(), "new price is better") {
		t.Errorf("the decision page after re-approval: %q", d.Find("[data-testid=approval]").Text())
	}
	res := mgr.post(q+"/decision", url.Values{"decision": {"reapprove"}, "reason": {"again"}})
	wantStatus(t, res, http.StatusConflict)
	if !strings.Contains(doc(t, res).Find("[data-testid=decision-error]").Text(), "not stale") {
		t.Errorf("re-approving a fresh approval")
	}
}

// An award awaiting its second approver is said so on the home page.
func TestEvaluationHomeSaysAnAwardAwaitsItsSecondApprover(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, path := recordTwoStepAward(t, a, `{"above":"1","approvers":2}`)
	mgr := a.token("approver@example.com", auth.Manager)
	res, _ := a.api(mgr, "POST", path, `{"reason":"fits the budget"}`)
	wantStatus(t, res, http.StatusAccepted)
	c, _ := a.login("reader@example.com", auth.Procurement)
	d := doc(t, c.get("/evaluations/"+id))
	s := d.Find("[data-testid=approval-state]")
	if st, _ := s.Attr("data-state"); st != "awaiting" || s.Text() != "Awaiting 1 more approver" || !s.HasClass("warn") {
		t.Errorf("awaiting: %s %q", st, s.Text())
	}
}
