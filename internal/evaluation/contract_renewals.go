package evaluation

import (
	"context"
	"slices"

	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/store"
)

// RenewalHorizon is how many days ahead the renewals page looks.
const RenewalHorizon = 180

// Renewal is one contract period whose cancel-by date falls in the
// horizon: when notice must be given, when it ends, and in how many days.
type Renewal struct {
	ContractID int64          `json:"contract_id"`
	Vendor     string         `json:"vendor"`
	State      contract.State `json:"state"`
	Period     int            `json:"period"`
	CancelBy   contract.Date  `json:"cancel_by"`
	End        contract.Date  `json:"end_date"`
	DaysLeft   int            `json:"days_to_cancel_by"`
	AutoRenew  bool           `json:"auto_renew"`
}

// Renewals lists the active contracts' cancel-by dates from today up to
// horizon days ahead, soonest first. Drafts have no dates to keep yet.
func (s *Service) Renewals(ctx context.Context, horizon int) ([]Renewal, error) {
	list, err := s.Contracts(ctx, store.ContractFilter{})
	if err != nil {
		return nil, err
	}
	return s.renewalsOf(list, horizon), nil
}

// renewalsOf is Renewals of the contracts in list.
func (s *Service) renewalsOf(list []Contract, horizon int) []Renewal {
	out := []Renewal{}
	for _, c := range list {
		if !c.Activated {
			continue
		}
		z, err := c.zone()
		if err != nil {
			continue
		}
		today := s.today(z)
		for _, p := range contract.Upcoming(c.dates(), today, horizon) {
			if p.CancelBy.Before(today) && p.End.Before(today) {
				continue
			}
			out = append(out, Renewal{ContractID: c.ID, Vendor: c.Vendor, State: c.State, Period: p.Index, CancelBy: p.CancelBy,
				End: p.End, DaysLeft: today.DaysUntil(p.CancelBy), AutoRenew: c.AutoRenew != nil})
		}
	}
	slices.SortStableFunc(out, func(a, b Renewal) int {
		switch {
		case a.CancelBy.Before(b.CancelBy):
			return -1
		case b.CancelBy.Before(a.CancelBy):
			return 1
		}
		return int(a.ContractID - b.ContractID)
	})
	return out
}
