package storetest

import (
	"context"
	"crypto/rand"
	"slices"
	"strings"
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
	// Templates too: a run killed while building or using one left it.
	oldTmpl := nameAt(TemplatePrefix, now.Add(-3*time.Hour), "mfeedfacecafe")
	recentTmpl := nameAt(TemplatePrefix, now.Add(-time.Minute), strings.ToLower(rand.Text()[:12]))
	for _, name := range []string{old, recent, oldTmpl, recentTmpl} {
		if _, err := conn.Exec(ctx, `CREATE DATABASE `+pgx.Identifier{name}.Sanitize()); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { drop(t, name) })
	}
	dropped, err := DropLeftovers(ctx, conn, now, LeftoverAge)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{old, oldTmpl} {
		if !slices.Contains(dropped, name) {
			t.Errorf("dropped %v: want %s (3 h old)", dropped, name)
		}
	}
	for _, name := range []string{recent, recentTmpl} {
		if slices.Contains(dropped, name) {
			t.Errorf("dropped %s (a minute old)", name)
		}
	}
	var left []string
	rows, _ := conn.Query(ctx, `SELECT datname FROM pg_database WHERE datname = ANY($1) ORDER BY datname`, []string{old, recent, oldTmpl, recentTmpl})
	want := []string{recent, recentTmpl} // gpuquote_test_ sorts before gpuquote_tmpl_
	if left, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil || !slices.Equal(left, want) {
		t.Errorf("left %v (%v), want only %v", left, err, want)
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
	tmpl := nameAt(TemplatePrefix, at, "m0123456789ab")
	if got, ok := madeAt(tmpl); !ok || !got.Equal(at) {
		t.Errorf("%s: made at %v %v, want %v", tmpl, got, ok, at)
	}
	// Names from before the time was in them: a test database, and the
	// schema's template named by its migrations alone (and while built).
	for _, name := range []string{"gpuquote_test_abcdefghijklmnop", "gpuquote_tmpl_992ad5caca9f", "gpuquote_tmpl_992ad5caca9f_build"} {
		if _, ok := madeAt(name); ok {
			t.Errorf("%s, a name without a time, has one", name)
		}
	}
}
