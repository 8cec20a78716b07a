package web

import (
	"strconv"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// apiPerRun is the analysis's cost of one accepted run of a quote, with
// the worksheet's cost per useful unit beside it.
type apiPerRun struct {
	GPUs           int           `json:"gpus"`
	Rate           apiMoney      `json:"rate"` // per GPU-hour, as quoted
	EffectiveHours float64       `json:"effective_hours"`
	RealHours      float64       `json:"real_hours"`
	Overhead       float64       `json:"overhead"`     // real ÷ effective hours
	Cost           apiMoney      `json:"cost_per_run"` // in the evaluation currency
	CostAsQuoted   apiMoney      `json:"cost_per_run_as_quoted"`
	Worksheet      apiMoney      `json:"worksheet_cost_per_unit"`
	Basis          tco.Statement `json:"basis"`
}

// perRunJSON is a quote's per_run, nil when its run hours are not set.
func perRunJSON(a *evaluation.Analysis, quoteID int64) *apiPerRun {
	pr, ok := a.PerRunOf(quoteID)
	if !ok {
		return nil
	}
	return &apiPerRun{GPUs: pr.GPUs, Rate: apiMoney{Amount: strconv.FormatFloat(pr.Rate, 'f', -1, 64), Currency: pr.Currency},
		EffectiveHours: pr.EffectiveHours, RealHours: pr.RealHours, Overhead: round2(pr.Overhead),
		Cost: apiMoneyOf(pr.CostEval), CostAsQuoted: apiMoneyOf(pr.Cost), Worksheet: apiMoneyOf(pr.Worksheet), Basis: pr.Basis}
}
