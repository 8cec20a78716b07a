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

// LeftoverAge is the age past which a test database is a leftover of a
// run that was killed or timed out before its cleanups ran: far longer
// than any run (CI gives go test 60 minutes).
const LeftoverAge = 2 * time.Hour

// leftoverPrefixes are the names test databases had, now and before the
// time was in the name (the command's tests used their own prefix).
var leftoverPrefixes = []string{TestDBPrefix, "gpuquote_cmd_"}

// newName names a test database made at now.
func newName(now time.Time) string {
	return TestDBPrefix + strconv.FormatInt(now.Unix(), 36) + "_" + strings.ToLower(rand.Text()[:12])
}

// madeAt reads the time a test database was made from its name.
func madeAt(name string) (time.Time, bool) {
	stamp, _, ok := strings.Cut(strings.TrimPrefix(name, TestDBPrefix), "_")
	if !ok || !strings.HasPrefix(name, TestDBPrefix) {
		return time.Time{}, false
	}
	sec, err := strconv.ParseInt(stamp, 36, 64)
	return time.Unix(sec, 0), err == nil
}

// DropLeftovers drops the test databases made more than maxAge before now
// and returns their names. A name without a time (made before the time was
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
