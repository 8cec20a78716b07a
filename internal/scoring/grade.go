package scoring

import (
	"math"
	"strconv"
	"strings"
)

// Flag is an open red flag on a quote (waived blockers are left out by
// the caller): its rule id and whether it blocks.
type Flag struct {
	ID      string
	Blocker bool
}

// Tests is a quote's acceptance suite: how many tests passed (or were
// waived), failed, and are still pending, out of Total.
type Tests struct {
	Passed, Failed, Pending, Total int
}

// Quote is what grading reads of one priced quote. Cost figures are the
// worksheet's cost per useful unit in minor units (any one currency for
// every quote): the point estimate and the ends of its range over the
// unknown terms.
type Quote struct {
	ID                      int64
	Cost, CostLow, CostHigh float64
	// CostText is the point cost as the worksheet shows it, with its
	// currency, for the rule's text.
	CostText string
	// Unpriced marks a quote the worksheet could not price (no exchange
	// rate, a term the model refuses): its cost is graded at both ends and
	// it is scored but not ranked.
	Unpriced       bool
	UnpricedReason string
	Flags          []Flag
	Tests          Tests
	// Past is the vendor's record (nil: none), which pre-grades
	// PastPerformance.
	Past Past
}

// Grade is one criterion's grade of one quote: a band on the 0–Scale
// scale (Low == High when nothing is unknown), the point Value the total
// uses, and the rule that produced it as an i18n key with its facts.
type Grade struct {
	Key        string
	Low, High  float64
	Value      float64
	Rule       string
	Facts      map[string]string
	Capped     bool     // a blocker capped the grade at BlockerCap
	Flags      []string // the flags that lowered it
	Overridden bool     // evaluators' overrides replace the rule's grade
	// Suggested is the rule's point grade, kept when overrides replace
	// it: the pre-grade, a suggestion.
	Suggested float64
	Overrides []Override
	Consensus float64 // mean of the overrides, when Overridden
}

// The grading constants, stated so the sheet can name them.
const (
	BlockerCap       = 2.0 // an open blocker in a criterion caps its grade here
	WarningDeduction = 3.0 // a stated term that falls short of the brief
	UnstatedLow      = 4.0 // an unstated term costs this much at the worst end, nothing at the best
)

// criterionOf maps each red-flag rule to the criterion it speaks to.
// Flags of no criterion (an FX rate missing) do not affect grades.
var criterionOf = map[string]string{
	"nccl_untested": VerifiedPerformance, "nccl_refused": VerifiedPerformance,
	"benchmark_window_missing": VerifiedPerformance, "benchmark_window_refused": VerifiedPerformance,
	"driver_cuda_unverifiable": VerifiedPerformance, "driver_cuda_refused": VerifiedPerformance,
	"retry_waste_over_budget": VerifiedPerformance,

	"node_failure_policy_missing": ReliabilityTerms, "node_failure_policy_refused": ReliabilityTerms,
	"support_vague": ReliabilityTerms, "support_refused": ReliabilityTerms, "support_slower": ReliabilityTerms,

	"gpu_model_missing": FabricTopology, "form_factor_missing": FabricTopology, "node_shape_missing": FabricTopology,
	"gpu_memory_missing": FabricTopology, "gpu_memory_refused": FabricTopology,
	"intra_node_missing": FabricTopology, "intra_node_refused": FabricTopology, "fabric_missing": FabricTopology,
	"gpu_not_acceptable": FabricTopology, "gpu_count_short": FabricTopology,
	"inter_node_fabric_below": FabricTopology, "intra_node_below": FabricTopology,

	"storage_missing": StorageDataPath, "storage_refused": StorageDataPath, "storage_price_missing": StorageDataPath,

	"dedicated_unbacked": SecurityCompliance, "dedicated_refused": SecurityCompliance,
	"compliance_without_deletion": SecurityCompliance, "data_deletion_refused": SecurityCompliance,
	"residency_mismatch": SecurityCompliance, "region_mismatch": SecurityCompliance,
	"region_missing": SecurityCompliance, "region_refused": SecurityCompliance, "isolation_below_brief": SecurityCompliance,

	"commitment_terms_missing": CommercialFlexibility, "commitment_terms_refused": CommercialFlexibility,
	"cancellation_terms_refused": CommercialFlexibility, "term_beyond_horizon": CommercialFlexibility,
	"min_spend_above_limit": CommercialFlexibility, "long_commitment_no_exit": CommercialFlexibility,
	"quote_expired": CommercialFlexibility, "quote_expiring": CommercialFlexibility,
	"billing_unit_ambiguous": CommercialFlexibility,

	"egress_missing": LockInExit, "egress_refused": LockInExit,
	"billing_export_missing": LockInExit, "billing_export_refused": LockInExit,
	"upgrade_path_missing": LockInExit, "upgrade_path_refused": LockInExit,
	"observability_missing": LockInExit, "observability_refused": LockInExit,

	"tax_terms_missing": CommercialFlexibility, "tax_terms_refused": CommercialFlexibility,
	"invoicing_entity_missing": CommercialFlexibility, "invoicing_entity_refused": CommercialFlexibility,
	"support_hours_missing": ReliabilityTerms, "support_hours_refused": ReliabilityTerms,
	"import_export_limits_missing": SecurityCompliance, "import_export_limits_refused": SecurityCompliance,
	"eviction_above_tolerance": ReliabilityTerms, "eviction_risk_missing": ReliabilityTerms, "eviction_risk_refused": ReliabilityTerms,
}

