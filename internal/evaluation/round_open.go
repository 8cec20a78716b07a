package evaluation

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/store"
)

// Opening a round: each submission becomes a quote of the evaluation (or,
// in a best-and-final round, the next revision of the quote it answers,
// whose uploads are judged again against the new terms), all in the
// transaction that marks the round open.

// OpenEarly opens a sealed round before its deadline: a manager's act,
// with the reason on the record (required, at most rfq.MaxReason
// characters, else FieldErrors at "reason"). Answers are closed from then
// on; a round already open is rfq.ErrNotSealed. It returns how many
// answers became quotes.
func (s *Service) OpenEarly(ctx context.Context, by audit.Actor, rfqID int64, reason string) (int, error) {
	if n := len([]rune(reason)); n > rfq.MaxReason || strings.TrimSpace(reason) == "" {
		return 0, FieldErrors{"reason": "rfq.error.reason"}
	}
	var n int
	err := s.store.Tx(ctx, func(tx *store.Store) error {
		r, err := tx.LockRFQ(ctx, rfqID)
		if err != nil {
			return err
		}
		if r.OpenedAt != nil {
			return rfq.ErrNotSealed
		}
		if err := tx.RecordOpening(ctx, by, r, reason, true); err != nil {
			return err
		}
		n, err = materialize(ctx, tx, r)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("evaluation: open rfq %d: %w", rfqID, err)
	}
	return n, nil
}

// OpenDue opens every round of the evaluation (or of all evaluations, for
// 0) whose deadline has passed. It is idempotent and safe to run from
// many requests at once: a round is locked, checked and opened in one
// transaction.
func (s *Service) OpenDue(ctx context.Context, evaluationID int64) (int, error) {
	ids, err := s.store.DueRFQs(ctx, evaluationID)
	if err != nil {
		return 0, err
	}
	total := 0
	for _, id := range ids {
		err := s.store.Tx(ctx, func(tx *store.Store) error {
			r, err := tx.LockRFQ(ctx, id)
			if err != nil || !r.Rules().Due(tx.Now()) {
				return err
			}
			if err := tx.RecordOpening(ctx, audit.Actor{}, r, "", false); err != nil {
				return err
			}
			n, err := materialize(ctx, tx, r)
			total += n
			return err
		})
		if err != nil {
			return total, fmt.Errorf("evaluation: open rfq %d at its deadline: %w", id, err)
		}
	}
	return total, nil
}

// materialize turns each invitation's newest submission into a quote, by
// the round's creator, with its provenance. An answer to a quote deleted
// since stands on its own as a new quote.
func materialize(ctx context.Context, tx *store.Store, r store.RFQ) (int, error) {
	subs, err := tx.RoundSubmissions(ctx, r.ID)
	if err != nil {
		return 0, err
	}
	by, err := tx.RoundCreator(ctx, r)
	if err != nil {
		return 0, err
	}
	for _, x := range subs {
		quoteID, qrev := x.QuoteID, 1
		if quoteID != 0 {
			qrev, err = tx.ReviseFromRound(ctx, by, quoteID, x.Terms)
			switch {
			case errors.Is(err, store.ErrNotFound):
				quoteID = 0
			case err != nil:
				return 0, err
			default:
				if err := RejudgeQuote(ctx, tx, by, quoteID, 0); err != nil {
					return 0, err
				}
			}
		}
		if quoteID == 0 {
			qrev = 1
			if quoteID, err = tx.CreateRoundQuote(ctx, by, r.EvaluationID, x.Terms); err != nil {
				return 0, err
			}
		}
		if err := tx.RecordQuoteSource(ctx, quoteID, qrev, x); err != nil {
			return 0, err
		}
	}
	return len(subs), nil
}
