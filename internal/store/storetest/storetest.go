// Package storetest gives each test its own migrated PostgreSQL database,
// cloned from a template that is migrated once per migration set.
package storetest

import (
	"context"
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

func ensureTemplate(ctx context.Context) (string, error) {
	sum, err := migrationsHash()
	if err != nil {
		return "", err
	}
	name := "gpuquote_tmpl_" + sum
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
	var exists bool
	if err := conn.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		return "", err
	}
	// The first test of each run sweeps what killed runs left behind.
	_, _ = DropLeftovers(ctx, conn, time.Now(), LeftoverAge)
	if exists {
		return name, nil
	}
	building := name + "_build"
	_, _ = conn.Exec(ctx, `DROP DATABASE IF EXISTS `+pgx.Identifier{building}.Sanitize()+` WITH (FORCE)`)
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

// NewDB creates an isolated, migrated database for t, dropped when t ends,
// and returns its URL.
func NewDB(t testing.TB) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	templateOnce.Do(func() { templateName, templateErr = ensureTemplate(ctx) })
	if templateErr != nil {
		t.Fatalf("storetest: %v", templateErr)
	}
	name := newName(time.Now())
	conn, err := pgx.Connect(ctx, URL("postgres"))
	if err != nil {
		t.Fatalf("storetest: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `CREATE DATABASE `+pgx.Identifier{name}.Sanitize()+` TEMPLATE `+pgx.Identifier{templateName}.Sanitize()); err != nil {
		t.Fatalf("storetest: create database: %v", err)
	}
	t.Cleanup(func() { drop(t, name) })
	return URL(name)
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
