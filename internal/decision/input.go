package decision

import (
	"errors"
	"fmt"
	"math"

	"github.com/gpuquote/gpuquote/internal/quote"
)

// ErrInvalid marks input no recommendation can be built from (a share above
// one, a negative price); the web layer answers it with a form error.
var ErrInvalid = errors.New("decision: invalid input")

// WorkloadType is the brief's workload type; the values are the brief
// package's keys.
type WorkloadType string

// Workload types of PRODUCT.md.
const (
	WorkloadPreTraining          WorkloadType = "pre_training"
	WorkloadFineTuning           WorkloadType = "fine_tuning"
	WorkloadRetrievalEmbedding   WorkloadType = "retrieval_embedding"
	WorkloadBatchInference       WorkloadType = "batch_inference"
	WorkloadOnlineInference      WorkloadType = "online_inference"
	WorkloadImageVideoGeneration WorkloadType = "image_video_generation"
	WorkloadSimulation           WorkloadType = "simulation"
	WorkloadResearchNotebooks    WorkloadType = "research_notebooks"
)

// servesModelOutputs is true for workloads whose product is model outputs,
// the only ones a model API can replace; training produces weights.
func (w WorkloadType) servesModelOutputs() bool {
	switch w {
	case WorkloadRetrievalEmbedding, WorkloadBatchInference, WorkloadOnlineInference, WorkloadImageVideoGeneration:
		return true
	}
	return false
}

// Stability says how settled the workload's utilisation baseline is.
type Stability string

// Stability levels. The zero value means the brief does not say, which is
// treated like Variable: nobody should commit to a baseline nobody stated.
const (
	StabilityUnknown  Stability = ""
	StabilityVariable Stability = "variable"
	// StabilityStable means the baseline, and the model, serving engine and
	// GPU class behind it, are expected to hold for the horizon.
	StabilityStable Stability = "stable"
)

// Brief is the part of the workload brief the recommendation rests on.
type Brief struct {
	Workload WorkloadType `json:"workload"`
	// GPUs is the cluster the brief asks for (GPUs per node × nodes).
	GPUs int `json:"gpus"`
	// BaselineUtilization is the expected share of paid hours doing useful
	// work, 0–1 (the brief's percentage divided by 100).
	BaselineUtilization float64   `json:"baseline_utilization"`
	Stability           Stability `json:"stability"`
	HorizonMonths       int       `json:"horizon_months"`
	NeedsCustomWeights  bool      `json:"needs_custom_weights"`
	NeedsKernelControl  bool      `json:"needs_kernel_control"`
	NeedsFixedPlacement bool      `json:"needs_fixed_placement"`
	// ReadyToReserve and Missing come from the brief's completeness:
	// Missing are the brief field keys still empty.
	ReadyToReserve  bool     `json:"ready_to_reserve"`
	Missing         []string `json:"missing"`
	MultiNode       bool     `json:"multi_node"`
	OpsStaff        bool     `json:"ops_staff"`
	CapitalApproved bool     `json:"capital_approved"`

	// The brief's answers to the buyer's guide's decision table (see
	// [Guide]); empty or false when the brief does not say.
	Urgency              string `json:"urgency,omitempty"`         // urgent, planned, flexible
	Scaling              string `json:"scaling,omitempty"`         // steady, gradual, fast
	Regions              string `json:"regions,omitempty"`         // single, several, global
	HardwareChange       string `json:"hardware_change,omitempty"` // yes, no
	GPUFamilyFlexibility bool   `json:"gpu_family_flexibility,omitempty"`
	ManagedSupport       bool   `json:"managed_support,omitempty"`
	PrivateServingStack  bool   `json:"private_serving_stack,omitempty"`
	EvictionTolerance    string `json:"eviction_tolerance,omitempty"` // none, low, medium, high
	WorkloadBound        string `json:"workload_bound,omitempty"`     // compute, memory, mixed
}

// needsControl is true when the brief rules out a model API: the guide's
// "avoid when" of the model-API row.
func (b Brief) needsControl() bool {
	return b.NeedsCustomWeights || b.NeedsKernelControl || b.NeedsFixedPlacement || b.PrivateServingStack
}

