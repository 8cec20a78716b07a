package web_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/web"
)

// pagedEvaluation is an evaluation of n USD quotes and a reader's token.
func pagedEvaluation(t *testing.T, a *app, n int) (int64, string) {
	t.Helper()
	u := a.user("pages@example.com", auth.Procurement)
	ev, err := a.store.CreateEvaluation(context.Background(), u.Actor(), "paged")
	if err != nil {
		t.Fatal(err)
	}
	qs, err := quote.ReadCSV(strings.NewReader(strings.ReplaceAll(string(manyQuotesCSV(t, n)), ",EUR,", ",USD,")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.store.ImportQuotes(context.Background(), u.Actor(), ev.ID, qs); err != nil {
		t.Fatal(err)
	}
	return ev.ID, a.token("pages-reader@example.com", auth.Engineer)
}

func quoteIDs(t *testing.T, out map[string]any) []int64 {
	t.Helper()
	var ids []int64
	for _, q := range out["quotes"].([]any) {
		m := q.(map[string]any)
		id, ok := m["quote_id"].(float64)
		if !ok {
			id = m["id"].(float64) // the quotes API's quote
		}
		ids = append(ids, int64(id))
	}
	return ids
}

// The analysis and worksheet APIs answer a page of quotes, with the
// totals and the award over every quote, and the pages cover every quote
// once.
func TestAnalysisAndWorksheetAPIsPage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, tok := pagedEvaluation(t, a, 25)
	for _, what := range []string{"analysis", "worksheet", "decision", "quotes"} {
		base := fmt.Sprintf("/api/v1/evaluations/%d/%s", id, what)
		_, whole := a.api(tok, "GET", base, "")
		if got := len(whole["quotes"].([]any)); got != 25 {
			t.Fatalf("%s: the default page holds %d quotes, want all 25", what, got)
		}
		seen := map[int64]bool{}
		next := base + "?per_page=10"
		for pages := 0; next != ""; pages++ {
			res, out := a.api(tok, "GET", next, "")
			if res.StatusCode != http.StatusOK || pages > 3 {
				t.Fatalf("%s %s: %d after %d pages", what, next, res.StatusCode, pages)
			}
			if out["total_quotes"] != float64(25) || out["pages"] != float64(3) || out["partial"] != false {
				t.Errorf("%s %s: totals %v, pages %v, partial %v", what, next, out["total_quotes"], out["pages"], out["partial"])
			}
			if (what == "analysis" || what == "decision") && fmt.Sprint(out["award"]) != fmt.Sprint(whole["award"]) {
				t.Errorf("%s: the award differs on a page: %v", next, out["award"])
			}
			for _, q := range quoteIDs(t, out) {
				if seen[q] {
					t.Errorf("%s: quote %d on two pages", what, q)
				}
				seen[q] = true
			}
			next, _ = out["next"].(string)
		}
		if len(seen) != 25 {
			t.Errorf("%s: the pages held %d quotes, want 25", what, len(seen))
		}
		for _, bad := range []string{"?page=0", "?per_page=501", "?per_page=x"} {
			if res, _ := a.api(tok, "GET", base+bad, ""); res.StatusCode != http.StatusUnprocessableEntity {
				t.Errorf("%s%s: %d, want 422", what, bad, res.StatusCode)
			}
		}
	}
}

// A page that would pass the read budget answers with the rows it has and
// a link to a narrower view that starts at the first row not sent.
func TestAnalysisPagePastItsBudgetAnswersWithWhatItHas(t *testing.T) {
	t.Parallel()
	a := newBenchApp(t, func(c *web.Config) { c.ReadBudget = time.Nanosecond })
	id, tok := pagedEvaluation(t, a, 5)
	for _, what := range []string{"analysis", "worksheet"} {
		res, out := a.api(tok, "GET", fmt.Sprintf("/api/v1/evaluations/%d/%s?page=2&per_page=2", id, what), "")
		if res.StatusCode != http.StatusOK || out["partial"] != true {
			t.Fatalf("%s: %d, partial %v", what, res.StatusCode, out["partial"])
		}
		if n := len(out["quotes"].([]any)); n != 1 {
			t.Errorf("%s: %d rows, want the one that fitted", what, n)
		}
		narrow, _ := out["narrow_view"].(string)
		if !strings.Contains(narrow, "page=4") || !strings.Contains(narrow, "per_page=1") {
			t.Errorf("%s: narrow_view %q, want page 4 of 1 (the 4th quote, the first not sent)", what, narrow)
		}
	}
}

// A workbook holds every quote, or a page of them when asked: page 2 of
// 2 holds the rest, each column one quote, and says how many pages there
// are.
func TestWorksheetXLSXPages(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	id, tok := pagedEvaluation(t, a, 7)
	get := func(q string) (*http.Response, []byte) {
		req, _ := http.NewRequest("GET", fmt.Sprintf("%s/api/v1/evaluations/%d/worksheet.xlsx%s", a.srv.URL, id, q), nil)
		req.Header.Set("Authorization", "Bearer "+tok)
		return a.send(req)
	}
	res, raw := get("?page=2&per_page=4")
	if res.StatusCode != http.StatusOK || res.Header.Get("X-Total-Pages") != "2" ||
		!strings.Contains(res.Header.Get("Content-Disposition"), "page-2.xlsx") {
		t.Fatalf("page 2: %d %v", res.StatusCode, res.Header)
	}
	f, err := excelize.OpenReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows("Worksheet")
	if err != nil {
		t.Fatal(err)
	}
	if got := len(rows[1]) - 1; got != 3 { // the label column aside
		t.Errorf("page 2 has %d quote columns, want the last 3: %q", got, rows[1])
	}
	// One workbook may hold every quote an evaluation may hold, and is
	// the default; past that, per_page is refused.
	if res, _ := get("?per_page=10001"); res.StatusCode != http.StatusUnprocessableEntity ||
		strings.Contains(res.Header.Get("Content-Disposition"), "attachment") {
		t.Errorf("per_page 10001: %d %v", res.StatusCode, res.Header)
	}
	for _, q := range []string{"?per_page=10000", ""} {
		if res, _ := get(q); res.StatusCode != http.StatusOK || res.Header.Get("X-Total-Pages") != "" {
			t.Errorf("%q: %d, X-Total-Pages %q, want one workbook", q, res.StatusCode, res.Header.Get("X-Total-Pages"))
		}
	}
}
