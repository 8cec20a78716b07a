package evaluation

import (
	"context"
	"fmt"
	"unicode/utf8"

	"github.com/gpuquote/gpuquote/internal/store"
)

// Rebid starts the next round for a contract: a new evaluation named
// after it, with the brief of the evaluation the contract was awarded
// from copied as it stands. It returns the new evaluation's id.
func (s *Service) Rebid(ctx context.Context, by store.User, contractID int64) (int64, error) {
	var id int64
	err := s.store.Tx(ctx, func(tx *store.Store) error {
		sc, err := tx.Contract(ctx, contractID)
		if err != nil {
			return err
		}
		old, err := tx.Evaluation(ctx, sc.EvaluationID)
		if err != nil {
			return err
		}
		b, err := tx.Brief(ctx, sc.EvaluationID)
		if err != nil {
			return err
		}
		name := fmt.Sprintf("Re-bid: %s (incumbent %s)", old.Name, sc.Vendor)
		for utf8.RuneCountInString(name) > 200 {
			r := []rune(name)
			name = string(r[:200])
		}
		e, err := tx.CreateEvaluation(ctx, by.Actor(), name)
		if err != nil {
			return err
		}
		fresh, err := tx.Brief(ctx, e.ID)
		if err != nil {
			return err
		}
		if _, err := tx.SaveBrief(ctx, by.Actor(), e.ID, fresh.Version, b.Data); err != nil {
			return err
		}
		id = e.ID
		return nil
	})
	return id, err
}
