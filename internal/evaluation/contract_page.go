package evaluation

import (
	"context"

	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/store"
)

// ContractDetail is everything the contract page shows, read in one
// snapshot: the contract, its versions, bills, commitment report, outages,
// credit claims, the notice alerts due today and the vendor's attestations
// that end during the contract's term.
type ContractDetail struct {
	Contract   Contract
	Versions   []store.ContractVersion
	Bills      []Bill
	Commitment []contract.CommitmentRow
	Outages    []store.Outage
	Credits    []Claim
	Alerts     []contract.Alert
	// ClaimAlerts are the open credit claims whose window closes within
	// contract.ClaimLeadDays: their alert is due.
	ClaimAlerts []contract.CreditClaim
	// Attestations are the vendor's attestations, from the round its
	// quote came through, that end before the contract's term does.
	Attestations []AttestationAlert
}

// ContractDetail reads one contract's page.
func (s *Service) ContractDetail(ctx context.Context, id int64) (ContractDetail, error) {
	var d ContractDetail
	set, err := s.AlertSettings(ctx)
	if err != nil {
		return d, err
	}
	err = s.store.ReadOnly(ctx, func(tx *store.Store) error {
		sc, err := tx.Contract(ctx, id)
		if err != nil {
			return err
		}
		if d.Contract, err = s.contractToday(sc); err != nil {
			return err
		}
		if d.Versions, err = tx.ContractVersions(ctx, id); err != nil {
			return err
		}
		h, err := loadReportHistory(ctx, tx, sc)
		if err != nil {
			return err
		}
		for _, kb := range h.kept {
			d.Bills = append(d.Bills, billOf(kb.bill, kb.lines, kb.res))
		}
		d.Commitment = h.commitment()
		d.Outages = h.stored
		paid := h.credited()
		for _, cl := range h.claims() {
			c := Claim{CreditClaim: cl, Credited: contract.Money{Minor: paid[cl.Month], Currency: cl.Amount.Currency}, Status: "open"}
			if c.Credited.Minor >= cl.Amount.Minor {
				c.Status = "credited"
			}
			d.Credits = append(d.Credits, c)
		}
		today := s.today(h.c.Zone)
		d.Alerts = contract.DueAlertsArmed(id, d.Contract.dates(), set.Offsets, d.Contract.since, today)
		for _, cl := range h.openClaims() {
			if contract.ClaimAlertOn(cl, today) {
				d.ClaimAlerts = append(d.ClaimAlerts, cl)
			}
		}
		d.Attestations, err = contractAttestationAlerts(ctx, tx, d.Contract, today)
		return err
	})
	return d, err
}
