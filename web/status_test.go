package web_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
)

func TestDecisionStatusTravelsToTheQuotePageAndTheLists(t *testing.T) {
	t.Parallel()
	d := newDemo(t)
	ctx := context.Background()

	list := doc(t, d.buyer.get(d.ev+"/quotes"))
	var row string
	open := -1
	list.Find("[data-testid=quote-row]").Each(func(_ int, s *goquerySelection) {
		if strings.Contains(s.Text(), "Marketplace") {
			row, open = s.Text(), s.Find("[data-testid=blockers]").Length()
		}
	})
	if !strings.Contains(row, "Approved by manager") || !strings.Contains(row, "3 blockers waived") {
		t.Errorf("quote list row: %q", row)
	}
	if open != 0 {
		t.Errorf("waived blockers still counted as open: %q", row)
	}

	page := doc(t, d.buyer.get(d.quote))
	if s := page.Find("[data-testid=quote-decision]").Text(); !strings.Contains(s, "Approved by manager") || !strings.Contains(s, "3 blockers waived") {
		t.Errorf("quote page status: %q", s)
	}
	if n := page.Find("[data-testid=flag-waived]").Length(); n != 3 {
		t.Errorf("%d flags marked waived, want 3", n)
	}
	if !strings.Contains(page.Find("[data-testid=flag-waived]").First().Text(), "accepted for a short trial") {
		t.Errorf("the waiver's reason is not shown")
	}

	evs := doc(t, d.buyer.get("/evaluations")).Find("[data-testid=evaluation-status]").Text()
	if !strings.Contains(evs, "Approved: Example Marketplace") || !strings.Contains(evs, "3 blockers waived") {
		t.Errorf("evaluations list status: %q", evs)
	}

	// A decision moves the evaluation's "updated" time.
	id := mustID(t, d.ev)
	before, err := d.a.store.Evaluation(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	other := d.others[0]
	wantStatus(t, d.buyer.post(other+"/shortlist", url.Values{"on": {"yes"}}), 303)
	after, _ := d.a.store.Evaluation(ctx, id)
	if !after.UpdatedAt.After(before.UpdatedAt) {
		t.Errorf("shortlisting did not move the evaluation's updated time: %v → %v", before.UpdatedAt, after.UpdatedAt)
	}
}
