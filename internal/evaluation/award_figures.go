package evaluation

import (
	"errors"
	"fmt"

	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// AwardFigures are an award's figures from the analysis: the one contract
// value that the award card, the decision API, the memo and the approval
// tier all read, so no surface prices an award on its own.
type AwardFigures struct {
	Value       tco.Money // what the award makes owed over the contracts' terms
	Monthly     tco.Money // its contract monthly equivalent
	CostPerUnit tco.Money // Monthly / units delivered
	// UnitsPerMonth is what the award delivers: the brief's volume for a
	// split, the quote's own units for one quote at 100 %.
	UnitsPerMonth float64
	Unit          string
	Parts         []scoring.PartFigures // in the order of the shares
}

// Volume is the brief's volume in the worksheet's units (accepted units a
// month; a token brief counts millions): what a split must deliver. 0
// when the brief states none.
func (a *Analysis) Volume() float64 {
	v, ok := a.Brief.Data.Float("units_per_month")
	if !ok || !(v > 0) {
		return 0
	}
	if a.A.UnitPer > 0 {
		v /= a.A.UnitPer
	}
	return v
}

// offer is the worksheet's figures for the priced quote at index i, as an
// award takes a share of it.
func (a *Analysis) offer(i int) scoring.Offer {
	res := a.WS.Results[i]
	c := res.Contract
	return scoring.Offer{TCOMinor: res.TCO.Minor, TermMonths: c.TermMonths, MinSpendMinor: c.MinSpend.Minor,
		UpfrontMinor: c.Upfront.Minor, ContractMinor: c.Value.Minor, MonthlyMinor: c.Monthly.Minor, UnitsPerMonth: res.UnitsPerMonth}
}

// AwardFigures prices an award of shares (each a priced quote of the
// evaluation, once, a whole 1–100 % of the brief's volume, summing to
// 100) with [scoring.Combine]: a share costs its share of the quote's
// contract, a minimum spend and an upfront are owed whole, and a split
// delivers the brief's volume within each quote's offered capacity.
// Refusals are field errors naming the share.
func (a *Analysis) AwardFigures(shares []store.AwardShare) (AwardFigures, FieldErrors) {
	parts, fe := a.awardParts(shares)
	if len(fe) > 0 {
		return AwardFigures{}, fe
	}
	c, err := scoring.Combine(parts, a.Volume())
	var pe *scoring.PartError
	switch {
	case errors.As(err, &pe) && errors.Is(err, scoring.ErrOverCapacity):
		return AwardFigures{}, FieldErrors{fmt.Sprintf("shares[%d].share_pct", pe.Index): "scoring.error.over_capacity"}
	case err != nil:
		return AwardFigures{}, FieldErrors{"shares": "scoring.error.too_large"}
	}
	cur := a.WS.Currency
	return AwardFigures{Value: tco.Money{Minor: c.ContractMinor, Currency: cur}, Monthly: tco.Money{Minor: c.MonthlyMinor, Currency: cur},
		CostPerUnit: tco.Money{Minor: c.CostPerUnitMinor, Currency: cur}, UnitsPerMonth: c.UnitsPerMonth, Unit: a.WS.UnitName,
		Parts: c.Parts}, nil
}
