package store_test

import (
	"context"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
)

// TestSummariesCountShortlistsAndWaiversApart: an evaluation with only
// waivers, one with only a shortlist and one with neither each read as
// they are, with the list's summaries.
func TestSummariesCountShortlistsAndWaiversApart(t *testing.T) {
	t.Parallel()
	st, _, u, waivedOnly := benchFixture(t)
	ctx := context.Background()
	if err := st.WaiveFlag(ctx, u.Actor(), waivedOnly.ID, "no_sla", "trial only"); err != nil {
		t.Fatal(err)
	}
	if err := st.WaiveFlag(ctx, u.Actor(), waivedOnly.ID, "egress_unpriced", "no egress in the trial"); err != nil {
		t.Fatal(err)
	}
	other, err := st.CreateEvaluation(ctx, u.Actor(), "Shortlisted")
	if err != nil {
		t.Fatal(err)
	}
	qs, err := quote.ReadCSV(strings.NewReader("provider,rental_model,currency\nBeta Cloud,on_demand,USD\nGamma,marketplace,USD\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range qs {
		sq, err := st.CreateQuote(ctx, u.Actor(), other.ID, q)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.SetShortlisted(ctx, u.Actor(), sq.ID, true); err != nil {
			t.Fatal(err)
		}
	}
	empty, err := st.CreateEvaluation(ctx, u.Actor(), "Nothing yet")
	if err != nil {
		t.Fatal(err)
	}
	list, _, err := st.ListEvaluationSummaries(ctx, false, 10, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int64]store.DecisionStatus{
		waivedOnly.EvaluationID: {EvaluationID: waivedOnly.EvaluationID, Waived: 2},
		other.ID:                {EvaluationID: other.ID, Shortlisted: 2},
		empty.ID:                {EvaluationID: empty.ID},
	}
	if len(list) != len(want) {
		t.Errorf("%d summaries, want %d", len(list), len(want))
	}
	for _, es := range list {
		if es.Decision != want[es.ID] {
			t.Errorf("evaluation %d: %+v, want %+v", es.ID, es.Decision, want[es.ID])
		}
	}
}
