package sheet

import (
	"bytes"
	"encoding/csv"
	"testing"

	"github.com/gpuquote/gpuquote/internal/tco"
)

func TestWorksheetCSV(t *testing.T) {
	t.Parallel()
	for _, tc := range testCases() {
		t.Run(tc.name, func(t *testing.T) {
			qs := testQuotes()
			qs[0].Label = "=HYPERLINK(\"http://x\")"
			ws := computeWS(t, qs, tc.a)
			var buf bytes.Buffer
			if err := WorksheetCSV(&buf, ws); err != nil {
				t.Fatal(err)
			}
			recs, err := csv.NewReader(&buf).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			rows := map[string][]string{}
			for _, r := range recs {
				if len(r) != 3+len(qs) {
					t.Fatalf("row %q has %d fields, want %d", r[0], len(r), 3+len(qs))
				}
				rows[r[0]] = r
			}
			if h := recs[0]; h[0] != "row" || h[2] != "currency" || h[3] != qs[0].ID {
				t.Errorf("header %q", h)
			}
			if got := rows["quote_label"][3]; got != "'"+qs[0].Label {
				t.Errorf("a label starting with = is written %q, want it defused", got)
			}
			for i, r := range ws.Results {
				want := map[string]tco.Money{
					tco.RowTCO: r.TCO, "tco_low": r.Low, "tco_high": r.High,
					tco.RowCostPerUnit: r.CostPerUnit, "cost_per_unit_low": r.CostPerUnitLow, "cost_per_unit_high": r.CostPerUnitHigh,
				}
				for _, l := range r.Lines {
					want[l.Key] = l.Amount
				}
				for key, m := range want {
					row := rows[key]
					if row == nil {
						t.Fatalf("no row %s", key)
					}
					if row[2] != ws.Currency || row[3+i] != decimalText(m) {
						t.Errorf("%s %s = %q %s, want %s %s", r.QuoteID, key, row[3+i], row[2], decimalText(m), ws.Currency)
					}
				}
				if got := rows["incomplete"][3+i]; got != yesNo(r.Incomplete) {
					t.Errorf("%s incomplete = %q", r.QuoteID, got)
				}
				if r.Incomplete && rows["missing_terms"][3+i] == "" {
					t.Errorf("%s: incomplete but no missing terms listed", r.QuoteID)
				}
			}
		})
	}
}

func TestDecimalText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		m    tco.Money
		want string
	}{
		{tco.Money{Minor: 1234567, Currency: "USD"}, "12345.67"},
		{tco.Money{Minor: 5, Currency: "EUR"}, "0.05"},
		{tco.Money{Minor: -5, Currency: "EUR"}, "-0.05"},
		{tco.Money{Minor: 0, Currency: "USD"}, "0.00"},
		{tco.Money{Minor: 1234, Currency: "JPY"}, "1234"},
		{tco.Money{Minor: 1234, Currency: "KWD"}, "1.234"},
		{tco.Money{Minor: 7, Currency: "KWD"}, "0.007"},
	}
	for _, tt := range tests {
		if got := decimalText(tt.m); got != tt.want {
			t.Errorf("decimalText(%d %s) = %q, want %q", tt.m.Minor, tt.m.Currency, got, tt.want)
		}
	}
}
