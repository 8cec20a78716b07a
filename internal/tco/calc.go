package tco

import (
	"fmt"
	"math"
)

// hoursPerMonth is the average month (8,760 h / 12) that the cost
// reference and every vendor's monthly price use.
const hoursPerMonth = 730.0

// maxRetryShare caps the first-order retry formula, which is only valid
// while restarts are rare relative to the checkpoint interval; past this
// the job barely progresses and the figure says so with a warning.
const maxRetryShare = 0.9

// scenario picks which end of each fallback assumption a calculation uses:
// the estimate, or the low or high end of the TCO range.
type scenario uint8

const (
	mid scenario = iota
	low
	high
)

// point is where on the sensitivity grid a calculation sits.
type point struct {
	util    float64
	restart scenario // which end of the restart-rate assumptions
}

// engine holds the assumptions for one Compute call.
type engine struct{ a *Assumptions }

// figure is one rounded amount, in the currency of the price behind it and
// in the evaluation currency.
type figure struct {
	orig, eval Money
	fx         FXRate
}

// retry is the retry-waste model for one quote and restart level.
type retry struct {
	share       float64 // W, the capped share of busy time lost
	raw         float64 // W before the cap
	preemptions bool    // marketplace: the rate is preemptions, not failures
	perNodeDay  float64
	perHour     float64 // λ for the whole job
	write       float64 // checkpoint write time, h
	interval    float64 // checkpoint interval, h
	restart     float64 // restart time, h
}

// calc is one quote evaluated at one scenario and grid point: the inputs
// the basis texts quote and the rounded lines.
type calc struct {
	committed bool
	rate      price
	gpus      float64
	util      float64
	busyBase  float64 // u × GPUs × 730, GPU-h
	burst     float64 // GPU-h
	idleHours float64 // GPU-h paid but not busy
	unitHours float64 // billing unit for rounding; 0 when not rounded
	excessJob float64 // h of rounding per job
	retry     retry
	storage   price
	egress    price
	support   price // share when the support term is missing
	// supportTiered: the missing support term is priced by the market's
	// tiered plan rather than the flat share in support.
	supportTiered bool
	engHours      float64
	engRate       Assumption
	compute       figure // the whole compute bill
	// burstApart: burst hours are beyond capacity paid whether used or
	// not, so they are billed at burstRate, not at the reserved rate.
	burstApart bool
	burstRate  price
	lines      [numLines]figure
	tco        int64 // evaluation minor units, sum of the lines
	contract   Contract
	units      float64
	costMinor  float64 // monthly equivalent / units, unrounded, for ranking
}

// retryAt applies cost-reference §6.9: W = C/τ + λ(τ/2 + R), with λ the
// whole job's restart rate (nodes × per-node rate). A model API bills per
// request, so the provider absorbs its failures.
func (e *engine) retryAt(q *Quote, level scenario) retry {
	if q.RentalModel == ModelAPI {
		return retry{}
	}
	a := e.a
	r := retry{
		preemptions: q.RentalModel == Marketplace,
		write:       a.CheckpointWriteHours.Value,
		interval:    a.CheckpointIntervalHours.Value,
		restart:     a.RestartHours.Value,
	}
	rate := a.NodeFailuresPerNodeDay
	if r.preemptions {
		rate = a.PreemptionsPerNodeDay
	}
	r.perNodeDay = rate.at(level)
	r.perHour = float64(q.Nodes) * r.perNodeDay / 24
	r.raw = r.write/r.interval + r.perHour*(r.interval/2+r.restart)
	r.share = math.Min(r.raw, maxRetryShare)
	return r
}

