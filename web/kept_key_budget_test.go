package web

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/a-h/templ"

	"github.com/gpuquote/gpuquote/internal/evaluation"
)

// A kept part's key counts against the budget as its HTML does: the view
// names the request's query string, which any signed-in reader chooses
// (up to the 64 KiB of a request's headers), so small parts under long
// queries must not hold memory far past the budget.
func TestKeptPartsCountTheirKeysAgainstTheBudget(t *testing.T) {
	k := newKeptParts()
	a := &evaluation.Analysis{}
	a.Evaluation.ID = 7
	junk := strings.Repeat("x", 60<<10)
	for i := range 2000 {
		view := fmt.Sprintf("decision\x00en\x00engineer\x002\x00false\x00junk=%d%s", i, junk)
		if _, err := k.render(context.Background(), a, view, func() templ.Component { return templ.Raw("<p>small</p>") }); err != nil {
			t.Fatal(err)
		}
	}
	held := 0
	for key, html := range k.items {
		held += len(key.view) + len(html)
	}
	if held > keptPartsBytes {
		t.Errorf("%d parts hold %d bytes of keys and HTML, over the budget of %d", len(k.items), held, keptPartsBytes)
	}
}
