// Package scoring grades quotes on weighted criteria from the facts the
// analysis already computed: cost per useful unit, red flags, acceptance
// tests. Grades are on a stated 0–10 scale; a term the quote leaves
// unstated gives a band (graded at both ends), not one number. Each grade
// carries its rule as an i18n key with the facts its text needs, so the
// sheet can say why. The package is pure: no database, no clock.
package scoring

import (
	"fmt"
	"slices"
)

// Scale is the top of the grading scale; grades run from 0 to Scale.
const Scale = 10.0

// Criterion keys, in display order.
const (
	CostPerUnit           = "cost_per_unit"
	VerifiedPerformance   = "verified_performance"
	ReliabilityTerms      = "reliability_terms"
	FabricTopology        = "fabric_topology"
	StorageDataPath       = "storage_data_path"
	SecurityCompliance    = "security_compliance"
	CommercialFlexibility = "commercial_flexibility"
	LockInExit            = "lock_in_exit"
)

// PastPerformance (past.go) is the last criterion.

// Keys lists every criterion in display order.
var Keys = []string{CostPerUnit, VerifiedPerformance, ReliabilityTerms, FabricTopology,
	StorageDataPath, SecurityCompliance, CommercialFlexibility, LockInExit, PastPerformance}

// Weight is one criterion's share of the total score, in whole percent.
type Weight struct {
	Key    string `json:"key"`
	Weight int    `json:"weight"`
}

// DefaultWeights are the weights an evaluation starts with when neither it
// nor the organisation template sets others: cost leads, evidence and
// terms share the rest. Past performance weighs 0 until a buyer weighs it,
// so its pre-grade is shown without moving a score that did not read it.
func DefaultWeights() []Weight {
	return []Weight{{CostPerUnit, 30}, {VerifiedPerformance, 15}, {ReliabilityTerms, 10}, {FabricTopology, 15},
		{StorageDataPath, 5}, {SecurityCompliance, 10}, {CommercialFlexibility, 10}, {LockInExit, 5}, {PastPerformance, 0}}
}

// WeightError names what is wrong with a set of weights: Field is
// "criteria" for the whole list or "criteria[i].key"/"criteria[i].weight"
// for one entry; Key is an i18n key.
type WeightError struct {
	Field string
	Key   string
}

func (e WeightError) Error() string { return fmt.Sprintf("scoring: %s: %s", e.Field, e.Key) }

// Normalize checks ws and returns them in display order with every
// criterion present (omitted ones weigh 0). Unknown or repeated keys,
// weights outside 0–100 and a sum other than 100 are refused, each error
// naming its entry; nothing is guessed.
func Normalize(ws []Weight) ([]Weight, []WeightError) {
	var errs []WeightError
	by := map[string]int{}
	sum := 0
	for i, w := range ws {
		switch _, dup := by[w.Key]; {
		case !slices.Contains(Keys, w.Key):
			errs = append(errs, WeightError{fmt.Sprintf("criteria[%d].key", i), "scoring.error.unknown_criterion"})
			continue
		case dup:
			errs = append(errs, WeightError{fmt.Sprintf("criteria[%d].key", i), "scoring.error.duplicate_criterion"})
			continue
		}
		if w.Weight < 0 || w.Weight > 100 {
			errs = append(errs, WeightError{fmt.Sprintf("criteria[%d].weight", i), "scoring.error.weight_range"})
			continue
		}
		by[w.Key] = w.Weight
		sum += w.Weight
	}
	if len(errs) == 0 && sum != 100 {
		errs = append(errs, WeightError{"criteria", "scoring.error.weight_sum"})
	}
	if len(errs) > 0 {
		return nil, errs
	}
	out := make([]Weight, len(Keys))
	for i, k := range Keys {
		out[i] = Weight{k, by[k]}
	}
	return out, nil
}
