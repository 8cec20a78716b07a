package evaluation

import (
	"context"
	"slices"

	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/store"
)

// ClaimDeadline is an SLA credit claim still open whose window closes in
// the horizon: what is left to claim and by when.
type ClaimDeadline struct {
	ContractID   int64          `json:"contract_id"`
	Vendor       string         `json:"vendor"`
	Month        contract.Date  `json:"month"`
	Deadline     contract.Date  `json:"deadline"`
	DaysLeft     int            `json:"days_to_deadline"`
	Amount       contract.Money `json:"amount"`
	Availability contract.Pct   `json:"availability_pct"`
	// AlertDue: the window closes within contract.ClaimLeadDays, so its
	// alert has gone out.
	AlertDue bool `json:"alert_due"`
}

// AlertBoard is what the renewals page and home show: the cancel-by dates
// of the horizon (Renewals) and the credit claims whose window closes in
// it, soonest first.
type AlertBoard struct {
	Renewals []Renewal       `json:"renewals"`
	Claims   []ClaimDeadline `json:"claims"`
}

// Empty reports whether the board has nothing to show.
func (b AlertBoard) Empty() bool { return len(b.Renewals) == 0 && len(b.Claims) == 0 }

// AlertBoard reads the renewals and the open claims' deadlines of the next
// horizon days, for every contract.
func (s *Service) AlertBoard(ctx context.Context, horizon int) (AlertBoard, error) {
	all, err := s.Contracts(ctx, store.ContractFilter{})
	if err != nil {
		return AlertBoard{}, err
	}
	return s.alertBoard(ctx, horizon, all, func(Contract) bool { return true })
}

// alertBoard is AlertBoard of the contracts of all that keep keeps: only
// their histories are read.
func (s *Service) alertBoard(ctx context.Context, horizon int, all []Contract, keep func(Contract) bool) (AlertBoard, error) {
	var list []Contract
	withSLA := map[int64]Contract{}
	for _, c := range all {
		if !keep(c) {
			continue
		}
		list = append(list, c)
		if c.Activated && c.SLA != nil {
			withSLA[c.ID] = c
		}
	}
	b := AlertBoard{Renewals: s.renewalsOf(list, horizon), Claims: []ClaimDeadline{}}
	if len(withSLA) == 0 {
		return b, nil // no contract that could owe a credit: no outage to read
	}
	open, err := s.openClaimsByContract(ctx, func(id int64) bool { _, ok := withSLA[id]; return ok })
	if err != nil {
		return b, err
	}
	for id, cls := range open {
		c := withSLA[id]
		z, err := c.zone()
		if err != nil {
			continue
		}
		today := s.today(z)
		for _, cl := range cls {
			if cl.Deadline.Before(today) || cl.Deadline.After(today.AddDays(horizon)) {
				continue
			}
			b.Claims = append(b.Claims, ClaimDeadline{ContractID: id, Vendor: c.Vendor, Month: cl.Month, Deadline: cl.Deadline,
				DaysLeft: today.DaysUntil(cl.Deadline), Amount: cl.Amount, Availability: cl.Availability,
				AlertDue: contract.ClaimAlertOn(cl, today)})
		}
	}
	slices.SortStableFunc(b.Claims, func(x, y ClaimDeadline) int {
		switch {
		case x.Deadline.Before(y.Deadline):
			return -1
		case y.Deadline.Before(x.Deadline):
			return 1
		}
		return int(x.ContractID - y.ContractID)
	})
	return b, nil
}

// HomeAlerts is the alert board as home shows it to u: the whole board to
// the roles the admin named to receive the alerts, only their own
// contracts' alerts to other owners, nothing to anyone else. shown says
// whether u receives alerts at all.
func (s *Service) HomeAlerts(ctx context.Context, u store.User) (b AlertBoard, shown bool, err error) {
	// One round trip for both: the evaluations list shows this on every view.
	stored, raw, err := s.store.ContractsAndSetting(ctx, store.ContractFilter{}, maxContracts, store.SettingContractAlerts)
	if err != nil {
		return b, false, err
	}
	set, err := parseAlertSettings(raw)
	if err != nil {
		return b, false, err
	}
	all, err := s.contractsToday(stored)
	if err != nil {
		return b, false, err
	}
	named := set.Names(u.Role)
	if b, err = s.alertBoard(ctx, RenewalHorizon, all, func(c Contract) bool { return named || c.ownerID == u.ID }); err != nil {
		return b, false, err
	}
	return b, named || !b.Empty(), nil
}
