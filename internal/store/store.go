// Package store is gpuquote's PostgreSQL persistence: every SQL statement
// lives here, next to the method that runs it.
package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Sentinel errors that handlers map to status codes.
var (
	ErrNotFound = errors.New("store: not found")
	ErrConflict = errors.New("store: changed by someone else")
	ErrExists   = errors.New("store: already exists")
)

// Store wraps a connection pool, or one transaction on it (see
// [Store.ReadOnly] and [Store.Tx]); the methods run their statements on
// whichever it holds. It states no domain rule: the application layer
// (internal/evaluation) locks, reads, decides and writes through it.
type Store struct {
	pool    dbtx
	root    *pgxpool.Pool
	now     func() time.Time
	terms   *termsCache  // shared by the Stores of ReadOnly and Tx
	results *resultCache // shared likewise
}

// dbtx is what the methods need of a pool or a transaction.
type dbtx interface {
	Begin(ctx context.Context) (pgx.Tx, error)
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults
	CopyFrom(ctx context.Context, table pgx.Identifier, columns []string, src pgx.CopyFromSource) (int64, error)
}

// New returns a Store on pool. now is the clock (time.Now in production,
// a fake in tests of expiry).
func New(pool *pgxpool.Pool, now func() time.Time) *Store {
	if now == nil {
		now = time.Now
	}
	return &Store{pool: pool, root: pool, now: now, terms: &termsCache{}, results: newResultCache()}
}

// ReadOnly runs fn on a Store whose every read sees one snapshot of the
// database (a REPEATABLE READ, READ ONLY transaction), so a page computed
// from many reads never mixes two states of an evaluation.
func (s *Store) ReadOnly(ctx context.Context, fn func(*Store) error) error {
	tx, err := s.root.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return fmt.Errorf("store: begin read-only: %w", err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if err := fn(&Store{pool: tx, root: s.root, now: s.now, terms: s.terms, results: s.results}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Tx runs fn on a Store whose every statement runs in one read-write
// transaction, committed when fn returns nil and rolled back otherwise:
// the read-write twin of ReadOnly. A use case locks the rows it decides
// on, reads, applies its rules and writes with its audit rows inside fn,
// so a rule is checked on the state it changes. The Store's own
// transactional methods nest in it (as savepoints). Inside a Tx, Tx
// nests too.
func (s *Store) Tx(ctx context.Context, fn func(*Store) error) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		return fn(s.on(tx))
	})
}

// on is s running its statements in tx.
func (s *Store) on(tx pgx.Tx) *Store {
	return &Store{pool: tx, root: s.root, now: s.now, terms: s.terms, results: s.results}
}

// Now is the store's clock.
func (s *Store) Now() time.Time { return s.now().UTC() }

// Ping reports whether the database answers.
func (s *Store) Ping(ctx context.Context) error { return s.root.Ping(ctx) }

// OpenPool connects to url with settings suited to a small web app: a
// bounded pool and server-side timeouts so one slow query cannot hold a
// connection forever.
func OpenPool(ctx context.Context, url string) (*pgxpool.Pool, error) {
	cfg, err := PoolConfig(url)
	if err != nil {
		return nil, err
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("store: connect: %w", err)
	}
	return pool, nil
}

// PoolConfig is OpenPool's configuration, for callers that add to it (a
// tracer in tests).
func PoolConfig(url string) (*pgxpool.Config, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("store: parse database url: %w", err)
	}
	cfg.MaxConns = 10
	cfg.MinConns = 1
	rp := cfg.ConnConfig.RuntimeParams
	rp["statement_timeout"] = "10s"
	rp["lock_timeout"] = "3s"
	rp["application_name"] = "gpuquote"
	// The app runs short OLTP queries: JIT compilation only adds latency,
	// and made the evaluations list five times slower when statistics
	// were missing.
	rp["jit"] = "off"
	return cfg, nil
}

// inTx runs fn in a transaction, committing when it returns nil.
func (s *Store) inTx(ctx context.Context, fn func(pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, s.pool, fn)
}

func isUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

// notFound maps pgx.ErrNoRows to ErrNotFound, wrapping with op.
func notFound(op string, err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("%s: %w", op, ErrNotFound)
	}
	return fmt.Errorf("%s: %w", op, err)
}
