package tco

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/gpu"
)

// Assumption is one figure the evaluation supplies rather than a vendor:
// its value, a plausible range and where it came from, so every line that
// uses it can say so.
type Assumption struct {
	Value     float64 // the figure used for the worksheet
	Low, High float64 // plausible range; both zero means no range (Low = High = Value)
	Unit      string  // display unit, e.g. "TB" or "USD/TB-month"; durations must be "h" (or empty)
	Currency  string  // ISO 4217 code for money-valued assumptions, else empty
	Source    string  // where the default came from, e.g. "market reference: AWS S3 Standard, Apr 2026"
}

// at returns the value for a scenario; an assumption without a range is
// the same at both ends.
func (a Assumption) at(sc scenario) float64 {
	if a.Low == 0 && a.High == 0 {
		return a.Value
	}
	switch sc {
	case low:
		return a.Low
	case high:
		return a.High
	}
	return a.Value
}

func (a Assumption) hasRange() bool { return a.Low != 0 || a.High != 0 }

// label is the assumption as a reader meets it next to a line:
// "23 USD/TB-month (range 18–145) — market reference: …".
func (a Assumption) label() string {
	f := func(v float64) string { return num(v) + unitSuffix(a.Unit) }
	switch a.Unit {
	case "share":
		f = pct
	case "h":
		f = dur
	}
	var b strings.Builder
	b.WriteString(f(a.Value))
	if a.hasRange() {
		fmt.Fprintf(&b, " (range %s to %s)", f(a.Low), f(a.High))
	}
	if a.Source != "" {
		b.WriteString(" — " + a.Source)
	}
	return b.String()
}

func unitSuffix(unit string) string {
	if unit == "" {
		return ""
	}
	return " " + unit
}

// FXRate converts one currency into the evaluation currency: an amount in
// that currency times Rate is the amount in the evaluation currency. The
// date stays with every converted line so a reader can judge its age.
type FXRate struct {
	Rate   float64
	Date   time.Time
	Source string // e.g. "ECB reference rate"
}

// Assumptions are the evaluation's figures: the workload's shape, the
// reliability model, engineering effort, market references used when a
// quote leaves a term out, and the currency everything is shown in.
// Durations are in hours; shares are fractions (0.85 for 85 %).
type Assumptions struct {
	Currency string // evaluation currency, ISO 4217

	Utilisation           Assumption // share of the month the workload keeps the quoted GPUs busy
	BurstGPUHoursPerMonth Assumption // GPU-hours beyond the baseline, at the quote's rate
	StoredTB              Assumption // persistent storage held all month
	SnapshotTB            Assumption // snapshot and backup volume, priced at the storage rate
	EgressTBPerMonth      Assumption // data leaving the provider per month
	JobsPerMonth          Assumption // pay-as-you-go jobs, each rounded up to the billing unit
	MeanJobHours          Assumption // mean job length, for that rounding

	PreemptionsPerNodeDay   Assumption // per node per day on marketplace / spot capacity; the job restarts at nodes × this
	NodeFailuresPerNodeDay  Assumption // per node per day on every other rental model (none for a model API)
	CheckpointIntervalHours Assumption // time between checkpoints
	CheckpointWriteHours    Assumption // time the job is blocked writing one checkpoint
	RestartHours            Assumption // time to re-acquire capacity, reload and warm up

	EngineeringHours map[RentalModel]Assumption // engineering hours per month, by rental model
	EngineeringRate  Assumption                 // cost of one engineering hour (money)

	// HorizonMonths is the brief's planning horizon: the term over which a
	// minimum spend or upfront payment is spread when the quote states no
	// minimum term.
	HorizonMonths int

	GPUHoursPerUnit Assumption // useful GPU-hours that yield one accepted unit
	UnitName        string     // the useful unit in English, e.g. "accepted training runs", "1M tokens processed"
	// UnitKey is the brief's useful unit (e.g. "tokens_processed") for
	// translated labels; UnitPer is how many of it one priced unit holds
	// (1e6 for tokens, priced per million; else 1).
	UnitKey string
	UnitPer float64

	MarketRatePerGPUHour    map[string]Assumption // by GPU model (e.g. "H100"), used when a quote has no rate
	MarketStoragePerTBMonth Assumption            // money per TB-month
	MarketEgressPerGB       Assumption            // money per GB
	MarketSupportShare      Assumption            // support as a flat share of the compute bill: the range ends, and the estimate without a plan
	MarketSupport           SupportPlan           // the tiered support price used for the estimate when a quote states none

	FX map[string]FXRate // currency → rate into Currency
}

