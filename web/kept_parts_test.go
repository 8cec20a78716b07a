package web

import (
	"context"
	"strings"
	"testing"

	"github.com/a-h/templ"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/store"
)

// Kept parts stay within their byte budget, and a newer analysis of an
// evaluation drops the parts of its older ones.
func TestKeptPartsStayBoundedAndDropOlderAnalyses(t *testing.T) {
	k := newKeptParts()
	ctx := context.Background()
	renders := 0
	part := func(n int) func() templ.Component {
		return func() templ.Component {
			renders++
			return templ.Raw(strings.Repeat("x", n))
		}
	}
	old := &evaluation.Analysis{Revision: store.AnalysisRevision{Evaluation: 1}}
	old.Evaluation.ID = 7
	for _, view := range []string{"en", "ru"} {
		if _, err := k.render(ctx, old, view, part(1000)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := k.render(ctx, old, "en", part(1000)); err != nil || renders != 2 {
		t.Fatalf("a kept part was rendered again (%d renders, %v)", renders, err)
	}
	newer := &evaluation.Analysis{Revision: store.AnalysisRevision{Evaluation: 2}}
	newer.Evaluation.ID = 7
	if _, err := k.render(ctx, newer, "en", part(1000)); err != nil {
		t.Fatal(err)
	}
	if len(k.items) != 1 || k.used != 1000+len("en") { // the part and its key
		t.Errorf("after a newer analysis %d parts (%d bytes) are kept, want its one", len(k.items), k.used)
	}
	for id := range int64(200) {
		a := &evaluation.Analysis{}
		a.Evaluation.ID = 100 + id
		if _, err := k.render(ctx, a, "en", part(keptPartsBytes/100)); err != nil {
			t.Fatal(err)
		}
		if k.used > keptPartsBytes {
			t.Fatalf("%d bytes kept, over the budget of %d", k.used, keptPartsBytes)
		}
	}
}
