package evaluation_test

import (
	"context"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/scoring"
)

const pricedQuote = "provider,rental_model,currency,gpu_model,form_factor,gpu_memory_gb,gpus_per_node,nodes,intra_node_interconnect,inter_node_fabric,price_per_gpu_hour\n" +
	"Acme,on_demand,USD,H100,sxm,80,8,2,nvswitch,efa,2.50\n"

// An evaluator's grade is saved for a scored quote and a known criterion,
// 0 to 10 with one decimal at most, with a reason; anything else is named
// by field and nothing is saved.
func TestSaveScoreOverride(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, pricedQuote)
	ctx := context.Background()
	a, err := f.svc.Analyze(ctx, f.q.EvaluationID)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := a.Scoring.Score(f.q.ID); !ok {
		t.Fatal("the priced quote is not scored")
	}
	crit := scoring.Keys[0]
	for _, c := range []struct {
		in    evaluation.ScoreOverride
		field string
	}{
		{evaluation.ScoreOverride{QuoteID: 0, Criterion: crit, Grade: "5", Reason: "r"}, "quote_id"},
		{evaluation.ScoreOverride{QuoteID: f.q.ID + 1000, Criterion: crit, Grade: "5", Reason: "r"}, "quote_id"},
		{evaluation.ScoreOverride{QuoteID: f.q.ID, Criterion: "charm", Grade: "5", Reason: "r"}, "criterion"},
		{evaluation.ScoreOverride{QuoteID: f.q.ID, Criterion: crit, Grade: "10.5", Reason: "r"}, "grade"},
		{evaluation.ScoreOverride{QuoteID: f.q.ID, Criterion: crit, Grade: "7.25", Reason: "r"}, "grade"},
		{evaluation.ScoreOverride{QuoteID: f.q.ID, Criterion: crit, Grade: "-1", Reason: "r"}, "grade"},
		{evaluation.ScoreOverride{QuoteID: f.q.ID, Criterion: crit, Grade: "5", Reason: ""}, "reason"},
		{evaluation.ScoreOverride{QuoteID: f.q.ID, Criterion: crit, Grade: "5", Reason: strings.Repeat("é", 2001)}, "reason"},
	} {
		keys, err := f.svc.SaveScoreOverride(ctx, f.u.Actor(), a, c.in, plain)
		if err != nil || len(keys) != 1 || keys[c.field] == "" {
			t.Errorf("%+v: %v %v, want %s refused", c.in, keys, err, c.field)
		}
	}
	if got, err := f.st.ScoreOverrides(ctx, f.q.EvaluationID); err != nil || len(got) != 0 {
		t.Fatalf("a refused grade was saved: %v %v", got, err)
	}
	if keys, err := f.svc.SaveScoreOverride(ctx, f.u.Actor(), a, evaluation.ScoreOverride{QuoteID: f.q.ID, Criterion: crit, Grade: "7.50", Reason: "benchmarked"}, plain); err != nil || len(keys) != 0 {
		t.Fatalf("%v %v", keys, err)
	}
	got, err := f.st.ScoreOverrides(ctx, f.q.EvaluationID)
	if err != nil || len(got[f.q.ID]) != 1 || got[f.q.ID][0].Grade != "7.5" || got[f.q.ID][0].Criterion != crit {
		t.Errorf("%+v %v", got, err)
	}
}
