package decision

// The buyer's guide's decision table ("Rent, reserve, buy, or use a model
// API", and the marketplace row of its rental-model table) as data: each
// rental model with the conditions the guide prefers it under and those it
// says to avoid it under. The brief answers the conditions; [Judge] says
// which hold for one rental model, so the decision page, the award card,
// the memo and the API can mark an awarded model the guide advises against.
//
// The Prefer and Avoid sentences below are the guide's rows in our own
// words; the catalog carries them, and each condition's sentence, in four
// languages.

// OptionMarketplace is the guide's marketplace fleet (spot or interruptible
// capacity): a row of the table that [Recommend] never answers with, but an
// award can take.
const OptionMarketplace Option = "marketplace"

// Condition is one condition of a row of the decision table. Its sentence
// is the catalog's decision.guide.fits.<Condition> or
// decision.guide.avoid.<Condition>.
type Condition string

// The conditions, by row.
const (
	// On demand: prefer.
	CondNewWorkload       Condition = "new_workload"       // no acceptance test has passed yet: benchmarks still changing
	CondUncertainSchedule Condition = "uncertain_schedule" // the baseline is not stated stable
	// On demand: avoid.
	CondStableAndUrgent Condition = "stable_and_urgent"
	// Reserve: prefer.
	CondPredictableUtilisation Condition = "predictable_utilisation" // stable, at or above the reserve break-even
	CondLaunchDates            Condition = "launch_dates"            // capacity needed urgently or by a planned date
	CondSameClassForMonths     Condition = "same_class_for_months"   // the horizon is a reservation's months or more
	// Reserve: avoid.
	CondHardwareChange Condition = "hardware_change"
	// Buy: prefer.
	CondVeryHighUtilisation Condition = "very_high_utilisation"
	CondStableHardware      Condition = "stable_hardware"
	CondDataCentreSkills    Condition = "data_centre_skills"
	CondCapitalApproved     Condition = "capital_approved"
	// Buy: avoid.
	CondFastScaling    Condition = "fast_scaling"
	CondGPUFlexibility Condition = "gpu_flexibility"
	CondManagedSupport Condition = "managed_support"
	CondGlobalRegions  Condition = "global_regions"
	// Model API: prefer.
	CondOutputsNotControl Condition = "outputs_not_control"
	CondOpsEatSavings     Condition = "ops_eat_savings"
	// Model API: avoid.
	CondCustomWeights  Condition = "custom_weights"
	CondKernelControl  Condition = "kernel_control"
	CondPrivateServing Condition = "private_serving"
	CondFixedPlacement Condition = "fixed_placement"
	// Marketplace: prefer, and avoid.
	CondEvictionTolerated Condition = "eviction_tolerated"
	CondNoEviction        Condition = "no_eviction"
)

// GuideFacts are the answers to the table's conditions: the brief's and
// the analysis's figures.
type GuideFacts struct {
	Stability Stability
	// Utilization is the baseline, 0–1; ReserveBreakEven the utilisation
	// above which reserved costs less per useful hour than on demand (0:
	// not priced); BuyMinUtilization the policy's "very high".
	Utilization, ReserveBreakEven, BuyMinUtilization float64
	HorizonMonths, MinReserveMonths                  int
	// AcceptancePassed: a test of the acceptance suite has passed, so the
	// benchmarks are no longer only changing.
	AcceptancePassed bool
	Urgency          string // "urgent", "planned", "flexible" or "" (not stated)
	Scaling          string // "steady", "gradual", "fast" or ""
	Regions          string // "single", "several", "global" or ""
	// EvictionTolerance is the brief's acceptable eviction risk: "none",
	// "low", "medium", "high" or "".
	EvictionTolerance string
	// HardwareChange and StableHardware: the brief says yes / no to a
	// model, engine or GPU change within the term (both false: not stated).
	HardwareChange, StableHardware                              bool
	GPUFlexibility, ManagedSupport, PrivateServing              bool
	OpsStaff, CapitalApproved                                   bool
	CustomWeights, KernelControl, FixedPlacement, ServesOutputs bool
	APICheaper                                                  bool
}

