package decision

// HoursPerMonth is the month cost-reference.md uses (8,760 h / 12), so the
// figures here match the reference's worked examples.
const HoursPerMonth = 730

// Sourced is an editable default: the value with where it came from and
// when, so the UI can show its basis beside every figure built on it. When a
// user edits a value the web layer replaces Source and Date (for example
// "evaluation default, set by procurement").
type Sourced struct {
	Value  float64 `json:"value"`
	Unit   string  `json:"unit"`
	Source string  `json:"source"`
	Date   string  `json:"date"`
	Note   string  `json:"note,omitempty"`
}

// DefaultPurchasePerGPU is the all-in capex per H100 GPU. It is the card
// with its share of server and network rather than the card alone, because
// the card price alone makes buying look cheaper than it is.
func DefaultPurchasePerGPU() Sourced {
	return Sourced{
		Value:  40000,
		Unit:   "USD/GPU",
		Source: "cost-reference.md §3a/§3c: HGX H100 node with 8×400G InfiniBand NICs $310,000 (≈ $38,750 per GPU) plus switches and cables ≈ $1,900 per GPU at 64 nodes (Google Sheets H100 cluster cost model) [S]",
		Date:   "2024-08",
		Note:   "All-in per GPU. The seed article's $28k–32k is the card alone (Raymond James $25k–30k, Aug 2023); a DGX H100 is ≈ $33,750 per GPU (May 2023).",
	}
}

// DefaultInfraPerGPUYear is owned infrastructure per GPU-year without staff:
// staff is its own line so that fleet size can spread it.
func DefaultInfraPerGPUYear() Sourced {
	return Sourced{
		Value:  8727,
		Unit:   "USD/GPU-year",
		Source: "cost-reference.md §3b: colocation $2,816 (1.275 kW per GPU × $184.06/kW-month, CBRE North America H2 2024) + energy ≈ $911 (PUE 1.3 and $0.08/kWh assumed [U]) + DGX-class hardware support ≈ $5,000",
		Date:   "2025-02",
		Note:   "Excludes staff. With the default ops staff spread over 64 GPUs the total is ≈ $15k per GPU-year, the seed article's figure; at ≥256 GPUs $5k–10k is more typical.",
	}
}

// DefaultOpsStaffPerYear is the yearly cost of the people who run owned
// hardware, for the whole fleet; it is divided by the fleet's GPUs.
func DefaultOpsStaffPerYear() Sourced {
	return Sourced{
		Value:  400000,
		Unit:   "USD/year",
		Source: "seed article: 2–3 DevOps/DC Ops engineers at $300k–500k a year in total (midpoint); cost-reference.md §3a finds it plausible as 1.5–3 FTE at $150k–200k fully loaded (salary pages, low confidence) [S]",
		Date:   "2026-06",
	}
}

// DefaultDepreciationYears is the accounting life of an AI server: a
// purchase that breaks even after it is written off has not paid back.
func DefaultDepreciationYears() Sourced {
	return Sourced{
		Value:  5,
		Unit:   "years",
		Source: "cost-reference.md §3a: Amazon moved a subset of servers back to 5 years from 2025-01-01 \"due to AI/ML pace\"; analysts expect 5 rather than 6 years for AI servers [S]",
		Date:   "2025",
		Note:   "Critics argue 2–3 years of economic life.",
	}
}

// DefaultBuyInputs returns the buy-side defaults in USD for an H100 fleet.
// FleetGPUs is left zero: [Recommend] takes it from the brief.
func DefaultBuyInputs() BuyInputs {
	return BuyInputs{
		Currency:          "USD",
		PurchasePerGPU:    DefaultPurchasePerGPU(),
		InfraPerGPUYear:   DefaultInfraPerGPUYear(),
		OpsStaffPerYear:   DefaultOpsStaffPerYear(),
		DepreciationYears: DefaultDepreciationYears(),
	}
}

// MarketRates are reference prices per GPU-hour used when no quote of that
// kind exists yet, so a recommendation can be made before quotes arrive. A
// zero Value means no reference: that kind of capacity is then not priced.
type MarketRates struct {
	Currency string  `json:"currency"`
	OnDemand Sourced `json:"on_demand"`
	Reserved Sourced `json:"reserved"`
	Spot     Sourced `json:"spot"`
}