// Unscored are the red-flag rules that speak to no criterion on purpose.
var Unscored = []string{"fx_rate_missing"}

// CriterionOf returns the criterion a red-flag rule lowers, if any.
func CriterionOf(flagID string) (string, bool) {
	c, ok := criterionOf[flagID]
	return c, ok
}

// unstated reports whether a warning says a term was not stated (rather
// than stated and short of the brief): the vendor may still answer well,
// so it is graded at both ends.
func unstated(id string) bool {
	for _, s := range []string{"_missing", "_untested", "_vague", "_unverifiable", "_unbacked"} {
		if strings.HasSuffix(id, s) {
			return true
		}
	}
	return false
}

// gradeAll grades every criterion of q; best is the lowest point cost per
// unit among the quotes compared.
func gradeAll(q Quote, best Quote) []Grade {
	out := make([]Grade, 0, len(Keys))
	for _, k := range Keys {
		if k == CostPerUnit {
			out = append(out, gradeCost(q, best))
			continue
		}
		if k == PastPerformance {
			out = append(out, PastGrade(q.Past))
			continue
		}
		out = append(out, gradeTerms(k, q))
	}
	return out
}

// gradeCost scores cost per unit against the best: Scale × best / cost.
// The band reads the quote's own range against the same best.
func gradeCost(q Quote, best Quote) Grade {
	g := Grade{Key: CostPerUnit, Rule: "scoring.rule.cost_per_unit",
		Facts: map[string]string{"Best": best.CostText, "Cost": q.CostText, "Scale": num(Scale)}}
	if q.Unpriced {
		g.Rule, g.Low, g.High, g.Value = "scoring.rule.cost_unpriced", 0, Scale, Scale/2
		g.Facts = map[string]string{"Reason": q.UnpricedReason, "Scale": num(Scale)}
		return g
	}
	ratio := func(c float64) float64 {
		if c <= 0 {
			return Scale
		}
		return math.Min(Scale, Scale*best.Cost/c)
	}
	g.Value, g.Low, g.High = round1(ratio(q.Cost)), round1(ratio(q.CostHigh)), round1(ratio(q.CostLow))
	return g
}

// gradeTerms starts a criterion at Scale and lowers it by its flags: a
// stated shortfall by WarningDeduction at both ends, an unstated term by
// UnstatedLow at the worst end only; a blocker caps both ends at
// BlockerCap. Verified performance also reads the acceptance suite: the
// share of tests passed, pending tests graded as failed at the worst end
// and passed at the best, a failed test capping like a blocker.
func gradeTerms(key string, q Quote) Grade {
	g := Grade{Key: key, Rule: "scoring.rule.terms", Low: Scale, High: Scale, Facts: map[string]string{
		"Scale": num(Scale), "Cap": num(BlockerCap), "Warning": num(WarningDeduction), "Unstated": num(UnstatedLow)}}
	if key == VerifiedPerformance && q.Tests.Total > 0 {
		t := q.Tests
		g.Rule = "scoring.rule.verified"
		g.Low = Scale * float64(t.Passed) / float64(t.Total)
		g.High = Scale * float64(t.Passed+t.Pending) / float64(t.Total)
		g.Facts["Passed"], g.Facts["Failed"], g.Facts["Pending"], g.Facts["Total"] =
			strconv.Itoa(t.Passed), strconv.Itoa(t.Failed), strconv.Itoa(t.Pending), strconv.Itoa(t.Total)
		g.Capped = t.Failed > 0
	}
	for _, f := range q.Flags {
		if criterionOf[f.ID] != key {
			continue
		}
		g.Flags = append(g.Flags, f.ID)
		switch {
		case f.Blocker:
			g.Capped = true
		case unstated(f.ID):
			g.Low -= UnstatedLow
		default:
			g.Low -= WarningDeduction
			g.High -= WarningDeduction
		}
	}
	clamp := func(v float64) float64 {
		v = math.Max(0, v)
		if g.Capped {
			v = math.Min(v, BlockerCap)
		}
		return round1(v)
	}
	g.Low, g.High = clamp(g.Low), clamp(g.High)
	g.Value = round1((g.Low + g.High) / 2)
	return g
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }

func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
