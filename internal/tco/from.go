package tco

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/gpu"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// FromQuote maps a vendor quote into the cost model's input, keeping each
// term's state: a refused or unstated term stays so, never zero.
func FromQuote(id, label string, q quote.Quote) Quote {
	out := Quote{ID: id, Label: label}
	if rm, ok := q.RentalModel.Get(); ok {
		out.RentalModel = RentalModel(rm)
	}
	model, _ := q.GPUModel.Get()
	if ff, ok := q.FormFactor.Get(); ok && ff == quote.FormFactorPCIe && gpu.Read(model).Form() == "" {
		model += " PCIe"
	}
	out.GPUModel = gpu.RateModel(model)
	if n, ok := q.GPUsPerNode.Get(); ok {
		out.GPUsPerNode = int(n)
	}
	// A node count the vendor did not give is never silently one node:
	// AssumeNodes takes the brief's, or the quote stays unpriceable. A
	// single-node server is one node by definition.
	switch n, ok := q.Nodes.Get(); {
	case ok:
		out.Nodes = int(n)
	case out.RentalModel == SingleNode:
		out.Nodes = 1
	default:
		out.NodesMissing = StatusNotStated
		if q.Nodes.State == quote.Refused {
			out.NodesMissing = StatusRefused
		}
	}
	out.Currency, _ = q.Currency.Get()
	out.RatePerGPUHour = decimalTerm(q.PricePerGPUHour)
	out.OnDemandRate = decimalTerm(q.OnDemandPricePerGPUHour)
	out.SupportPerMonth = decimalTerm(q.SupportPricePerMonth)
	out.StoragePerTBMonth = decimalTerm(q.StoragePricePerTBMonth)
	out.EgressPerGB = decimalTerm(q.EgressPricePerGB)
	out.MinSpend = decimalTerm(q.MinSpend)
	out.Upfront = decimalTerm(q.Upfront)
	switch q.BillingUnit.State {
	case quote.Stated:
		out.BillingUnit = Stated(BillingUnit(q.BillingUnit.Value))
	case quote.Refused:
		out.BillingUnit = Refused[BillingUnit]()
	}
	switch q.MinTermMonths.State {
	case quote.Stated:
		out.MinTermMonths = Stated(int(q.MinTermMonths.Value))
	case quote.Refused:
		out.MinTermMonths = Refused[int]()
	}
	// A vendor that refuses its support terms has refused their price too;
	// an unstated price is assumed from the market's tiered plan, labelled.
	if q.SupportTerms.State == quote.Refused && q.SupportPricePerMonth.State != quote.Stated {
		out.SupportPerMonth = Refused[float64]()
	}
	return out
}

// tokenUnits are the brief's useful units counted in tokens.
var tokenUnits = map[string]bool{"tokens_processed": true, "inference_tokens": true}

// AssumeNodes prices a quote without a node count at the brief's count,
// labelled, so the figures are marked incomplete instead of wrong.
func AssumeNodes(q *Quote, b brief.Brief) {
	if q.NodesMissing == "" {
		return
	}
	if n, ok := b.Int("node_count"); ok && n > 0 && n <= 100_000 {
		q.Nodes = int(n)
		q.NodesAssumption = fmt.Sprintf("the brief's node count: %d", n)
	}
}

func decimalTerm(t quote.Term[quote.Decimal]) Term[float64] {
	switch t.State {
	case quote.Stated:
		return Stated(t.Value.Float64())
	case quote.Refused:
		return Refused[float64]()
	}
	return NotStated[float64]()
}

// Editable lists the assumptions a user may change on the worksheet page,
// by stable key, in display order.
var Editable = []string{
	"utilisation", "gpu_hours_per_unit", "burst_gpu_hours", "stored_tb", "snapshot_tb", "egress_tb",
	"jobs_per_month", "mean_job_hours", "preemptions_per_node_day", "node_failures_per_node_day",
	"checkpoint_interval_hours", "checkpoint_write_hours", "restart_hours", "engineering_rate",
}

