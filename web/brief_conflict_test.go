package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// formOf reads a rendered form's values the way a browser submits them.
func formOf(d *goquery.Document, sel string) url.Values {
	v := url.Values{}
	d.Find(sel + " input[name]").Each(func(_ int, s *goquery.Selection) {
		name, _ := s.Attr("name")
		typ, _ := s.Attr("type")
		if (typ == "checkbox" || typ == "radio") && s.AttrOr("checked", "-") == "-" {
			return
		}
		v.Add(name, s.AttrOr("value", ""))
	})
	d.Find(sel + " select[name]").Each(func(_ int, s *goquery.Selection) {
		name, _ := s.Attr("name")
		v.Add(name, s.Find("option[selected]").AttrOr("value", ""))
	})
	return v
}

func TestBriefConflictDoesNotKeepTheOtherEditorsOldValueAsYours(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	alice, u := a.login("alice@example.com", auth.Procurement)
	bob, _ := a.login("bob@example.com", auth.Procurement)
	ev := newEvaluation(t, a, u, "Two editors")
	path := ev + "/brief"
	wantStatus(t, alice.post(path, url.Values{"version": {"1"}, "gpus_per_node": {"8"}, "node_count": {"2"}}), http.StatusSeeOther)

	// Alice opens the brief; Bob changes the node count meanwhile.
	aliceForm := formOf(doc(t, alice.get(path)), "[data-testid=brief-form]")
	bobForm := formOf(doc(t, bob.get(path)), "[data-testid=brief-form]")
	bobForm.Set("node_count", "4")
	wantStatus(t, bob.post(path, bobForm), http.StatusSeeOther)

	// Alice changes only the GPUs per node and saves: a conflict.
	aliceForm.Set("gpus_per_node", "16")
	res := alice.post(path, aliceForm)
	wantStatus(t, res, http.StatusConflict)
	d := doc(t, res)
	if v, _ := d.Find("#f-node_count").Attr("value"); v != "4" {
		t.Errorf("the form offers %q as Alice's node count; she never changed it, Bob set 4", v)
	}
	if v, _ := d.Find("#f-gpus_per_node").Attr("value"); v != "16" {
		t.Errorf("Alice's own change was lost: %q", v)
	}
	// Saving the form as shown keeps both changes.
	wantStatus(t, alice.post(path, formOf(d, "[data-testid=brief-form]")), http.StatusSeeOther)
	stored, err := a.store.Brief(context.Background(), mustID(t, ev))
	if err != nil {
		t.Fatal(err)
	}
	if stored.Data["node_count"] != "4" || stored.Data["gpus_per_node"] != "16" {
		t.Errorf("after re-saving: %v; Bob's node count was silently reverted", stored.Data)
	}
}

// mustID is the id at the end of a path such as /evaluations/7.
func mustID(t *testing.T, path string) int64 {
	t.Helper()
	var id int64
	if _, err := fmt.Sscan(path[strings.LastIndex(path, "/")+1:], &id); err != nil {
		t.Fatalf("no id in %s", path)
	}
	return id
}