// GuideRule is one condition of a row and when the brief says it holds.
type GuideRule struct {
	Cond Condition
	// Key is its sentence in the catalog, written whole.
	Key   string
	Holds func(GuideFacts) bool
	// Facts are the figures its sentence cites.
	Facts func(GuideFacts) []Fact
}

// GuideRow is one row of the decision table.
type GuideRow struct {
	Option Option
	// Prefer and Avoid are the guide's sentences, in our words: the
	// English of the catalog's PreferKey and AvoidKey, which carry their
	// translations.
	Prefer, Avoid       string
	PreferKey, AvoidKey string
	Fits                []GuideRule // any one that holds is a reason the option fits
	Avoids              []GuideRule // any one that holds is a reason to avoid it
}

func noFacts(GuideFacts) []Fact { return nil }

func utilFacts(f GuideFacts) []Fact {
	return []Fact{percentFact("Utilization", f.Utilization), percentFact("ReserveBreakEvenUtilization", f.ReserveBreakEven),
		percentFact("BuyMinUtilization", f.BuyMinUtilization)}
}

func horizonFacts(f GuideFacts) []Fact {
	return []Fact{intFact("HorizonMonths", f.HorizonMonths), intFact("MinReserveMonths", f.MinReserveMonths)}
}

// Guide is the decision table, one row per rental model, in the guide's
// order.
var Guide = []GuideRow{{
	Option:    OptionOnDemand,
	PreferKey: "decision.guide.on_demand.prefer", AvoidKey: "decision.guide.on_demand.avoid",
	Prefer: "A new workload, a schedule nobody can promise yet, or benchmarks that are still changing.",
	Avoid:  "A baseline that already holds steady while the capacity is needed urgently.",
	Fits: []GuideRule{
		{CondNewWorkload, "decision.guide.fits.new_workload", func(f GuideFacts) bool { return !f.AcceptancePassed }, noFacts},
		{CondUncertainSchedule, "decision.guide.fits.uncertain_schedule", func(f GuideFacts) bool { return f.Stability != StabilityStable }, noFacts},
	},
	Avoids: []GuideRule{
		{CondStableAndUrgent, "decision.guide.avoid.stable_and_urgent", func(f GuideFacts) bool { return f.Stability == StabilityStable && f.Urgency == "urgent" }, noFacts},
	},
}, {
	Option:    OptionReserve,
	PreferKey: "decision.guide.reserve.prefer", AvoidKey: "decision.guide.reserve.avoid",
	Prefer: "Utilisation that can be forecast, launch dates that matter, and one GPU class kept busy for months.",
	Avoid:  "A model architecture, serving engine or target GPU that will probably change soon.",
	Fits: []GuideRule{
		{CondPredictableUtilisation, "decision.guide.fits.predictable_utilisation", func(f GuideFacts) bool {
			return f.Stability == StabilityStable && f.ReserveBreakEven > 0 && f.Utilization >= f.ReserveBreakEven
		}, utilFacts},
		{CondLaunchDates, "decision.guide.fits.launch_dates", func(f GuideFacts) bool { return f.Urgency == "urgent" || f.Urgency == "planned" }, noFacts},
		{CondSameClassForMonths, "decision.guide.fits.same_class_for_months", func(f GuideFacts) bool {
			return f.MinReserveMonths > 0 && f.HorizonMonths >= f.MinReserveMonths && !f.HardwareChange
		}, horizonFacts},
	},
	Avoids: []GuideRule{
		{CondHardwareChange, "decision.guide.avoid.hardware_change", func(f GuideFacts) bool { return f.HardwareChange }, noFacts},
	},
}, {
	Option:    OptionBuy,
	PreferKey: "decision.guide.buy.prefer", AvoidKey: "decision.guide.buy.avoid",
	Prefer: "Very high utilisation, hardware needs that will not move, people who can run a data centre, and capital already approved.",
	Avoid:  "Having to scale fast, to keep the choice of GPU generation open, to get managed support, or to serve regions around the world.",
	Fits: []GuideRule{
		{CondVeryHighUtilisation, "decision.guide.fits.very_high_utilisation", func(f GuideFacts) bool {
			return f.BuyMinUtilization > 0 && f.Utilization >= f.BuyMinUtilization
		}, utilFacts},
		{CondStableHardware, "decision.guide.fits.stable_hardware", func(f GuideFacts) bool { return f.StableHardware }, noFacts},
		{CondDataCentreSkills, "decision.guide.fits.data_centre_skills", func(f GuideFacts) bool { return f.OpsStaff }, noFacts},
		{CondCapitalApproved, "decision.guide.fits.capital_approved", func(f GuideFacts) bool { return f.CapitalApproved }, noFacts},
	},
	Avoids: []GuideRule{
		{CondFastScaling, "decision.guide.avoid.fast_scaling", func(f GuideFacts) bool { return f.Scaling == "fast" }, noFacts},
		{CondGPUFlexibility, "decision.guide.avoid.gpu_flexibility", func(f GuideFacts) bool { return f.GPUFlexibility }, noFacts},
		{CondManagedSupport, "decision.guide.avoid.managed_support", func(f GuideFacts) bool { return f.ManagedSupport }, noFacts},
		{CondGlobalRegions, "decision.guide.avoid.global_regions", func(f GuideFacts) bool { return f.Regions == "global" }, noFacts},
	},
}, {
	Option:    OptionModelAPI,
	PreferKey: "decision.guide.model_api.prefer", AvoidKey: "decision.guide.model_api.avoid",
	Prefer: "What you need is the model's outputs rather than control of hardware, and running it yourself would eat the GPU savings.",
	Avoid:  "Custom weights, control of low-level kernels, a private serving stack, or hardware in a fixed place.",
	Fits: []GuideRule{
		{CondOutputsNotControl, "decision.guide.fits.outputs_not_control", func(f GuideFacts) bool {
			return f.ServesOutputs && !f.CustomWeights && !f.KernelControl && !f.FixedPlacement && !f.PrivateServing
		}, noFacts},
		{CondOpsEatSavings, "decision.guide.fits.ops_eat_savings", func(f GuideFacts) bool { return f.APICheaper }, noFacts},
	},
	Avoids: []GuideRule{
		{CondCustomWeights, "decision.guide.avoid.custom_weights", func(f GuideFacts) bool { return f.CustomWeights }, noFacts},
		{CondKernelControl, "decision.guide.avoid.kernel_control", func(f GuideFacts) bool { return f.KernelControl }, noFacts},
		{CondPrivateServing, "decision.guide.avoid.private_serving", func(f GuideFacts) bool { return f.PrivateServing }, noFacts},
		{CondFixedPlacement, "decision.guide.avoid.fixed_placement", func(f GuideFacts) bool { return f.FixedPlacement }, noFacts},
	},
}, {
	Option:    OptionMarketplace,
	PreferKey: "decision.guide.marketplace.prefer", AvoidKey: "decision.guide.marketplace.avoid",
	Prefer: "Experiments, batch work that can move, and cheaper capacity taken when it is there.",
	Avoid:  "Work that cannot stand an interruption: hosts, data movement, interruptions and support vary from one listing to the next.",
	Fits: []GuideRule{
		{CondEvictionTolerated, "decision.guide.fits.eviction_tolerated", func(f GuideFacts) bool {
			return f.EvictionTolerance == "medium" || f.EvictionTolerance == "high"
		}, func(f GuideFacts) []Fact { return []Fact{wordFact("EvictionTolerance", f.EvictionTolerance)} }},
	},
	Avoids: []GuideRule{
		{CondNoEviction, "decision.guide.avoid.no_eviction", func(f GuideFacts) bool {
			return f.EvictionTolerance == "none" || f.EvictionTolerance == "low"
		}, func(f GuideFacts) []Fact { return []Fact{wordFact("EvictionTolerance", f.EvictionTolerance)} }},
	},
}}

