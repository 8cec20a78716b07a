package main

import (
	"bytes"
	"context"
	"io"
	"io/fs"
	"strconv"
	"strings"
	"testing"

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

	out, err := migrate("down", "100")
	if err == nil {
		t.Fatalf("migrate down 100 succeeded:\n%s", out)
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
	downs, _ := fs.Glob(migrations.FS, "*.down.sql")
	out, err = migrate("down", strconv.Itoa(len(downs)), "--force-data-loss")
	if err != nil || !strings.Contains(out, "version: none") {
		t.Errorf("migrate down with --force-data-loss: %v\n%s", err, out)
	}
}
