package contract

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"time"
)

// Outage is a span during which some of the contract's nodes did not
// deliver: entered by hand, or read from health evidence (a node failing
// its health gate, Xid lines).
type Outage struct {
	Start  time.Time `json:"start"`
	End    time.Time `json:"end"`
	Nodes  int       `json:"nodes"`
	Source string    `json:"source"`
}

// Validate refuses an outage that cannot have happened.
func (o Outage) Validate(c Capacity) error {
	switch {
	case o.Start.IsZero() || !o.End.After(o.Start):
		return errors.New("end: must be after start")
	case o.Nodes < 1:
		return errors.New("nodes: must be 1 or more")
	case c.GPUsPerNode > 0 && o.Nodes*c.GPUsPerNode > c.GPUs:
		return fmt.Errorf("nodes: the contract has %d nodes", c.GPUs/c.GPUsPerNode)
	}
	return nil
}

// Pct is a percentage in hundredths of a percent: 9990 is 99.90 %.
type Pct int64

// String writes "99.90".
func (p Pct) String() string { return fmt.Sprintf("%d.%02d", p/100, p%100) }

// MarshalText writes "99.90", so JSON shows the percentage, not 9990.
func (p Pct) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads a percentage with at most two decimals, "99.9".
func (p *Pct) UnmarshalText(b []byte) error {
	v, err := parseFixed(string(b), 2, false)
	if err != nil {
		return err
	}
	*p = Pct(v / 10_000)
	return nil
}

// CreditStep gives CreditPct of the month's charges when availability is
// below BelowPct.
type CreditStep struct {
	BelowPct  Pct `json:"below_pct"`
	CreditPct Pct `json:"credit_pct"`
}

// SLA is the contract's uptime promise.
type SLA struct {
	UptimePct Pct          `json:"uptime_pct"`
	Credits   []CreditStep `json:"credits"`
	ClaimDays int          `json:"claim_days"` // days after the month ends to claim
}

// Availability is delivered node-time over contracted node-time in a span.
type Availability struct {
	Down, Total int64 // node-seconds
}

// Pct is the availability in hundredths of a percent, rounded down, so
// that 99.899 % is not shown as meeting 99.90 %.
func (a Availability) Pct() Pct {
	if a.Total == 0 {
		return 10000
	}
	up := new(big.Int).Mul(big.NewInt(a.Total-a.Down), big.NewInt(10000))
	return Pct(up.Quo(up, big.NewInt(a.Total)).Int64())
}

// below reports exactly whether the availability is under p.
func (a Availability) below(p Pct) bool {
	up := new(big.Int).Mul(big.NewInt(a.Total-a.Down), big.NewInt(10000))
	return up.Cmp(new(big.Int).Mul(big.NewInt(a.Total), big.NewInt(int64(p)))) < 0
}

// AvailabilityIn is the availability of nodes nodes over [from, to), given
// the outages. Down time is capped at the total, so overlapping records of
// one failure cannot make it negative.
func AvailabilityIn(nodes int, outages []Outage, from, to time.Time) Availability {
	a := Availability{Total: int64(nodes) * seconds(from, to)}
	for _, o := range outages {
		a.Down += int64(o.Nodes) * overlap(o, from, to)
	}
	a.Down = min(a.Down, a.Total)
	return a
}

// overlap is the seconds of o within [from, to).
func overlap(o Outage, from, to time.Time) int64 {
	s, e := o.Start, o.End
	if s.Before(from) {
		s = from
	}
	if e.After(to) {
		e = to
	}
	return seconds(s, e)
}

func seconds(from, to time.Time) int64 {
	if !to.After(from) {
		return 0
	}
	return int64(to.Sub(from) / time.Second)
}

// CreditClaim is a drafted claim for one month's SLA breach.
type CreditClaim struct {
	Month        Date     `json:"month"` // the first day of the month
	Availability Pct      `json:"availability_pct"`
	CreditPct    Pct      `json:"credit_pct"`
	Amount       Money    `json:"amount"`
	Deadline     Date     `json:"deadline"` // the last day to claim
	Evidence     []Outage `json:"evidence"`
}

// MonthCharge is what a month of the contract was charged, the base a
// credit percentage applies to.
type MonthCharge struct {
	Month  Date // first day of the month
	Amount Micros
}

// Claims drafts a credit claim for every month below the SLA's uptime:
// the credit is the highest step whose threshold the availability is
// under, applied to the month's charges; the deadline is the month's end
// plus the claim window.
func Claims(c Contract, charges []MonthCharge, outages []Outage) []CreditClaim {
	if c.SLA == nil || c.Capacity.GPUsPerNode == 0 {
		return nil
	}
	nodes := c.Capacity.GPUs / c.Capacity.GPUsPerNode
	var out []CreditClaim
	for _, mc := range charges {
		from, to := mc.Month.Start(c.Zone), mc.Month.AddMonths(1).Start(c.Zone)
		a := AvailabilityIn(nodes, outages, from, to)
		if !a.below(c.SLA.UptimePct) {
			continue
		}
		credit := creditPct(c.SLA.Credits, a)
		cl := CreditClaim{Month: mc.Month, Availability: a.Pct(), CreditPct: credit,
			Amount:   c.money(Micros(roundDiv(new(big.Int).Mul(big.NewInt(int64(mc.Amount)), big.NewInt(int64(credit))), 10000))),
			Deadline: mc.Month.AddMonths(1).AddDays(c.SLA.ClaimDays - 1)}
		for _, o := range outages {
			if overlap(o, from, to) > 0 {
				cl.Evidence = append(cl.Evidence, o)
			}
		}
		out = append(out, cl)
	}
	return out
}

// creditPct is the largest credit among the steps a is below.
func creditPct(steps []CreditStep, a Availability) Pct {
	var best Pct
	for _, s := range steps {
		if a.below(s.BelowPct) {
			best = max(best, s.CreditPct)
		}
	}
	return best
}

// ValidateSLA refuses a schedule that cannot be applied.
func ValidateSLA(s SLA) error {
	if s.UptimePct <= 0 || s.UptimePct > 10000 {
		return errors.New("sla.uptime_pct: must be above 0 and at most 100")
	}
	if s.ClaimDays < 1 || s.ClaimDays > 365 {
		return errors.New("sla.claim_days: must be 1 to 365")
	}
	for i, st := range s.Credits {
		if st.BelowPct <= 0 || st.BelowPct > s.UptimePct || st.CreditPct <= 0 || st.CreditPct > 10000 {
			return fmt.Errorf("sla.credits[%d]: below_pct must be at most the uptime and credit_pct 0 to 100", i)
		}
	}
	if !slices.IsSortedFunc(s.Credits, func(a, b CreditStep) int { return int(b.BelowPct - a.BelowPct) }) {
		return errors.New("sla.credits: list the steps from the highest below_pct down")
	}
	return nil
}
