package contract

import (
	"math/big"
	"time"
)

// Match checks every line of a bill three ways: against the contract's
// rates and fee terms, against the capacity delivered (the contract's GPUs
// less recorded outages, per charge period) and, with the open credit
// claims and the invoice's printed total, against the bill as a whole.
func Match(in MatchInput) Result {
	m := &matcher{in: in, c: in.Contract, billed: map[span]Micros{}, due: map[Date]Micros{}}
	m.dueShortfalls()
	res := Result{Total: m.c.money(in.Bill.Total())}
	for _, l := range in.Bill.Lines {
		res.Lines = append(res.Lines, m.line(l))
	}
	missing, credited := m.creditsToClaims()
	res.BillExceptions, res.ClaimsCredited = append(missing, m.totalMismatch()...), credited
	res.ShouldBePaid = PayYes
	var disputed int64
	for _, e := range res.Exceptions() {
		disputed += e.Amount.Minor
		res.ShouldBePaid = PayException
	}
	for _, e := range res.BillExceptions {
		if e.Reason == TotalMismatch {
			res.ShouldBePaid = PayNo
		}
	}
	res.Disputed = Money{Minor: disputed, Currency: m.c.Currency}
	return res
}

type span struct{ from, to time.Time }

type matcher struct {
	in       MatchInput
	c        Contract
	billed   map[span]Micros // GPU-hours billed so far per charge period
	due      map[Date]Micros // shortfall still due per month
	credited Micros          // credits on the bill, as a positive amount
}

// line matches one bill line.
func (m *matcher) line(l Line) LineMatch {
	lm := LineMatch{Line: l.Line, Match: "ok"}
	ch := m.c.findCharge(l)
	switch {
	case l.Category == CategoryTax:
		// Taxes follow the law, not the contract; they count in the total.
	case l.Category == CategoryCredit || l.Amount < 0:
		m.credited -= l.Amount
	case ch == nil && l.CommitmentDiscountStatus == "Unused":
		lm.Exceptions = m.shortfall(l)
	case ch == nil:
		lm.Exceptions = m.exception(l, ChargeNotInContract, l.Amount)
	default:
		lm.Charge = ch.Name
		lm.Exceptions = m.charged(l, *ch)
	}
	if len(lm.Exceptions) > 0 {
		lm.Match = "exception"
	}
	return lm
}

// charged checks a line that names a contracted charge.
func (m *matcher) charged(l Line, ch Charge) []Exception {
	switch ch.Kind {
	case KindShortfall:
		return m.shortfall(l)
	case KindEgress, KindStorage:
		return m.exception(l, AboveQuotedPrice, l.Amount-amount(l.Quantity, ch.Rate))
	case KindGPUHours:
		ex := m.exception(l, RateAboveContract, l.Amount-amount(l.Quantity, ch.Rate))
		return append(ex, m.exception(l, QuantityAboveDelivered, amount(m.overDelivered(l), ch.Rate))...)
	default:
		return m.exception(l, RateAboveContract, l.Amount-amount(l.Quantity, ch.Rate))
	}
}

// exception is one exception worth extra, or none when extra rounds to
// nothing in the currency.
func (m *matcher) exception(l Line, r Reason, extra Micros) []Exception {
	if toMinor(extra, m.c.Currency) <= 0 {
		return nil
	}
	return []Exception{{Line: l.Line, Reason: r, Amount: m.c.money(extra)}}
}

// overDelivered is the part of l's GPU-hours that, with the lines before
// it for the same charge period, exceeds what was delivered in it.
func (m *matcher) overDelivered(l Line) Micros {
	k := span{l.PeriodStart, l.PeriodEnd}
	before := m.billed[k]
	m.billed[k] = before + l.Quantity
	delivered := m.delivered(l.PeriodStart, l.PeriodEnd)
	return max(0, before+l.Quantity-max(before, delivered))
}

// delivered is the GPU-hours the contract delivered in [from, to): its
// GPUs over the part of the span the contract was in force, less the GPUs
// of nodes recorded down.
func (m *matcher) delivered(from, to time.Time) Micros {
	cp := m.c.Capacity
	if start := m.c.Dates.Start.Start(m.c.Zone); from.Before(start) {
		from = start
	}
	if end := m.c.Dates.FinalEnd().Start(m.c.Zone); to.After(end) {
		to = end
	}
	gpuSeconds := int64(cp.GPUs) * seconds(from, to)
	for _, o := range m.in.Outages {
		gpuSeconds -= int64(o.Nodes*cp.GPUsPerNode) * overlap(o, from, to)
	}
	gpuSeconds = max(0, gpuSeconds)
	micro := new(big.Int).Mul(big.NewInt(gpuSeconds), big.NewInt(microsPerUnit))
	return Micros(micro.Quo(micro, big.NewInt(3600)).Int64())
}
