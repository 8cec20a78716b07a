package web_test

import (
	"context"
	"net/http"
	"net/url"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/web"
)

// newKeptApp is newApp whose pages read analyses from svc, so a test can
// look at the analysis the pages were given.
func newKeptApp(t *testing.T) (*app, *evaluation.Service) {
	var svc *evaluation.Service
	a := newApp(t, func(c *web.Config) {
		svc = c.Evaluations
	})
	return a, svc
}

// The pages share one kept analysis per state of the inputs: a page that
// changed it (sorting its results in place, filling one of its maps) would
// change every later request's figures. After each page the analysis it
// read must still equal one computed afresh.
func TestPagesLeaveTheKeptAnalysisAsComputed(t *testing.T) {
	t.Parallel()
	a, svc := newKeptApp(t)
	c, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, c, "Kept")
	addEURRate(t, a)
	id, err := strconv.ParseInt(strings.TrimPrefix(ev, "/evaluations/"), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	mgr, _ := a.login("manager@example.com", auth.Manager)
	tok := a.token("bot@example.com", auth.Manager)
	ctx := context.Background()
	pages := []string{"", "/worksheet", "/worksheet?sort=cost", "/worksheet/sensitivity.svg", "/worksheet/busbw.svg",
		"/worksheet.csv", "/worksheet.xlsx", "/decision", "/decision/memo", "/scores", "/quotes"}
	apis := []string{"/analysis", "/worksheet", "/decision"}
	check := func(what string, get func() *http.Response) {
		t.Helper()
		read, err := svc.Analyze(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		wantStatus(t, get(), http.StatusOK)
		fresh, err := evaluation.New(a.store).Analyze(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if diff := analysisDiff(read, fresh); diff != "" {
			t.Errorf("%s changed the shared analysis: %s", what, diff)
		}
	}
	for _, p := range pages {
		check(p, func() *http.Response { return mgr.get(ev + p) })
	}
	for _, p := range apis {
		check("API "+p, func() *http.Response {
			res, _ := a.api(tok, "GET", "/api/v1/evaluations/"+strconv.FormatInt(id, 10)+p, "")
			return res
		})
	}
	first, _ := svc.Analyze(ctx, id)
	if again, _ := svc.Analyze(ctx, id); again != first {
		t.Error("unchanged inputs were analysed again: the pages do not share the kept analysis")
	}
}

// addEURRate has the admin set a EUR rate, which prices the example's
// EUR quote.
func addEURRate(t *testing.T, a *app) {
	t.Helper()
	admin, _ := a.login("admin@example.com", auth.Admin)
	wantStatus(t, admin.post("/admin/reference/fx", url.Values{"currency": {"EUR"}, "usd_per_unit": {"1.08"}, "as_of": {"2026-11-27"}}), http.StatusSeeOther)
}

// analysisDiff names the fields in which a and b differ ("" when equal).
func analysisDiff(a, b *evaluation.Analysis) string {
	va, vb := reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem()
	var out []string
	for i := range va.NumField() {
		if !reflect.DeepEqual(fieldValue(va.Field(i)), fieldValue(vb.Field(i))) {
			out = append(out, va.Type().Field(i).Name)
		}
	}
	return strings.Join(out, ", ")
}

// fieldValue reads a field of an addressable struct, unexported ones too
// (a page must not change those either).
func fieldValue(f reflect.Value) any {
	if f.CanInterface() {
		return f.Interface()
	}
	return reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem().Interface()
}

// The worksheet's body (and the decision page's texts) are kept, but for
// the reader: in their language, with the form's buttons only for a role that may save, through
// the view the query asks for, and anew once the inputs change.
func TestKeptWorksheetFollowsTheReader(t *testing.T) {
	t.Parallel()
	a, _ := newKeptApp(t)
	buyer, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, buyer, "Reader")
	engineer, _ := a.login("engineer@example.com", auth.Engineer)

	if n := doc(t, buyer.get(ev+"/worksheet")).Find("[data-testid=assumptions-save]").Length(); n != 1 {
		t.Errorf("procurement sees %d save buttons, want 1", n)
	}
	if n := doc(t, engineer.get(ev+"/worksheet")).Find("[data-testid=assumptions-save]").Length(); n != 0 {
		t.Errorf("an engineer, who may not save, sees %d save buttons (the buyer's kept body?)", n)
	}
	req, _ := http.NewRequest(http.MethodGet, engineer.base+ev+"/worksheet", nil)
	req.Header.Set("Accept-Language", "ru")
	if h1 := doc(t, engineer.do(req)).Find("h1").First().Text(); h1 != "Таблица расчета" {
		t.Errorf("in Russian the title is %q (the English kept body?)", h1)
	}
	// The decision page's texts are kept per language too.
	english := doc(t, engineer.get(ev+"/decision")).Find("[data-testid=option]").Text()
	req, _ = http.NewRequest(http.MethodGet, engineer.base+ev+"/decision", nil)
	req.Header.Set("Accept-Language", "ru")
	if russian := doc(t, engineer.do(req)).Find("[data-testid=option]").Text(); russian == "" || russian == english {
		t.Errorf("the recommendation reads %q in Russian and %q in English (the English kept texts?)", russian, english)
	}
	byCost := doc(t, buyer.get(ev+"/worksheet?sort=cost")).Find("#sort option[selected]").AttrOr("value", "")
	if byCost != "cost" {
		t.Errorf("sorted by cost, the view shows sort %q", byCost)
	}
	if n := doc(t, buyer.get(ev+"/worksheet")).Find("[data-testid=ws-column]").Length(); n != 2 {
		t.Fatalf("without a EUR rate 2 quotes are compared, got %d", n)
	}
	addEURRate(t, a)
	if n := doc(t, buyer.get(ev+"/worksheet")).Find("[data-testid=ws-column]").Length(); n != 3 {
		t.Errorf("with a EUR rate 3 quotes are compared, got %d: the kept body outlived its analysis", n)
	}
}

// The quote list's table is kept per analysis and language: a reader in
// another language reads it in theirs, a role without edit rights sees no
// edit actions, and new quotes show at once.
func TestKeptQuoteListFollowsTheReaderAndItsInputs(t *testing.T) {
	t.Parallel()
	a, _ := newKeptApp(t)
	buyer, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, buyer, "List")
	engineer, _ := a.login("engineer@example.com", auth.Engineer)

	english := doc(t, buyer.get(ev+"/quotes"))
	if n := english.Find("[data-testid=quotes] tbody tr").Length(); n != 3 {
		t.Fatalf("the list shows %d quotes, want 3", n)
	}
	req, _ := http.NewRequest(http.MethodGet, engineer.base+ev+"/quotes", nil)
	req.Header.Set("Accept-Language", "ru")
	russian := doc(t, engineer.do(req))
	if en, ru := english.Find("[data-testid=quotes] th").First().Text(), russian.Find("[data-testid=quotes] th").First().Text(); en == ru {
		t.Errorf("the table's first heading reads %q in English and in Russian (the English kept table?)", ru)
	}
	if n := russian.Find("[data-testid=add-quote]").Length(); n != 0 {
		t.Errorf("an engineer sees %d add-quote buttons", n)
	}
	example, err := os.ReadFile(exampleCSV)
	if err != nil {
		t.Fatal(err)
	}
	// Three more vendors' quotes (the same file again would revise nothing).
	others := strings.ReplaceAll(string(example), "Example ", "Second ")
	wantStatus(t, buyer.post(ev+"/quotes/import/confirm", url.Values{"csv": {others}}), http.StatusSeeOther)
	if n := doc(t, buyer.get(ev+"/quotes")).Find("[data-testid=quotes] tbody tr").Length(); n != 6 {
		t.Errorf("after a second import the list shows %d quotes, want 6: the kept table outlived its analysis", n)
	}
}
