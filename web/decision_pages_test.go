package web_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// The decision page of many quotes lists a page of them (and the
// shortlist on every page) and an award form of at most 100 rows: at
// 10,000 quotes it was 8 MB of HTML.
func TestDecisionPageOfManyQuotesIsBounded(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, _ := pagedEvaluation(t, a, 130)
	manager := a.token("pages-manager@example.com", auth.Manager)
	get := func(path string) *goquery.Document {
		req, _ := http.NewRequest("GET", a.srv.URL+path, nil)
		req.Header.Set("Authorization", "Bearer "+manager)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d", path, res.StatusCode)
		}
		d, err := goquery.NewDocumentFromReader(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	_, out := a.api(manager, "GET", fmt.Sprintf("/api/v1/evaluations/%d/analysis?page=2", id), "")
	last := int64(out["quotes"].([]any)[29].(map[string]any)["quote_id"].(float64)) // on the decision page's page 2
	if res, _ := a.api(manager, "POST", fmt.Sprintf("/api/v1/quotes/%d/shortlist", last), ""); res.StatusCode/100 != 2 {
		t.Fatalf("shortlist: %d", res.StatusCode)
	}
	ev := fmt.Sprintf("/evaluations/%d/decision", id)
	first := get(ev)
	rows := first.Find("[data-testid=decision-quotes] tbody tr[data-testid^=dq-]")
	if rows.Length() != 101 {
		t.Errorf("page 1 lists %d quotes, want 100 and the shortlisted one from page 2", rows.Length())
	}
	if first.Find(fmt.Sprintf("[data-testid=dq-%d]", last)).Length() != 1 {
		t.Errorf("the shortlisted quote %d is not on page 1", last)
	}
	next, ok := first.Find("[data-testid=decision-pager] a[rel=next]").Attr("href")
	if !ok || !strings.Contains(next, "page=2") {
		t.Fatalf("no link to page 2: %q", next)
	}
	if n := get(ev + next).Find("[data-testid=decision-quotes] tbody tr[data-testid^=dq-]").Length(); n != 30 {
		t.Errorf("page 2 lists %d quotes, want the last 30", n)
	}
	if n := first.Find("input[name^=share_]").Length(); n > 100 || first.Find(fmt.Sprintf("input[name=share_%d]", last)).Length() != 1 {
		t.Errorf("the award form has %d rows (at most 100), the shortlisted quote's among them: %v",
			n, first.Find(fmt.Sprintf("input[name=share_%d]", last)).Length() == 1)
	}
}

// The quote list of many quotes shows a page of 200: at 10,000 quotes it
// was 6 MB of HTML, rendered anew on every request.
func TestQuoteListOfManyQuotesPages(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, tok := pagedEvaluation(t, a, 230)
	get := func(path string) *goquery.Document {
		req, _ := http.NewRequest("GET", a.srv.URL+path, nil)
		req.Header.Set("Authorization", "Bearer "+tok)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		d, err := goquery.NewDocumentFromReader(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	list := fmt.Sprintf("/evaluations/%d/quotes", id)
	first := get(list)
	if n := first.Find("[data-testid=quote-row]").Length(); n != 200 {
		t.Errorf("page 1 shows %d quotes, want 200", n)
	}
	next, _ := first.Find("[data-testid=quotes-pager] a[rel=next]").Attr("href")
	if n := get(list + next).Find("[data-testid=quote-row]").Length(); n != 30 || !strings.Contains(next, "page=2") {
		t.Errorf("page 2 (%q) shows %d quotes, want the last 30", next, n)
	}
}
