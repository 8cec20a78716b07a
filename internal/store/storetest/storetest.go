// Package storetest gives each test its own migrated PostgreSQL database,
// cloned from a template that is migrated once per migration set, or from
// a package's fixture (a template filled once per test binary).
package storetest

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/migrations"
)

// DefaultServer is the PostgreSQL the tests use unless GPUQUOTE_TEST_PG
// names another server (a URL without a database name).
const DefaultServer = "postgres://postgres@127.0.0.1:5432"

func server() string {
	if s := os.Getenv("GPUQUOTE_TEST_PG"); s != "" {
		return strings.TrimRight(s, "/")
	}
	return DefaultServer
}

// URL returns the connection URL of database name on the test server.
func URL(name string) string {
	return server() + "/" + url.PathEscape(name) + "?sslmode=disable"
}

var (
	templateOnce sync.Once
	templateName string
	templateErr  error
)

// migrationsHash names the template after the migrations, so a changed
// migration gets a fresh template and concurrent test binaries share one.
func migrationsHash() (string, error) {
	h := sha256.New()
	err := fs.WalkDir(migrations.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(migrations.FS, path)
		h.Write([]byte(path))
		h.Write(b)
		return err
	})
	return hex.EncodeToString(h.Sum(nil))[:12], err
}

// templateReuseAge is how old a schema template may be and still be
// cloned by a test binary that starts now: a binary runs far less than
// LeftoverAge-templateReuseAge, so no run sweeps a template another run
// still clones.
const templateReuseAge = LeftoverAge / 2

