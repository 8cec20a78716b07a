package evaluation_test

import (
	"context"
	"errors"
	"testing"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/scoring"
)

// Weights typed on the scores page: a text that is no whole number 0–100
// is refused by its criterion, weights not summing to 100 as a whole, and
// good ones are saved with the blank ones weighing 0.
func TestSaveCriteriaTypedChecksEachWeight(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	first, second := scoring.Keys[0], scoring.Keys[1]
	err := f.svc.SaveCriteriaTyped(ctx, f.u.Actor(), f.q.EvaluationID, map[string]string{first: "x", second: "101"})
	var fe evaluation.FieldErrors
	if !errors.As(err, &fe) || len(fe) != 2 || fe[first] != "scoring.error.weight_range" || fe[second] != "scoring.error.weight_range" {
		t.Errorf("bad weights: %v %v", err, fe)
	}
	var we evaluation.WeightErrors
	if err := f.svc.SaveCriteriaTyped(ctx, f.u.Actor(), f.q.EvaluationID, map[string]string{first: "50"}); !errors.As(err, &we) {
		t.Errorf("weights summing to 50: %v, want WeightErrors", err)
	}
	if err := f.svc.SaveCriteriaTyped(ctx, f.u.Actor(), f.q.EvaluationID, map[string]string{first: "60", second: "40"}); err != nil {
		t.Fatal(err)
	}
	ws, err := f.st.Criteria(ctx, f.q.EvaluationID)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, w := range ws {
		got[w.Key] = w.Weight
	}
	if got[first] != 60 || got[second] != 40 || len(ws) > 0 && got[scoring.Keys[2]] != 0 {
		t.Errorf("saved %+v, want %s 60 and %s 40, the rest 0", ws, first, second)
	}
}
