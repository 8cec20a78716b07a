package sheet

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/tco"
	"github.com/xuri/excelize/v2"
)

// The spreadsheet rounding equals tco's on ordinary amounts, exact
// halves, near-halves and amounts large enough that tco's tolerance
// (1e-9 × amount) spans much of the unit. tco.NewMoney in a currency
// without minor units is tco's roundHalfAway itself.
func TestRoundHalfAwayFormulaMatchesTCO(t *testing.T) {
	t.Parallel()
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetCellFormula("Sheet1", "B1", roundHalfAway("A1")); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	xs := []float64{0, 0.5, 1.5, 2.4999999999, 267.49999999999997, 1e9 + 0.3, 4e8 + 0.45}
	for range 3000 {
		xs = append(xs,
			rng.Float64()*1e6,
			float64(rng.IntN(1e8))+0.5+(rng.Float64()-0.5)*1e-3,
			rng.Float64()*1e10,
			float64(rng.IntN(100000))/100*100,
		)
	}
	for _, x := range xs {
		if err := f.SetCellFloat("Sheet1", "A1", x, exactPrecision(x), 64); err != nil {
			t.Fatal(err)
		}
		got, err := f.CalcCellValue("Sheet1", "B1", excelize.Options{RawCellValue: true})
		want := tco.NewMoney(x, "JPY").Minor
		if err != nil || got != strconv.FormatInt(want, 10) {
			t.Fatalf("round(%v) = %q (%v), tco %d", x, got, err, want)
		}
	}
}

func TestExactPrecisionRoundTrips(t *testing.T) {
	t.Parallel()
	for _, v := range []float64{2.0 / 60, 1.0 / 3600, 0.006123, 3072, 1e-20, 123456789.123456789} {
		s := strconv.FormatFloat(v, 'f', exactPrecision(v), 64)
		if back, _ := strconv.ParseFloat(s, 64); back != v {
			t.Errorf("%v written as %s reads back as %v", v, s, back)
		}
	}
}

func TestAtFollowsAssumptionAt(t *testing.T) {
	t.Parallel()
	if got := at("X", estimate); got != "X" {
		t.Errorf("estimate: %s", got)
	}
	if got := at("X", lowEnd); got != "IF(MAX(X_low,X_high)>0,X_low,X)" {
		t.Errorf("low: %s", got)
	}
	if got := at("X", highEnd); got != "IF(MAX(X_low,X_high)>0,X_high,X)" {
		t.Errorf("high: %s", got)
	}
}

// cellCoordinates reads what excelize reads, the same way, and refuses
// what it refuses.
func TestCellCoordinatesAgreesWithExcelize(t *testing.T) {
	t.Parallel()
	for _, ref := range []string{"A1", "B7", "$B$7", "$B7", "B$7", "Z99", "AA1", "XFD1048576", "NTP12",
		"A0", "A01", "1A", "A", "7", "", "$", "b7", "XFE1", "A1048577", "AAAA1", "A1B", "A 1"} {
		col, row, err := cellCoordinates(ref)
		wc, wr, werr := excelize.CellNameToCoordinates(strings.ReplaceAll(ref, "$", ""))
		if col != wc || row != wr || (err == nil) != (werr == nil) {
			t.Errorf("%q: %d,%d,%v; excelize %d,%d,%v", ref, col, row, err, wc, wr, werr)
		}
	}
}
