package store_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gpuquote/gpuquote/internal/store"
)

func itoa(n int) string { return strconv.Itoa(n) }

// seedQuotes fills an evaluation with n copies of one quote, in SQL, for
// tests of limits that a row-by-row setup would make slow.
func seedQuotes(t *testing.T, st *store.Store, pool *pgxpool.Pool, u store.User, evaluationID int64, n int) {
	t.Helper()
	ctx := context.Background()
	ids, err := st.ImportQuotes(ctx, u.Actor(), evaluationID, importRows(t, "Seed,specialized"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO quotes (evaluation_id, provider_id, author_id, terms, updated_by)
		SELECT evaluation_id, provider_id, author_id, terms, updated_by FROM quotes, generate_series(2, $2) WHERE id = $1`,
		ids[0], n); err != nil {
		t.Fatal(err)
	}
}
