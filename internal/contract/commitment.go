package contract

import (
	"errors"
	"math/big"
	"time"
)

// CommitmentKind is what the buyer committed to: a spend or a usage.
type CommitmentKind string

const (
	CommitSpend CommitmentKind = "spend" // Amount is currency
	CommitUsage CommitmentKind = "usage" // Amount is GPU-hours
)

// Commitment is the minimum the buyer pays for, per month or over the term.
type Commitment struct {
	Kind   CommitmentKind `json:"kind"`
	Amount Micros         `json:"amount"`
	Unit   string         `json:"unit"`   // the currency, or "GPU-hour"
	Period string         `json:"period"` // "month" or "term"
}

// Validate refuses a commitment that cannot be reported on.
func (c Commitment) Validate() error {
	switch {
	case c.Kind != CommitSpend && c.Kind != CommitUsage:
		return errors.New("commitment.kind: must be spend or usage")
	case c.Amount <= 0:
		return errors.New("commitment.amount: must be above 0")
	case c.Period != "month" && c.Period != "term":
		return errors.New("commitment.period: must be month or term")
	}
	return nil
}

// MonthUse is what one month of the contract used and cost, read from its
// bills (UseFromBill) with the useful units delivered entered by the buyer.
type MonthUse struct {
	Month       Date   // the first day of the month
	GPUHours    Micros // GPU-hours billed
	Spend       Micros // usage charges billed (GPU-hours and the other contracted charges)
	Shortfall   Micros // shortfall charges billed
	Credits     Micros // credits received, as a positive amount
	UsefulUnits Micros // e.g. million tokens served; 0 when not entered
}

// CommitmentRow is one month of the commitment report. Committed, Used and
// Unused are in the commitment's unit (currency or GPU-hours).
type CommitmentRow struct {
	Month             Date   `json:"month"`
	Committed         Micros `json:"committed"`
	Used              Micros `json:"used"`
	Unused            Micros `json:"unused"`
	UtilisationPct    Pct    `json:"utilisation_pct"`
	Shortfall         Money  `json:"shortfall"`
	UpfrontAmortised  Money  `json:"upfront_amortised"`
	Cost              Money  `json:"cost"`           // spend + shortfall + upfront share − credits
	EffectiveRate     Micros `json:"effective_rate"` // cost per GPU-hour used
	CostPerUsefulUnit Micros `json:"cost_per_useful_unit"`
	QuotedPerUseful   Micros `json:"quoted_per_useful_unit"`

	// The burn-down: cost and commitment summed from the first month
	// reported (the commitment in its own unit).
	CumulativeCost      Money  `json:"cumulative_cost"`
	CumulativeCommitted Micros `json:"cumulative_committed"`
}

// CommitmentReport is the report per month of use. A term commitment and
// the upfront payment are spread evenly over the initial term's months
// (the remainder's micros on the first months), so the months add up to
// the whole exactly.
func CommitmentReport(c Contract, use []MonthUse, quotedPerUseful Micros) []CommitmentRow {
	term := c.Dates.TermMonths
	rows := make([]CommitmentRow, 0, len(use))
	var sumCost, sumCommitted Micros
	for _, u := range use {
		i := monthsBetween(c.Dates.Start, u.Month)
		r := CommitmentRow{Month: u.Month, QuotedPerUseful: quotedPerUseful}
		upfront := share(c.Upfront, term, i)
		r.UpfrontAmortised = c.money(upfront)
		cost := u.Spend + u.Shortfall + upfront - u.Credits
		r.Cost, r.Shortfall = c.money(cost), c.money(u.Shortfall)
		r.EffectiveRate = ratio(cost, u.GPUHours)
		r.CostPerUsefulUnit = ratio(cost, u.UsefulUnits)
		if cm := c.Commitment; cm != nil {
			r.Committed = cm.Amount
			if cm.Period == "term" {
				r.Committed = share(cm.Amount, term, i)
			}
			r.Used = u.Spend
			if cm.Kind == CommitUsage {
				r.Used = u.GPUHours
			}
			r.Unused = max(0, r.Committed-r.Used)
			r.UtilisationPct = Pct(roundDiv(new(big.Int).Mul(big.NewInt(int64(r.Used)), big.NewInt(10000)), int64(max(1, r.Committed))))
		}
		sumCost, sumCommitted = sumCost+cost, sumCommitted+r.Committed
		r.CumulativeCost, r.CumulativeCommitted = c.money(sumCost), sumCommitted
		rows = append(rows, r)
	}
	return rows
}

// share is the i-th of n even parts of total; parts outside 0..n-1 are 0.
func share(total Micros, n, i int) Micros {
	if n <= 0 || i < 0 || i >= n {
		return 0
	}
	s := total / Micros(n)
	if Micros(i) < total%Micros(n) {
		s++
	}
	return s
}

// monthsBetween counts whole calendar months from a's month to b's.
func monthsBetween(a, b Date) int {
	return (b.Year()-a.Year())*12 + int(b.Month()-a.Month())
}

// UseFromBill totals a matched bill's lines per calendar month (in the
// contract's zone, by the start of each line's charge period).
func UseFromBill(c Contract, b Bill) []MonthUse {
	var out []MonthUse
	idx := map[Date]int{}
	for _, l := range b.Lines {
		m := monthOf(l.PeriodStart, c.Zone)
		if _, ok := idx[m]; !ok {
			idx[m] = len(out)
			out = append(out, MonthUse{Month: m})
		}
		u := &out[idx[m]]
		ch := c.findCharge(l)
		switch {
		case l.Category == CategoryTax:
		case l.Category == CategoryCredit || l.Amount < 0:
			u.Credits -= l.Amount
		case ch != nil && ch.Kind == KindShortfall:
			u.Shortfall += l.Amount
		case ch != nil && ch.Kind == KindUpfront:
		default:
			u.Spend += l.Amount
			if ch != nil && ch.Kind == KindGPUHours {
				u.GPUHours += l.Quantity
			}
		}
	}
	return out
}

// monthOf is the first day of t's month in zone.
func monthOf(t time.Time, zone *time.Location) Date {
	t = t.In(zone)
	return NewDate(t.Year(), t.Month(), 1)
}
