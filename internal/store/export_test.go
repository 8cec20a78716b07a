package store

import (
	"regexp"
	"slices"
)

var tableName = regexp.MustCompile(`(?i)\b(?:FROM|JOIN)\s+([a-z_]+)`)

// SnapshotTables lists the tables the analysis snapshot's reads name.
func SnapshotTables() []string {
	var out []string
	for _, q := range (&Store{}).snapshotBatch(1, &Snapshot{}).QueuedQueries {
		for _, m := range tableName.FindAllStringSubmatch(q.SQL, -1) {
			if !slices.Contains(out, m[1]) {
				out = append(out, m[1])
			}
		}
	}
	slices.Sort(out)
	return out
}