// RentalModel is a quote's rental model: the quote package's type, one
// list of values for the CSV, the cost model and the decision.
type RentalModel = quote.RentalModel

// Rental models of PRODUCT.md.
const (
	RentalSingleNode     = quote.RentalSingleNode
	RentalOnDemand       = quote.RentalOnDemand
	RentalReserved       = quote.RentalReserved
	RentalMarketplace    = quote.RentalMarketplace
	RentalManagedCluster = quote.RentalManagedCluster
	RentalModelAPI       = quote.RentalModelAPI
	RentalBuy            = quote.RentalBuy
)

// Quote is one quote as the worksheet summarised it. Zero means not known
// for every number.
type Quote struct {
	ID             int64       `json:"id"`
	Label          string      `json:"label"`
	RentalModel    RentalModel `json:"rental_model"`
	CostPerUnit    float64     `json:"cost_per_unit"`
	MonthlyTCO     float64     `json:"monthly_tco"`
	RatePerGPUHour float64     `json:"rate_per_gpu_hour"`
	Currency       string      `json:"currency"`
	// UsefulGPUHourCost is the worksheet's monthly equivalent divided by
	// the useful GPU-hours it buys: every cost line, per hour of work. The
	// model-API comparison prices self-hosting with it, so both agree.
	UsefulGPUHourCost float64 `json:"useful_gpu_hour_cost"`
}

// Benchmark is what the trial clusters have shown so far.
type Benchmark struct {
	// MultiNodeAllReducePassed is true once a multi-node NCCL all-reduce
	// benchmark passed on a candidate pool.
	MultiNodeAllReducePassed bool `json:"multi_node_allreduce_passed"`
	SuitePassed              int  `json:"suite_passed"`
	SuiteFailed              int  `json:"suite_failed"`
	// MeasuredTokensPerSecondPerGPU is output tokens per second per GPU a
	// benchmark of this workload measured, or zero.
	MeasuredTokensPerSecondPerGPU float64 `json:"measured_tokens_per_second_per_gpu"`
}

// ModelAPIFacts are the model-API side of the evaluation.
type ModelAPIFacts struct {
	Prices               ModelAPIPrices `json:"prices"`
	InputTokensPerMonth  float64        `json:"input_tokens_per_month"`
	OutputTokensPerMonth float64        `json:"output_tokens_per_month"`
	// StatedTokensPerSecondPerGPU is a vendor's or published throughput,
	// used when no benchmark measured one.
	StatedTokensPerSecondPerGPU float64 `json:"stated_tokens_per_second_per_gpu"`
	StatedThroughputShare       Sourced `json:"stated_throughput_share"`
	SelfHostedOverheadPerMonth  float64 `json:"self_hosted_overhead_per_month"`
	// Worksheet is the worksheet's cheapest awardable self-hosting, when
	// its unit counts tokens: the verdict compares the API's price per
	// million tokens with that quote's cost per unit, so it cannot
	// contradict the worksheet. Nil when the unit is not tokens or no
	// quote can be awarded.
	Worksheet *WorksheetSelfHosting `json:"worksheet,omitempty"`
}

// WorksheetSelfHosting is one awardable quote's figures on the worksheet
// (no open blockers, priced, in the evaluation's currency or converted).
type WorksheetSelfHosting struct {
	QuoteID int64  `json:"quote_id"`
	Label   string `json:"label"`
	// PerMTokens is the worksheet's cost per unit (per million tokens),
	// unrounded; Monthly is its monthly TCO, every cost line included.
	PerMTokens float64 `json:"per_m_tokens"`
	Monthly    float64 `json:"monthly"`
	// EngineeringPerMonth is the engineering-overhead line inside Monthly,
	// stated so the text says what the rate includes.
	EngineeringPerMonth float64 `json:"engineering_per_month"`
}

