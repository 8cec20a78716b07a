package views

import (
	"github.com/gpuquote/gpuquote/internal/decision"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// The recommendation's figures are the engine's estimates; the API gives
// each amount as a decimal string with its currency, rounded to the
// currency's minor unit, like every other amount it returns.

type recRate struct {
	PerGPUHour APIMoney `json:"per_gpu_hour"`
	QuoteID    int64    `json:"quote_id,omitempty"`
	QuoteLabel string   `json:"quote_label,omitempty"`
	Source     string   `json:"source"`
	Date       string   `json:"date,omitempty"`
}

type recBreakEven struct {
	Against           string   `json:"against"`
	RatePerGPUHour    APIMoney `json:"rate_per_gpu_hour"`
	Utilization       float64  `json:"utilization"`
	CapexPerGPU       APIMoney `json:"capex_per_gpu"`
	OpexPerGPUMonth   APIMoney `json:"opex_per_gpu_month"`
	RentPerGPUMonth   APIMoney `json:"rent_per_gpu_month"`
	SavingPerGPUMonth APIMoney `json:"saving_per_gpu_month"`
	Months            float64  `json:"months"`
	Never             bool     `json:"never"`
}

type recModelAPI struct {
	Model                      string   `json:"model"`
	Basis                      string   `json:"basis"`
	TokensPerSecondPerGPU      float64  `json:"tokens_per_second_per_gpu"`
	RatePerGPUHour             APIMoney `json:"rate_per_gpu_hour"`
	Utilization                float64  `json:"utilization"`
	GPUHoursPerMonth           float64  `json:"gpu_hours_per_month"`
	SelfHostedPerMOutputTokens APIMoney `json:"self_hosted_per_m_output_tokens"`
	SelfHostedMonthly          APIMoney `json:"self_hosted_monthly"`
	APIMonthly                 APIMoney `json:"api_monthly"`
	APIPerMOutputTokens        APIMoney `json:"api_per_m_output_tokens"`
	APICheaper                 bool     `json:"api_cheaper"`
	MonthlySaving              APIMoney `json:"monthly_saving"`
}

type recBlendTier struct {
	Share          float64  `json:"share"`
	DemandGPUHours float64  `json:"demand_gpu_hours"`
	PaidGPUHours   float64  `json:"paid_gpu_hours"`
	RatePerGPUHour APIMoney `json:"rate_per_gpu_hour"`
	MonthlyCost    APIMoney `json:"monthly_cost"`
}

type recBlend struct {
	GPUHoursPerMonth       float64      `json:"gpu_hours_per_month"`
	Reserved               recBlendTier `json:"reserved"`
	OnDemand               recBlendTier `json:"on_demand"`
	Spot                   recBlendTier `json:"spot"`
	MonthlyCost            APIMoney     `json:"monthly_cost"`
	AllOnDemandMonthlyCost APIMoney     `json:"all_on_demand_monthly_cost"`
}

type recAnswer struct {
	Option              string               `json:"option"`
	NotReady            bool                 `json:"not_ready"`
	Summary             decision.Statement   `json:"summary"`
	Reasons             []decision.Statement `json:"reasons"`
	ChangeIf            []decision.Statement `json:"change_if"`
	Missing             []string             `json:"missing"`
	Notes               []decision.Statement `json:"notes"`
	Currency            string               `json:"currency"`
	Rates               map[string]recRate   `json:"rates"`
	BreakEvenVsReserved *recBreakEven        `json:"break_even_vs_reserved,omitempty"`
	BreakEvenVsOnDemand *recBreakEven        `json:"break_even_vs_on_demand,omitempty"`
	ModelAPI            *recModelAPI         `json:"model_api,omitempty"`
	Blend               *recBlend            `json:"blend,omitempty"`
	recStory
}

// recStory is the decision story: the analysis's answer (rental_model),
// why the award fits, the warnings against it, the facts read with their
// sources, and what would change the answer.
type recStory struct {
	RentalModel string               `json:"rental_model"`
	Agrees      bool                 `json:"agrees_with_award"`
	Fits        []decision.Statement `json:"fits"`
	Warnings    []decision.Warning   `json:"warnings"`
	Facts       []decision.StoryFact `json:"facts"`
	WouldChange []decision.Statement `json:"would_change"`
}

func recStoryJSON(s decision.Story, facts []decision.StoryFact) recStory {
	return recStory{RentalModel: string(s.Recommended), Agrees: s.Agrees, Fits: s.Fits, Warnings: s.Warnings,
		Facts: append([]decision.StoryFact{}, facts...), WouldChange: s.WouldChange}
}

// RecommendationJSON is the API's rent / reserve / buy / model-API advice
// with the decision story, or {"error": ...} and the story when the inputs
// could not be decided on.
func RecommendationJSON(rec decision.Recommendation, recErr error, story decision.Story, facts []decision.StoryFact) any {
	if recErr != nil {
		return struct {
			Error string `json:"error"`
			recStory
		}{recErr.Error(), recStoryJSON(story, facts)}
	}
	cur := rec.Currency
	out := recAnswer{Option: string(rec.Option), NotReady: rec.NotReady, Summary: rec.Summary, Reasons: rec.Reasons,
		ChangeIf: rec.ChangeIf, Missing: rec.Missing, Notes: rec.Notes, Currency: cur, Rates: map[string]recRate{}, recStory: recStoryJSON(story, facts)}
	for kind, r := range map[string]*decision.Rate{"on_demand": rec.Rates.OnDemand, "reserved": rec.Rates.Reserved, "spot": rec.Rates.Spot} {
		if r != nil {
			out.Rates[kind] = recRate{PerGPUHour: APIMoney{Amount: APIRate(r.PerGPUHour), Currency: cur}, QuoteID: r.QuoteID,
				QuoteLabel: r.QuoteLabel, Source: r.Source, Date: r.Date}
		}
	}
	be := func(b *decision.BreakEven) *recBreakEven {
		if b == nil {
			return nil
		}
		return &recBreakEven{Against: string(b.Against), RatePerGPUHour: APIMoney{Amount: APIRate(b.RatePerGPUHour), Currency: cur},
			Utilization: b.Utilization, CapexPerGPU: recAmountOf(b.CapexPerGPU, cur), OpexPerGPUMonth: recAmountOf(b.OpexPerGPUMonth, cur),
			RentPerGPUMonth: recAmountOf(b.RentPerGPUMonth, cur), SavingPerGPUMonth: recAmountOf(b.SavingPerGPUMonth, cur),
			Months: Round2(b.Months), Never: b.Never}
	}
	out.BreakEvenVsReserved, out.BreakEvenVsOnDemand = be(rec.BreakEvenVsReserved), be(rec.BreakEvenVsOnDemand)
	if m := rec.ModelAPI; m != nil {
		out.ModelAPI = &recModelAPI{Model: m.Model, Basis: string(m.Basis), TokensPerSecondPerGPU: m.TokensPerSecondPerGPU,
			RatePerGPUHour: APIMoney{Amount: APIRate(m.RatePerGPUHour), Currency: cur}, Utilization: m.Utilization,
			GPUHoursPerMonth:           m.GPUHoursPerMonth,
			SelfHostedPerMOutputTokens: APIMoney{Amount: APIRate(m.SelfHostedPerMOutputTokens), Currency: cur},
			SelfHostedMonthly:          recAmountOf(m.SelfHostedMonthly, cur), APIMonthly: recAmountOf(m.APIMonthly, cur),
			APIPerMOutputTokens: APIMoney{Amount: APIRate(m.APIPerMOutputTokens), Currency: cur}, APICheaper: m.APICheaper,
			MonthlySaving: recAmountOf(m.MonthlySaving, cur)}
	}
	if b := rec.Blend; b != nil {
		tier := func(t decision.BlendTier) recBlendTier {
			return recBlendTier{Share: t.Share, DemandGPUHours: t.DemandGPUHours, PaidGPUHours: t.PaidGPUHours,
				RatePerGPUHour: APIMoney{Amount: APIRate(t.RatePerGPUHour), Currency: cur}, MonthlyCost: recAmountOf(t.MonthlyCost, cur)}
		}
		out.Blend = &recBlend{GPUHoursPerMonth: b.GPUHoursPerMonth, Reserved: tier(b.Reserved), OnDemand: tier(b.OnDemand),
			Spot: tier(b.Spot), MonthlyCost: recAmountOf(b.MonthlyCost, cur), AllOnDemandMonthlyCost: recAmountOf(b.AllOnDemandMonthlyCost, cur)}
	}
	return out
}

// recAmountOf rounds an engine estimate to the currency's minor unit, the
// way every amount the app shows is rounded.
func recAmountOf(v float64, cur string) APIMoney { return APIMoneyOf(tco.NewMoney(v, cur)) }
