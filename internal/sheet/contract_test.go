package sheet

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/tco"
	"github.com/xuri/excelize/v2"
)

// Every worksheet part carries formulas (<f> elements), and the summary
// cells are formulas rather than typed-in numbers.
func TestXLSXStoresFormulas(t *testing.T) {
	t.Parallel()
	tc := testCases()[0]
	qs := testQuotes()
	f, raw := buildXLSX(t, qs, tc.a, computeWS(t, qs, tc.a))
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		t.Fatal(err)
	}
	parts := 0
	for _, zf := range zr.File {
		if !strings.HasPrefix(zf.Name, "xl/worksheets/") || !strings.HasSuffix(zf.Name, ".xml") {
			continue
		}
		parts++
		rc, err := zf.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		if !bytes.Contains(b, []byte("<f>")) {
			t.Errorf("%s has no <f> element", zf.Name)
		}
	}
	if parts != 2 {
		t.Errorf("%d worksheet parts, want 2", parts)
	}
	for i := range qs {
		for _, row := range []int{rowLine1, rowTCO, rowCPU} {
			ref := cellName(quoteCol(i), row)
			if fm, _ := f.GetCellFormula(WorksheetSheet, ref); fm == "" {
				t.Errorf("%s!%s is not a formula", WorksheetSheet, ref)
			}
		}
	}
}

// A worksheet that was not computed from the quotes and assumptions is
// refused rather than exported beside formulas that disagree with it.
func TestXLSXRefusesMismatchedWorksheet(t *testing.T) {
	t.Parallel()
	tc := testCases()[0]
	qs := testQuotes()
	other := tc.a
	other.Utilisation.Value = 0.7
	stale := computeWS(t, qs, other)
	tests := []struct {
		name string
		qs   []tco.Quote
		ws   tco.Worksheet
	}{
		{"other assumptions", qs, stale},
		{"fewer quotes", qs[:3], computeWS(t, qs, tc.a)},
		{"other currency", qs, computeWS(t, qs, testCases()[1].a)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := WorksheetXLSX(io.Discard, tt.qs, tc.a, tt.ws)
			if !errors.Is(err, ErrMismatch) {
				t.Fatalf("err = %v, want ErrMismatch", err)
			}
		})
	}
}

// An empty evaluation still gives a workbook with its assumptions.
func TestXLSXWithoutQuotes(t *testing.T) {
	t.Parallel()
	a := testCases()[0].a
	ws := computeWS(t, nil, a)
	f, _ := buildXLSX(t, nil, a, ws)
	if v, _ := f.GetCellValue(AssumptionsSheet, "H3"); v != nUtilisation {
		t.Errorf("first assumption's name = %q, want %s", v, nUtilisation)
	}
}

// Assumptions are stored to the last bit: excelize would otherwise keep
// 15 significant digits, and 2 minutes (0.03333333333333333 h) would
// become another number under every formula.
func TestXLSXStoresAssumptionsExactly(t *testing.T) {
	t.Parallel()
	tc := testCases()[0]
	qs := testQuotes()
	f, _ := buildXLSX(t, qs, tc.a, computeWS(t, qs, tc.a))
	for _, r := range assumptionRows(tc.a) {
		for name, want := range map[string]float64{r.name: r.v.Value, r.name + "_low": r.v.Low, r.name + "_high": r.v.High} {
			if want == 0 && name != r.name {
				continue // no range: the cell is blank
			}
			sheet, ref := definedCell(t, f, name)
			s, _ := f.GetCellValue(sheet, ref, excelize.Options{RawCellValue: true})
			if got, err := strconv.ParseFloat(s, 64); err != nil || got != want {
				t.Errorf("%s = %q, want %v", name, s, want)
			}
		}
	}
}

// Market keys that differ only in punctuation get distinct names, and a
// quote is priced with the one tco picks.
func TestXLSXDistinguishesSimilarMarketKeys(t *testing.T) {
	t.Parallel()
	a := testCases()[1].a
	a.MarketRatePerGPUHour["H100 SXM"] = tco.Assumption{Value: 3.1, Low: 2.8, High: 3.6, Unit: "USD/GPU-h", Currency: "USD"}
	a.MarketRatePerGPUHour["H100-SXM"] = tco.Assumption{Value: 3.7, Low: 3.0, High: 4.4, Unit: "USD/GPU-h", Currency: "USD"}
	q := testQuotes()[4] // rate not stated
	q.GPUModel = "H100-SXM"
	qs := []tco.Quote{q}
	ws := computeWS(t, qs, a)
	f, _ := buildXLSX(t, qs, a, ws)
	assertMatches(t, f, ws, true)
	names := marketRateNames(a)
	if names["H100 SXM"] == names["H100-SXM"] {
		t.Errorf("both keys named %s", names["H100 SXM"])
	}
}

// A quote whose every price is missing needs no FX rate for its own
// currency, in tco or in the workbook.
func TestXLSXQuoteCurrencyWithoutFXRate(t *testing.T) {
	t.Parallel()
	a := testCases()[1].a
	q := tco.Quote{ID: "chf", Label: "All terms missing", RentalModel: tco.OnDemand, GPUModel: "H100", GPUsPerNode: 8, Nodes: 1, Currency: "CHF"}
	qs := []tco.Quote{q}
	ws := computeWS(t, qs, a)
	f, _ := buildXLSX(t, qs, a, ws)
	assertMatches(t, f, ws, true)
}
