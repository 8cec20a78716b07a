package quote

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// exampleRows reads the example file, whose rows carry quote references.
func heldExample(t *testing.T) ([]Quote, []int) {
	t.Helper()
	f, err := os.Open("testdata/quotes-example.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	qs, lines, err := ReadCSVLines(f)
	if err != nil || len(qs) < 2 || len(lines) != len(qs) {
		t.Fatalf("%d quotes, %d lines: %v", len(qs), len(lines), err)
	}
	return qs, lines
}

func held(qs []Quote) []Known {
	out := make([]Known, len(qs))
	for i, q := range qs {
		out[i] = Known{ID: int64(100 + i), Version: 1, Quote: q}
	}
	return out
}

// TestPlanImportOfAnExportAddsNothing is issue 32: re-importing an export
// into the same evaluation doubled its quotes.
func TestPlanImportOfAnExportAddsNothing(t *testing.T) {
	t.Parallel()
	qs, lines := heldExample(t)
	plan, err := PlanImport(held(qs), qs, lines, ImportRevise)
	if err != nil {
		t.Fatal(err)
	}
	if plan.New != 0 || plan.Revisions != 0 || plan.Unchanged != len(qs) {
		t.Errorf("re-import of the same rows: %d new, %d revisions, %d unchanged; want 0, 0, %d", plan.New, plan.Revisions, plan.Unchanged, len(qs))
	}
	for i, r := range plan.Rows {
		if r.QuoteID != int64(100+i) || r.Line != lines[i] {
			t.Errorf("row %d: matched quote %d at line %d", i, r.QuoteID, r.Line)
		}
	}
}

// A row without a quote reference matches only a held quote whose terms
// are the same: an export of such quotes still adds nothing.
func TestPlanImportMatchesAnUnreferencedRowOnlyByItsTerms(t *testing.T) {
	t.Parallel()
	qs, lines := heldExample(t)
	for i := range qs {
		qs[i].QuoteRef = Term[string]{}
	}
	plan, err := PlanImport(held(qs), qs, lines, ImportRevise)
	if err != nil || plan.Unchanged != len(qs) {
		t.Fatalf("unreferenced re-import: %+v, %v", plan, err)
	}
	changed := append([]Quote(nil), qs...)
	changed[0].Region = Of("somewhere else")
	plan, err = PlanImport(held(qs), changed, lines, ImportRevise)
	if err != nil || plan.New != 1 || plan.Unchanged != len(qs)-1 {
		t.Fatalf("a changed unreferenced row is new: %+v, %v", plan, err)
	}
}

func TestPlanImportRevisesAMatchingQuoteWithItsDiff(t *testing.T) {
	t.Parallel()
	qs, lines := heldExample(t)
	changed := append([]Quote(nil), qs...)
	changed[1].Region = Of("ap-south")
	changed[1].Provider = Of(strings.ToUpper(mustGet(t, changed[1].Provider)))
	plan, err := PlanImport(held(qs[:2]), changed, lines, ImportRevise)
	if err != nil {
		t.Fatal(err)
	}
	r := plan.Rows[1]
	if r.Action != RowRevision || r.QuoteID != 101 || r.Version != 1 {
		t.Fatalf("row 2: %+v", r)
	}
	var columns []string
	for _, c := range r.Changes {
		columns = append(columns, c.Column)
	}
	if !strings.Contains(strings.Join(columns, ","), "region") {
		t.Errorf("the revision's diff %v does not show the region", columns)
	}
	if plan.Revisions != 1 || plan.Unchanged != 1 || plan.New != len(qs)-2 {
		t.Errorf("counts: %+v", plan)
	}
}

func TestPlanImportAddOnlyRefusesAMatchNamingTheLine(t *testing.T) {
	t.Parallel()
	qs, lines := heldExample(t)
	_, err := PlanImport(held(qs[:1]), qs, lines, ImportAddOnly)
	var ie *ImportError
	if !errors.As(err, &ie) || len(ie.Errors) != 1 {
		t.Fatalf("add-only import of a held quote: %v", err)
	}
	if e := ie.Errors[0]; e.Line != lines[0] || e.Column != "quote_ref" || !strings.Contains(e.Reason, "quote 100") {
		t.Errorf("refusal: %+v", e)
	}
}

func TestPlanImportRefusesAmbiguousMatches(t *testing.T) {
	t.Parallel()
	qs, lines := heldExample(t)
	// Two held quotes with one reference (doubled by an earlier import).
	doubled := held([]Quote{qs[0], qs[0]})
	_, err := PlanImport(doubled, qs[:1], lines[:1], ImportRevise)
	var ie *ImportError
	if !errors.As(err, &ie) || ie.Errors[0].Line != lines[0] || !strings.Contains(ie.Errors[0].Reason, "2 quotes") {
		t.Errorf("a reference held twice: %v", err)
	}
	// One file revising one quote twice.
	twice := []Quote{qs[0], qs[0]}
	_, err = PlanImport(nil, twice, []int{2, 3}, ImportRevise)
	if !errors.As(err, &ie) || ie.Errors[0].Line != 3 || !strings.Contains(ie.Errors[0].Reason, "line 2") {
		t.Errorf("one reference twice in a file: %v", err)
	}
}

func mustGet(t *testing.T, term Term[string]) string {
	v, ok := term.Get()
	if !ok {
		t.Fatal("term not stated")
	}
	return v
}
