package store_test

import (
	"context"
	"errors"
	"strconv"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

// A kept analysis is reused while its revision holds, so a table the
// analysis reads without a trigger that moves the revision would serve a
// stale worksheet. Adding a read to the snapshot without its trigger fails
// here.
func TestEveryTableTheAnalysisReadsMovesItsRevision(t *testing.T) {
	t.Parallel()
	_, pool := storetest.New(t, nil)
	ctx := context.Background()
	tables := store.SnapshotTables()
	if len(tables) < 10 {
		t.Fatalf("snapshot reads %v: the table list is not being read", tables)
	}
	const onInsert, onDelete, onUpdate = 1 << 2, 1 << 3, 1 << 4 // pg_trigger.tgtype
	for _, table := range tables {
		if table == "analysis_inputs" {
			continue // the revision itself
		}
		var events int
		if err := pool.QueryRow(ctx, `SELECT coalesce(bit_or(tgtype::int), 0) FROM pg_trigger
			WHERE tgrelid = $1::regclass AND tgname LIKE $2 || '\_analysis\_revision%'`, table, table).Scan(&events); err != nil {
			t.Fatal(err)
		}
		want := onInsert | onDelete | onUpdate
		switch table {
		case "users", "providers":
			want = onDelete | onUpdate // a new one is read only once a row above names it
		case "evaluations":
			want = onUpdate // its own row: before a change, there is no analysis; after a delete, none either
		}
		if events&want != want {
			t.Errorf("the analysis reads %s, whose %s_analysis_revision triggers move the revision on events %b, want %b", table, table, events, want)
		}
	}
}

// A transaction that changes the evaluation's own row (as an import does
// first) has moved the revision once; the rows it then writes add nothing.
// A change in a savepoint rolled back does not count, and a quote moved to
// another evaluation moves both.
func TestRevisionMovesOnceWhenTheEvaluationRowWasTouched(t *testing.T) {
	t.Parallel()
	f := newRevisionFixture(t)
	ctx := context.Background()
	other, err := f.st.CreateEvaluation(ctx, f.user.Actor(), "other")
	if err != nil {
		t.Fatal(err)
	}
	inTx := func(sql ...string) {
		t.Helper()
		tx, err := f.pool.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback(ctx)
		for _, q := range sql {
			if _, err := tx.Exec(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		if err := tx.Commit(ctx); err != nil {
			t.Fatal(err)
		}
	}
	id := func(n int64) string { return strconv.FormatInt(n, 10) }
	steps := func(before, after store.AnalysisRevision) int64 { return after.Evaluation - before.Evaluation }

	before := f.revision(t, f.ev.ID)
	inTx(`UPDATE evaluations SET updated_at = now() WHERE id = `+id(f.ev.ID),
		`UPDATE quotes SET terms = terms WHERE id = `+id(f.q.ID),
		`UPDATE briefs SET version = version WHERE evaluation_id = `+id(f.ev.ID))
	if n := steps(before, f.revision(t, f.ev.ID)); n != 1 {
		t.Errorf("touching the evaluation, then its rows moved the revision %d steps, want 1", n)
	}

	before = f.revision(t, f.ev.ID)
	inTx(`SAVEPOINT s`, `UPDATE evaluations SET updated_at = now() WHERE id = `+id(f.ev.ID), `ROLLBACK TO SAVEPOINT s`,
		`UPDATE quotes SET terms = terms WHERE id = `+id(f.q.ID))
	if n := steps(before, f.revision(t, f.ev.ID)); n != 1 {
		t.Errorf("a quote changed after a rolled-back touch of its evaluation moved the revision %d steps, want 1", n)
	}

	before, otherBefore := f.revision(t, f.ev.ID), f.revision(t, other.ID)
	inTx(`UPDATE evaluations SET updated_at = now() WHERE id = `+id(f.ev.ID),
		`UPDATE quotes SET evaluation_id = `+id(other.ID)+` WHERE id = `+id(f.q.ID))
	if steps(before, f.revision(t, f.ev.ID)) != 1 || steps(otherBefore, f.revision(t, other.ID)) != 1 {
		t.Errorf("a quote moved to another evaluation: revisions %v → %v and %v → %v, want one step each",
			before, f.revision(t, f.ev.ID), otherBefore, f.revision(t, other.ID))
	}
}

type revisionFixture struct {
	st   *store.Store
	pool *pgxpool.Pool
	user store.User
	ev   store.Evaluation
	q    store.StoredQuote
}

func newRevisionFixture(t *testing.T) revisionFixture {
	t.Helper()
	st, pool := storetest.New(t, nil)
	ctx := context.Background()
	u, err := st.CreateUser(ctx, audit.Actor{Email: "test"}, store.User{Email: "r@example.com", Name: "R", Role: "procurement", PasswordHash: "x"})
	if err != nil {
		t.Fatal(err)
	}
	ev, err := st.CreateEvaluation(ctx, u.Actor(), "revision")
	if err != nil {
		t.Fatal(err)
	}
	ids, err := st.ImportQuotes(ctx, u.Actor(), ev.ID, importRows(t, "Alpha,specialized"))
	if err != nil {
		t.Fatal(err)
	}
	q, err := st.Quote(ctx, ids[0])
	if err != nil {
		t.Fatal(err)
	}
	return revisionFixture{st, pool, u, ev, q}
}

func (f revisionFixture) revision(t *testing.T, id int64) store.AnalysisRevision {
	t.Helper()
	r, err := f.st.AnalysisRevisionOf(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The revision moves at commit, once per transaction, and only for the
// evaluation whose inputs changed: another evaluation keeps its analysis.
func TestAnalysisRevisionMovesAtCommitForItsEvaluationOnly(t *testing.T) {
	t.Parallel()
	f := newRevisionFixture(t)
	ctx := context.Background()
	other, err := f.st.CreateEvaluation(ctx, f.user.Actor(), "other")
	if err != nil {
		t.Fatal(err)
	}
	before, otherBefore := f.revision(t, f.ev.ID), f.revision(t, other.ID)

	tx, err := f.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	for range 3 {
		if _, err := tx.Exec(ctx, `UPDATE quotes SET terms = terms WHERE id = $1`, f.q.ID); err != nil {
			t.Fatal(err)
		}
	}
	if got := f.revision(t, f.ev.ID); got != before {
		t.Errorf("revision %v before the commit, want %v: a reader would key the old inputs' analysis with it", got, before)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	after := f.revision(t, f.ev.ID)
	if after.Evaluation != before.Evaluation+1 {
		t.Errorf("three updates in one transaction moved the revision %d → %d, want one step", before.Evaluation, after.Evaluation)
	}
	if got := f.revision(t, other.ID); got != otherBefore {
		t.Errorf("another evaluation's revision moved %v → %v", otherBefore, got)
	}
}

// Each kind of input moves the revision: rows of the evaluation, rows
// naming one of its quotes, rows every evaluation reads, and the names
// shown beside them; what the analysis does not read (a user's language)
// moves nothing.
func TestEveryKindOfInputMovesTheRevision(t *testing.T) {
	t.Parallel()
	f := newRevisionFixture(t)
	ctx := context.Background()
	tests := []struct {
		name   string
		change func() error
		moves  func(before, after store.AnalysisRevision) bool
	}{
		{"the brief", func() error {
			_, err := f.pool.Exec(ctx, `UPDATE briefs SET version = version WHERE evaluation_id = $1`, f.ev.ID)
			return err
		}, evaluationMoved},
		{"the evaluation's name", func() error {
			_, err := f.pool.Exec(ctx, `UPDATE evaluations SET name = 'renamed' WHERE id = $1`, f.ev.ID)
			return err
		}, evaluationMoved},
		{"a waiver on one of its quotes", func() error {
			return f.st.WaiveFlag(ctx, f.user.Actor(), f.q.ID, "some_flag", "accepted in writing")
		}, evaluationMoved},
		{"an exchange rate", func() error {
			return f.st.SetFXRate(ctx, f.user.Actor(), "EUR", "1.08", time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC))
		}, sharedMoved},
		{"a user's name", func() error {
			_, err := f.pool.Exec(ctx, `UPDATE users SET name = 'Renamed' WHERE id = $1`, f.user.ID)
			return err
		}, sharedMoved},
		{"a provider's name", func() error {
			_, err := f.pool.Exec(ctx, `UPDATE providers SET name = 'Alpha Cloud' WHERE id = $1`, f.q.ProviderID)
			return err
		}, sharedMoved},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := f.revision(t, f.ev.ID)
			if err := tt.change(); err != nil {
				t.Fatal(err)
			}
			if after := f.revision(t, f.ev.ID); !tt.moves(before, after) {
				t.Errorf("revision %v → %v", before, after)
			}
		})
	}
	t.Run("a user's language", func(t *testing.T) {
		before := f.revision(t, f.ev.ID)
		if _, err := f.pool.Exec(ctx, `UPDATE users SET language = 'ru' WHERE id = $1`, f.user.ID); err != nil {
			t.Fatal(err)
		}
		if after := f.revision(t, f.ev.ID); after != before {
			t.Errorf("revision %v → %v for a column the analysis does not read", before, after)
		}
	})
}

func evaluationMoved(before, after store.AnalysisRevision) bool {
	return after.Evaluation > before.Evaluation && after.Shared == before.Shared
}

func sharedMoved(before, after store.AnalysisRevision) bool { return after.Shared > before.Shared }

func TestAnalysisRevisionOfAMissingEvaluationIsNotFound(t *testing.T) {
	t.Parallel()
	st, _ := storetest.New(t, nil)
	if _, err := st.AnalysisRevisionOf(context.Background(), 404); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("err %v, want ErrNotFound", err)
	}
}
