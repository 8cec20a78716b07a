package tco

import (
	"fmt"
	"math"
	"strconv"
)

// Run is one project-shaped job, such as a fine-tuning run: the view a
// team uses when it buys a result rather than a month of capacity.
type Run struct {
	GPUs           int
	RatePerGPUHour float64 // price per GPU-hour, in Currency
	Currency       string
	EffectiveHours float64 // wall-clock hours of useful work
	RealHours      float64 // wall-clock hours paid, with checkpoints, restarts, loading and compilation
}

// RunCost is the cost of one accepted run.
type RunCost struct {
	Overhead float64 // RealHours / EffectiveHours
	Cost     Money
	Basis    Statement // e.g. "64 GPU × 4 USD/GPU-h × 48 h effective × 1.21 overhead (58 h real)"
}

// PerRun prices one run: GPUs × rate × effective hours × overhead, where
// overhead = real / effective hours. Writing it as effective time times an
// overhead factor keeps the 35–45 % of rented time that does no useful
// work visible instead of folding it into the hours.
func PerRun(r Run) (RunCost, error) {
	switch {
	case r.GPUs <= 0:
		return RunCost{}, fmt.Errorf("tco: %w: run needs GPUs above 0, got %d", ErrInvalid, r.GPUs)
	case !(r.RatePerGPUHour > 0) || math.IsInf(r.RatePerGPUHour, 0):
		return RunCost{}, fmt.Errorf("tco: %w: run rate %g is not a positive price", ErrInvalid, r.RatePerGPUHour)
	case !validCurrency(r.Currency):
		return RunCost{}, fmt.Errorf("tco: %w: run currency %q is not an ISO 4217 code", ErrInvalid, r.Currency)
	case !(r.EffectiveHours > 0) || !(r.RealHours >= r.EffectiveHours) || math.IsInf(r.RealHours, 0):
		return RunCost{}, fmt.Errorf("tco: %w: run hours need 0 < effective (%g) ≤ real (%g)", ErrInvalid, r.EffectiveHours, r.RealHours)
	}
	overhead := r.RealHours / r.EffectiveHours
	cost := float64(r.GPUs) * r.RatePerGPUHour * r.EffectiveHours * overhead
	if err := bounded(cost * scale(r.Currency)); err != nil {
		return RunCost{}, fmt.Errorf("tco: run: %w", err)
	}
	return RunCost{
		Overhead: overhead,
		Cost:     NewMoney(cost, r.Currency),
		Basis: statement("worksheet.basis.per_run", args{"GPUs": strconv.Itoa(r.GPUs), "Rate": plain(r.RatePerGPUHour), "Currency": r.Currency,
			"Effective": plain(r.EffectiveHours), "Overhead": plain(overhead), "Real": plain(r.RealHours)}),
	}, nil
}

// GPUHoursPerUnit converts a brief's expected units per month into the
// useful GPU-hours one unit takes, for [Assumptions.GPUHoursPerUnit]: the
// brief's cluster (gpus) busy at its utilisation for a 730-hour month,
// divided by the units it should yield.
func GPUHoursPerUnit(unitsPerMonth float64, gpus int, utilisation float64) (float64, error) {
	if !(unitsPerMonth > 0) || gpus <= 0 || !(utilisation > 0 && utilisation <= 1) {
		return 0, fmt.Errorf("tco: %w: GPU-hours per unit needs units > 0, GPUs > 0 and a utilisation in (0, 1], got %g, %d, %g",
			ErrInvalid, unitsPerMonth, gpus, utilisation)
	}
	return utilisation * float64(gpus) * hoursPerMonth / unitsPerMonth, nil
}
