package decision

import "math"

// buyCheck is one condition for buying: the reason when it holds, the
// reason when it does not, and the conditions that would make it hold.
type buyCheck struct {
	ok    bool
	holds Statement
	fails Statement
	needs []Statement
}

// rentKeys are the statement keys that name the rental a purchase is
// measured against, one per [RentKind].
type rentKeys struct{ inside, tooLate, never, rentFalls, buyIf string }

var rentKeysOf = map[RentKind]rentKeys{
	RentReserved: {
		inside:    "decision.reason.breakeven_inside_horizon.reserved",
		tooLate:   "decision.reason.breakeven_too_late.reserved",
		never:     "decision.reason.breakeven_never.reserved",
		rentFalls: "decision.change.rent_falls.reserved",
		buyIf:     "decision.change.buy_if.breakeven.reserved",
	},
	RentOnDemand: {
		inside:    "decision.reason.breakeven_inside_horizon.on_demand",
		tooLate:   "decision.reason.breakeven_too_late.on_demand",
		never:     "decision.reason.breakeven_never.on_demand",
		rentFalls: "decision.change.rent_falls.on_demand",
		buyIf:     "decision.change.buy_if.breakeven.on_demand",
	},
}

// breakEvenLimit is how many months a purchase may take to break even and
// still count as well inside the horizon and the depreciation life.
func (d *decider) breakEvenLimit() float64 {
	return math.Min(float64(d.in.Brief.HorizonMonths), d.in.Buy.DepreciationYears.Value*12) * d.in.Policy.BreakEvenShare
}

// buyChecks are PRODUCT.md's conditions for buying: very high utilisation,
// a break-even well inside horizon and depreciation life, data-centre
// skills and capital approval. Each carries its reason either way, so a
// reserve answer can say exactly what stands between it and buying.
func (d *decider) buyChecks() []buyCheck {
	b, p, cur := d.in.Brief, d.in.Policy, d.in.Currency
	u := b.BaselineUtilization
	limit := d.breakEvenLimit()
	depreciation := Fact{Name: "DepreciationYears", Value: num(d.in.Buy.DepreciationYears.Value), Unit: "years"}
	limitFacts := []Fact{monthsFact("BreakEvenLimitMonths", limit), intFact("HorizonMonths", b.HorizonMonths),
		depreciation, percentFact("BreakEvenShare", p.BreakEvenShare)}

	checks := []buyCheck{{
		ok: u >= p.BuyMinUtilization,
		holds: st("decision.reason.stable_high_utilization",
			percentFact("Utilization", u), intFact("HorizonMonths", b.HorizonMonths), percentFact("BuyMinUtilization", p.BuyMinUtilization)),
		fails: st("decision.reason.buy_utilization_low",
			percentFact("Utilization", u), percentFact("BuyMinUtilization", p.BuyMinUtilization)),
		needs: []Statement{st("decision.change.buy_if.utilization",
			percentFact("BuyMinUtilization", p.BuyMinUtilization), percentFact("Utilization", u))},
	}}

	be := d.a.beBuy
	beCheck := buyCheck{}
	switch {
	case be == nil:
		beCheck.fails = st("decision.reason.breakeven_unknown", intFact("FleetGPUs", d.a.fleet))
		beCheck.needs = []Statement{st("decision.change.buy_if.breakeven_known", intFact("FleetGPUs", d.a.fleet))}
	case be.Never:
		beCheck.fails = st(rentKeysOf[be.Against].never,
			append([]Fact{wordFact("RentKind", string(be.Against)), boolFact("BreakEvenNever", true)}, d.beFacts(be)...)...)
	default:
		facts := append([]Fact{wordFact("RentKind", string(be.Against)), monthsFact("BreakEvenMonths", be.Months),
			yearsFact("BreakEvenYears", be.Months)}, d.beFacts(be)...)
		facts = append(facts, limitFacts...)
		beCheck.ok = be.Months <= limit
		beCheck.holds = st(rentKeysOf[be.Against].inside, facts...)
		beCheck.fails = st(rentKeysOf[be.Against].tooLate, facts...)
	}
	if be != nil && !beCheck.ok {
		if need := rateForBreakEven(d.in.Buy.PurchasePerGPU.Value, d.a.opex, limit, be.Utilization); need > 0 {
			beCheck.needs = append(beCheck.needs, st(rentKeysOf[be.Against].buyIf,
				rateFact("RentRateNeeded", cur, need), monthsFact("BreakEvenLimitMonths", limit), currencyFact(cur)))
			if float64(b.HorizonMonths) < d.in.Buy.DepreciationYears.Value*12 {
				beCheck.needs = append(beCheck.needs, st("decision.change.buy_if.longer_horizon",
					intFact("HorizonMonths", b.HorizonMonths), depreciation))
			}
		}
	}
	// The guide's "avoid buying when": what owned hardware cannot give.
	guide := buyCheck{ok: !(b.Scaling == "fast" || b.GPUFamilyFlexibility || b.ManagedSupport || b.Regions == "global")}
	guideFacts := []Fact{boolFact("FastScaling", b.Scaling == "fast"), boolFact("GPUFamilyFlexibility", b.GPUFamilyFlexibility),
		boolFact("ManagedSupport", b.ManagedSupport), boolFact("GlobalRegions", b.Regions == "global")}
	guide.holds = st("decision.reason.buy_not_ruled_out", guideFacts...)
	guide.fails = st("decision.reason.buy_ruled_out", guideFacts...)
	checks = append(checks, beCheck, guide,
		buyCheck{
			ok:    b.OpsStaff,
			holds: st("decision.reason.ops_staff", boolFact("OpsStaff", true)),
			fails: st("decision.reason.no_ops_staff", boolFact("OpsStaff", false)),
			needs: []Statement{st("decision.change.buy_if.ops_staff", boolFact("OpsStaff", false))},
		},
		buyCheck{
			ok:    b.CapitalApproved,
			holds: st("decision.reason.capital_approved", boolFact("CapitalApproved", true)),
			fails: st("decision.reason.no_capital", boolFact("CapitalApproved", false)),
			needs: []Statement{st("decision.change.buy_if.capital", boolFact("CapitalApproved", false))},
		})
	return checks
}