// calc evaluates one prepared quote.
func (e *engine) calc(p *prepared, sc scenario, pt point) (calc, error) {
	a, q := e.a, p.q
	c := calc{
		committed: p.committedAt(sc),
		rate:      resolve(q.RatePerGPUHour, p.rate, q.Currency, p.rateFallback, sc),
		gpus:      float64(q.GPUs()),
		util:      pt.util,
		burst:     a.BurstGPUHoursPerMonth.Value,
		retry:     e.retryAt(q, pt.restart),
	}
	c.busyBase = c.util * c.gpus * hoursPerMonth
	c.burstApart = c.committed && c.burst > 0
	c.burstRate = c.rate
	if c.burstApart {
		c.burstRate = p.burstRateAt(c.rate, sc)
	}
	switch {
	case c.committed:
		c.idleHours = (1 - c.util) * c.gpus * hoursPerMonth
	case q.RentalModel != ModelAPI:
		c.unitHours = p.unitHoursAt(sc)
		l := a.MeanJobHours.Value
		if l > 0 {
			// The tolerance stops 0.25 h / (1/60 h) = 15.000000000000002
			// from billing a sixteenth minute.
			c.excessJob = math.Ceil(l/c.unitHours-1e-9)*c.unitHours - l
		}
		c.idleHours = a.JobsPerMonth.Value * c.gpus * c.excessJob
	}
	if err := e.computeLines(&c); err != nil {
		return calc{}, err
	}

	var err error
	set := func(i int, amount float64, cur string) {
		if err == nil {
			c.lines[i], err = e.money(amount, cur)
		}
	}
	c.storage = resolve(q.StoragePerTBMonth, p.storage, q.Currency, a.MarketStoragePerTBMonth, sc)
	set(lineStorage, a.StoredTB.Value*c.storage.value, c.storage.currency)
	set(lineSnapshots, a.SnapshotTB.Value*c.storage.value, c.storage.currency)
	c.egress = resolve(q.EgressPerGB, p.egress, q.Currency, a.MarketEgressPerGB, sc)
	set(lineEgress, a.EgressTBPerMonth.Value*1000*c.egress.value, c.egress.currency)
	if p.support == StatusStated {
		c.support = price{value: q.SupportPerMonth.Value, currency: q.Currency, stated: true}
		set(lineSupport, c.support.value, q.Currency)
	} else {
		// A price of the converted compute bill, so it is already in the
		// evaluation currency: the tiered plan, or a flat share at the ends.
		amount, ferr := e.supportFallback(c.compute.eval, sc)
		if ferr != nil {
			return calc{}, ferr
		}
		c.support = price{value: a.MarketSupportShare.at(sc), currency: a.Currency}
		c.supportTiered = sc == mid && len(a.MarketSupport.Tiers) > 0
		set(lineSupport, amount, a.Currency)
	}
	c.engHours, c.engRate = p.engHours.Value, a.EngineeringRate
	set(lineEngineering, c.engHours*c.engRate.Value, c.engRate.Currency)
	if err != nil {
		return calc{}, err
	}

	for _, l := range c.lines {
		c.tco += l.eval.Minor
	}
	if c.contract, err = e.contractFor(p, c.tco); err != nil {
		return calc{}, err
	}
	// Slower capacity does less work per useful GPU-hour: the units follow
	// the relative throughput.
	useful := (c.busyBase + c.burst) * (1 - c.retry.share)
	// At the high end of the range an unknown fabric runs at its slow end.
	speed := q.Speed.factor()
	if sc == high {
		speed = q.Speed.low()
	}
	c.units = useful * speed / a.GPUHoursPerUnit.Value
	// A minimum spend or an upfront payment is owed whatever the usage:
	// the cost of a unit is the monthly equivalent of the contract.
	c.costMinor = float64(c.contract.Monthly.Minor) / c.units
	if !(c.units > 0) {
		return calc{}, fmt.Errorf("%w: the quote yields no accepted units, so a unit has no cost", ErrInvalid)
	}
	if err := bounded(c.costMinor); err != nil {
		return calc{}, fmt.Errorf("cost per unit: %w", err)
	}
	return c, nil
}

