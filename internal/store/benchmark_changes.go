package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/benchlog"
)

// ErrWithdrawn means the upload was already withdrawn.
var ErrWithdrawn = errors.New("store: benchmark already withdrawn")

// ErrWithdrawReason means a withdrawal without a reason.
var ErrWithdrawReason = errors.New("store: a withdrawal needs a reason")

// WithdrawBenchmark takes an upload back: it stays stored and listed, with
// who withdrew it and why, but no verdict counts it any more. The audit
// row is in the same transaction; the caller's Tx re-judges the outcomes.
func (s *Store) WithdrawBenchmark(ctx context.Context, by audit.Actor, id int64, reason string) (Benchmark, error) {
	if reason == "" {
		return Benchmark{}, ErrWithdrawReason
	}
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		_, evaluationID, err := lockBenchmark(ctx, tx, id)
		if err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `UPDATE benchmark_uploads SET withdrawn_at = now(), withdrawn_by = $2, withdraw_reason = $3
			WHERE id = $1 AND withdrawn_at IS NULL`, id, by.ID, reason)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return ErrWithdrawn
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "benchmark.withdraw",
			ObjectType: "benchmark", ObjectID: fmt.Sprint(id), EvaluationID: evaluationID,
			Before: map[string]any{"withdrawn": false}, After: map[string]any{"withdrawn": true, "reason": reason}})
	})
	if err != nil {
		return Benchmark{}, fmt.Errorf("store: withdraw benchmark %d: %w", id, err)
	}
	return s.Benchmark(ctx, id)
}

// Reparse is a stored log read again as another kind: exactly one of
// Result and ParseError is set, as for NewBenchmark.
type Reparse struct {
	Kind           string
	Result         *benchlog.Result
	ParseError     string
	ParseErrorLine int
}

// ReclassifyBenchmark stores a misdetected log's new kind and parse, with
// the audit row, in one transaction. The
// content is untouched: the same bytes, read as another format.
func (s *Store) ReclassifyBenchmark(ctx context.Context, by audit.Actor, id int64, rp Reparse) (Benchmark, error) {
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		_, evaluationID, err := lockBenchmark(ctx, tx, id)
		if err != nil {
			return err
		}
		var oldKind string
		if err := tx.QueryRow(ctx, `SELECT kind FROM benchmark_uploads WHERE id = $1`, id).Scan(&oldKind); err != nil {
			return err
		}
		if oldKind == KindEvidence {
			return fmt.Errorf("benchmark %d is an evidence file: %w", id, ErrNotFound)
		}
		var result []byte
		var parseErr *string
		if rp.Result != nil {
			if result, err = json.Marshal(rp.Result); err != nil {
				return err
			}
		} else {
			parseErr = &rp.ParseError
		}
		if _, err := tx.Exec(ctx, `UPDATE benchmark_uploads SET kind = $2, result = $3, parse_error = $4, parse_error_line = $5 WHERE id = $1`,
			id, rp.Kind, result, parseErr, rp.ParseErrorLine); err != nil {
			return err
		}
		after := map[string]any{"kind": rp.Kind}
		if parseErr != nil {
			after["parse_error"], after["parse_error_line"] = rp.ParseError, rp.ParseErrorLine
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "benchmark.reclassify",
			ObjectType: "benchmark", ObjectID: fmt.Sprint(id), EvaluationID: evaluationID,
			Before: map[string]any{"kind": oldKind}, After: after})
	})
	if err != nil {
		return Benchmark{}, fmt.Errorf("store: reclassify benchmark %d: %w", id, err)
	}
	return s.Benchmark(ctx, id)
}

// lockBenchmark takes the row lock of an upload's quote (as an upload
// does) and returns the quote and its evaluation.
func lockBenchmark(ctx context.Context, tx pgx.Tx, id int64) (quoteID, evaluationID int64, err error) {
	if err = tx.QueryRow(ctx, `SELECT quote_id FROM benchmark_uploads WHERE id = $1`, id).Scan(&quoteID); err != nil {
		return 0, 0, notFound(fmt.Sprintf("benchmark %d", id), err)
	}
	evaluationID, err = lockQuote(ctx, tx, quoteID)
	return quoteID, evaluationID, err
}