// beFacts are the figures of a break-even's formula.
func (d *decider) beFacts(be *BreakEven) []Fact {
	cur := d.in.Currency
	return []Fact{rateFact("BreakEvenRate", cur, be.RatePerGPUHour), percentFact("BreakEvenUtilization", be.Utilization),
		moneyFact("CapexPerGPU", cur, be.CapexPerGPU), moneyFact("OpexPerGPUMonth", cur, be.OpexPerGPUMonth), currencyFact(cur)}
}

// commitOrNot chooses among buy, reserve and on demand for a stable,
// long-enough load, then holds any commitment back until its benchmarks are
// in.
func (d *decider) commitOrNot() {
	checks := d.buyChecks()
	buy := true
	for _, c := range checks {
		buy = buy && c.ok
	}
	u, uStar := d.in.Brief.BaselineUtilization, d.a.uStar
	reserve := uStar <= 0 || u >= uStar
	switch {
	case buy:
		d.r.Option = OptionBuy
	case reserve:
		d.r.Option = OptionReserve
	default:
		d.r.Option = OptionOnDemand
	}

	// A commitment without the benchmarks it needs is not made: the
	// reasons for it stay, so the reader sees what passing would unlock.
	var gate []Statement
	if d.r.Option != OptionOnDemand {
		gate = d.benchmarkGaps()
	}

	switch d.r.Option {
	case OptionBuy:
		for _, c := range checks {
			d.reason(c.holds)
		}
		d.buyChanges()
	case OptionReserve:
		d.reserveReasons()
		d.whyNotBuy(checks)
	default:
		d.r.Summary = st("decision.rec.on_demand")
		d.onDemandCheaper()
	}

	if len(gate) > 0 {
		candidate := string(d.r.Option)
		summary, fix := "decision.rec.not_ready_commit.reserve", "decision.change.fix_acceptance.reserve"
		if d.r.Option == OptionBuy {
			summary, fix = "decision.rec.not_ready_commit.buy", "decision.change.fix_acceptance.buy"
		}
		d.r.Option, d.r.NotReady = OptionOnDemand, true
		d.r.Summary = st(summary, wordFact("Candidate", candidate))
		d.r.Reasons = append(gate, d.r.Reasons...)
		d.r.ChangeIf = nil
		if d.in.Brief.MultiNode && !d.in.Benchmark.MultiNodeAllReducePassed {
			d.change(passBenchmarkChange())
		}
		if d.in.Benchmark.SuiteFailed > 0 {
			d.change(st(fix, intFact("SuiteFailed", d.in.Benchmark.SuiteFailed)))
		}
		return
	}
	if d.r.Option != OptionOnDemand && d.in.Benchmark.SuitePassed+d.in.Benchmark.SuiteFailed == 0 {
		d.r.Notes = append(d.r.Notes, st("decision.note.no_acceptance_results",
			intFact("SuitePassed", 0), intFact("SuiteFailed", 0)))
	}
}