// computeLines splits the compute bill into its four lines by rounding
// running totals: each line is the difference of two rounded cumulative
// sums, so the lines add up to exactly the rounded bill (committed plus
// idle is what is paid, never counted twice) and none goes negative. Each
// line is within one minor unit of its own rounding; the first line, and
// every line that follows only zero lines, is exactly its own rounding.
//
// Burst hours on capacity paid whether used or not are beyond what was
// reserved, so they are a second bill at the burst rate (the quote's
// on-demand price, else the market's), split the same way into useful
// burst and its retry waste; on pay-as-you-go capacity they are billed at
// the quote's rate with everything else and the second bill is empty.
func (e *engine) computeLines(c *calc) error {
	w := c.retry.share
	mainBurst, extraBurst := c.burst, 0.0
	if c.burstApart {
		mainBurst, extraBurst = 0, c.burst
	}
	main, err := e.bill(c.rate, [4]float64{c.busyBase * (1 - w), mainBurst * (1 - w), (c.busyBase + mainBurst) * w, c.idleHours})
	if err != nil {
		return err
	}
	extra, err := e.bill(c.burstRate, [4]float64{extraBurst * (1 - w), extraBurst * w})
	if err != nil {
		return err
	}
	c.lines[lineCommitted], c.lines[lineIdle] = main.lines[0], main.lines[3]
	c.lines[lineBurst] = main.lines[1].plus(extra.lines[0])
	c.lines[lineRetry] = main.lines[2].plus(extra.lines[1])
	c.compute = main.total.plus(extra.total)
	return nil
}

// bill is one compute bill split into lines by rounded running totals.
type bill struct {
	lines [4]figure
	total figure
}

// bill prices GPU-hours at one rate, step by step (see computeLines).
func (e *engine) bill(rate price, hours [4]float64) (bill, error) {
	cur := rate.currency
	var b bill
	if hours == [4]float64{} {
		// No hours at this rate (burst on pay-as-you-go capacity): an
		// empty bill, without converting zeros.
		zero := figure{orig: Money{Currency: cur}, eval: Money{Currency: e.a.Currency}}
		b.lines, b.total = [4]figure{zero, zero, zero, zero}, zero
		return b, nil
	}
	sc := scale(cur)
	var cum float64
	var prevOrig, prevEval int64
	var fx FXRate
	for i, h := range hours {
		cum += h
		raw := cum * rate.value * sc
		if err := bounded(raw); err != nil {
			return bill{}, err
		}
		o := roundHalfAway(raw)
		ev, r, err := e.convert(o, cur)
		if err != nil {
			return bill{}, err
		}
		fx = r
		b.lines[i] = figure{
			orig: Money{Minor: o - prevOrig, Currency: cur},
			eval: Money{Minor: ev - prevEval, Currency: e.a.Currency},
			fx:   fx,
		}
		prevOrig, prevEval = o, ev
	}
	b.total = figure{orig: Money{Minor: prevOrig, Currency: cur}, eval: Money{Minor: prevEval, Currency: e.a.Currency}, fx: fx}
	return b, nil
}

// plus adds two figures. A figure that is zero takes the other's currency
// and rate; two amounts in different price currencies have no one
// original, so the sum is shown in the evaluation currency only.
func (f figure) plus(g figure) figure {
	switch {
	case g.orig.Minor == 0 && g.eval.Minor == 0:
		return f
	case f.orig.Minor == 0 && f.eval.Minor == 0:
		return g
	}
	out := figure{eval: Money{Minor: f.eval.Minor + g.eval.Minor, Currency: f.eval.Currency}, fx: f.fx}
	if f.orig.Currency == g.orig.Currency {
		out.orig = Money{Minor: f.orig.Minor + g.orig.Minor, Currency: f.orig.Currency}
	} else {
		out.orig, out.fx = out.eval, FXRate{}
	}
	return out
}
