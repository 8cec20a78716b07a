package evaluation

import (
	"context"

	"github.com/gpuquote/gpuquote/internal/store"
)

// RenewalsOverview is what the renewals page shows: the alert board of
// the next RenewalHorizon days and every contract, newest first.
type RenewalsOverview struct {
	AlertBoard
	Contracts []Contract
}

// RenewalsOverview reads the renewals page, the contracts once for both.
func (s *Service) RenewalsOverview(ctx context.Context) (RenewalsOverview, error) {
	all, err := s.Contracts(ctx, store.ContractFilter{})
	if err != nil {
		return RenewalsOverview{}, err
	}
	b, err := s.alertBoard(ctx, RenewalHorizon, all, func(Contract) bool { return true })
	return RenewalsOverview{AlertBoard: b, Contracts: all}, err
}
