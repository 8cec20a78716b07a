package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// The deletion rule (approval.MayDelete) through the route: a quote on the
// shortlist, or approved, is kept even for a manager, with nothing written
// to the audit log; taken off the shortlist it goes.
func TestDeletingAListedQuoteIsRefusedThroughTheRoute(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	buyer, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, buyer, "Delete rule")
	var path string
	doc(t, buyer.get(ev+"/quotes")).Find("[data-testid=quote-row] a").Each(func(_ int, s *goquerySelection) {
		if h, _ := s.Attr("href"); path == "" && strings.HasPrefix(h, "/quotes/") {
			path = h
		}
	})
	if path == "" {
		t.Fatal("no quote link")
	}
	wantStatus(t, buyer.post(path+"/shortlist", url.Values{"on": {"yes"}}), http.StatusSeeOther)
	mgr, _ := a.login("mgr@example.com", auth.Manager)
	for _, c := range []*client{buyer, mgr} {
		res := c.post(path+"/delete", nil)
		wantStatus(t, res, http.StatusSeeOther)
		if loc := res.Header.Get("Location"); loc != path {
			t.Errorf("refused delete went to %q, want back to %q", loc, path)
		}
		wantStatus(t, c.get(path), http.StatusOK)
	}
	if _, err := a.pool.Exec(context.Background(), `UPDATE shortlist SET status = 'approved'`); err != nil {
		t.Fatal(err)
	}
	wantStatus(t, mgr.post(path+"/delete", nil), http.StatusSeeOther)
	wantStatus(t, mgr.get(path), http.StatusOK)
	var deletes int
	if err := a.pool.QueryRow(context.Background(), `SELECT count(*) FROM audit_events WHERE action = 'quote.delete'`).Scan(&deletes); err != nil {
		t.Fatal(err)
	}
	if deletes != 0 {
		t.Errorf("%d quote.delete audit rows for refused deletions", deletes)
	}
	if _, err := a.pool.Exec(context.Background(), `UPDATE shortlist SET status = 'rejected'`); err != nil {
		t.Fatal(err)
	}
	wantStatus(t, mgr.post(path+"/delete", nil), http.StatusSeeOther)
	wantStatus(t, mgr.get(path), http.StatusNotFound)
}
