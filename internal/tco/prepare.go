package tco

import "fmt"

// Quote term keys, as named in the quote CSV contract, used in
// [Missing.Term] so the UI can point at the field to chase.
const (
	TermRate         = "price_per_gpu_hour"
	TermOnDemandRate = "on_demand_price_per_gpu_hour"
	TermBillingUnit  = "billing_unit"
	TermMinTerm      = "min_term_months"
	TermStorage      = "storage_price_per_tb_month"
	TermEgress       = "egress_price_per_gb"
	TermSupport      = "support_price_per_month"
	TermNodes        = "nodes"
	TermMinSpend     = "min_spend"
	TermUpfront      = "upfront"
)

// Missing is a quote term the worksheet needed but the vendor did not
// state (or refused to); Assumption says what was used instead.
type Missing struct {
	Term       string // a Term* key
	Status     Status // StatusNotStated or StatusRefused
	Assumption string // the labelled assumption used in its place
}

// The fallbacks for a missing billing unit or minimum term are rules, not
// figures, so they live here rather than in Assumptions.
const (
	unitFallbackLabel = "evaluation default: billed per hour, the coarsest common unit (range: per second to per hour)"
	termFallbackLabel = "evaluation default: paid whether used or not, as a minimum term usually is (range: pay-as-you-go to committed)"
)

// prepared is one validated quote with everything that does not depend on
// the scenario resolved once, so the sensitivity grid only does arithmetic.
type prepared struct {
	q *Quote

	rate, storage, egress, support Status
	rateFallback                   Assumption

	// onDemand is the state of the burst rate; burstFallback the market's
	// on-demand rate for the GPU used when it is not stated (burstMarket
	// false: no reference, the quote's own rate, labelled).
	onDemand      Status
	burstFallback Assumption
	burstMarket   bool

	definite  bool // the rental model or a stated term decides commitment
	committed bool // meaningful when definite
	unitKnown bool // billing unit stated (or irrelevant)

	engHours Assumption
	missing  []Missing
	// byLine lists, per line, which missing terms the line rests on.
	byLine [numLines][]int
}

