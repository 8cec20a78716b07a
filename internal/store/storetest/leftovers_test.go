package storetest

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// TestDropLeftoversDropsOnlyOldTestDatabases is issue 32: a run killed or
// timed out left its test databases behind for good.
func TestDropLeftoversDropsOnlyOldTestDatabases(t *testing.T) {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, URL("postgres"))
	if err != nil {
		t.Skipf("no PostgreSQL: %v", err)
	}
	defer conn.Close(ctx)
	now := time.Now()
	old, recent := newName(now.Add(-3*time.Hour)), newName(now.Add(-time.Minute))
	for _, name := range []string{old, recent} {
		if _, err := conn.Exec(ctx, `CREATE DATABASE `+pgx.Identifier{name}.Sanitize()); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { drop(t, name) })
	}
	dropped, err := DropLeftovers(ctx, conn, now, LeftoverAge)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(dropped, old) || slices.Contains(dropped, recent) {
		t.Errorf("dropped %v: want %s (3 h old) and not %s (a minute old)", dropped, old, recent)
	}
	var left []string
	rows, _ := conn.Query(ctx, `SELECT datname FROM pg_database WHERE datname = ANY($1)`, []string{old, recent})
	if left, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil || !slices.Equal(left, []string{recent}) {
		t.Errorf("left %v (%v), want only %s", left, err, recent)
	}
}

func TestTestDatabaseNamesCarryTheirTime(t *testing.T) {
	at := time.Date(2026, 12, 2, 8, 0, 0, 0, time.UTC)
	name := newName(at)
	if got, ok := madeAt(name); !ok || !got.Equal(at) {
		t.Errorf("%s: made at %v %v, want %v", name, got, ok, at)
	}
	if len(name) > 63 {
		t.Errorf("%s is longer than PostgreSQL's 63-byte names", name)
	}
	if _, ok := madeAt("gpuquote_test_abcdefghijklmnop"); ok {
		t.Error("a name without a time has one")
	}
}