// DefaultMarketRates are H100 SXM reference rates in USD. They only fit an
// H100 brief; for another target GPU the web layer should pass that GPU's
// reference prices or zero values.
func DefaultMarketRates() MarketRates {
	catalog := "SkyPilot catalog snapshot, cost-reference.md §0/§1a (commit dates unconfirmed; AWS file reflects the June-2025 price cut) [C]"
	return MarketRates{
		Currency: "USD",
		OnDemand: Sourced{Value: 3.29, Unit: "USD/GPU-hour", Source: "RunPod H100 on-demand, middle of the neocloud band $2.9–4.3; " + catalog, Date: "2025-06 or later"},
		Reserved: Sourced{Value: 2.35, Unit: "USD/GPU-hour", Source: "H100 1-year contract market index, neighborhoodsf.com wiki citing SemiAnalysis, cost-reference.md §1b [S]", Date: "2026-03"},
		Spot:     Sourced{Value: 2.00, Unit: "USD/GPU-hour", Source: "Vast.ai marketplace H100 ≈ $1.9–2.1; " + catalog, Date: "2025-06 or later"},
	}
}

// DefaultSpotRetryWaste is the share of paid spot hours lost to preemption
// and restarts; without it spot looks cheaper than it is.
func DefaultSpotRetryWaste() Sourced {
	return Sourced{
		Value:  0.25,
		Unit:   "fraction",
		Source: "cost-reference.md §5 worked example: 20–35% waste at the measured V100 spot preemption rates (skypilot-org/spot-traces), checkpoint and restart times assumed [U]",
		Date:   "2023 trace",
	}
}

// DefaultModelAPIPrices is the cheapest list price found for a popular open
// 70B model, so self-hosting is compared with a real alternative.
func DefaultModelAPIPrices() ModelAPIPrices {
	src := "Llama 3.3 70B Instruct Turbo on DeepInfra / OpenRouter, durable-llm-registry catalog @5bab0001, cost-reference.md §4a [S]"
	return ModelAPIPrices{
		Model:            "Llama 3.3 70B Instruct Turbo",
		Currency:         "USD",
		InputPerMTokens:  Sourced{Value: 0.10, Unit: "USD/1M input tokens", Source: src, Date: "2026-08"},
		OutputPerMTokens: Sourced{Value: 0.32, Unit: "USD/1M output tokens", Source: src, Date: "2026-08"},
	}
}

// DefaultStatedThroughputShare is the share of a stated (offline,
// maximum-throughput) benchmark figure a latency-bound service reaches.
// Published figures queue every request at once; online serving does not.
func DefaultStatedThroughputShare() Sourced {
	return Sourced{
		Value:  0.4,
		Unit:   "fraction",
		Source: "cost-reference.md §4b caveat: online serving reaches perhaps 30–50% of offline throughput; assumption [U]",
		Date:   "2025",
	}
}

// DefaultBlendShares is the seed article's starting split of demand: 70 %
// reserved (the baseline), 20 % on demand (peaks and experiments), 10 % spot
// (preemptible work).
func DefaultBlendShares() BlendShares {
	return BlendShares{Reserved: 0.7, OnDemand: 0.2, Spot: 0.1}
}

// Policy holds the judgement calls of the recommendation, named so that
// they are visible and editable rather than buried in code.
type Policy struct {
	// BuyMinUtilization is the baseline utilisation below which buying is
	// not recommended: the product says buy at "very high utilisation", the
	// seed article at ≥ 85 %; 0.8 leaves room for maintenance.
	BuyMinUtilization float64 `json:"buy_min_utilization"`
	// BreakEvenShare is how much of the shorter of horizon and depreciation
	// life the break-even may use and still count as "well inside" it; the
	// rest is margin for price drops and a new GPU generation.
	BreakEvenShare float64 `json:"break_even_share"`
	// MinReserveMonths is the shortest horizon worth a reservation: the
	// product's "same GPU class busy for months".
	MinReserveMonths int `json:"min_reserve_months"`
}

// DefaultPolicy returns the thresholds described on [Policy].
func DefaultPolicy() Policy {
	return Policy{BuyMinUtilization: 0.8, BreakEvenShare: 0.75, MinReserveMonths: 3}
}

// DefaultInput returns an Input with every default filled and no facts: the
// web layer fills Brief, Quotes, Benchmark and the model-API volumes.
func DefaultInput() Input {
	return Input{
		Currency: "USD",
		Buy:      DefaultBuyInputs(),
		ModelAPI: ModelAPIFacts{
			Prices:                DefaultModelAPIPrices(),
			StatedThroughputShare: DefaultStatedThroughputShare(),
		},
		Blend:          DefaultBlendShares(),
		SpotRetryWaste: DefaultSpotRetryWaste(),
		Market:         DefaultMarketRates(),
		Policy:         DefaultPolicy(),
	}
}