// prepare validates q against a and works out which terms are missing.
// A term is listed only when a line actually needs it: a billing unit does
// not matter to capacity paid by the month, storage price not when nothing
// is stored.
func prepare(q *Quote, a *Assumptions) (prepared, error) {
	if err := q.validate(); err != nil {
		return prepared{}, err
	}
	p := prepared{q: q}
	p.rate, _ = q.RatePerGPUHour.state()
	p.storage, _ = q.StoragePerTBMonth.state()
	p.egress, _ = q.EgressPerGB.state()
	p.support, _ = q.SupportPerMonth.state()
	unit, _ := q.BillingUnit.state()
	term, _ := q.MinTermMonths.state()

	p.definite = true
	switch {
	case q.RentalModel == Reserved || q.RentalModel == Buy:
		p.committed = true
	case unit == StatusStated && (q.BillingUnit.Value == PerMonth || q.BillingUnit.Value == PerBlock):
		p.committed = true
	case term == StatusStated:
		p.committed = q.MinTermMonths.Value > 0
	case q.RentalModel == SingleNode || q.RentalModel == ManagedCluster:
		// These are sold both ways; without a term we cannot tell.
		p.definite = false
	}
	usageBilled := !(p.definite && p.committed) && q.RentalModel != ModelAPI
	p.unitKnown = unit == StatusStated || !usageBilled

	eng, ok := a.EngineeringHours[q.RentalModel]
	if !ok {
		return prepared{}, fmt.Errorf("%w: assumptions: no engineering hours for rental model %q", ErrInvalid, q.RentalModel)
	}
	p.engHours = eng

	add := func(term string, st Status, label string, lines ...int) {
		p.missing = append(p.missing, Missing{Term: term, Status: st, Assumption: label})
		for _, l := range lines {
			p.byLine[l] = append(p.byLine[l], len(p.missing)-1)
		}
	}
	fallback := func(name string, v Assumption) error {
		if v.Value > 0 {
			return nil
		}
		return fmt.Errorf("%w: quote %q: %s is missing and the assumptions have no market reference for it", ErrInvalid, q.ID, name)
	}
	if q.NodesMissing != "" {
		add(TermNodes, q.NodesMissing, q.NodesAssumption, lineCommitted, lineBurst, lineIdle, lineRetry)
	}
	if p.rate != StatusStated {
		fb, ok := a.marketRate(q.GPUModel)
		if !ok {
			return prepared{}, fmt.Errorf("%w: quote %q: %s is missing and the assumptions have no market rate for GPU model %q", ErrInvalid, q.ID, TermRate, q.GPUModel)
		}
		p.rateFallback = fb
		add(TermRate, p.rate, "for "+q.GPUModel+": "+fb.label(), lineCommitted, lineBurst, lineIdle, lineRetry)
	}
	p.onDemand, _ = q.OnDemandRate.state()
	if p.onDemand != StatusStated {
		p.burstFallback, p.burstMarket = a.marketRate(q.GPUModel)
	}
	if p.onDemand != StatusStated && a.BurstGPUHoursPerMonth.Value > 0 && (p.committed || !p.definite) {
		label := "for " + q.GPUModel + ", the market's on-demand rate: " + p.burstFallback.label()
		if !p.burstMarket {
			label = "the quote's own rate: no market on-demand rate for " + q.GPUModel
		}
		add(TermOnDemandRate, p.onDemand, label, lineBurst, lineRetry)
	}
	if !p.unitKnown {
		add(TermBillingUnit, unit, unitFallbackLabel, lineIdle)
	}
	if !p.definite {
		add(TermMinTerm, term, termFallbackLabel, lineIdle)
	}
	if p.storage != StatusStated && (a.StoredTB.Value > 0 || a.SnapshotTB.Value > 0) {
		if err := fallback(TermStorage, a.MarketStoragePerTBMonth); err != nil {
			return prepared{}, err
		}
		add(TermStorage, p.storage, a.MarketStoragePerTBMonth.label(), lineStorage, lineSnapshots)
	}
	if p.egress != StatusStated && a.EgressTBPerMonth.Value > 0 {
		if err := fallback(TermEgress, a.MarketEgressPerGB); err != nil {
			return prepared{}, err
		}
		add(TermEgress, p.egress, a.MarketEgressPerGB.label(), lineEgress)
	}
	if p.support != StatusStated {
		if err := fallback(TermSupport, a.MarketSupportShare); err != nil {
			return prepared{}, err
		}
		add(TermSupport, p.support, a.supportLabel(), lineSupport)
	}
	return p, nil
}

// committedAt says whether capacity is paid whether used or not in a
// scenario. When the quote leaves it open, the conservative reading
// (committed) is the estimate and pay-as-you-go the low end.
func (p *prepared) committedAt(sc scenario) bool {
	if p.definite {
		return p.committed
	}
	return sc != low
}

// unitHoursAt is the billing unit's length for job rounding; a missing unit
// is hourly, per second at the low end.
func (p *prepared) unitHoursAt(sc scenario) float64 {
	if p.q.BillingUnit.Known {
		h, _ := p.q.BillingUnit.Value.hours()
		return h
	}
	if sc == low {
		return 1.0 / 3600
	}
	return 1
}

// burstRateAt is the price of burst hours beyond committed capacity: the
// stated on-demand rate, the market's for the GPU at this end of its
// range, or else the quote's own rate.
func (p *prepared) burstRateAt(rate price, sc scenario) price {
	switch {
	case p.onDemand == StatusStated:
		return price{value: p.q.OnDemandRate.Value, currency: p.q.Currency, stated: true}
	case p.burstMarket:
		return price{value: p.burstFallback.at(sc), currency: p.burstFallback.Currency}
	}
	return rate
}

// price is a resolved price: the stated term, or the fallback's value at
// the scenario's end of its range.
type price struct {
	value    float64
	currency string
	stated   bool
}

func resolve(t Term[float64], st Status, quoteCur string, fb Assumption, sc scenario) price {
	if st == StatusStated {
		return price{value: t.Value, currency: quoteCur, stated: true}
	}
	return price{value: fb.at(sc), currency: fb.Currency}
}
