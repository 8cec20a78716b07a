package tco

import (
	"fmt"
	"math"
	"strings"
)

// SupportTier is one band of a tiered support price: Share of the part of
// the monthly bill between the previous tier's UpTo and this one's. The
// last tier has UpTo 0: no upper bound.
type SupportTier struct {
	UpTo  float64 // upper bound of the band, in the plan's currency; 0 for the last
	Share float64 // marginal share of the bill within the band
}

// SupportPlan is the market's tiered support price, used for a quote that
// does not state its support price: the greater of a monthly minimum or
// the tiered shares of the compute bill (cost reference §2c and §6.10,
// AWS Business). The bounds are in Currency and converted with the
// evaluation's FX rate; the range ends are MarketSupportShare's flat
// shares.
type SupportPlan struct {
	Name     string
	Currency string
	Minimum  float64 // per month, in Currency
	Tiers    []SupportTier
}

// amount is the plan's support price for a monthly bill (major units of
// the evaluation currency), with fx the rate from the plan's currency.
// The operations are in the order the workbook's formula writes them, so
// both land on the same minor unit.
func (p SupportPlan) amount(bill, fx float64) float64 {
	total, from := 0.0, 0.0
	for _, t := range p.Tiers {
		if t.UpTo == 0 {
			total += t.Share * math.Max(bill-from*fx, 0)
			break
		}
		total += t.Share * math.Min(math.Max(bill-from*fx, 0), (t.UpTo-from)*fx)
		from = t.UpTo
	}
	return math.Max(p.Minimum*fx, total)
}

// label describes the formula as the assumption behind the support line.
func (p SupportPlan) label() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: the greater of %s %s a month or", p.Name, num(p.Minimum), p.Currency)
	from := 0.0
	for i, t := range p.Tiers {
		if i > 0 {
			b.WriteString(" +")
		}
		if t.UpTo == 0 {
			fmt.Fprintf(&b, " %s above %s", pct(t.Share), num(from))
		} else {
			fmt.Fprintf(&b, " %s of %s–%s", pct(t.Share), num(from), num(t.UpTo))
		}
		from = t.UpTo
	}
	b.WriteString(" " + p.Currency + " of the monthly compute bill")
	return b.String()
}

func (p SupportPlan) validate() error {
	if len(p.Tiers) == 0 {
		return nil
	}
	if !validCurrency(p.Currency) || !(p.Minimum >= 0) || math.IsInf(p.Minimum, 0) {
		return fmt.Errorf("market support plan: currency %q and minimum %g", p.Currency, p.Minimum)
	}
	prev := 0.0
	for i, t := range p.Tiers {
		last := i == len(p.Tiers)-1
		if !(t.Share >= 0 && t.Share <= 1) || (last != (t.UpTo == 0)) || (!last && !(t.UpTo > prev)) {
			return fmt.Errorf("market support plan: tier %d (up to %g at %g) must rise, with only the last unbounded", i+1, t.UpTo, t.Share)
		}
		prev = t.UpTo
	}
	return nil
}

// supportFallback prices support for a quote that does not state it: the
// tiered plan at the estimate, a flat share of the compute bill at the
// ends of the range (and whenever no plan is set).
func (e *engine) supportFallback(bill Money, sc scenario) (float64, error) {
	a := e.a
	if sc != mid || len(a.MarketSupport.Tiers) == 0 {
		return a.MarketSupportShare.at(sc) * bill.Float(), nil
	}
	fx := 1.0
	if cur := a.MarketSupport.Currency; cur != a.Currency {
		r, ok := a.FX[cur]
		if !ok {
			return 0, fmt.Errorf("%w: %s to %s for the market support plan", ErrNoFXRate, cur, a.Currency)
		}
		fx = r.Rate
	}
	return a.MarketSupport.amount(bill.Float(), fx), nil
}

// supportLabel is the assumption named beside an unstated support line.
func (a *Assumptions) supportLabel() string {
	if len(a.MarketSupport.Tiers) == 0 {
		return a.MarketSupportShare.label()
	}
	s := a.MarketSupportShare
	return a.MarketSupport.label() + fmt.Sprintf(" (range: a flat %s to %s)", pct(s.Low), pct(s.High)) + " — " + s.Source
}
