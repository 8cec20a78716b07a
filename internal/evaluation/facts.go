package evaluation

import (
	"strconv"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/decision"
	"github.com/gpuquote/gpuquote/internal/gpu"
	"github.com/gpuquote/gpuquote/internal/money"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// Fact is one editable fact of the decision beyond the brief.
type Fact struct {
	Key  string
	Kind string // "bool", "number", "stability"
	Unit string
}

// Facts are stored per evaluation as text by key, in form order.
var Facts = []Fact{
	{"stability", "stability", ""}, {"horizon_months", "number", "mo"},
	{"needs_custom_weights", "bool", ""}, {"needs_kernel_control", "bool", ""}, {"needs_fixed_placement", "bool", ""},
	{"ops_staff", "bool", ""}, {"capital_approved", "bool", ""},
	{"purchase_per_gpu", "number", "USD"}, {"infra_per_gpu_year", "number", "USD"}, {"ops_staff_per_year", "number", "USD"},
	{"depreciation_years", "number", "y"},
	{"api_input_per_m", "number", "USD"}, {"api_output_per_m", "number", "USD"},
	{"input_tokens_per_month", "number", ""}, {"output_tokens_per_month", "number", ""}, {"stated_tokens_per_second", "number", "tok/s"},
	{"blend_reserved", "number", "%"}, {"blend_on_demand", "number", "%"}, {"blend_spot", "number", "%"},
}

// factDefaults fills unset facts from the engine's sourced defaults and
// the brief, so the form shows what the recommendation used.
func factDefaults(b brief.Brief, capital []decision.CapitalCost) map[string]string {
	in := decision.DefaultInput()
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	out := map[string]string{
		"infra_per_gpu_year": f(in.Buy.InfraPerGPUYear.Value),
		"ops_staff_per_year": f(in.Buy.OpsStaffPerYear.Value), "depreciation_years": f(in.Buy.DepreciationYears.Value),
		"api_input_per_m": f(in.ModelAPI.Prices.InputPerMTokens.Value), "api_output_per_m": f(in.ModelAPI.Prices.OutputPerMTokens.Value),
		"blend_reserved": f(in.Blend.Reserved * 100), "blend_on_demand": f(in.Blend.OnDemand * 100), "blend_spot": f(in.Blend.Spot * 100),
	}
	if b.Filled("term_months") {
		out["horizon_months"] = b["term_months"]
	}
	// The purchase price is the capital cost table's figure for the
	// brief's GPU; without a row it stays empty and buying is not priced.
	if c, ok := decision.CapitalCostFor(capital, targetGPULabel(b)); ok {
		out["purchase_per_gpu"] = f(c.Value)
	}
	return out
}

// targetGPULabel is the brief's target GPU as the market tables name it.
func targetGPULabel(b brief.Brief) string {
	if opt, ok := gpu.OptionByKey(b["target_gpu"]); ok {
		return opt.Label
	}
	return ""
}

// capitalTable turns the stored capital costs into the engine's table;
// a figure that does not parse is left out.
func capitalTable(rows []store.CapitalCost) []decision.CapitalCost {
	out := make([]decision.CapitalCost, 0, len(rows))
	for _, r := range rows {
		v, err := strconv.ParseFloat(r.USDPerGPU, 64)
		if err != nil || v <= 0 {
			continue
		}
		out = append(out, decision.CapitalCost{GPUModel: r.GPUModel, USDPerGPU: v, Source: r.Source, SourceDate: r.SourceDate})
	}
	return out
}

func num(facts map[string]string, key string) float64 {
	v, _ := strconv.ParseFloat(facts[key], 64)
	return v
}

// decisionInput maps the brief, the worksheet and the facts into the
// engine's input, in the evaluation currency. The utilisation is the
// worksheet's (the brief's unless edited there), so the decision and the
// worksheet price the same hours.
func decisionInput(a *Analysis, facts map[string]string) decision.Input {
	b := a.Brief.Data
	in := decision.DefaultInput()
	in.Currency = a.A.Currency
	c := brief.Score(b)
	per, _ := b.Int("gpus_per_node")
	nodes, _ := b.Int("node_count")
	in.Brief = decision.Brief{Workload: decision.WorkloadType(b["workload_type"]), GPUs: int(per * nodes),
		BaselineUtilization: a.A.Utilisation.Value, Stability: stabilityOf(b, facts),
		HorizonMonths: horizonOf(b, facts), NeedsCustomWeights: facts["needs_custom_weights"] == "yes",
		NeedsKernelControl: facts["needs_kernel_control"] == "yes", NeedsFixedPlacement: facts["needs_fixed_placement"] == "yes",
		ReadyToReserve: c.ReadyToReserve(), Missing: c.Missing, MultiNode: nodes > 1,
		OpsStaff: facts["ops_staff"] == "yes", CapitalApproved: facts["capital_approved"] == "yes",
		Urgency: b["availability_urgency"], Scaling: b["scaling"], Regions: b["regions"], HardwareChange: b["hardware_change_expected"],
		GPUFamilyFlexibility: b["gpu_family_flexibility"] == "yes", ManagedSupport: b["managed_support"] == "yes",
		PrivateServingStack: b["private_serving_stack"] == "yes", EvictionTolerance: b["eviction_risk"], WorkloadBound: b["workload_bound"]}
	in.Buy.PurchasePerGPU.Value = num(facts, "purchase_per_gpu")
	in.Buy.GPUModel = targetGPULabel(b)
	if c, ok := decision.CapitalCostFor(a.Capital, in.Buy.GPUModel); ok && facts["purchase_per_gpu"] == strconv.FormatFloat(c.Value, 'f', -1, 64) {
		in.Buy.PurchasePerGPU.Source, in.Buy.PurchasePerGPU.Date, in.Buy.PurchasePerGPU.Note = c.Source, c.Date, c.Note
	} else if in.Buy.PurchasePerGPU.Value > 0 {
		in.Buy.PurchasePerGPU.Source, in.Buy.PurchasePerGPU.Date, in.Buy.PurchasePerGPU.Note = "evaluation fact, edited", "", ""
	}
	in.Buy.InfraPerGPUYear.Value = num(facts, "infra_per_gpu_year")
	in.Buy.OpsStaffPerYear.Value = num(facts, "ops_staff_per_year")
	in.Buy.DepreciationYears.Value = num(facts, "depreciation_years")
	in.ModelAPI.Prices.InputPerMTokens.Value = num(facts, "api_input_per_m")
	in.ModelAPI.Prices.OutputPerMTokens.Value = num(facts, "api_output_per_m")
	in.ModelAPI.InputTokensPerMonth = num(facts, "input_tokens_per_month")
	in.ModelAPI.OutputTokensPerMonth = num(facts, "output_tokens_per_month")
	in.ModelAPI.StatedTokensPerSecondPerGPU = num(facts, "stated_tokens_per_second")
	in.Blend = decision.BlendShares{Reserved: num(facts, "blend_reserved") / 100, OnDemand: num(facts, "blend_on_demand") / 100,
		Spot: num(facts, "blend_spot") / 100}
	// The facts and references are in USD; an evaluation in another
	// currency gets them converted with the admin's rate, so it is decided
	// on like a USD one (the analysis falls back to USD without a rate).
	toEval := func(usd float64) float64 { return usd }
	if cur := a.A.Currency; cur != "USD" {
		if r, ok := a.FX.USDPer[cur]; ok && r.Float64() > 0 {
			per := r.Float64()
			toEval = func(usd float64) float64 { return usd / per }
		}
	}
	for _, v := range []*float64{&in.Buy.PurchasePerGPU.Value, &in.Buy.InfraPerGPUYear.Value, &in.Buy.OpsStaffPerYear.Value,
		&in.ModelAPI.Prices.InputPerMTokens.Value, &in.ModelAPI.Prices.OutputPerMTokens.Value} {
		*v = toEval(*v)
	}
	in.Buy.Currency, in.ModelAPI.Prices.Currency = a.A.Currency, a.A.Currency
	in.Market = marketRates(a.Reference, b["target_gpu"], toEval, a.A.Currency)
	for i, res := range a.WS.Results {
		// What would change the answer reads only quotes that could be
		// awarded: priced, in the evaluation currency or convertible (the
		// worksheet holds no other), without open blockers, not rejected.
		if !a.awardable(a.Quotes[i].ID) {
			continue
		}
		q := a.Quotes[i].Quote
		rate, _ := q.PricePerGPUHour.Get()
		cur, _ := q.Currency.Get()
		fx := 1.0
		if r, ok := a.A.FX[cur]; ok && cur != a.A.Currency {
			fx = r.Rate
		}
		dq := decision.Quote{ID: a.Quotes[i].ID, Label: a.Quotes[i].ProviderName,
			RentalModel: res.RentalModel, CostPerUnit: res.CostPerUnit.Float(), MonthlyTCO: res.TCO.Float(),
			RatePerGPUHour: rate.Float64() * fx, Currency: a.A.Currency}
		if useful := res.UnitsPerMonth * a.A.GPUHoursPerUnit.Value; useful > 0 {
			dq.UsefulGPUHourCost = res.Contract.Monthly.Float() / useful
		}
		in.Quotes = append(in.Quotes, dq)
	}
	in.ModelAPI.Worksheet = a.cheapestAwardableSelfHosting()
	return in
}

// cheapestAwardableSelfHosting is the worksheet's lowest cost per unit
// among the quotes that could be awarded (priced in the evaluation's
// currency, no open blockers, not rejected, not a model API), when the
// worksheet's unit is a million tokens: the model-API verdict compares
// with it. Nil otherwise.
func (a *Analysis) cheapestAwardableSelfHosting() *decision.WorksheetSelfHosting {
	if a.A.UnitPer != 1e6 {
		return nil
	}
	var best *decision.WorksheetSelfHosting
	bestRank := 0.0
	for i, res := range a.WS.Results {
		sq := a.Quotes[i]
		if res.RentalModel == tco.ModelAPI || res.UnitsPerMonth <= 0 || res.CostRank <= 0 ||
			!a.awardable(sq.ID) {
			continue
		}
		if best != nil && res.CostRank >= bestRank {
			continue
		}
		eng := 0.0
		for _, l := range res.Lines {
			if l.Key == tco.LineEngineering {
				eng = l.Amount.Float()
			}
		}
		per := res.CostRank / float64(money.Scale(res.CostPerUnit.Currency))
		bestRank = res.CostRank
		best = &decision.WorksheetSelfHosting{QuoteID: sq.ID, Label: sq.ProviderName, PerMTokens: per, Monthly: res.TCO.Float(),
			EngineeringPerMonth: eng}
	}
	return best
}

// awardable: a priced quote could be awarded as it stands, with no open
// blockers and not rejected.
func (a *Analysis) awardable(quoteID int64) bool {
	return len(a.OpenBlockers(quoteID)) == 0 && a.Shortlist[quoteID].Status != "rejected"
}

// stabilityOf is the baseline's stability: the brief's answer to how
// demand moves when it gives one (a steady baseline is stable; growth or
// fast scaling is not), else the value saved on the decision page.
func stabilityOf(b brief.Brief, facts map[string]string) decision.Stability {
	switch b["scaling"] {
	case "steady":
		return decision.StabilityStable
	case "gradual", "fast":
		return decision.StabilityVariable
	}
	return decision.Stability(facts["stability"])
}

// horizonOf is the planning horizon: the brief's term when it states one,
// else the value saved on the decision page.
func horizonOf(b brief.Brief, facts map[string]string) int {
	if n, ok := b.Int("term_months"); ok && n > 0 {
		return int(n)
	}
	return int(num(facts, "horizon_months"))
}