// marketRate finds the market reference for a GPU model. "H100 SXM" and
// "h100-sxm" match a key "H100"; the longest matching key wins so that an
// "H100 NVL" entry is preferred over "H100" when both exist.
func (a *Assumptions) marketRate(model string) (Assumption, bool) {
	k, ok := gpu.RateKey(a.MarketRatePerGPUHour, model)
	return a.MarketRatePerGPUHour[k], ok
}

// validate rejects assumptions that would make a line meaningless rather
// than merely pessimistic; the errors name the field.
func (a *Assumptions) validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: assumptions: %s", ErrInvalid, fmt.Sprintf(format, args...))
	}
	if !validCurrency(a.Currency) {
		return bad("evaluation currency %q is not an ISO 4217 code", a.Currency)
	}
	type check struct {
		name     string
		v        Assumption
		positive bool // zero is meaningless, e.g. a checkpoint interval
		share    bool // at most 1
		duration bool // unit must be hours
		money    bool // needs a currency
	}
	checks := []check{
		{name: "utilisation", v: a.Utilisation, positive: true, share: true},
		{name: "burst GPU-hours per month", v: a.BurstGPUHoursPerMonth},
		{name: "stored TB", v: a.StoredTB},
		{name: "snapshot TB", v: a.SnapshotTB},
		{name: "egress TB per month", v: a.EgressTBPerMonth},
		{name: "jobs per month", v: a.JobsPerMonth},
		{name: "mean job length", v: a.MeanJobHours, positive: a.JobsPerMonth.Value > 0, duration: true},
		{name: "preemptions per node-day", v: a.PreemptionsPerNodeDay},
		{name: "node failures per node-day", v: a.NodeFailuresPerNodeDay},
		{name: "checkpoint interval", v: a.CheckpointIntervalHours, positive: true, duration: true},
		{name: "checkpoint write time", v: a.CheckpointWriteHours, duration: true},
		{name: "restart time", v: a.RestartHours, duration: true},
		{name: "engineering rate", v: a.EngineeringRate, money: true},
		{name: "GPU-hours per unit", v: a.GPUHoursPerUnit, positive: true},
		{name: "market storage price", v: a.MarketStoragePerTBMonth, money: a.MarketStoragePerTBMonth.Value > 0},
		{name: "market egress price", v: a.MarketEgressPerGB, money: a.MarketEgressPerGB.Value > 0},
		{name: "market support share", v: a.MarketSupportShare, share: true},
	}
	for model, v := range a.EngineeringHours {
		checks = append(checks, check{name: "engineering hours for " + string(model), v: v})
	}
	for gpu, v := range a.MarketRatePerGPUHour {
		checks = append(checks, check{name: "market rate for " + gpu, v: v, positive: true, money: true})
	}
	for _, c := range checks {
		v := c.v
		for _, x := range []float64{v.Value, v.Low, v.High} {
			if math.IsNaN(x) || math.IsInf(x, 0) || x < 0 {
				return bad("%s: %g is not a non-negative number", c.name, x)
			}
		}
		if c.positive && v.Value == 0 {
			return bad("%s must be above 0", c.name)
		}
		if v.hasRange() && !(v.Low <= v.Value && v.Value <= v.High) {
			return bad("%s: value %g is outside its range %g–%g", c.name, v.Value, v.Low, v.High)
		}
		if c.share && math.Max(v.Value, v.High) > 1 {
			return bad("%s: %g is above 1; give a share (0.85 for 85 %%)", c.name, math.Max(v.Value, v.High))
		}
		if c.duration && v.Unit != "" && v.Unit != "h" {
			return bad("%s: unit %q, want hours (\"h\")", c.name, v.Unit)
		}
		if c.money && !validCurrency(v.Currency) {
			return bad("%s: currency %q is not an ISO 4217 code", c.name, v.Currency)
		}
	}
	if err := a.MarketSupport.validate(); err != nil {
		return bad("%v", err)
	}
	for cur, fx := range a.FX {
		if !validCurrency(cur) || !(fx.Rate > 0) || math.IsInf(fx.Rate, 0) {
			return bad("FX rate %s→%s: %g is not a positive rate", cur, a.Currency, fx.Rate)
		}
	}
	return nil
}
