package quote

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// Every bounded column accepts its bound and refuses one more, naming the
// column and the bound; a price of 1e12 a GPU-hour is refused.
func TestNumericTermsHaveUpperBounds(t *testing.T) {
	base := map[string]string{"provider": "P", "rental_model": "reserved", "currency": "USD"}
	for name, max := range bounds {
		c, ok := ColumnByName(name)
		if !ok || (c.Kind != KindInt && c.Kind != KindDecimal) {
			t.Fatalf("bound on %q, not a numeric column", name)
		}
		for _, tc := range []struct {
			cell string
			ok   bool
		}{{strconv.FormatInt(max, 10), true}, {strconv.FormatInt(max+1, 10), false}} {
			cells := map[string]string{name: tc.cell}
			for k, v := range base {
				cells[k] = v
			}
			_, errs := ParseCells(cells)
			if tc.ok != (len(errs) == 0) {
				t.Errorf("%s = %s: errors %v", name, tc.cell, errs)
				continue
			}
			if !tc.ok && (errs[0].Column != name || !strings.Contains(errs[0].Reason, "at most "+groupDigits(max))) {
				t.Errorf("%s = %s: %v, want the column and its bound", name, tc.cell, errs)
			}
		}
	}
	_, errs := ParseCells(map[string]string{"provider": "P", "rental_model": "reserved", "currency": "USD",
		"price_per_gpu_hour": "1000000000000"})
	if len(errs) != 1 || errs[0].Column != "price_per_gpu_hour" {
		t.Errorf("a price of 1e12: %v", errs)
	}
	if b, ok := Bound("nodes"); !ok || b != 100_000 {
		t.Errorf("Bound(nodes) = %d %v", b, ok)
	}
}

// docs/quotes-csv.md lists every bound as the code has it.
func TestBoundsAreDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/quotes-csv.md")
	if err != nil {
		t.Fatal(err)
	}
	for name, max := range bounds {
		if row := "| " + name + " | " + groupDigits(max) + " |"; !strings.Contains(string(doc), row) {
			t.Errorf("docs/quotes-csv.md lacks %q", row)
		}
	}
}
