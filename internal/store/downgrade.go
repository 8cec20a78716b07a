package store

import (
	"context"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/migrations"
)

// DroppedTable is a table a downgrade would drop, with what it holds.
type DroppedTable struct {
	Name       string
	Rows       int64
	AppendOnly bool // its rows are records the database refuses to change
	Version    uint // the migration whose down step drops it
}

var dropTable = regexp.MustCompile(`(?i)DROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?([a-z0-9_,\s]+?)\s*(?:CASCADE|RESTRICT)?\s*;`)

// DowngradeLosses lists the tables that undoing the steps newest migrations
// at or below version would drop, with their row counts, read from the
// embedded down migrations and the database. A table is append-only when a
// trigger with an *_append_only function guards it (the audit log, the
// decisions).
func (s *Store) DowngradeLosses(ctx context.Context, version uint, steps int) ([]DroppedTable, error) {
	files, err := fs.Glob(migrations.FS, "*.down.sql")
	if err != nil {
		return nil, err
	}
	type step struct {
		v    uint
		file string
	}
	var all []step
	for _, f := range files {
		n, err := strconv.ParseUint(strings.SplitN(f, "_", 2)[0], 10, 64)
		if err == nil && uint(n) <= version {
			all = append(all, step{uint(n), f})
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].v > all[j].v })
	all = all[:min(steps, len(all))]
	appendOnly, err := s.appendOnlyTables(ctx)
	if err != nil {
		return nil, err
	}
	var out []DroppedTable
	for _, st := range all {
		b, err := fs.ReadFile(migrations.FS, st.file)
		if err != nil {
			return nil, err
		}
		for _, m := range dropTable.FindAllStringSubmatch(string(b), -1) {
			for _, name := range strings.Split(m[1], ",") {
				t := DroppedTable{Name: strings.TrimSpace(name), Version: st.v}
				t.AppendOnly = slices.Contains(appendOnly, t.Name)
				var exists bool
				if err := s.pool.QueryRow(ctx, `SELECT to_regclass($1) IS NOT NULL`, t.Name).Scan(&exists); err != nil {
					return nil, fmt.Errorf("store: table %s: %w", t.Name, err)
				}
				if !exists {
					continue
				}
				if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM `+pgx.Identifier{t.Name}.Sanitize()).Scan(&t.Rows); err != nil {
					return nil, fmt.Errorf("store: count %s: %w", t.Name, err)
				}
				out = append(out, t)
			}
		}
	}
	return out, nil
}

func (s *Store) appendOnlyTables(ctx context.Context) ([]string, error) {
	rows, _ := s.pool.Query(ctx, `SELECT DISTINCT c.relname FROM pg_trigger t
		JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
		WHERE NOT t.tgisinternal AND p.proname LIKE '%\_append\_only'`)
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("store: append-only tables: %w", err)
	}
	return names, nil
}
