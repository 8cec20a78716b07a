package evaluation

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/store"
)

// SaveUsefulUnits records the useful units the contract delivered in a
// month ("2026-03"; units a plain decimal, 0 or more), replacing an
// earlier entry, with its audit row. The commitment report divides the
// month's cost by them. A refused entry is a ContractError naming the
// field ("month: …", "units: …").
func (s *Service) SaveUsefulUnits(ctx context.Context, by store.User, id int64, month, units string) error {
	m, err := contract.ParseMonth(month)
	if err != nil {
		return &ContractError{Err: fmt.Errorf("month: %w", err)}
	}
	u, err := contract.ParseUsefulUnits(units)
	if err != nil {
		return &ContractError{Err: fmt.Errorf("units: %w", err)}
	}
	return s.store.Tx(ctx, func(tx *store.Store) error {
		sc, err := tx.LockContract(ctx, id)
		if err != nil {
			return err
		}
		t, err := parseTerms(sc.Terms)
		if err != nil {
			return err
		}
		c, err := t.core(sc.ID, sc.Currency)
		if err != nil {
			return err
		}
		if !contract.UnitsMonthAllowed(c.Dates, m, s.today(c.Zone)) {
			return &ContractError{Err: errors.New("month: from the contract's first month to this month")}
		}
		if err := tx.SetUsefulUnits(ctx, id, m.Start(time.UTC), int64(u), by.ID); err != nil {
			return err
		}
		return tx.RecordAudit(ctx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "contract.useful_units", ObjectType: "contract",
			ObjectID: fmt.Sprint(id), EvaluationID: sc.EvaluationID, After: map[string]any{"month": month, "units": u.String()}})
	})
}