// Input is everything one recommendation rests on. Start from
// [DefaultInput] and fill the facts: a zero Input is invalid on purpose,
// because zero prices would recommend buying for free.
type Input struct {
	// Currency is the evaluation's currency; everything compared must be
	// in it, since this package never converts.
	Currency       string        `json:"currency"`
	Brief          Brief         `json:"brief"`
	Quotes         []Quote       `json:"quotes"`
	Benchmark      Benchmark     `json:"benchmark"`
	Buy            BuyInputs     `json:"buy"`
	ModelAPI       ModelAPIFacts `json:"model_api"`
	Blend          BlendShares   `json:"blend"`
	SpotRetryWaste Sourced       `json:"spot_retry_waste"`
	Market         MarketRates   `json:"market"`
	Policy         Policy        `json:"policy"`
}

// Validate reports an ErrInvalid error naming the first impossible value.
// Missing facts are not invalid: they make the answer "not ready" instead.
func (in Input) Validate() error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrInvalid}, a...)...)
	}
	frac := func(v float64) bool { return v >= 0 && v <= 1 && !math.IsNaN(v) }
	nonNeg := func(vs ...float64) bool {
		for _, v := range vs {
			if v < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
				return false
			}
		}
		return true
	}
	b := in.Brief
	switch {
	case in.Currency == "":
		return bad("no currency")
	case !frac(b.BaselineUtilization):
		return bad("baseline utilisation %v outside [0, 1]", b.BaselineUtilization)
	case b.GPUs < 0 || b.HorizonMonths < 0:
		return bad("negative GPU count or horizon")
	case b.Stability != StabilityUnknown && b.Stability != StabilityVariable && b.Stability != StabilityStable:
		return bad("unknown stability %q", b.Stability)
	case in.Buy.Currency != in.Currency:
		return bad("buy inputs in %q, evaluation in %q", in.Buy.Currency, in.Currency)
	case !(in.Buy.PurchasePerGPU.Value >= 0) || !(in.Buy.DepreciationYears.Value > 0):
		return bad("purchase price must be 0 (not known) or more, and the depreciation life positive")
	case !nonNeg(in.Buy.InfraPerGPUYear.Value, in.Buy.OpsStaffPerYear.Value) || in.Buy.FleetGPUs < 0:
		return bad("negative buy-side cost or fleet size")
	case in.ModelAPI.Prices.Currency != in.Currency:
		return bad("model API prices in %q, evaluation in %q", in.ModelAPI.Prices.Currency, in.Currency)
	case !nonNeg(in.ModelAPI.Prices.InputPerMTokens.Value, in.ModelAPI.Prices.OutputPerMTokens.Value,
		in.ModelAPI.InputTokensPerMonth, in.ModelAPI.OutputTokensPerMonth,
		in.ModelAPI.StatedTokensPerSecondPerGPU, in.ModelAPI.SelfHostedOverheadPerMonth,
		in.Benchmark.MeasuredTokensPerSecondPerGPU):
		return bad("negative model-API price, volume, throughput or overhead")
	case !frac(in.ModelAPI.StatedThroughputShare.Value):
		return bad("stated throughput share %v outside [0, 1]", in.ModelAPI.StatedThroughputShare.Value)
	case in.SpotRetryWaste.Value < 0 || in.SpotRetryWaste.Value >= 1:
		return bad("spot retry waste %v outside [0, 1)", in.SpotRetryWaste.Value)
	case !nonNeg(in.Market.OnDemand.Value, in.Market.Reserved.Value, in.Market.Spot.Value):
		return bad("negative market rate")
	case !(in.Policy.BuyMinUtilization > 0) || in.Policy.BuyMinUtilization > 1 ||
		!(in.Policy.BreakEvenShare > 0) || in.Policy.BreakEvenShare > 1 || in.Policy.MinReserveMonths < 0:
		return bad("policy thresholds out of range")
	case in.Benchmark.SuitePassed < 0 || in.Benchmark.SuiteFailed < 0:
		return bad("negative acceptance-test count")
	}
	for _, q := range in.Quotes {
		if !nonNeg(q.CostPerUnit, q.MonthlyTCO, q.RatePerGPUHour) {
			return bad("quote %d has a negative amount", q.ID)
		}
	}
	return in.Blend.Validate()
}