// Field returns the assumption behind an Editable key.
func (a *Assumptions) Field(key string) (*Assumption, bool) {
	m := map[string]*Assumption{
		"utilisation": &a.Utilisation, "gpu_hours_per_unit": &a.GPUHoursPerUnit, "burst_gpu_hours": &a.BurstGPUHoursPerMonth,
		"stored_tb": &a.StoredTB, "snapshot_tb": &a.SnapshotTB, "egress_tb": &a.EgressTBPerMonth,
		"jobs_per_month": &a.JobsPerMonth, "mean_job_hours": &a.MeanJobHours,
		"preemptions_per_node_day": &a.PreemptionsPerNodeDay, "node_failures_per_node_day": &a.NodeFailuresPerNodeDay,
		"checkpoint_interval_hours": &a.CheckpointIntervalHours, "checkpoint_write_hours": &a.CheckpointWriteHours,
		"restart_hours": &a.RestartHours, "engineering_rate": &a.EngineeringRate,
	}
	f, ok := m[key]
	return f, ok
}

// SourceBrief and SourceEdited label assumptions taken from the brief or
// typed on the worksheet page.
const (
	SourceBrief  = "brief"
	SourceEdited = "edited on the worksheet"
)

// ApplyBrief replaces defaults with what the brief states: utilisation,
// stored data, checkpoint interval and the useful unit's size, so the
// worksheet starts from the workload, not from placeholders.
func ApplyBrief(a *Assumptions, b brief.Brief) {
	set := func(f *Assumption, v float64, field string) {
		f.Value, f.Low, f.High = v, 0, 0
		f.Source = SourceBrief + ": " + field
	}
	if v, ok := b.Float("baseline_utilization_pct"); ok && v > 0 {
		set(&a.Utilisation, v/100, "baseline_utilization_pct")
	}
	stored := 0.0
	if v, ok := b.Float("dataset_tb"); ok {
		stored += v
	}
	if v, ok := b.Float("checkpoint_gb"); ok {
		stored += 3 * v / 1000 // keep about three checkpoints
	}
	if v, ok := b.Float("weight_cache_gb"); ok {
		stored += v / 1000
	}
	if stored > 0 {
		set(&a.StoredTB, stored, "dataset_tb + 3 × checkpoint_gb + weight_cache_gb")
	}
	if v, ok := b.Float("checkpoint_interval_min"); ok && v > 0 {
		set(&a.CheckpointIntervalHours, v/60, "checkpoint_interval_min")
	}
	units, okU := b.Float("units_per_month")
	// A token is far too small a unit to price in cents: token workloads
	// are priced per million tokens, so the figures keep their precision.
	if tokenUnits[b["useful_unit"]] {
		units /= 1e6
		a.UnitKey, a.UnitPer = b["useful_unit"], 1e6
	} else if u := b["useful_unit"]; u != "" {
		a.UnitKey, a.UnitPer = u, 1
	}
	per, okP := b.Int("gpus_per_node")
	nodes, okN := b.Int("node_count")
	if okU && okP && okN && units > 0 {
		if h, err := GPUHoursPerUnit(units, int(per*nodes), a.Utilisation.Value); err == nil {
			set(&a.GPUHoursPerUnit, h, "units_per_month at the brief's cluster shape and utilisation")
		}
	}
	if v, ok := b.Int("term_months"); ok && v > 0 {
		a.HorizonMonths = int(min(v, MaxTermMonths))
	}
	if u := b["useful_unit"]; u != "" {
		a.UnitName = strings.ReplaceAll(u, "_", " ")
		if a.UnitPer == 1e6 {
			a.UnitName = "1M " + a.UnitName
		}
	}
	if c := b["budget_currency"]; c != "" {
		a.Currency = c
	}
}

// ApplyOverrides applies values edited on the worksheet, by Editable key,
// as exact decimal text; utilisation is a percentage.
func ApplyOverrides(a *Assumptions, overrides map[string]string) error {
	for k, v := range overrides {
		f, ok := a.Field(k)
		if !ok {
			continue
		}
		r, ok := new(big.Rat).SetString(v)
		if !ok || r.Sign() < 0 {
			return fmt.Errorf("tco: %s: %q is not a number ≥ 0", k, v)
		}
		x, _ := r.Float64()
		if k == "utilisation" {
			if x <= 0 || x > 100 {
				return fmt.Errorf("tco: utilisation: %q must be between 0 and 100 %%", v)
			}
			x /= 100
		}
		f.Value, f.Low, f.High, f.Source = x, 0, 0, SourceEdited
	}
	return nil
}