// GuideRowOf is the table's row for o (false: none).
func GuideRowOf(o Option) (GuideRow, bool) {
	for _, r := range Guide {
		if r.Option == o {
			return r, true
		}
	}
	return GuideRow{}, false
}

// GuideOption is the row of the table a quote's rental model is judged
// by: single nodes and on-demand clusters by on demand, reserved and
// managed clusters by reserve, a marketplace fleet by marketplace.
func GuideOption(m RentalModel) Option {
	switch m {
	case RentalReserved, RentalManagedCluster:
		return OptionReserve
	case RentalMarketplace:
		return OptionMarketplace
	case RentalBuy:
		return OptionBuy
	case RentalModelAPI:
		return OptionModelAPI
	}
	return OptionOnDemand
}

// Verdict is what the table says of one rental model for this brief.
type Verdict struct {
	Option Option `json:"option"`
	// PreferWhen and AvoidWhen are the row's sentences.
	PreferWhen Statement   `json:"prefer_when"`
	AvoidWhen  Statement   `json:"avoid_when"`
	Fits       []Statement `json:"fits"`
	Avoid      []Statement `json:"avoid"`
}

// Judge applies o's row to f: each prefer condition that holds as its
// statement in Fits, each avoid condition that holds in Avoid.
func Judge(o Option, f GuideFacts) Verdict {
	v := Verdict{Option: o, Fits: []Statement{}, Avoid: []Statement{}}
	row, ok := GuideRowOf(o)
	if !ok {
		return v
	}
	v.PreferWhen, v.AvoidWhen = st(row.PreferKey), st(row.AvoidKey)
	for _, r := range row.Fits {
		if r.Holds(f) {
			v.Fits = append(v.Fits, st(r.Key, r.Facts(f)...))
		}
	}
	for _, r := range row.Avoids {
		if r.Holds(f) {
			v.Avoid = append(v.Avoid, st(r.Key, r.Facts(f)...))
		}
	}
	return v
}

