package decision

import (
	"fmt"
	"math"
	"strings"
)

// buyCheck is one condition for buying: the reason when it holds, the
// reason and the change-phrase when it does not.
type buyCheck struct {
	ok      bool
	holds   Statement
	fails   Statement
	phrase  string
	phraseF []Fact
}

// buyChecks are PRODUCT.md's conditions for buying: very high utilisation,
// a break-even well inside horizon and depreciation life, data-centre
// skills and capital approval. Each carries its reason either way, so a
// reserve answer can say exactly what stands between it and buying.
func (d *decider) buyChecks() []buyCheck {
	b, p, cur := d.in.Brief, d.in.Policy, d.in.Currency
	u := b.BaselineUtilization
	limit := math.Min(float64(b.HorizonMonths), d.in.Buy.DepreciationYears.Value*12) * p.BreakEvenShare
	limitFacts := []Fact{monthsFact("buy.breakeven_limit_months", limit), intFact("brief.horizon_months", b.HorizonMonths),
		Fact{Name: "buy.depreciation_years", Value: num(d.in.Buy.DepreciationYears.Value), Unit: "years"}, shareFact("policy.break_even_share", p.BreakEvenShare)}
	limitText := fmt.Sprintf("%s, %s of the shorter of the %d-month horizon and the %s-year depreciation life",
		months(limit), pct(p.BreakEvenShare), b.HorizonMonths, num(d.in.Buy.DepreciationYears.Value))

	checks := []buyCheck{{
		ok: u >= p.BuyMinUtilization,
		holds: st("reason.stable_high_utilization",
			fmt.Sprintf("The baseline is stable at %s utilisation for %d months; buying needs at least %s.", pct(u), b.HorizonMonths, pct(p.BuyMinUtilization)),
			shareFact("brief.baseline_utilization", u), intFact("brief.horizon_months", b.HorizonMonths), shareFact("policy.buy_min_utilization", p.BuyMinUtilization)),
		fails: st("reason.buy_utilization_low",
			fmt.Sprintf("Buying needs a baseline of at least %s utilisation; this one is %s.", pct(p.BuyMinUtilization), pct(u)),
			shareFact("brief.baseline_utilization", u), shareFact("policy.buy_min_utilization", p.BuyMinUtilization)),
		phrase:  "utilisation reaches " + pct(p.BuyMinUtilization),
		phraseF: []Fact{shareFact("policy.buy_min_utilization", p.BuyMinUtilization)},
	}}

	be := d.a.beBuy
	beCheck := buyCheck{}
	switch {
	case be == nil:
		beCheck.fails = st("reason.breakeven_unknown", "No break-even could be computed: a rental rate or the fleet size is missing.", intFact("buy.fleet_gpus", d.a.fleet))
		beCheck.phrase = "a break-even can be computed"
		beCheck.phraseF = []Fact{intFact("buy.fleet_gpus", d.a.fleet)}
	case be.Never:
		beCheck.fails = st("reason.breakeven_never",
			fmt.Sprintf("Buying never breaks even against %s rental: %s.", rentWord(be.Against), be.Formula()),
			append([]Fact{wordFact("breakeven.against", string(be.Against)), boolFact("breakeven.never", true)}, d.beFacts(be)...)...)
	default:
		facts := append([]Fact{wordFact("breakeven.against", string(be.Against)), monthsFact("breakeven.months", be.Months)}, d.beFacts(be)...)
		facts = append(facts, limitFacts...)
		beCheck.ok = be.Months <= limit
		beCheck.holds = st("reason.breakeven_inside_horizon",
			fmt.Sprintf("Buying breaks even against %s rental in %s, well inside %s: %s.", rentWord(be.Against), months(be.Months), limitText, be.Formula()), facts...)
		beCheck.fails = st("reason.breakeven_too_late",
			fmt.Sprintf("Buying breaks even against %s rental only after %s, beyond %s: %s.", rentWord(be.Against), months(be.Months), limitText, be.Formula()), facts...)
	}
	if be != nil && !beCheck.ok {
		if need := rateForBreakEven(d.in.Buy.PurchasePerGPU.Value, d.a.opex, limit, be.Utilization); need > 0 {
			now := "never"
			if !be.Never {
				now = months(be.Months)
			}
			levers := fmt.Sprintf("a %s rate above %s, or lower purchase or running costs", rentWord(be.Against), rate(cur, need))
			if float64(b.HorizonMonths) < d.in.Buy.DepreciationYears.Value*12 {
				levers += ", or a longer horizon"
			}
			beCheck.phrase = fmt.Sprintf("buying breaks even within %s instead of %s (%s)", months(limit), now, levers)
			beCheck.phraseF = []Fact{rateFact("buy.rent_rate_needed", cur, need), monthsFact("buy.breakeven_limit_months", limit)}
		}
	}
	checks = append(checks, beCheck,
		buyCheck{
			ok:    b.OpsStaff,
			holds: st("reason.ops_staff", "Operations staff are available to run owned hardware.", boolFact("brief.ops_staff", true)),
			fails: st("reason.no_ops_staff", "No operations staff are available; owned hardware needs data-centre skills (the seed article counts 2–3 engineers).",
				boolFact("brief.ops_staff", false)),
			phrase: "operations staff are available", phraseF: []Fact{boolFact("brief.ops_staff", false)},
		},
		buyCheck{
			ok:     b.CapitalApproved,
			holds:  st("reason.capital_approved", "Capital for the purchase is approved.", boolFact("brief.capital_approved", true)),
			fails:  st("reason.no_capital", "Capital for a purchase is not approved.", boolFact("brief.capital_approved", false)),
			phrase: "capital is approved", phraseF: []Fact{boolFact("brief.capital_approved", false)},
		})
	return checks
}

