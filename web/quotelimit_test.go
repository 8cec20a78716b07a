package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// fillEvaluation gives an evaluation n quotes: one imported, the others
// copied in SQL so the test stays quick.
func fillEvaluation(t *testing.T, a *app, tok, evPath string, n int) {
	t.Helper()
	res, out := a.apiCSV(tok, "/api/v1"+evPath+"/quotes/import", manyQuotesCSV(t, 1))
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("seed import: %d %v", res.StatusCode, out)
	}
	id := int64(out["quotes"].([]any)[0].(map[string]any)["id"].(float64))
	if _, err := a.pool.Exec(context.Background(), `INSERT INTO quotes (evaluation_id, provider_id, author_id, terms, updated_by)
		SELECT evaluation_id, provider_id, author_id, terms, updated_by FROM quotes, generate_series(2, $2) WHERE id = $1`, id, n); err != nil {
		t.Fatal(err)
	}
}

// An evaluation takes at most quote.MaxPerEvaluation quotes: the API
// import, the import preview and its confirmation, and the new-quote form
// refuse past it with a message naming the limit, and save nothing.
func TestQuoteLimitIsNamedAtImportAndCreation(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c, u := a.login("buyer@example.com", auth.Procurement)
	tok := a.token("bot@example.com", auth.Procurement)
	ev := newEvaluation(t, a, u, "Full")
	fillEvaluation(t, a, tok, ev, quote.MaxPerEvaluation-1)
	const limitText = "10,000"

	// Two quotes of other vendors: new quotes, not revisions of the held ones.
	two := []byte(strings.ReplaceAll(string(manyQuotesCSV(t, 2)), "Vendor ", "Other vendor "))
	res, out := a.apiCSV(tok, "/api/v1"+ev+"/quotes/import", two)
	if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(out["error"].(string), limitText) || out["code"] != "quote_limit" {
		t.Errorf("API import past the limit: %d %v", res.StatusCode, out)
	}
	res = c.upload(ev+"/quotes/import", "file", "two.csv", two)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if msg := doc(t, res).Find("[data-testid=import-error]").Text(); !strings.Contains(msg, limitText) {
		t.Errorf("preview past the limit: %q", msg)
	}
	res = c.post(ev+"/quotes/import/confirm", url.Values{"csv": {string(two)}})
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if msg := doc(t, res).Find("[data-testid=import-error]").Text(); !strings.Contains(msg, limitText) {
		t.Errorf("confirm past the limit: %q", msg)
	}
	form := url.Values{"version": {"0"}, "state_provider": {"stated"}, "v_provider": {"Acme GPU"},
		"state_rental_model": {"stated"}, "v_rental_model": {"on_demand"}, "state_currency": {"stated"}, "v_currency": {"USD"}}
	wantStatus(t, c.post(ev+"/quotes", form), http.StatusSeeOther) // the last one that fits
	form.Set("v_provider", "Beyond GPU")
	res = c.post(ev+"/quotes", form)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	d := doc(t, res)
	if msg := d.Find("[data-testid=quote-refused]").Text(); !strings.Contains(msg, limitText) {
		t.Errorf("new quote past the limit: %q", msg)
	}
	if v, _ := d.Find("#v-provider").Attr("value"); v != "Beyond GPU" {
		t.Errorf("the refused form lost its input: %q", v)
	}
	var n int
	if err := a.pool.QueryRow(context.Background(), `SELECT count(*) FROM quotes`).Scan(&n); err != nil || n != quote.MaxPerEvaluation {
		t.Errorf("quotes saved = %d, %v; want exactly the limit", n, err)
	}
}

// An import costs the same statements for 2 rows as for 40: rows go in
// arrays, not one INSERT each.
func TestImportStatementsDoNotGrowWithRows(t *testing.T) {
	t.Parallel()
	a, c := newTracedApp(t)
	tok := a.token("bot@example.com", auth.Procurement)
	u := a.user("owner@example.com", auth.Procurement)
	count := func(rows int) int {
		ev := newEvaluation(t, a, u, "Rows")
		c.reset()
		if res, out := a.apiCSV(tok, "/api/v1"+ev+"/quotes/import", manyQuotesCSV(t, rows)); res.StatusCode != http.StatusCreated {
			t.Fatalf("import %d rows: %d %v", rows, res.StatusCode, out)
		}
		return len(c.reset())
	}
	// The first request with a token records its use (at most once a
	// minute); warm it up so both counts see the same authentication.
	count(1)
	small, large := count(2), count(40)
	if small != large {
		t.Errorf("import ran %d statements for 2 rows and %d for 40", small, large)
	}
}

// apiCSV posts a CSV body to the API with a token.
func (a *app) apiCSV(tok, path string, data []byte) (*http.Response, map[string]any) {
	a.t.Helper()
	return a.api(tok, "POST", path, string(data), "Content-Type", "text/csv")
}
