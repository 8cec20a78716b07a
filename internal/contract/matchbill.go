package contract

import "math/big"

// dueShortfalls works out, per month of the bill, the shortfall the
// commitment allows the vendor to charge: the committed amount less what
// the bill's contracted usage came to (for a usage commitment, the hours
// short priced at the GPU-hour rate). A term commitment is due in full only
// on the bill that covers the term's last month.
func (m *matcher) dueShortfalls() {
	cm := m.c.Commitment
	if cm == nil {
		return
	}
	use := UseFromBill(m.c, m.in.Bill)
	lastMonth := m.c.Dates.End().AddDays(-1)
	lastMonth = NewDate(lastMonth.Year(), lastMonth.Month(), 1)
	var usedTerm Micros
	if cm.Period == "term" {
		usedTerm = m.in.UsedBefore
		for _, u := range use {
			usedTerm += m.used(u)
		}
	}
	for _, u := range use {
		switch {
		case cm.Period == "month":
			m.due[u.Month] = m.priced(max(0, cm.Amount-m.used(u)))
		case u.Month == lastMonth:
			m.due[u.Month] = m.priced(max(0, cm.Amount-usedTerm))
		}
	}
}

// used is a month's use in the commitment's unit.
func (m *matcher) used(u MonthUse) Micros {
	if m.c.Commitment.Kind == CommitUsage {
		return u.GPUHours
	}
	return u.Spend
}

// priced turns a shortfall in the commitment's unit into currency.
func (m *matcher) priced(short Micros) Micros {
	if m.c.Commitment.Kind == CommitUsage {
		return amount(short, m.c.gpuRate())
	}
	return short
}

// shortfall checks a minimum-commitment shortfall charge against what is
// still due for its month; what it charges beyond that is the exception.
func (m *matcher) shortfall(l Line) []Exception {
	month := monthOf(l.PeriodStart, m.c.Zone)
	allowed := min(l.Amount, m.due[month])
	m.due[month] -= allowed
	return m.exception(l, ShortfallCharge, l.Amount-allowed)
}

// creditsToClaims matches the bill's credits to the open claims in order;
// each claim not fully credited is an exception for what is missing.
func (m *matcher) creditsToClaims() ([]Exception, []ClaimCredit) {
	left := m.credited
	var out []Exception
	var credited []ClaimCredit
	for _, cl := range m.in.OpenClaims {
		want := Micros(new(big.Int).Mul(big.NewInt(cl.Amount.Minor), big.NewInt(microsPerUnit/scaleOf(m.c.Currency))).Int64())
		got := min(left, want)
		left -= got
		credited = append(credited, ClaimCredit{Month: cl.Month, Claimed: cl.Amount, Credited: m.c.money(got)})
		if missing := want - got; toMinor(missing, m.c.Currency) > 0 {
			out = append(out, Exception{Reason: MissingCredit, Amount: m.c.money(missing)})
		}
	}
	return out, credited
}

// totalMismatch compares the lines' sum with the invoice's printed total.
func (m *matcher) totalMismatch() []Exception {
	if m.in.StatedTotal == nil {
		return nil
	}
	diff := *m.in.StatedTotal - m.in.Bill.Total()
	if toMinor(diff, m.c.Currency) == 0 {
		return nil
	}
	return []Exception{{Reason: TotalMismatch, Amount: m.c.money(diff)}}
}