func rentWord(k RentKind) string {
	if k == RentOnDemand {
		return "on-demand"
	}
	return "reserved"
}

func (d *decider) beFacts(be *BreakEven) []Fact {
	cur := d.in.Currency
	return []Fact{rateFact("breakeven.rate", cur, be.RatePerGPUHour), shareFact("breakeven.utilization", be.Utilization),
		moneyFact("breakeven.capex_per_gpu", cur, be.CapexPerGPU), moneyFact("breakeven.opex_per_gpu_month", cur, be.OpexPerGPUMonth)}
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
		d.r.Summary = st("rec.on_demand", "Rent on demand.")
		d.onDemandCheaper()
	}

	if len(gate) > 0 {
		verb := map[Option]string{OptionBuy: "buy", OptionReserve: "reserve"}[d.r.Option]
		d.r.Option, d.r.NotReady = OptionOnDemand, true
		d.r.Summary = st("rec.not_ready_commit", fmt.Sprintf("Not ready to %s: rent on demand and benchmark first.", verb), wordFact("candidate", verb))
		d.r.Reasons = append(gate, d.r.Reasons...)
		d.r.ChangeIf = nil
		if d.in.Brief.MultiNode && !d.in.Benchmark.MultiNodeAllReducePassed {
			d.change(passBenchmarkChange())
		}
		if d.in.Benchmark.SuiteFailed > 0 {
			d.change(st("change.fix_acceptance",
				fmt.Sprintf("Once the failed acceptance tests pass or are waived, the answer can move to %s.", verb),
				intFact("benchmark.suite_failed", d.in.Benchmark.SuiteFailed)))
		}
		return
	}
	if d.r.Option != OptionOnDemand && d.in.Benchmark.SuitePassed+d.in.Benchmark.SuiteFailed == 0 {
		d.r.Notes = append(d.r.Notes, st("note.no_acceptance_results",
			"No acceptance tests are recorded yet: run the suite on the chosen offer before signing.",
			intFact("benchmark.suite_passed", 0), intFact("benchmark.suite_failed", 0)))
	}
}

func (d *decider) buyChanges() {
	d.r.Summary = st("rec.buy", "Buy or colocate the hardware.")
	p, b, cur := d.in.Policy, d.in.Brief, d.in.Currency
	be := d.a.beBuy
	limit := math.Min(float64(b.HorizonMonths), d.in.Buy.DepreciationYears.Value*12) * p.BreakEvenShare
	if need := rateForBreakEven(d.in.Buy.PurchasePerGPU.Value, d.a.opex, limit, be.Utilization); need > 0 {
		d.change(st("change.rent_falls",
			fmt.Sprintf("If %s rental falls below %s, buying no longer breaks even within %s; rent instead.", rentWord(be.Against), rate(cur, need), months(limit)),
			rateFact("buy.rent_rate_needed", cur, need), monthsFact("buy.breakeven_limit_months", limit), rateFact("breakeven.rate", cur, be.RatePerGPUHour)))
	}
	d.change(st("change.utilization_below_buy",
		fmt.Sprintf("If the baseline falls below %s utilisation, reserve instead.", pct(p.BuyMinUtilization)),
		shareFact("brief.baseline_utilization", b.BaselineUtilization), shareFact("policy.buy_min_utilization", p.BuyMinUtilization)))
	d.change(st("change.need_flexibility",
		"If you need fast scaling, a newer GPU generation within the horizon, managed support or other regions, reserve instead.",
		intFact("brief.horizon_months", b.HorizonMonths)))
}

