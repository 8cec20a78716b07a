package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

// Audit rows move their evaluation's updated time once per statement:
// an import writes thousands of audit rows in one statement, and a
// per-row trigger ran an UPDATE for each of them.
func TestAuditRowsTouchTheEvaluationOncePerStatement(t *testing.T) {
	t.Parallel()
	st, pool := storetest.New(t, nil)
	ctx := context.Background()
	u, err := st.CreateUser(ctx, audit.Actor{Email: "test"}, store.User{Email: "t@example.com", Name: "T", Role: "procurement", PasswordHash: "x"})
	if err != nil {
		t.Fatal(err)
	}
	ev, err := st.CreateEvaluation(ctx, u.Actor(), "touch")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `UPDATE evaluations SET updated_at = now() - interval '1 hour' WHERE id = $1`, ev.ID); err != nil {
		t.Fatal(err)
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `SET LOCAL track_functions = 'pl'`); err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, `INSERT INTO audit_events (actor_email, action, object_type, object_id, evaluation_id)
		SELECT 'test', 'test.touch', 'quote', g::text, $1 FROM generate_series(1, 50) g`, ev.ID); err != nil {
		t.Fatal(err)
	}
	var calls int
	if err := tx.QueryRow(ctx, `SELECT coalesce(sum(calls), 0) FROM pg_stat_xact_user_functions WHERE funcname = 'audit_touches_evaluation'`).Scan(&calls); err != nil {
		t.Fatal(err)
	}
	if calls != 1 {
		t.Errorf("50 audit rows in one statement ran the trigger %d times, want 1", calls)
	}
	var updated time.Time
	var now time.Time
	if err := tx.QueryRow(ctx, `SELECT updated_at, now() FROM evaluations WHERE id = $1`, ev.ID).Scan(&updated, &now); err != nil {
		t.Fatal(err)
	}
	if !updated.Equal(now) {
		t.Errorf("evaluation updated at %v, want the transaction's time %v", updated, now)
	}
}
