package evaluation

import (
	"context"
	"time"

	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/store"
)

// Contract is a contract at its latest version, with the dates its terms
// give on today: the API's object.
type Contract struct {
	ID            int64  `json:"id"`
	AwardID       int64  `json:"award_id"`
	QuoteID       int64  `json:"quote_id"`
	QuoteRevision int    `json:"quote_revision"`
	EvaluationID  int64  `json:"evaluation_id"`
	VendorID      int64  `json:"vendor_id"`
	Vendor        string `json:"vendor"`
	Currency      string `json:"currency"`
	Version       int    `json:"version"`
	Owner         string `json:"owner"`
	ContractTerms
	EndDate  contract.Date  `json:"end_date"`
	CancelBy contract.Date  `json:"cancel_by"`
	FinalEnd contract.Date  `json:"final_end"`
	State    contract.State `json:"state"`

	since   contract.Date // the day the current dates took effect
	ownerID int64
}

// contractOf reads a stored contract's terms and works out its dates on
// today.
func contractOf(sc store.Contract, today contract.Date) (Contract, error) {
	t, err := parseTerms(sc.Terms)
	if err != nil {
		return Contract{}, err
	}
	d := t.dates()
	y, m, dd := sc.DatesSince.Date()
	return Contract{ID: sc.ID, AwardID: sc.AwardID, QuoteID: sc.QuoteID, QuoteRevision: sc.QuoteRevision,
		EvaluationID: sc.EvaluationID, VendorID: sc.ProviderID, Vendor: sc.Vendor, Currency: sc.Currency, Version: sc.Version,
		Owner: sc.OwnerName, ContractTerms: t, EndDate: d.End(), CancelBy: d.CancelBy(), FinalEnd: d.FinalEnd(),
		State: d.StateOn(today), since: contract.NewDate(y, m, dd), ownerID: sc.OwnerID}, nil
}

// today is the service's calendar day in zone.
func (s *Service) today(zone *time.Location) contract.Date { return contract.Today(s.Now(), zone) }

// ContractByID reads one contract.
func (s *Service) ContractByID(ctx context.Context, id int64) (Contract, error) {
	sc, err := s.store.Contract(ctx, id)
	if err != nil {
		return Contract{}, err
	}
	return s.contractToday(sc)
}

func (s *Service) contractToday(sc store.Contract) (Contract, error) {
	t, err := parseTerms(sc.Terms)
	if err != nil {
		return Contract{}, err
	}
	z, err := t.zone()
	if err != nil {
		z = time.UTC
	}
	return contractOf(sc, s.today(z))
}

// maxContracts bounds a list of contracts.
const maxContracts = 500

// Contracts lists the contracts of an award, or of a vendor, or all,
// newest first.
func (s *Service) Contracts(ctx context.Context, f store.ContractFilter) ([]Contract, error) {
	list, err := s.store.Contracts(ctx, f, maxContracts)
	if err != nil {
		return nil, err
	}
	return s.contractsToday(list)
}

// contractsToday is each stored contract as it stands today.
func (s *Service) contractsToday(list []store.Contract) ([]Contract, error) {
	out := make([]Contract, 0, len(list))
	for _, sc := range list {
		c, err := s.contractToday(sc)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// ContractVersions lists a contract's versions, newest first.
func (s *Service) ContractVersions(ctx context.Context, id int64) ([]store.ContractVersion, error) {
	return s.store.ContractVersions(ctx, id)
}