// ensureTemplate returns the name of a migrated template of the current
// migrations, gpuquote_tmpl_<time>_m<hash>, made within templateReuseAge,
// making one when there is none.
func ensureTemplate(ctx context.Context) (string, error) {
	sum, err := migrationsHash()
	if err != nil {
		return "", err
	}
	suffix := "_m" + sum
	conn, err := pgx.Connect(ctx, URL("postgres"))
	if err != nil {
		return "", fmt.Errorf("no PostgreSQL at %s (start it, or set GPUQUOTE_TEST_PG): %w", server(), err)
	}
	defer conn.Close(ctx)
	// Serialise template creation across parallel test binaries.
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock(727274)`); err != nil {
		return "", err
	}
	defer conn.Exec(ctx, `SELECT pg_advisory_unlock(727274)`)
	// The first test of each run sweeps what killed runs left behind.
	now := time.Now()
	_, _ = DropLeftovers(ctx, conn, now, LeftoverAge)
	rows, _ := conn.Query(ctx, `SELECT datname FROM pg_database WHERE datname LIKE $1`,
		strings.ReplaceAll(TemplatePrefix, "_", `\_`)+"%"+strings.ReplaceAll(suffix, "_", `\_`))
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return "", err
	}
	name, newest := "", time.Time{}
	for _, n := range names {
		if made, ok := madeAt(n); ok && now.Sub(made) < templateReuseAge && made.After(newest) {
			name, newest = n, made
		}
	}
	if name != "" {
		return name, nil
	}
	name = nameAt(TemplatePrefix, now, suffix[1:])
	building := name + "_build"
	if _, err := conn.Exec(ctx, `CREATE DATABASE `+pgx.Identifier{building}.Sanitize()); err != nil {
		return "", err
	}
	if err := store.MigrateUp(URL(building)); err != nil {
		return "", err
	}
	// Rename only once migrated, so no binary ever clones a half-built one.
	if _, err := conn.Exec(ctx, `ALTER DATABASE `+pgx.Identifier{building}.Sanitize()+` RENAME TO `+pgx.Identifier{name}.Sanitize()); err != nil {
		return "", err
	}
	return name, nil
}

// schemaTemplate returns the migrated template, made or found once per
// test binary.
func schemaTemplate(t testing.TB) string {
	t.Helper()
	templateOnce.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		templateName, templateErr = ensureTemplate(ctx)
	})
	if templateErr != nil {
		t.Fatalf("storetest: %v", templateErr)
	}
	return templateName
}

// NewDB creates an isolated, migrated database for t, dropped when t ends,
// and returns its URL.
func NewDB(t testing.TB) string {
	t.Helper()
	return cloneDB(t, schemaTemplate(t))
}

// cloneDB creates a test database for t as a copy of template, dropped
// when t ends, and returns its URL.
func cloneDB(t testing.TB, template string) string {
	t.Helper()
	name := newName(time.Now())
	if err := create(name, template); err != nil {
		t.Fatalf("storetest: create database: %v", err)
	}
	t.Cleanup(func() { drop(t, name) })
	return URL(name)
}

// create creates database name as a copy of template.
func create(name, template string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, URL("postgres"))
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, `CREATE DATABASE `+pgx.Identifier{name}.Sanitize()+` TEMPLATE `+pgx.Identifier{template}.Sanitize())
	return err
}

// A Fixture is a database that a test binary builds once, when its first
// test asks for one, and copies for every test that asks (CREATE DATABASE
// … TEMPLATE), so a slow fixture costs its package one build while each
// test still has a database of its own. The template is named with
// TemplatePrefix and the time: the package's TestMain drops it with Close,
// and a later run sweeps it when a killed run could not.
type Fixture struct {
	build func(t testing.TB, url string)
	once  sync.Once
	mu    sync.Mutex
	name  string // the template, once made
	built bool
}

// NewFixture returns a fixture that build fills: build gets the first
// asking test and the URL of a fresh migrated database, and must close
// every connection it opened to it before it returns (a database in use
// cannot be copied).
func NewFixture(build func(t testing.TB, url string)) *Fixture {
	return &Fixture{build: build}
}

// NewDB creates a copy of the fixture for t, dropped when t ends, and
// returns its URL. The first test to call it builds the fixture; the
// others wait for it, and fail if it could not be built.
func (f *Fixture) NewDB(t testing.TB) string {
	t.Helper()
	f.once.Do(func() {
		name := nameAt(TemplatePrefix, time.Now(), strings.ToLower(rand.Text()[:12]))
		if err := create(name, schemaTemplate(t)); err != nil {
			t.Fatalf("storetest: create fixture: %v", err)
		}
		f.mu.Lock()
		f.name = name
		f.mu.Unlock()
		failedBefore := t.Failed()
		f.build(t, URL(name)) // a t.Fatal in it leaves built false
		f.built = failedBefore || !t.Failed()
	})
	if !f.built {
		t.Fatal("storetest: the fixture could not be built; the first test that asked for it says why")
	}
	return cloneDB(t, f.name)
}

// Close drops the fixture's template, if one was made; TestMain calls it
// once the tests have run.
func (f *Fixture) Close() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.name == "" {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if c, err := pgx.Connect(ctx, URL("postgres")); err == nil {
		defer c.Close(ctx)
		_, _ = c.Exec(ctx, `DROP DATABASE IF EXISTS `+pgx.Identifier{f.name}.Sanitize()+` WITH (FORCE)`)
	}
	f.name = ""
}

// FreshURL names a test database that does not exist yet, for a test of
// code that creates its own (the app's first start), and drops it when t
// ends; a killed run's is swept by a later run like any other.
func FreshURL(t testing.TB) string {
	t.Helper()
	name := newName(time.Now())
	t.Cleanup(func() { drop(t, name) })
	return URL(name)
}

// drop drops a test's database, closing what still uses it.
func drop(t testing.TB, name string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := pgx.Connect(ctx, URL("postgres"))
	if err != nil {
		t.Logf("storetest: drop %s: %v", name, err)
		return
	}
	defer c.Close(ctx)
	if _, err := c.Exec(ctx, `DROP DATABASE IF EXISTS `+pgx.Identifier{name}.Sanitize()+` WITH (FORCE)`); err != nil {
		t.Logf("storetest: drop %s: %v", name, err)
	}
}

// New returns a Store on a fresh database, with its pool closed when t
// ends. now may be nil for the real clock.
func New(t testing.TB, now func() time.Time) (*store.Store, *pgxpool.Pool) {
	t.Helper()
	u := NewDB(t)
	pool, err := store.OpenPool(context.Background(), u)
	if err != nil {
		t.Fatalf("storetest: %v", err)
	}
	t.Cleanup(pool.Close)
	return store.New(pool, now), pool
}
