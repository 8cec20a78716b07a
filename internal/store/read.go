package store

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// read is one SELECT and how its rows become a value. A public method runs
// it alone; EvaluationSnapshot queues many in one pgx.Batch, so a page's
// dozen reads cost one round trip instead of a dozen.
type read[T any] struct {
	sql     string
	args    []any
	collect func(pgx.Rows) (T, error)
}

// run sends the read alone on q (the pool or a transaction).
func (r read[T]) run(ctx context.Context, q querier) (T, error) {
	rows, _ := q.Query(ctx, r.sql, r.args...) // an error surfaces from rows in collect
	return r.collect(rows)
}

// queue adds the read to b; its value lands in into when the batch is read.
func (r read[T]) queue(b *pgx.Batch, into *T) {
	b.Queue(r.sql, r.args...).Query(func(rows pgx.Rows) error {
		v, err := r.collect(rows)
		*into = v
		return err
	})
}

// querier is what a read needs of a pool or a transaction.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}
