// Package migrations embeds the SQL migrations that golang-migrate applies.
package migrations

import "embed"

// FS holds every *.sql migration, named NNNNNN_title.{up,down}.sql.
//
//go:embed *.sql
var FS embed.FS
