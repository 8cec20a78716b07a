package decision

import "strings"

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
// benchmarks still owe before a commitment. Their labels are the catalog's
// decision.missing.<key>.
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
	// the Missing* keys of this package; [MissingKey] names each one's label.
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
	case b.HardwareChange == "yes":
		d.onDemandHardwareChange()
	default:
		d.commitOrNot()
	}
}

// notReadyBrief is the brief's own advice: "if you cannot fill this table,
// do not reserve a cluster yet".
func (d *decider) notReadyBrief() {
	b, bench := d.in.Brief, d.in.Benchmark
	d.r.Option, d.r.NotReady = OptionOnDemand, true
	d.r.Summary = st("decision.rec.not_ready")
	if len(b.Missing) > 0 {
		d.r.Missing = append(d.r.Missing, b.Missing...)
		// The field keys stay out of the sentence: Missing lists them for
		// the page to label in the reader's language.
		d.reason(st("decision.reason.incomplete_brief",
			intFact("MissingCount", len(b.Missing)), wordFact("MissingFields", strings.Join(b.Missing, ", "))))
	} else {
		d.reason(st("decision.reason.brief_not_ready", boolFact("ReadyToReserve", false)))
	}
	for _, s := range d.benchmarkGaps() {
		d.reason(s)
	}
	d.change(st("decision.change.complete_brief", intFact("MissingCount", len(b.Missing))))
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
		gaps = append(gaps, st("decision.reason.no_multinode_benchmark",
			boolFact("MultiNode", true), boolFact("AllReducePassed", false)))
	}
	if bench.SuiteFailed > 0 {
		d.r.Missing = append(d.r.Missing, MissingAcceptancePasses)
		gaps = append(gaps, st("decision.reason.acceptance_failed",
			intFact("SuiteFailed", bench.SuiteFailed), intFact("SuitePassed", bench.SuitePassed)))
	}
	return gaps
}

func passBenchmarkChange() Statement {
	return st("decision.change.pass_multinode_benchmark", boolFact("AllReducePassed", false))
}

func (d *decider) onDemandUncertain() {
	b := d.in.Brief
	d.r.Option = OptionOnDemand
	d.r.Summary = st("decision.rec.on_demand")
	key, value := "decision.reason.uncertain_baseline.not_stated", "not_stated"
	if b.Stability == StabilityVariable {
		key, value = "decision.reason.uncertain_baseline.variable", string(b.Stability)
	}
	d.reason(st(key, wordFact("Stability", value)))
	d.benchmarkAdvice()
	d.change(d.reserveWhenStable())
}

func (d *decider) onDemandShortHorizon() {
	b, p := d.in.Brief, d.in.Policy
	d.r.Option = OptionOnDemand
	d.r.Summary = st("decision.rec.on_demand")
	d.reason(st("decision.reason.short_horizon",
		intFact("HorizonMonths", b.HorizonMonths), intFact("MinReserveMonths", p.MinReserveMonths)))
	d.change(st("decision.change.longer_horizon",
		intFact("HorizonMonths", b.HorizonMonths), intFact("MinReserveMonths", p.MinReserveMonths)))
}

// onDemandHardwareChange is the guide's "avoid reserving when the model
// architecture, serving engine or target GPU is likely to change soon"
// (and buying needs stable hardware).
func (d *decider) onDemandHardwareChange() {
	d.r.Option = OptionOnDemand
	d.r.Summary = st("decision.rec.on_demand")
	d.reason(st("decision.reason.hardware_change_expected", wordFact("HardwareChange", "yes")))
	d.change(st("decision.change.hardware_settles", wordFact("HardwareChange", "yes"),
		intFact("MinReserveMonths", d.in.Policy.MinReserveMonths)))
}

// benchmarkAdvice turns on-demand time into evidence when none exists yet.
func (d *decider) benchmarkAdvice() {
	bench := d.in.Benchmark
	if bench.SuitePassed+bench.SuiteFailed > 0 {
		return
	}
	d.reason(st("decision.reason.benchmark_on_demand", intFact("SuitePassed", 0), intFact("SuiteFailed", 0)))
}

func (d *decider) reserveWhenStable() Statement {
	p, cur := d.in.Policy, d.in.Currency
	if d.a.uStar <= 0 || d.a.uStar >= 1 {
		return st("decision.change.stable_baseline_unpriced", intFact("MinReserveMonths", p.MinReserveMonths))
	}
	res, od := d.a.rates.Reserved.PerGPUHour, d.a.rates.OnDemand.PerGPUHour
	return st("decision.change.stable_baseline",
		percentFact("ReserveBreakEvenUtilization", d.a.uStar), intFact("MinReserveMonths", p.MinReserveMonths),
		rateFact("ReservedRate", cur, res), rateFact("OnDemandRate", cur, od), currencyFact(cur))
}
