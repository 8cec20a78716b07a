package evaluation

import (
	"context"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/store"
)

// The changes that move the automatic acceptance outcomes: each stores its
// change and judges the quote's uploads again in one Tx.

// UploadBenchmark stores a log and the outcomes it changes; an identical
// file already on the quote is a *store.DuplicateError and stores nothing.
func (s *Service) UploadBenchmark(ctx context.Context, by audit.Actor, quoteID int64, nb store.NewBenchmark) (store.Benchmark, error) {
	var out store.Benchmark
	err := s.store.Tx(ctx, func(tx *store.Store) error {
		var err error
		if out, err = tx.CreateBenchmark(ctx, by, quoteID, nb); err != nil {
			return err
		}
		if err := RejudgeQuote(ctx, tx, by, quoteID, out.ID); err != nil {
			return err
		}
		return healthOutages(ctx, tx, by, out.ID, s.Now())
	})
	return out, err
}

// WithdrawBenchmark takes an upload back and judges the rest again.
func (s *Service) WithdrawBenchmark(ctx context.Context, by audit.Actor, id int64, reason string) (store.Benchmark, error) {
	return s.changeBenchmark(ctx, by, id, func(tx *store.Store) (store.Benchmark, error) {
		return tx.WithdrawBenchmark(ctx, by, id, reason)
	})
}

// ReclassifyBenchmark reads an upload as another kind and judges again.
func (s *Service) ReclassifyBenchmark(ctx context.Context, by audit.Actor, id int64, rp store.Reparse) (store.Benchmark, error) {
	return s.changeBenchmark(ctx, by, id, func(tx *store.Store) (store.Benchmark, error) {
		return tx.ReclassifyBenchmark(ctx, by, id, rp)
	})
}

func (s *Service) changeBenchmark(ctx context.Context, by audit.Actor, id int64, change func(*store.Store) (store.Benchmark, error)) (store.Benchmark, error) {
	var out store.Benchmark
	err := s.store.Tx(ctx, func(tx *store.Store) error {
		var err error
		if out, err = change(tx); err != nil {
			return err
		}
		if err := RejudgeQuote(ctx, tx, by, out.QuoteID, id); err != nil {
			return err
		}
		return healthOutages(ctx, tx, by, id, s.Now())
	})
	return out, err
}

// SaveBrief saves the brief if it is still at version (a
// *store.ConflictError otherwise) and judges every quote's uploads
// against it: the checkpoint and staging verdicts read the brief.
func (s *Service) SaveBrief(ctx context.Context, by audit.Actor, evaluationID int64, version int, data brief.Brief) (store.StoredBrief, error) {
	var out store.StoredBrief
	err := s.store.Tx(ctx, func(tx *store.Store) error {
		var err error
		if out, err = tx.SaveBrief(ctx, by, evaluationID, version, data); err != nil {
			return err
		}
		ids, err := tx.QuotesWithBenchmarks(ctx, evaluationID)
		if err != nil {
			return err
		}
		for _, id := range ids {
			if err := RejudgeQuote(ctx, tx, by, id, 0); err != nil {
				return err
			}
		}
		return nil
	})
	return out, err
}