func (d *decider) reserveReasons() {
	b, p := d.in.Brief, d.in.Policy
	d.r.Summary = st("rec.reserve", "Reserve dedicated capacity for the baseline.")
	d.reason(st("reason.stable_baseline",
		fmt.Sprintf("The baseline is stable and planned for %d months, at least the %d months a reservation needs.", b.HorizonMonths, p.MinReserveMonths),
		wordFact("brief.stability", string(b.Stability)), intFact("brief.horizon_months", b.HorizonMonths), intFact("policy.min_reserve_months", p.MinReserveMonths)))
	if d.a.uStar <= 0 {
		d.reason(st("reason.reserve_unpriced",
			"No on-demand and reserved rate pair is known, so the reservation is recommended on the workload's shape alone; ask vendors for both prices.",
			boolFact("rate.on_demand_known", d.a.rates.OnDemand != nil), boolFact("rate.reserved_known", d.a.rates.Reserved != nil)))
	} else {
		d.reason(d.perUsefulHour("reason.reserve_cheaper",
			"At %s utilisation a reservation at %s costs %s per useful GPU-hour against %s on demand; reserving pays above %s utilisation."))
		d.change(st("change.utilization_below_reserve",
			fmt.Sprintf("If utilisation falls below %s, on demand becomes cheaper per useful GPU-hour.", pct(d.a.uStar)),
			shareFact("reserve.breakeven_utilization", d.a.uStar), shareFact("brief.baseline_utilization", b.BaselineUtilization)))
	}
	d.change(st("change.hardware_may_change",
		"If the model architecture, serving engine or target GPU is likely to change within the term, rent on demand instead.",
		wordFact("brief.stability", string(b.Stability))))
}

// perUsefulHour compares reserved and on-demand per useful GPU-hour:
// reserved rate / utilisation against the on-demand rate.
func (d *decider) perUsefulHour(key, format string) Statement {
	cur, u := d.in.Currency, d.in.Brief.BaselineUtilization
	res, od := d.a.rates.Reserved.PerGPUHour, d.a.rates.OnDemand.PerGPUHour
	perUseful := math.Inf(1)
	if u > 0 {
		perUseful = res / u
	}
	useful := "an unbounded amount"
	if !math.IsInf(perUseful, 1) {
		useful = money(cur, perUseful)
	}
	return st(key, fmt.Sprintf(format, pct(u), rate(cur, res), useful, rate(cur, od), pct(d.a.uStar)),
		shareFact("brief.baseline_utilization", u), rateFact("rate.reserved", cur, res), rateFact("rate.on_demand", cur, od),
		shareFact("reserve.breakeven_utilization", d.a.uStar))
}

func (d *decider) whyNotBuy(checks []buyCheck) {
	var phrases []string
	var facts []Fact
	for _, c := range checks {
		if c.ok {
			continue
		}
		d.reason(c.fails)
		if c.phrase != "" {
			phrases = append(phrases, c.phrase)
			facts = append(facts, c.phraseF...)
		}
	}
	if len(phrases) > 0 {
		d.change(st("change.buy_conditions", "Buying would become the answer if "+strings.Join(phrases, "; ")+".", facts...))
	}
}

func (d *decider) onDemandCheaper() {
	d.reason(d.perUsefulHour("reason.on_demand_cheaper",
		"At %s utilisation a reservation at %s would cost %s per useful GPU-hour, more than %s on demand; reserving pays only above %s utilisation."))
	d.change(st("change.utilization_above_reserve",
		fmt.Sprintf("If the baseline rises above %s utilisation, reserve it.", pct(d.a.uStar)),
		shareFact("reserve.breakeven_utilization", d.a.uStar), shareFact("brief.baseline_utilization", d.in.Brief.BaselineUtilization)))
}
