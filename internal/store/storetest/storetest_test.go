package storetest

import (
	"context"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// exists says whether database name exists.
func exists(t *testing.T, name string) bool {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, URL("postgres"))
	if err != nil {
		t.Skipf("no PostgreSQL: %v", err)
	}
	defer conn.Close(ctx)
	var ok bool
	if err := conn.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&ok); err != nil {
		t.Fatal(err)
	}
	return ok
}

func query(t *testing.T, url, sql string) int {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var n int
	if err := conn.QueryRow(ctx, sql).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestFixtureIsBuiltOnceAndEachTestGetsItsOwnCopy is issue 32: a slow
// fixture is built once per package, and each test still has a database
// of its own.
func TestFixtureIsBuiltOnceAndEachTestGetsItsOwnCopy(t *testing.T) {
	if testing.Short() {
		t.Skip("needs PostgreSQL")
	}
	var builds atomic.Int32
	f := NewFixture(func(t testing.TB, url string) {
		builds.Add(1)
		ctx := context.Background()
		conn, err := pgx.Connect(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(ctx)
		// The fixture is built on the migrated schema.
		if _, err := conn.Exec(ctx, `SELECT count(*) FROM users`); err != nil {
			t.Fatal(err)
		}
		if _, err := conn.Exec(ctx, `CREATE TABLE fixture_rows (n int); INSERT INTO fixture_rows VALUES (1), (2)`); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("copies", func(t *testing.T) {
		for i := range 3 {
			t.Run("", func(t *testing.T) {
				t.Parallel()
				url := f.NewDB(t)
				if n := query(t, url, `SELECT count(*) FROM fixture_rows`); n != 2 {
					t.Fatalf("copy has %d rows, want the fixture's 2", n)
				}
				// A test's writes stay in its own copy.
				if n := query(t, url, `WITH w AS (INSERT INTO fixture_rows SELECT generate_series(1, `+strconv.Itoa(i+1)+`) RETURNING 1) SELECT count(*) FROM w`); n != i+1 {
					t.Fatalf("inserted %d", n)
				}
				if n := query(t, url, `SELECT count(*) FROM fixture_rows`); n != 2+i+1 {
					t.Errorf("copy has %d rows after %d inserts, want %d: copies share rows", n, i+1, 2+i+1)
				}
			})
		}
	})
	if n := builds.Load(); n != 1 {
		t.Errorf("built %d times, want once", n)
	}
	name := f.name
	if !strings.HasPrefix(name, TemplatePrefix) {
		t.Fatalf("template %q lacks %s, so a killed run's would never be swept", name, TemplatePrefix)
	}
	if made, ok := madeAt(name); !ok || time.Since(made) > time.Minute {
		t.Errorf("template %s: made at %v %v", name, made, ok)
	}
	f.Close()
	if exists(t, name) {
		t.Errorf("Close left %s", name)
	}
}

// TestAFixtureThatFailsToBuildFailsEveryTestThatAsks: the first test says
// why, the others fail rather than run on an empty database.
func TestAFixtureThatFailsToBuildFailsEveryTestThatAsks(t *testing.T) {
	if testing.Short() {
		t.Skip("needs PostgreSQL")
	}
	f := NewFixture(func(t testing.TB, url string) { t.Fatal("no fixture today") })
	defer f.Close()
	for range 2 {
		ft := &fakeT{TB: t}
		done := make(chan struct{})
		go func() { defer close(done); f.NewDB(ft) }()
		<-done
		if !ft.failed {
			t.Error("a test got a copy of a fixture that was never built")
		}
	}
}

// fakeT is a testing.TB whose Fatal ends only its own goroutine.
type fakeT struct {
	testing.TB
	failed bool
}

func (f *fakeT) Helper()               {}
func (f *fakeT) Failed() bool          { return f.failed }
func (f *fakeT) Fatal(...any)          { f.failed = true; runtime.Goexit() }
func (f *fakeT) Fatalf(string, ...any) { f.failed = true; runtime.Goexit() }

// TestASchemaTemplateOlderThanItsReuseAgeIsNotCloned: a run never starts
// cloning a template that a later run could sweep while it is in use.
func TestASchemaTemplateOlderThanItsReuseAgeIsNotCloned(t *testing.T) {
	if testing.Short() {
		t.Skip("needs PostgreSQL")
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, URL("postgres"))
	if err != nil {
		t.Skipf("no PostgreSQL: %v", err)
	}
	defer conn.Close(ctx)
	sum, err := migrationsHash()
	if err != nil {
		t.Fatal(err)
	}
	stale := nameAt(TemplatePrefix, time.Now().Add(-templateReuseAge-10*time.Minute), "m"+sum)
	if _, err := conn.Exec(ctx, `CREATE DATABASE `+pgx.Identifier{stale}.Sanitize()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { drop(t, stale) })
	got, err := ensureTemplate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got == stale || !strings.HasSuffix(got, "_m"+sum) {
		t.Errorf("template %s, want a fresh one of migrations %s, not %s", got, sum, stale)
	}
	if again, err := ensureTemplate(ctx); err != nil || again != got {
		t.Errorf("second binary got %s (%v), want the shared %s", again, err, got)
	}
	url := cloneDB(t, got)
	if n := query(t, url, `SELECT count(*) FROM schema_migrations`); n == 0 {
		t.Error("the template is not migrated")
	}
}
