package main

import (
	"bytes"
	"context"
	"io"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/migrations"
)

// TestMigrateDownRefusesToDropAppendOnlyRecords is issue 15 item 11:
// `migrate down N` dropped every table, the audit log included, with exit
// status 0 and no word of warning.
func TestMigrateDownRefusesToDropAppendOnlyRecords(t *testing.T) {
	t.Parallel()
	env := map[string]string{"DATABASE_URL": freshDB(t)}
	getenv := func(k string) string { return env[k] }
	ctx := context.Background()
	migrate := func(args ...string) (string, error) {
		var out bytes.Buffer
		err := run(ctx, append([]string{"migrate"}, args...), getenv, nil, &out, io.Discard)
		return out.String(), err
	}
	if _, err := migrate("up"); err != nil {
		t.Fatal(err)
	}
	// An audit row: adding a user is recorded.
	if err := run(ctx, []string{"user", "add", "--email", "ann@example.com", "--name", "Ann", "--role", "admin"},
		getenv, strings.NewReader("a long pass phrase\n"), io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	before, _ := migrate("version")
	downs, _ := fs.Glob(migrations.FS, "*.down.sql")
	all := strconv.Itoa(len(downs))

	out, err := migrate("down", all)
	if err == nil {
		t.Fatalf("migrate down %s succeeded:\n%s", all, out)
	}
	if !strings.Contains(out, "audit_events") || !strings.Contains(out, "rows") {
		t.Errorf("what would be lost is not printed first:\n%s", out)
	}
	if !strings.Contains(err.Error(), "--force-data-loss") || !strings.Contains(err.Error(), "audit_events") {
		t.Errorf("refusal does not say why or how: %v", err)
	}
	if after, _ := migrate("version"); after != before {
		t.Errorf("the refused downgrade changed the schema: %s → %s", before, after)
	}

	// One step that drops no append-only records goes through.
	if out, err := migrate("down", "1"); err != nil || !strings.Contains(out, "version:") {
		t.Errorf("migrate down 1: %v\n%s", err, out)
	}
	if _, err := migrate("up"); err != nil {
		t.Fatal(err)
	}
	// With the flag, it is the operator's call.
	out, err = migrate("down", all, "--force-data-loss")
	if err != nil || !strings.Contains(out, "version: none") {
		t.Errorf("migrate down with --force-data-loss: %v\n%s", err, out)
	}
}

// migrateRunner runs `gpuquote migrate …` against a fresh, migrated database.
func migrateRunner(t *testing.T) func(args ...string) (string, error) {
	env := map[string]string{"DATABASE_URL": freshDB(t)}
	migrate := func(args ...string) (string, error) {
		var out bytes.Buffer
		err := run(context.Background(), append([]string{"migrate"}, args...), func(k string) string { return env[k] }, nil, &out, io.Discard)
		return out.String(), err
	}
	if _, err := migrate("up"); err != nil {
		t.Fatal(err)
	}
	return migrate
}

// TestMigrateDownChecksTheCountBeforeUndoingAnything is issue 32: on
// version 18 with 14 migrations, `migrate down 18` undid all 14 and only
// then said "fewer than 18 migrations were applied".
func TestMigrateDownChecksTheCountBeforeUndoingAnything(t *testing.T) {
	t.Parallel()
	migrate := migrateRunner(t)
	versions, err := store.MigrationVersions()
	if err != nil {
		t.Fatal(err)
	}
	newest := versions[len(versions)-1]
	if int(newest) <= len(versions) {
		t.Skipf("the numbering has no gaps (%d migrations, newest %d): nothing to check", len(versions), newest)
	}
	before, _ := migrate("version")
	out, err := migrate("down", strconv.Itoa(int(newest)))
	if err == nil {
		t.Fatalf("migrate down %d on %d migrations succeeded:\n%s", newest, len(versions), out)
	}
	want := strconv.Itoa(len(versions)) + " migrations are applied"
	if !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "migrate down "+strconv.Itoa(len(versions))) {
		t.Errorf("the refusal does not say how many are applied (%q) and what undoes them all: %v", want, err)
	}
	if after, _ := migrate("version"); after != before {
		t.Errorf("the refused downgrade changed the schema: %s → %s", before, after)
	}

	// A downgrade that goes through names the migrations it undoes.
	out, err = migrate("down", "2")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range versions[len(versions)-2:] {
		if name := store.MigrationName(v); name == "" || !strings.Contains(out, name) {
			t.Errorf("migrate down 2 does not name migration %d (%q):\n%s", v, name, out)
		}
	}
	if !strings.Contains(out, "version: "+strconv.Itoa(int(versions[len(versions)-3]))+" ") {
		t.Errorf("migrate down 2 did not land on version %d:\n%s", versions[len(versions)-3], out)
	}
}

// TestMigrateForceAcceptsOnlyVersionsThatExist is issue 32: `migrate force
// 0` was accepted, leaving a version no migration has.
func TestMigrateForceAcceptsOnlyVersionsThatExist(t *testing.T) {
	t.Parallel()
	migrate := migrateRunner(t)
	versions, err := store.MigrationVersions()
	if err != nil {
		t.Fatal(err)
	}
	before, _ := migrate("version")
	missing := []int{0, int(versions[len(versions)-1]) + 1}
	for v := uint(1); v < versions[len(versions)-1]; v++ {
		if !slices.Contains(versions, v) {
			missing = append(missing, int(v)) // a gap in the numbering
			break
		}
	}
	for _, v := range missing {
		out, err := migrate("force", strconv.Itoa(v))
		if err == nil {
			t.Errorf("migrate force %d (no such migration) was accepted:\n%s", v, out)
			continue
		}
		if !strings.Contains(err.Error(), "-1") || !strings.Contains(err.Error(), "there is no migration") {
			t.Errorf("migrate force %d: the refusal does not say what is allowed: %v", v, err)
		}
	}
	if after, _ := migrate("version"); after != before {
		t.Errorf("a refused force changed the version: %s → %s", before, after)
	}
	if out, err := migrate("force", "-1"); err != nil || !strings.Contains(out, "version: none") {
		t.Errorf("migrate force -1: %v\n%s", err, out)
	}
	if out, err := migrate("force", strconv.Itoa(int(versions[len(versions)-1]))); err != nil || out != before {
		t.Errorf("migrate force back to the newest version: %v\n%s", err, out)
	}
}
