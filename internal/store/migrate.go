package store

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"

	"github.com/golang-migrate/migrate/v4"
	_ "github.com/golang-migrate/migrate/v4/database/pgx/v5" // registers pgx5://
	"github.com/golang-migrate/migrate/v4/source/iofs"

	"github.com/gpuquote/gpuquote/migrations"
)

// ErrDirty means a migration failed half-way; golang-migrate leaves the
// version marked dirty by design, and a person must repair it.
var ErrDirty = errors.New("store: database schema is dirty: fix the failed migration, then run `gpuquote migrate force N` with the last good version")

// Migrator applies the embedded migrations to the database at url. Runs
// across app instances are serialised by golang-migrate's advisory lock.
func Migrator(url string) (*migrate.Migrate, error) {
	src, err := iofs.New(migrations.FS, ".")
	if err != nil {
		return nil, fmt.Errorf("store: migrations source: %w", err)
	}
	m, err := migrate.NewWithSourceInstance("iofs", src, pgx5URL(url))
	if err != nil {
		return nil, fmt.Errorf("store: migrate: %w", err)
	}
	return m, nil
}

// MigrateUp applies every pending migration.
func MigrateUp(url string) error {
	m, err := Migrator(url)
	if err != nil {
		return err
	}
	defer m.Close()
	if err := m.Up(); err != nil && !errors.Is(err, migrate.ErrNoChange) {
		var dirty migrate.ErrDirty
		if errors.As(err, &dirty) {
			return fmt.Errorf("%w (dirty at version %d)", ErrDirty, dirty.Version)
		}
		return fmt.Errorf("store: migrate up: %w", err)
	}
	return nil
}

// pgx5URL rewrites a postgres:// URL into the scheme golang-migrate's pgx
// v5 driver registers.
func pgx5URL(url string) string {
	for _, p := range []string{"postgres://", "postgresql://"} {
		if strings.HasPrefix(url, p) {
			return "pgx5://" + strings.TrimPrefix(url, p)
		}
	}
	return url
}

// MigrationVersions lists the versions of the embedded migrations in
// ascending order. The numbering has gaps (versions given to work that
// never landed), so a count of migrations is not a version number.
func MigrationVersions() ([]uint, error) {
	files, err := fs.Glob(migrations.FS, "*.up.sql")
	if err != nil {
		return nil, err
	}
	var out []uint
	for _, f := range files {
		n, err := strconv.ParseUint(strings.SplitN(f, "_", 2)[0], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("store: migration %s: the name does not start with a version number", f)
		}
		out = append(out, uint(n))
	}
	slices.Sort(out)
	return out, nil
}

// MigrationName is the title of the migration with the given version, e.g.
// "000018_revision_once_per_evaluation", or "" when there is none.
func MigrationName(version uint) string {
	files, _ := fs.Glob(migrations.FS, fmt.Sprintf("%06d_*.up.sql", version))
	if len(files) == 0 {
		return ""
	}
	return strings.TrimSuffix(files[0], ".up.sql")
}
