package tco

import (
	"fmt"
	"math"
)

// MaxTermMonths bounds a minimum term: ten years is longer than any GPU
// generation, and the bound keeps term × monthly cost far from overflow.
const MaxTermMonths = 120

// Contract is what a quote's commercial terms make owed over its term
// (PRODUCT.md, "A commitment changes what is owed, not just the rate"):
//
//	contract value = max(usage cost over the term, minimum spend) + upfront
//	minimum-spend shortfall = max(0, minimum spend − usage cost over the term)
//	monthly equivalent = contract value / term months
//
// Usage is the monthly TCO (the nine lines) times the term. Amounts are
// evaluation-currency minor units; the minimum spend and upfront are
// converted once, like every other price.
type Contract struct {
	TermMonths int
	// TermBasis says where the term came from: "stated" (the quote's
	// minimum term), "horizon" (no term stated, but a minimum spend or an
	// upfront payment needs one: the brief's planning horizon) or "none"
	// (no commitment: the usage over the brief's term, which is what the
	// buyer will pay for the work the brief asks for; one month would
	// make a pay-as-you-go quote look like a twelfth of a reservation).
	TermBasis string
	Usage     Money // monthly TCO × term
	MinSpend  Money // zero when the quote states none
	Shortfall Money // what the minimum spend adds beyond usage
	Upfront   Money
	Value     Money
	Monthly   Money // Value / term, rounded half away from zero
}

// Committed reports whether the contract adds anything to usage.
func (c Contract) Committed() bool { return c.Shortfall.Minor > 0 || c.Upfront.Minor > 0 }

// contractFor prices the commitment of one calculation.
func (e *engine) contractFor(p *prepared, tcoMinor int64) (Contract, error) {
	q, a := p.q, e.a
	cur := a.Currency
	c := Contract{TermMonths: max(1, min(a.HorizonMonths, MaxTermMonths)), TermBasis: "none"}
	hasMoney := (q.MinSpend.Known && q.MinSpend.Value > 0) || (q.Upfront.Known && q.Upfront.Value > 0)
	switch {
	case q.MinTermMonths.Known && q.MinTermMonths.Value > 0:
		c.TermMonths, c.TermBasis = q.MinTermMonths.Value, "stated"
	case hasMoney:
		c.TermBasis = "horizon"
	}
	conv := func(t Term[float64]) (Money, error) {
		if !t.Known || t.Value == 0 {
			return Money{Currency: cur}, nil
		}
		f, err := e.money(t.Value, q.Currency)
		return f.eval, err
	}
	var err error
	if c.MinSpend, err = conv(q.MinSpend); err != nil {
		return Contract{}, err
	}
	if c.Upfront, err = conv(q.Upfront); err != nil {
		return Contract{}, err
	}
	term := int64(c.TermMonths)
	if tcoMinor > math.MaxInt64/4/term || c.MinSpend.Minor > math.MaxInt64/4 || c.Upfront.Minor > math.MaxInt64/4 {
		return Contract{}, fmt.Errorf("%w: quote %q: the amounts over the term are too large to be a real contract", ErrInvalid, q.ID)
	}
	usage := tcoMinor * term
	c.Usage = Money{Minor: usage, Currency: cur}
	c.Shortfall = Money{Minor: max(0, c.MinSpend.Minor-usage), Currency: cur}
	c.Value = Money{Minor: max(usage, c.MinSpend.Minor) + c.Upfront.Minor, Currency: cur}
	c.Monthly = Money{Minor: roundHalfAway(float64(c.Value.Minor) / float64(term)), Currency: cur}
	if !c.Committed() {
		c.Monthly.Minor = tcoMinor // exact: usage / term
	}
	return c, nil
}