func (d *decider) buyChanges() {
	d.r.Summary = st("decision.rec.buy")
	p, b, cur := d.in.Policy, d.in.Brief, d.in.Currency
	be := d.a.beBuy
	limit := d.breakEvenLimit()
	if need := rateForBreakEven(d.in.Buy.PurchasePerGPU.Value, d.a.opex, limit, be.Utilization); need > 0 {
		d.change(st(rentKeysOf[be.Against].rentFalls,
			rateFact("RentRateNeeded", cur, need), monthsFact("BreakEvenLimitMonths", limit),
			rateFact("BreakEvenRate", cur, be.RatePerGPUHour), currencyFact(cur)))
	}
	d.change(st("decision.change.utilization_below_buy",
		percentFact("Utilization", b.BaselineUtilization), percentFact("BuyMinUtilization", p.BuyMinUtilization)))
	d.change(st("decision.change.need_flexibility", intFact("HorizonMonths", b.HorizonMonths)))
}

func (d *decider) reserveReasons() {
	b, p := d.in.Brief, d.in.Policy
	d.r.Summary = st("decision.rec.reserve")
	d.reason(st("decision.reason.stable_baseline",
		wordFact("Stability", string(b.Stability)), intFact("HorizonMonths", b.HorizonMonths), intFact("MinReserveMonths", p.MinReserveMonths)))
	if d.a.uStar <= 0 {
		d.reason(st("decision.reason.reserve_unpriced",
			boolFact("OnDemandRateKnown", d.a.rates.OnDemand != nil), boolFact("ReservedRateKnown", d.a.rates.Reserved != nil)))
	} else {
		d.reason(d.perUsefulHour("decision.reason.reserve_cheaper"))
		d.change(st("decision.change.utilization_below_reserve",
			percentFact("ReserveBreakEvenUtilization", d.a.uStar), percentFact("Utilization", b.BaselineUtilization)))
	}
	d.change(st("decision.change.hardware_may_change", wordFact("Stability", string(b.Stability))))
}

// perUsefulHour compares reserved and on-demand per useful GPU-hour:
// reserved rate / utilisation against the on-demand rate. At zero
// utilisation there is no useful hour to divide by, so the idle key says
// so instead.
func (d *decider) perUsefulHour(key string) Statement {
	cur, u := d.in.Currency, d.in.Brief.BaselineUtilization
	res, od := d.a.rates.Reserved.PerGPUHour, d.a.rates.OnDemand.PerGPUHour
	facts := []Fact{percentFact("Utilization", u), rateFact("ReservedRate", cur, res), rateFact("OnDemandRate", cur, od),
		percentFact("ReserveBreakEvenUtilization", d.a.uStar), currencyFact(cur)}
	if u <= 0 {
		return st("decision.reason.on_demand_idle", facts...)
	}
	return st(key, append(facts, moneyFact("ReservedPerUsefulHour", cur, res/u))...)
}

func (d *decider) whyNotBuy(checks []buyCheck) {
	for _, c := range checks {
		if c.ok {
			continue
		}
		d.reason(c.fails)
		for _, s := range c.needs {
			d.change(s)
		}
	}
}

func (d *decider) onDemandCheaper() {
	d.reason(d.perUsefulHour("decision.reason.on_demand_cheaper"))
	d.change(st("decision.change.utilization_above_reserve",
		percentFact("ReserveBreakEvenUtilization", d.a.uStar), percentFact("Utilization", d.in.Brief.BaselineUtilization)))
}
