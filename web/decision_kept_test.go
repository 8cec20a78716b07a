package web_test

import (
	"net/url"
	"path"
	"testing"
)

// The decision page is kept rendered per reader: one reader's view (what
// their role may do) never reaches another, and a change to the analysis
// shows at once.
func TestDecisionPageIsKeptPerReader(t *testing.T) {
	t.Parallel()
	d := newDemo(t)
	eng := d.a.signIn("engineer@example.com")
	facts := func(c *client) (disabled bool) {
		t.Helper()
		_, disabled = doc(t, c.get(d.ev+"/decision")).Find("[data-testid=facts-form] fieldset").Attr("disabled")
		return disabled
	}
	for range 2 {
		if facts(d.buyer) {
			t.Errorf("the buyer, who may save the facts, got a disabled form")
		}
		if !facts(eng) {
			t.Errorf("the engineer, who may not save the facts, got an enabled form")
		}
	}
	other := d.others[0]
	before := doc(t, d.buyer.get(d.ev+"/decision")).Find("[data-testid=dq-" + path.Base(other) + "]").Text()
	wantStatus(t, d.buyer.post(other+"/shortlist", url.Values{"on": {"yes"}}), 303)
	after := doc(t, d.buyer.get(d.ev+"/decision")).Find("[data-testid=dq-" + path.Base(other) + "]").Text()
	if before == after {
		t.Errorf("shortlisting %s did not change its row on the kept page: %q", other, after)
	}
}

// The evaluation home is kept rendered per language and role: the rename
// form a buyer may use never reaches an engineer's view, and back.
func TestEvaluationHomeIsKeptPerRole(t *testing.T) {
	t.Parallel()
	d := newDemo(t)
	eng := d.a.signIn("engineer@example.com")
	renames := func(c *client) int {
		t.Helper()
		return doc(t, c.get(d.ev)).Find("[data-testid=rename-form]").Length()
	}
	for range 2 {
		if renames(d.buyer) != 1 {
			t.Errorf("the buyer, who may rename the evaluation, got no rename form")
		}
		if renames(eng) != 0 {
			t.Errorf("the engineer, who may not rename it, got the rename form")
		}
	}
}
