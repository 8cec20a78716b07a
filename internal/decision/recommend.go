package decision

import (
	"fmt"
	"strings"
)

// Option is one of the four answers of PRODUCT.md's "Rent, reserve, buy, or
// use a model API".
type Option string

// The options.
const (
	OptionOnDemand Option = "on_demand"
	OptionReserve  Option = "reserve"
	OptionBuy      Option = "buy"
	OptionModelAPI Option = "model_api"
)

// Keys of [Recommendation.Missing] that are not brief fields: what the
// benchmarks still owe before a commitment.
const (
	MissingAllReduceBenchmark = "benchmark.multi_node_allreduce"
	MissingAcceptancePasses   = "acceptance.failed_tests"
)

// Recommendation is the answer for one evaluation with everything behind it.
type Recommendation struct {
	Option Option `json:"option"`
	// NotReady is set when the honest answer is "rent on demand and
	// benchmark first": the brief is incomplete, or a commitment lacks the
	// benchmarks it needs. Option is then OptionOnDemand.
	NotReady bool      `json:"not_ready"`
	Summary  Statement `json:"summary"`
	// Reasons explain the answer, most important first.
	Reasons []Statement `json:"reasons"`
	// ChangeIf are the conditions that would change the answer.
	ChangeIf []Statement `json:"change_if"`
	// Missing lists what is missing for readiness: brief field keys, then
	// the Missing* keys of this package.
	Missing []string `json:"missing,omitempty"`
	// Notes are caveats about the figures: market references used, quotes
	// left out, comparisons that could not be made.
	Notes    []Statement `json:"notes,omitempty"`
	Currency string      `json:"currency"`
	// Quote is the quote that best represents Option, if there is one.
	Quote *QuoteRef `json:"quote,omitempty"`
	// Rates are the per-GPU-hour prices the figures below used.
	Rates Rates `json:"rates"`
	// The figures are filled whenever their inputs exist, whatever Option
	// is, so the decision page can always show them; nil means not computed
	// (Notes say why).
	BreakEvenVsReserved *BreakEven          `json:"break_even_vs_reserved,omitempty"`
	BreakEvenVsOnDemand *BreakEven          `json:"break_even_vs_on_demand,omitempty"`
	ModelAPI            *ModelAPIComparison `json:"model_api,omitempty"`
	// Blend is the staged path (reserved baseline, on-demand peaks, spot
	// experiments) priced with the configured shares.
	Blend *Blend `json:"blend,omitempty"`
}

// Recommend decides rent on demand, reserve, buy or model API for in. It
// returns an ErrInvalid error only for impossible input; missing facts give
// the "not ready" answer instead. The rules, in order:
//
//  1. An incomplete brief: not ready, rent on demand and benchmark first.
//  2. A workload that needs model outputs and no hardware control, where
//     the API costs less than the best self-hosted case: model API.
//  3. A baseline that is not stable, or a horizon too short to commit: on
//     demand.
//  4. Buy when utilisation is very high, ops staff and capital exist and
//     the break-even against the cheaper rental is well inside the horizon
//     and the depreciation life; else reserve when utilisation is above the
//     reserved / on-demand break-even; else on demand.
//  5. A multi-node commitment without a passed all-reduce benchmark, or any
//     with failed acceptance tests: not ready, rent on demand and benchmark
//     first.
func Recommend(in Input) (Recommendation, error) {
	if err := in.Validate(); err != nil {
		return Recommendation{}, err
	}
	a := analyse(in)
	r := Recommendation{
		Currency:            in.Currency,
		Rates:               a.rates,
		BreakEvenVsReserved: a.beRes,
		BreakEvenVsOnDemand: a.beOD,
		ModelAPI:            a.api,
		Blend:               a.blend,
	}
	d := decider{in: in, a: a, r: &r}
	d.decide()
	r.Notes = append(r.Notes, a.notes...)
	r.Quote = bestQuote(a.quotes, optionCapacity[r.Option])
	return r, nil
}

var optionCapacity = map[Option]capacity{
	OptionOnDemand: capOnDemand, OptionReserve: capReserved, OptionBuy: capBuy, OptionModelAPI: capModelAPI,
}

type decider struct {
	in Input
	a  analysis
	r  *Recommendation
}

func st(key, text string, facts ...Fact) Statement {
	return Statement{Key: key, Text: text, Facts: facts}
}

func (d *decider) reason(s Statement) { d.r.Reasons = append(d.r.Reasons, s) }
func (d *decider) change(s Statement) { d.r.ChangeIf = append(d.r.ChangeIf, s) }

// decide applies the rules listed on [Recommend], in that order.
func (d *decider) decide() {
	b := d.in.Brief
	if !b.ReadyToReserve || len(b.Missing) > 0 {
		d.notReadyBrief()
		return
	}
	if d.modelAPIWins() {
		return
	}
	// Deferred so the model-API aside follows the reasons that decided.
	defer d.apiContext()
	switch {
	case b.Stability != StabilityStable:
		d.onDemandUncertain()
	case b.HorizonMonths < d.in.Policy.MinReserveMonths:
		d.onDemandShortHorizon()
	default:
		d.commitOrNot()
	}
}