// GuideFactsOf reads the table's answers from the engine's input and its
// recommendation.
func GuideFactsOf(in Input, rec Recommendation) GuideFacts {
	b := in.Brief
	f := GuideFacts{Stability: b.Stability, Utilization: b.BaselineUtilization, BuyMinUtilization: in.Policy.BuyMinUtilization,
		HorizonMonths: b.HorizonMonths, MinReserveMonths: in.Policy.MinReserveMonths,
		AcceptancePassed: in.Benchmark.SuitePassed > 0,
		Urgency:          b.Urgency, Scaling: b.Scaling, Regions: b.Regions, EvictionTolerance: b.EvictionTolerance,
		HardwareChange: b.HardwareChange == "yes", StableHardware: b.HardwareChange == "no",
		GPUFlexibility: b.GPUFamilyFlexibility, ManagedSupport: b.ManagedSupport, PrivateServing: b.PrivateServingStack,
		OpsStaff: b.OpsStaff, CapitalApproved: b.CapitalApproved,
		CustomWeights: b.NeedsCustomWeights, KernelControl: b.NeedsKernelControl, FixedPlacement: b.NeedsFixedPlacement,
		ServesOutputs: b.Workload.servesModelOutputs(),
		APICheaper:    rec.ModelAPI != nil && rec.ModelAPI.APICheaper}
	if od, res := rec.Rates.OnDemand, rec.Rates.Reserved; od != nil && res != nil && od.PerGPUHour > 0 {
		f.ReserveBreakEven = res.PerGPUHour / od.PerGPUHour
	}
	return f
}
