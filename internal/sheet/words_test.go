package sheet

import (
	"bytes"
	"encoding/csv"
	"regexp"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// developerWord reports why s, text a buyer reads in an export, is a
// developer's word rather than the buyer's: "minor units", a snake_case
// identifier ("support_price_per_month", "on_demand"), the Go package
// name tco, a repository path or a document file. "" means it reads fine.
func developerWord(s string) string {
	for _, p := range developerWords {
		if m := p.re.FindString(s); m != "" {
			return p.why + " " + strings.TrimSpace(m)
		}
	}
	return ""
}

var developerWords = []struct {
	why string
	re  *regexp.Regexp
}{
	{"minor units:", regexp.MustCompile(`(?i)minor[ -]units?`)},
	{"a division for the reader to do:", regexp.MustCompile(`/ 100\b`)},
	{"snake_case:", regexp.MustCompile(`\b[a-z]+(_[a-z0-9]+)+\b`)},
	{"the package name:", regexp.MustCompile(`\btco\b`)},
	{"a key with spaces for underscores:", regexp.MustCompile(`\bgpu\b`)},
	{"a repository path:", regexp.MustCompile(`shared/|\S+\.md\b|[\w-]+/[\w./-]+ *§`)},
}

func TestDeveloperWordCatchesWhatItShould(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"Monthly TCO (EUR minor units)", "support_price_per_month", "on_demand",
		"tco's rounding", "shared/reference/cost-reference.md §5", "PRODUCT.md configuration A", "x / 100",
		"on demand price per gpu hour (not stated)"} {
		if developerWord(s) == "" {
			t.Errorf("%q passes", s)
		}
	}
	for _, s := range []string{"Monthly TCO, EUR", "Market_rate_H100", "the cost reference §5", "GPU-h/month", "on demand"} {
		if w := developerWord(s); w != "" {
			t.Errorf("%q fails: %s", s, w)
		}
	}
}

// Every text cell of the workbook, on every sheet and for every
// evaluation currency, is in the buyer's words. Formula cells and the
// defined names (the "Name in formulas" column, which a formula must
// spell exactly) are what a formula reads, so they are left out.
func TestXLSXHasNoDeveloperWords(t *testing.T) {
	t.Parallel()
	for _, tc := range testCases() {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			qs := testQuotes()
			f, _ := buildXLSX(t, qs, tc.a, computeWS(t, qs, tc.a))
			names := map[string]bool{}
			for _, d := range f.GetDefinedName() {
				names[d.Name] = true
			}
			for _, sh := range f.GetSheetList() {
				if w := developerWord(sh); w != "" {
					t.Errorf("sheet name %q: %s", sh, w)
				}
				rows, err := f.GetRows(sh)
				if err != nil {
					t.Fatal(err)
				}
				for r, row := range rows {
					for c, v := range row {
						w := developerWord(v)
						if w == "" || names[v] {
							continue
						}
						ref := cellName(c+1, r+1)
						if fo, _ := f.GetCellFormula(sh, ref); fo != "" {
							continue
						}
						t.Errorf("%s!%s reads %q: %s", sh, ref, v, w)
					}
				}
			}
		})
	}
}

// The CSV's labels and values are in the buyer's words too. Its first
// column is the row's stable key, the field name the API uses for the
// same figure, for programs that read the file; it is left out.
func TestWorksheetCSVHasNoDeveloperWords(t *testing.T) {
	t.Parallel()
	for _, tc := range testCases() {
		t.Run(tc.name, func(t *testing.T) {
			qs := testQuotes()
			var buf bytes.Buffer
			if err := WorksheetCSV(&buf, computeWS(t, qs, tc.a)); err != nil {
				t.Fatal(err)
			}
			recs, err := csv.NewReader(&buf).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			for _, rec := range recs {
				for c, v := range rec[1:] {
					if w := developerWord(v); w != "" {
						t.Errorf("row %s, column %d reads %q: %s", rec[0], c+2, v, w)
					}
				}
			}
		})
	}
}

// An assumption taken from the brief names the brief's fields in words in
// the Source column ("from the brief: baseline utilisation"), never by
// their keys ("brief: baseline_utilization_pct").
func TestXLSXNamesTheBriefsFieldsInWords(t *testing.T) {
	t.Parallel()
	a := testCases()[0].a
	tco.ApplyBrief(&a, brief.Brief{
		"baseline_utilization_pct": "70", "dataset_tb": "12", "checkpoint_gb": "400", "weight_cache_gb": "50",
		"checkpoint_interval_min": "30", "units_per_month": "40", "useful_unit": "jobs",
		"gpus_per_node": "8", "node_count": "4", "budget_currency": "EUR",
	})
	qs := testQuotes()
	f, _ := buildXLSX(t, qs, a, computeWS(t, qs, a))
	rows, err := f.GetRows(AssumptionsSheet)
	if err != nil {
		t.Fatal(err)
	}
	fromBrief := 0
	for r, row := range rows {
		if len(row) < colSource {
			continue
		}
		v := row[colSource-1]
		if strings.Contains(v, "brief") && !strings.Contains(v, "contract term") {
			fromBrief++
		}
		if w := developerWord(v); w != "" {
			t.Errorf("row %d, source %q: %s", r+1, v, w)
		}
	}
	if fromBrief < 4 {
		t.Errorf("%d sources from the brief, want 4 (utilisation, storage, checkpoint interval, GPU-hours per unit)", fromBrief)
	}
}
