package sheet

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/tco"
	"github.com/xuri/excelize/v2"
)

// summaryFigures are the Worksheet sheet's summary rows and the figure of
// a tco.Result each must equal.
func summaryFigures(r tco.Result) map[int]tco.Money {
	m := map[int]tco.Money{
		rowTCO: r.TCO, rowTCOLow: r.Low, rowTCOHigh: r.High,
		rowCPU: r.CostPerUnit, rowCPULow: r.CostPerUnitLow, rowCPUHigh: r.CostPerUnitHigh,
		rowBill: r.ComputeBill,
	}
	for i, l := range r.Lines {
		m[rowLine1+i] = l.Amount
	}
	return m
}

// assertMatches evaluates every summary cell with excelize's formula
// engine (and reads its cached value when cached is set) and compares it
// with ws to the minor unit.
func assertMatches(t *testing.T, f *excelize.File, ws tco.Worksheet, cached bool) {
	t.Helper()
	scale := float64(minorScale(ws.Currency))
	for i, r := range ws.Results {
		for row, want := range summaryFigures(r) {
			ref := cellName(quoteCol(i), row)
			got, err := f.CalcCellValue(WorksheetSheet, ref, excelize.Options{RawCellValue: true})
			if err != nil {
				t.Fatalf("%s %s: %v", r.QuoteID, ref, err)
			}
			check := func(how, got string) {
				v, err := strconv.ParseFloat(got, 64)
				if err != nil || int64(v*scale+copysignHalf(v)) != want.Minor || v != float64(want.Minor)/scale {
					t.Errorf("%s, %s (%s, row %d): %s %q, want %s", ws.Currency, r.QuoteID, ref, row, how, got, decimalText(want))
				}
			}
			check("calculated", got)
			if cached {
				c, _ := f.GetCellValue(WorksheetSheet, ref, excelize.Options{RawCellValue: true})
				check("cached", c)
			}
		}
	}
}

func copysignHalf(v float64) float64 {
	if v < 0 {
		return -0.5
	}
	return 0.5
}

func TestXLSXReproducesCompute(t *testing.T) {
	t.Parallel()
	for _, tc := range testCases() {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			qs := testQuotes()
			ws := computeWS(t, qs, tc.a)
			f, _ := buildXLSX(t, qs, tc.a, ws)
			assertMatches(t, f, ws, true)
		})
	}
}

// The fixture must exercise what the formulas branch on, or a passing
// test proves little.
func TestFixtureCoverage(t *testing.T) {
	t.Parallel()
	ws := computeWS(t, testQuotes(), testCases()[0].a)
	models := map[tco.RentalModel]bool{}
	statuses := map[tco.Status]bool{}
	var committed, payg, ranged int
	for _, r := range ws.Results {
		models[r.RentalModel] = true
		for _, m := range r.Missing {
			statuses[m.Status] = true
		}
		if r.Committed {
			committed++
		} else {
			payg++
		}
		if r.Low != r.High {
			ranged++
		}
	}
	if len(models) != len(tco.RentalModels()) {
		t.Errorf("fixture covers %d rental models, want all %d", len(models), len(tco.RentalModels()))
	}
	if !statuses[tco.StatusNotStated] || !statuses[tco.StatusRefused] {
		t.Errorf("fixture missing statuses %v, want not stated and refused", statuses)
	}
	if committed == 0 || payg == 0 || ranged == 0 {
		t.Errorf("committed %d, pay-as-you-go %d, with a range %d: want some of each", committed, payg, ranged)
	}
}

// Changing an input in the spreadsheet recomputes every total as
// tco.Compute would with the same change.
func TestXLSXRecomputesWhenAssumptionsChange(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		cell  string // defined name of the cell to change
		value float64
		edit  func(*tco.Assumptions)
	}{
		{"utilisation", nUtilisation, 0.6, func(a *tco.Assumptions) { a.Utilisation.Value = 0.6 }},
		{"utilisation at the top of its range", nUtilisation, 0.95, func(a *tco.Assumptions) { a.Utilisation.Value = 0.95 }},
		{"stored TB", nStoredTB, 75, func(a *tco.Assumptions) { a.StoredTB.Value = 75 }},
		{"mean job length", nMeanJob, 0.7, func(a *tco.Assumptions) { a.MeanJobHours.Value = 0.7 }},
		{"FX rate", fxName("USD"), 0.95, func(a *tco.Assumptions) { a.FX["USD"] = tco.FXRate{Rate: 0.95} }},
		{"market rate high end", "Market_rate_H100_high", 5.1, func(a *tco.Assumptions) {
			r := a.MarketRatePerGPUHour["H100"]
			r.High = 5.1
			a.MarketRatePerGPUHour["H100"] = r
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			qs, a := testQuotes(), testCases()[0].a
			f, _ := buildXLSX(t, qs, a, computeWS(t, qs, a))
			sheet, ref := definedCell(t, f, tt.cell)
			if err := f.SetCellValue(sheet, ref, tt.value); err != nil {
				t.Fatal(err)
			}
			tt.edit(&a)
			assertMatches(t, f, computeWS(t, qs, a), false)
		})
	}
}

// definedCell resolves a defined name to its sheet and cell.
func definedCell(t *testing.T, f *excelize.File, name string) (string, string) {
	t.Helper()
	for _, d := range f.GetDefinedName() {
		if d.Name == name {
			sheet, ref, ok := cutRef(d.RefersTo)
			if !ok {
				t.Fatalf("defined name %s refers to %q", name, d.RefersTo)
			}
			return sheet, ref
		}
	}
	t.Fatalf("no defined name %s", name)
	return "", ""
}

// cutRef splits "Assumptions!$B$3" into "Assumptions" and "B3".
func cutRef(s string) (string, string, bool) {
	for i := range s {
		if s[i] == '!' {
			ref := ""
			for _, r := range s[i+1:] {
				if r != '$' {
					ref += string(r)
				}
			}
			return s[:i], ref, true
		}
	}
	return "", "", false
}

// The summary a reader opens first said "in minor units, / 100" and
// "on_demand": notes for a developer. It speaks the reader's words; the
// workings below it keep their exact units.
func TestXLSXSummaryHasNoDeveloperWords(t *testing.T) {
	t.Parallel()
	qs := testQuotes()
	a := testCases()[0].a
	f, _ := buildXLSX(t, qs, a, computeWS(t, qs, a))
	rows, err := f.GetRows("Worksheet")
	if err != nil {
		t.Fatal(err)
	}
	snake := regexp.MustCompile(`\b[a-z]+(?:_[a-z0-9]+)+\b`)
	for i, row := range rows[:rowWorkings-1] {
		for _, v := range row {
			if strings.Contains(v, "minor units") || strings.Contains(v, "/ 100") || snake.MatchString(v) {
				t.Errorf("row %d reads %q", i+1, v)
			}
		}
	}
}
