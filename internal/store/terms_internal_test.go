package store

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/quote"
)

// termsJSON writes what encoding/json writes for the quote's cells, so
// stored terms and audit rows do not change with the faster encoder.
func TestTermsJSONIsEncodingJSONOfTheCells(t *testing.T) {
	t.Parallel()
	example, err := os.ReadFile("../quote/testdata/quotes-example.csv")
	if err != nil {
		t.Fatal(err)
	}
	// A row of odd text in the provider and notes columns, the others
	// blank but the required ones.
	header, _, _ := strings.Cut(string(example), "\n")
	cells := make([]string, strings.Count(header, ",")+1)
	for i, name := range strings.Split(header, ",") {
		switch name {
		case "provider":
			cells[i] = `"Odd <Vendor> & ""Co"""`
		case "rental_model":
			cells[i] = "on_demand"
		case "currency":
			cells[i] = "USD"
		case "notes":
			cells[i] = "\"tab\there, é 中文\u2028\""
		}
	}
	qs, err := quote.ReadCSV(strings.NewReader(string(example) + strings.Join(cells, ",") + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range qs {
		want, _ := json.Marshal(quote.Cells(q))
		got, err := termsJSON(q)
		if err != nil || string(got) != string(want) {
			t.Errorf("termsJSON = %s, %v\nwant %s", got, err, want)
		}
	}
}