// notReadyBrief is the brief's own advice: "if you cannot fill this table,
// do not reserve a cluster yet".
func (d *decider) notReadyBrief() {
	b, bench := d.in.Brief, d.in.Benchmark
	d.r.Option, d.r.NotReady = OptionOnDemand, true
	d.r.Summary = st("rec.not_ready", "Not ready to commit: rent on demand and benchmark first.")
	if len(b.Missing) > 0 {
		d.r.Missing = append(d.r.Missing, b.Missing...)
		list := strings.Join(b.Missing, ", ")
		d.reason(st("reason.incomplete_brief",
			fmt.Sprintf("The brief is incomplete: %d required field(s) are empty (%s). Until they are filled no provider can quote the same cluster and no commitment can be sized.", len(b.Missing), list),
			intFact("brief.missing_count", len(b.Missing)), wordFact("brief.missing", list)))
	} else {
		d.reason(st("reason.brief_not_ready", "The brief is not marked ready to reserve.", boolFact("brief.ready_to_reserve", false)))
	}
	for _, s := range d.benchmarkGaps() {
		d.reason(s)
	}
	d.change(st("change.complete_brief",
		"Once the brief is complete and the on-demand benchmarks are in, the answer is worked out again: a stable baseline can move it to reserve or buy, a workload that needs no hardware control to a model API.",
		intFact("brief.missing_count", len(b.Missing))))
	if b.MultiNode && !bench.MultiNodeAllReducePassed {
		d.change(passBenchmarkChange())
	}
}

// benchmarkGaps returns the benchmark reasons that block a commitment and
// adds what they lack to Missing: PRODUCT.md requires a distributed
// benchmark for multi-node training and a passed acceptance suite before
// signing.
func (d *decider) benchmarkGaps() []Statement {
	b, bench := d.in.Brief, d.in.Benchmark
	var gaps []Statement
	if b.MultiNode && !bench.MultiNodeAllReducePassed {
		d.r.Missing = append(d.r.Missing, MissingAllReduceBenchmark)
		gaps = append(gaps, st("reason.no_multinode_benchmark",
			"The workload spans several nodes and no multi-node all-reduce benchmark has passed on a candidate pool; a provider that cannot support one before the contract is itself a risk.",
			boolFact("brief.multi_node", true), boolFact("benchmark.multi_node_allreduce_passed", false)))
	}
	if bench.SuiteFailed > 0 {
		d.r.Missing = append(d.r.Missing, MissingAcceptancePasses)
		gaps = append(gaps, st("reason.acceptance_failed",
			fmt.Sprintf("%d acceptance test(s) failed (%d passed); fix or waive them before signing.", bench.SuiteFailed, bench.SuitePassed),
			intFact("benchmark.suite_failed", bench.SuiteFailed), intFact("benchmark.suite_passed", bench.SuitePassed)))
	}
	return gaps
}

func passBenchmarkChange() Statement {
	return st("change.pass_multinode_benchmark",
		"A multi-node all-reduce benchmark that passes on the candidate pool clears the way to a multi-node reservation or purchase.",
		boolFact("benchmark.multi_node_allreduce_passed", false))
}

func (d *decider) onDemandUncertain() {
	b := d.in.Brief
	d.r.Option = OptionOnDemand
	d.r.Summary = st("rec.on_demand", "Rent on demand.")
	state, value := "not stated", "not_stated"
	if b.Stability == StabilityVariable {
		state, value = "still changing", string(b.Stability)
	}
	d.reason(st("reason.uncertain_baseline",
		fmt.Sprintf("The utilisation baseline is %s: a reservation or a purchase is paid whether its hours are used or not, so commitment waits until the baseline holds.", state),
		wordFact("brief.stability", value)))
	d.benchmarkAdvice()
	d.change(d.reserveWhenStable())
}

func (d *decider) onDemandShortHorizon() {
	b, p := d.in.Brief, d.in.Policy
	d.r.Option = OptionOnDemand
	d.r.Summary = st("rec.on_demand", "Rent on demand.")
	d.reason(st("reason.short_horizon",
		fmt.Sprintf("The planning horizon is %d month(s), shorter than the %d months that make a reservation worth committing to.", b.HorizonMonths, p.MinReserveMonths),
		intFact("brief.horizon_months", b.HorizonMonths), intFact("policy.min_reserve_months", p.MinReserveMonths)))
	d.change(st("change.longer_horizon",
		fmt.Sprintf("If the same load is planned for %d months or more, reserve it.", p.MinReserveMonths),
		intFact("brief.horizon_months", b.HorizonMonths), intFact("policy.min_reserve_months", p.MinReserveMonths)))
}

// benchmarkAdvice turns on-demand time into evidence when none exists yet.
func (d *decider) benchmarkAdvice() {
	bench := d.in.Benchmark
	if bench.SuitePassed+bench.SuiteFailed > 0 {
		return
	}
	d.reason(st("reason.benchmark_on_demand",
		"No acceptance tests are recorded yet: use the on-demand time to benchmark and turn the results into the brief.",
		intFact("benchmark.suite_passed", 0), intFact("benchmark.suite_failed", 0)))
}

func (d *decider) reserveWhenStable() Statement {
	p, cur := d.in.Policy, d.in.Currency
	if d.a.uStar <= 0 || d.a.uStar >= 1 {
		return st("change.stable_baseline",
			fmt.Sprintf("If the baseline becomes stable for %d months or more, reserve it.", p.MinReserveMonths),
			intFact("policy.min_reserve_months", p.MinReserveMonths))
	}
	res, od := d.a.rates.Reserved.PerGPUHour, d.a.rates.OnDemand.PerGPUHour
	return st("change.stable_baseline",
		fmt.Sprintf("If the baseline stays stable above %s utilisation for %d months or more, reserve it: above that, a reservation at %s costs less per useful GPU-hour than on demand at %s.",
			pct(d.a.uStar), p.MinReserveMonths, rate(cur, res), rate(cur, od)),
		shareFact("reserve.breakeven_utilization", d.a.uStar), intFact("policy.min_reserve_months", p.MinReserveMonths),
		rateFact("rate.reserved", cur, res), rateFact("rate.on_demand", cur, od))
}
