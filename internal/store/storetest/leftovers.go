package storetest

import (
	"context"
	"crypto/rand"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// Every database a test makes is named TestDBPrefix, the time it was made
// (Unix seconds in base 36), "_" and a random part, so that a later run can
// tell a leftover from a database a running test still uses.
const TestDBPrefix = "gpuquote_test_"

// TemplatePrefix begins the names of the templates test databases are
// cloned from: the migrated schema (shared by the test binaries while the
// migrations are unchanged) and a package's own fixtures (one per test
// binary). Their names carry the time they were made too, and a later run
// sweeps them like test databases.
const TemplatePrefix = "gpuquote_tmpl_"

// LeftoverAge is the age past which a test database is a leftover of a
// run that was killed or timed out before its cleanups ran: far longer
// than any run (CI gives go test 30 minutes).
const LeftoverAge = 2 * time.Hour

// leftoverPrefixes are the names test databases had, now and before the
// time was in the name (the command's tests used their own prefix, and
// the schema's template was named by its migrations alone).
var leftoverPrefixes = []string{TestDBPrefix, TemplatePrefix, "gpuquote_cmd_"}

// newName names a test database made at now.
func newName(now time.Time) string {
	return nameAt(TestDBPrefix, now, strings.ToLower(rand.Text()[:12]))
}

// nameAt names a database made at now: prefix, the time and rest.
func nameAt(prefix string, now time.Time, rest string) string {
	return prefix + strconv.FormatInt(now.Unix(), 36) + "_" + rest
}

// madeAt reads the time a test database or template was made from its
// name. A name from before the time was in it has none: its second part is
// not a time in base 36 (a migrations hash is twelve characters; a time
// stays within seven until the year 4000).
func madeAt(name string) (time.Time, bool) {
	for _, prefix := range []string{TestDBPrefix, TemplatePrefix} {
		rest, ok := strings.CutPrefix(name, prefix)
		if !ok {
			continue
		}
		stamp, _, ok := strings.Cut(rest, "_")
		if !ok || len(stamp) > 7 {
			return time.Time{}, false
		}
		sec, err := strconv.ParseInt(stamp, 36, 64)
		return time.Unix(sec, 0), err == nil
	}
	return time.Time{}, false
}

// DropLeftovers drops the test databases and templates made more than
// maxAge before now and returns their names. A name without a time (made before the time was
// in the name) is aged by its files, which needs a superuser; where that is
// refused it is left alone. A database still in use is left alone too:
// DROP without FORCE refuses it.
func DropLeftovers(ctx context.Context, conn *pgx.Conn, now time.Time, maxAge time.Duration) ([]string, error) {
	var like []string
	for _, p := range leftoverPrefixes {
		like = append(like, strings.ReplaceAll(p, "_", `\_`)+"%")
	}
	rows, _ := conn.Query(ctx, `SELECT datname, oid::text FROM pg_database WHERE datname LIKE ANY($1)`, like)
	type db struct{ name, oid string }
	dbs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (db, error) {
		var d db
		return d, r.Scan(&d.name, &d.oid)
	})
	if err != nil {
		return nil, err
	}
	var dropped []string
	for _, d := range dbs {
		made, ok := madeAt(d.name)
		if !ok {
			err := conn.QueryRow(ctx, `SELECT (pg_stat_file('base/' || $1 || '/PG_VERSION')).modification`, d.oid).Scan(&made)
			if err != nil {
				continue
			}
		}
		if now.Sub(made) <= maxAge {
			continue
		}
		if _, err := conn.Exec(ctx, `DROP DATABASE IF EXISTS `+pgx.Identifier{d.name}.Sanitize()); err == nil {
			dropped = append(dropped, d.name)
		}
	}
	return dropped, nil
}
