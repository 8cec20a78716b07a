package web_test

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// uploadMode posts an import form: the mode field, then the file, in the
// order the page's form sends them.
func (c *client) uploadMode(path, mode string, content []byte) *http.Response {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	_ = mw.WriteField("mode", mode)
	fw, _ := mw.CreateFormFile("file", "quotes.csv")
	fw.Write(content)
	mw.Close()
	req, _ := http.NewRequest(http.MethodPost, c.base+path, &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return c.do(req)
}

// TestReimportingAnExportAddsNothingAndRevisesWhatChanged is issue 32:
// re-importing an export into its evaluation doubled the quotes (3 → 6),
// and the preview gave no warning.
func TestReimportingAnExportAddsNothingAndRevisesWhatChanged(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c, u := a.login("buyer@example.com", auth.Procurement)
	ev := newEvaluation(t, a, u, "Re-import")
	example, err := os.ReadFile(exampleCSV)
	if err != nil {
		t.Fatal(err)
	}
	wantStatus(t, c.post(ev+"/quotes/import/confirm", url.Values{"csv": {string(example)}}), http.StatusSeeOther)
	count := func() int { return doc(t, c.get(ev+"/quotes")).Find("[data-testid=quote-row]").Length() }
	if n := count(); n != 3 {
		t.Fatalf("first import: %d quotes", n)
	}
	exported := []byte(body(t, c.get(ev+"/quotes.csv")))

	// The export again: the preview says nothing would change.
	res := c.upload(ev+"/quotes/import", "file", "again.csv", exported)
	wantStatus(t, res, http.StatusOK)
	d := doc(t, res)
	if d.Find("[data-testid=import-nothing]").Length() != 1 || d.Find("[data-testid=import-confirm]").Length() != 0 {
		t.Errorf("the preview of an unchanged export does not say there is nothing to import:\n%s", d.Find("main").Text())
	}
	if n := d.Find("[data-testid=import-plan] tr[data-action=unchanged]").Length(); n != 3 {
		t.Errorf("%d rows shown as unchanged, want 3", n)
	}
	// Confirming it anyway (a stale page) adds nothing and says so.
	res = c.post(ev+"/quotes/import/confirm", url.Values{"csv": {string(exported)}})
	wantStatus(t, res, http.StatusSeeOther)
	page := doc(t, c.get(res.Header.Get("Location")))
	if !strings.Contains(page.Text(), "Nothing imported") {
		t.Errorf("the list does not say nothing was imported")
	}
	if n := count(); n != 3 {
		t.Fatalf("re-importing the export: %d quotes, want 3", n)
	}

	// One changed term: that quote is revised, shown with its diff.
	changed := bytes.Replace(exported, []byte(",eu-west,"), []byte(",eu-north,"), 1)
	d = doc(t, c.upload(ev+"/quotes/import", "file", "changed.csv", changed))
	rev := d.Find("[data-testid=import-plan] tr[data-action=revision]")
	if rev.Length() != 1 || !strings.Contains(rev.Text(), "eu-west") || !strings.Contains(rev.Text(), "eu-north") || !strings.Contains(rev.Text(), "Revision of quote") {
		t.Errorf("the revision and its diff are not shown: %q", rev.Text())
	}
	wantStatus(t, c.post(ev+"/quotes/import/confirm", url.Values{"csv": {string(changed)}}), http.StatusSeeOther)
	if n := count(); n != 3 {
		t.Errorf("a revising import: %d quotes, want 3", n)
	}
	if !bytes.Contains([]byte(body(t, c.get(ev+"/quotes.csv"))), []byte(",eu-north,")) {
		t.Errorf("the revision was not saved")
	}

	// Add only: the matching lines are refused, named, and nothing is saved.
	res = c.uploadMode(ev+"/quotes/import", "add", changed)
	wantStatus(t, res, http.StatusUnprocessableEntity)
	errs := doc(t, res).Find("[data-testid=import-errors] tbody tr")
	if errs.Length() != 3 || !strings.HasPrefix(strings.TrimSpace(errs.Eq(0).Text()), "2") || !strings.Contains(errs.Eq(0).Text(), "quote_ref") {
		t.Errorf("add-only refusals: %d %q", errs.Length(), errs.Text())
	}
	res = c.post(ev+"/quotes/import/confirm", url.Values{"csv": {string(changed)}, "mode": {"add"}})
	wantStatus(t, res, http.StatusUnprocessableEntity)
	if n := count(); n != 3 {
		t.Errorf("a refused add-only import: %d quotes, want 3", n)
	}
}

// TestAPIImportOfHeldQuotesRevisesOrRefuses is issue 32 for the API.
func TestAPIImportOfHeldQuotesRevisesOrRefuses(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	tok := a.token("bot@example.com", auth.Procurement)
	_, out := a.api(tok, "POST", "/api/v1/evaluations", `{"name":"API re-import"}`)
	id := itoa(int64(out["id"].(float64)))
	example, _ := os.ReadFile(exampleCSV)
	csv := func(query string, body []byte) (int, map[string]any) {
		res, out := a.api(tok, "POST", "/api/v1/evaluations/"+id+"/quotes/import"+query, string(body), "Content-Type", "text/csv")
		return res.StatusCode, out
	}
	held := func() int {
		_, out := a.api(tok, "GET", "/api/v1/evaluations/"+id+"/quotes", "")
		return len(out["quotes"].([]any))
	}
	if code, out := csv("", example); code != http.StatusCreated || out["imported"] != 3.0 {
		t.Fatalf("first import: %d %v", code, out)
	}
	code, out := csv("", example)
	if code != http.StatusCreated || out["imported"] != 0.0 || out["unchanged"] != 3.0 || held() != 3 {
		t.Errorf("the same file again: %d imported=%v unchanged=%v, %d quotes held", code, out["imported"], out["unchanged"], held())
	}
	changed := bytes.Replace(example, []byte(",eu-west,"), []byte(",eu-north,"), 1)
	code, out = csv("?dry_run=true", changed)
	qs, _ := out["quotes"].([]any)
	if code != http.StatusOK || out["revisions"] != 1.0 || len(qs) != 3 {
		t.Fatalf("dry run of a changed file: %d %v", code, out)
	}
	first := qs[0].(map[string]any)
	changes, _ := first["changes"].([]any)
	if first["import_action"] != "revision" || len(changes) != 1 || changes[0].(map[string]any)["column"] != "region" {
		t.Errorf("the revision's diff: %v %v", first["import_action"], changes)
	}
	code, out = csv("?mode=add", changed)
	rows, _ := out["rows"].([]any)
	if code != http.StatusUnprocessableEntity || len(rows) != 3 || rows[0].(map[string]any)["line"] != 2.0 {
		t.Errorf("add only: %d %v", code, out)
	}
	if n := held(); n != 3 {
		t.Errorf("%d quotes held, want 3", n)
	}
	if code, _ := csv("?mode=merge", changed); code != http.StatusBadRequest {
		t.Errorf("an unknown mode: %d", code)
	}
}
