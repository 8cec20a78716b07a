package store_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

// Weights, overrides and awards are saved with their audit row, and a
// quote of another evaluation is refused rather than graded or awarded.
func TestScoringIsSavedWithItsAuditAndStaysInItsEvaluation(t *testing.T) {
	t.Parallel()
	st, _ := storetest.New(t, nil)
	ctx := context.Background()
	p := newUser(t, st, "p@example.com", auth.Procurement)
	e, _ := st.CreateEvaluation(ctx, p.Actor(), "S")
	other, _ := st.CreateEvaluation(ctx, p.Actor(), "Other")
	qs, _ := quote.ReadCSV(strings.NewReader("provider,rental_model,currency\nAcme,reserved,USD\n"))
	ids, err := st.ImportQuotes(ctx, p.Actor(), e.ID, qs)
	if err != nil {
		t.Fatal(err)
	}
	if ws, err := st.Criteria(ctx, e.ID); err != nil || ws != nil {
		t.Fatalf("criteria before saving: %v %v", ws, err)
	}
	ws, _ := scoring.Normalize([]scoring.Weight{{Key: scoring.CostPerUnit, Weight: 100}})
	for range 2 {
		if err := st.SaveCriteria(ctx, p.Actor(), e.ID, ws); err != nil {
			t.Fatal(err)
		}
	}
	got, err := st.Criteria(ctx, e.ID)
	if err != nil || len(got) != len(scoring.Keys) || got[0].Weight != 100 {
		t.Errorf("criteria %v %v", got, err)
	}
	if err := st.SaveScoreOverride(ctx, p.Actor(), e.ID, ids[0], scoring.LockInExit, "4.5", "egress quoted by mail"); err != nil {
		t.Fatal(err)
	}
	if err := st.SaveScoreOverride(ctx, p.Actor(), other.ID, ids[0], scoring.LockInExit, "9", "x"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("override through another evaluation: %v", err)
	}
	ov, err := st.ScoreOverrides(ctx, e.ID)
	if err != nil || len(ov[ids[0]]) != 1 || ov[ids[0]][0].Grade != "4.5" || ov[ids[0]][0].Evaluator == "" {
		t.Errorf("overrides %v %v", ov, err)
	}
	aw := store.NewAward{EvaluationID: other.ID, Shares: []store.AwardShare{{QuoteID: ids[0], SharePct: 100}}, Reason: "r",
		Currency: "USD", ContractValue: "10.00", CostPerUnit: "1.00"}
	if _, err := st.RecordAward(ctx, p.Actor(), aw); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("award of another evaluation's quote: %v", err)
	}
	aw.EvaluationID = e.ID
	if a, err := st.RecordAward(ctx, p.Actor(), aw); err != nil || a.ID == 0 || a.Status != "awaiting_approval" {
		t.Errorf("award %+v %v", a, err)
	}
	for action, want := range map[string]int{"criteria.update": 2, "score.override": 1, "award.record": 1} {
		entries, err := st.ListAudit(ctx, store.AuditFilter{EvaluationID: e.ID, Limit: 100})
		n := 0
		for _, en := range entries {
			if en.Action == action {
				n++
			}
		}
		if err != nil || n != want {
			t.Errorf("%s: %d audit rows, want %d (%v)", action, n, want, err)
		}
	}
}
