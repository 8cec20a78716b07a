package evaluation

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// ContractTerms are a contract's terms as stored (contracts.terms) and as
// the API shows and takes them. Rates are per unit in the contract's
// currency; dates are calendar dates in Zone.
type ContractTerms struct {
	StartDate   contract.Date        `json:"start_date"`
	TermMonths  int                  `json:"term_months"`
	NoticeDays  int                  `json:"notice_days"`
	AutoRenew   *contract.AutoRenew  `json:"auto_renew"`
	Zone        string               `json:"zone"`
	Activated   bool                 `json:"activated"`
	NoticeGiven *contract.Date       `json:"notice_given,omitempty"`
	Charges     []contract.Charge    `json:"charges"`
	Capacity    contract.Capacity    `json:"capacity"`
	Commitment  *contract.Commitment `json:"commitment"`
	Upfront     contract.Micros      `json:"upfront"`
	SLA         *contract.SLA        `json:"sla"`
}

// Draft defaults for what a quote does not state: the notice period and
// the term of a quote without a minimum term.
const (
	draftNoticeDays = 30
	draftTermMonths = 12
)

// frozenTerms drafts a contract's terms from the approved revision of an
// awarded quote: its rates and fees, its capacity (the award's share of
// it, in whole nodes), its minimum term, minimum spend and upfront payment.
// The dates start on start; procurement completes the rest.
func frozenTerms(q quote.Quote, sharePct int, start contract.Date) ContractTerms {
	t := ContractTerms{StartDate: start, TermMonths: draftTermMonths, NoticeDays: draftNoticeDays, Zone: "UTC"}
	if m, ok := q.MinTermMonths.Get(); ok && m > 0 && m <= 240 {
		t.TermMonths = int(m)
	}
	rate := func(name string, kind contract.ChargeKind, unit string, d quote.Term[quote.Decimal]) {
		if v, ok := d.Get(); ok {
			t.Charges = append(t.Charges, contract.Charge{Name: name, Kind: kind, Unit: unit, Rate: contract.Micros(v.Micros())})
		}
	}
	rate("GPU-hours", contract.KindGPUHours, "GPU-hour", q.PricePerGPUHour)
	rate("On-demand GPU-hours", contract.KindGPUHours, "GPU-hour", q.OnDemandPricePerGPUHour)
	rate("Egress", contract.KindEgress, "GB", q.EgressPricePerGB)
	rate("Storage", contract.KindStorage, "TB-month", q.StoragePricePerTBMonth)
	rate("Support", contract.KindFee, "month", q.SupportPricePerMonth)
	if up, ok := q.Upfront.Get(); ok && up.Micros() > 0 {
		t.Upfront = contract.Micros(up.Micros())
		t.Charges = append(t.Charges, contract.Charge{Name: "Upfront payment", Kind: contract.KindUpfront, Unit: "payment", Rate: t.Upfront})
	}
	cur, _ := q.Currency.Get()
	if ms, ok := q.MinSpend.Get(); ok && ms.Micros() > 0 {
		t.Commitment = &contract.Commitment{Kind: contract.CommitSpend, Amount: contract.Micros(ms.Micros()), Unit: cur, Period: "term"}
		t.Charges = append(t.Charges, contract.Charge{Name: "Minimum spend shortfall", Kind: contract.KindShortfall, Unit: cur})
	}
	gpn, nodes := int64(8), int64(1)
	if v, ok := q.GPUsPerNode.Get(); ok && v > 0 {
		gpn = v
	}
	if v, ok := q.Nodes.Get(); ok && v > 0 {
		nodes = v
	}
	if sharePct > 0 && sharePct < 100 {
		nodes = max(1, (nodes*int64(sharePct)+99)/100)
	}
	t.Capacity = contract.Capacity{GPUs: int(gpn * nodes), GPUsPerNode: int(gpn)}
	return t
}

// dates are the terms' calendar part.
func (t ContractTerms) dates() contract.Dates {
	return contract.Dates{Start: t.StartDate, TermMonths: t.TermMonths, NoticeDays: t.NoticeDays, AutoRenew: t.AutoRenew,
		Activated: t.Activated, NoticeGiven: t.NoticeGiven}
}

// zone is the terms' time zone; an unknown name is an error.
func (t ContractTerms) zone() (*time.Location, error) {
	if t.Zone == "" {
		return time.UTC, nil
	}
	z, err := time.LoadLocation(t.Zone)
	if err != nil {
		return nil, fmt.Errorf("zone: %q is not a time zone", t.Zone)
	}
	return z, nil
}

// core is the terms as internal/contract checks bills against them.
func (t ContractTerms) core(id int64, currency string) (contract.Contract, error) {
	z, err := t.zone()
	if err != nil {
		return contract.Contract{}, err
	}
	return contract.Contract{ID: id, Currency: currency, Zone: z, Dates: t.dates(), Charges: t.Charges, Capacity: t.Capacity,
		Commitment: t.Commitment, Upfront: t.Upfront, SLA: t.SLA}, nil
}

// validate names the first term that cannot make a contract.
func (t ContractTerms) validate(currency string) error {
	c, err := t.core(0, currency)
	if err != nil {
		return &ContractError{Err: err}
	}
	if err := c.Validate(); err != nil {
		return &ContractError{Err: err}
	}
	return nil
}

// ContractError is a contract or a change to it the rules refuse; its
// message names the field as the API does.
type ContractError struct{ Err error }

func (e *ContractError) Error() string { return e.Err.Error() }
func (e *ContractError) Unwrap() error { return e.Err }

// IsContractError tells a refused contract change from a failure.
func IsContractError(err error) bool {
	var ce *ContractError
	return errors.As(err, &ce)
}

func parseTerms(raw []byte) (ContractTerms, error) {
	var t ContractTerms
	if err := json.Unmarshal(raw, &t); err != nil {
		return t, fmt.Errorf("evaluation: stored contract terms: %w", err)
	}
	return t, nil
}
