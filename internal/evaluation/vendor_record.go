package evaluation

import (
	"context"

	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/store"
)

// VendorRecord is a vendor's record across its contracts: price adherence
// (billed against contracted), availability delivered and SLA credits
// claimed and credited. Each contract's figures link to the contract.
type VendorRecord struct {
	VendorID  int64            `json:"vendor_id"`
	Vendor    string           `json:"vendor"`
	Contracts []ContractRecord `json:"contracts"`
}

// ContractRecord is one contract's share of the record, in its currency.
type ContractRecord struct {
	ContractID     int64          `json:"contract_id"`
	Currency       string         `json:"currency"`
	State          contract.State `json:"state"`
	Bills          int            `json:"bills"`
	Billed         contract.Money `json:"billed"`
	AboveContract  contract.Money `json:"above_contract"` // what the bills charged beyond the contracted rates and terms
	LinesMatched   int            `json:"lines_matched"`
	LinesException int            `json:"lines_exception"`
	Availability   contract.Pct   `json:"availability_pct"` // over the billed months
	Claimed        contract.Money `json:"credits_claimed"`
	Credited       contract.Money `json:"credits_credited"`
}

// VendorRecord reads a vendor's record; a vendor with no contract has an
// empty one (store.ErrNotFound only when no contract names it and it has
// no name).
func (s *Service) VendorRecord(ctx context.Context, providerID int64) (VendorRecord, error) {
	rec := VendorRecord{VendorID: providerID, Contracts: []ContractRecord{}}
	err := s.store.ReadOnly(ctx, func(tx *store.Store) error {
		list, err := tx.Contracts(ctx, store.ContractFilter{ProviderID: providerID}, maxContracts)
		if err != nil {
			return err
		}
		if len(list) == 0 {
			return store.ErrNotFound
		}
		rec.Vendor = list[0].Vendor
		for _, sc := range list {
			h, err := loadHistory(ctx, tx, sc)
			if err != nil {
				return err
			}
			c, err := s.contractToday(sc)
			if err != nil {
				return err
			}
			rec.Contracts = append(rec.Contracts, h.record(c))
		}
		return nil
	})
	return rec, err
}

// record sums one contract's bills, outages and claims.
func (h history) record(c Contract) ContractRecord {
	cur := c.Currency
	r := ContractRecord{ContractID: c.ID, Currency: cur, State: c.State, Bills: len(h.bills),
		Billed: contract.Money{Currency: cur}, AboveContract: contract.Money{Currency: cur},
		Claimed: contract.Money{Currency: cur}, Credited: contract.Money{Currency: cur}, Availability: 10000}
	r.LinesMatched, r.LinesException = h.matched["ok"], h.matched["exception"]
	for _, res := range h.results {
		r.Billed.Minor += res.Total.Minor
		r.AboveContract.Minor += res.Disputed.Minor
		for _, cc := range res.ClaimsCredited {
			r.Credited.Minor += cc.Credited.Minor
		}
	}
	for _, cl := range h.claims() {
		r.Claimed.Minor += cl.Amount.Minor
	}
	use := h.use()
	if len(use) > 0 && c.Capacity.GPUsPerNode > 0 {
		from := use[0].Month.Start(h.c.Zone)
		to := use[len(use)-1].Month.AddMonths(1).Start(h.c.Zone)
		r.Availability = contract.AvailabilityIn(c.Capacity.GPUs/c.Capacity.GPUsPerNode, h.outages, from, to).Pct()
	}
	return r
}
