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
	example, err := os.ReadFile("../quote/testdata/quotes-example.csv")
	if err != nil {
		t.Fatal(err)
	}
	qs, err := quote.ReadCSV(strings.NewReader(string(example) +
		"\"Odd <Vendor> & \"\"Co\"\"\",,,on_demand,,,,,,,,,,,,,,,,,USD,,,,,,,,,,,,,,,,,,,,,,,,\"tab\there, é 中文\u2028\"\n"))
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
