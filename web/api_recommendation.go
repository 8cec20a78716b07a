package web

import (
	"github.com/gpuquote/gpuquote/internal/decision"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
)

// The recommendation's figures are the engine's estimates; the API gives
// each amount as a decimal string with its currency, rounded to the
// currency's minor unit, like every other amount it returns.

type apiRate struct {
	PerGPUHour apiMoney `json:"per_gpu_hour"`
	QuoteID    int64    `json:"quote_id,omitempty"`
	QuoteLabel string   `json:"quote_label,omitempty"`
	Source     string   `json:"source"`
	Date       string   `json:"date,omitempty"`
}

type apiBreakEven struct {
	Against           string   `json:"against"`
	RatePerGPUHour    apiMoney `json:"rate_per_gpu_hour"`
	Utilization       float64  `json:"utilization"`
	CapexPerGPU       apiMoney `json:"capex_per_gpu"`
	OpexPerGPUMonth   apiMoney `json:"opex_per_gpu_month"`
	RentPerGPUMonth   apiMoney `json:"rent_per_gpu_month"`
	SavingPerGPUMonth apiMoney `json:"saving_per_gpu_month"`
	Months            float64  `json:"months"`
	Never             bool     `json:"never"`
}

type apiModelAPI struct {
	Model                      string   `json:"model"`
	Basis                      string   `json:"basis"`
	TokensPerSecondPerGPU      float64  `json:"tokens_per_second_per_gpu"`
	RatePerGPUHour             apiMoney `json:"rate_per_gpu_hour"`
	Utilization                float64  `json:"utilization"`
	GPUHoursPerMonth           float64  `json:"gpu_hours_per_month"`
	SelfHostedPerMOutputTokens apiMoney `json:"self_hosted_per_m_output_tokens"`
	SelfHostedMonthly          apiMoney `json:"self_hosted_monthly"`
	APIMonthly                 apiMoney `json:"api_monthly"`
	APIPerMOutputTokens        apiMoney `json:"api_per_m_output_tokens"`
	APICheaper                 bool     `json:"api_cheaper"`
	MonthlySaving              apiMoney `json:"monthly_saving"`
}

type apiBlendTier struct {
	Share          float64  `json:"share"`
	DemandGPUHours float64  `json:"demand_gpu_hours"`
	PaidGPUHours   float64  `json:"paid_gpu_hours"`
	RatePerGPUHour apiMoney `json:"rate_per_gpu_hour"`
	MonthlyCost    apiMoney `json:"monthly_cost"`
}

type apiBlend struct {
	GPUHoursPerMonth       float64      `json:"gpu_hours_per_month"`
	Reserved               apiBlendTier `json:"reserved"`
	OnDemand               apiBlendTier `json:"on_demand"`
	Spot                   apiBlendTier `json:"spot"`
	MonthlyCost            apiMoney     `json:"monthly_cost"`
	AllOnDemandMonthlyCost apiMoney     `json:"all_on_demand_monthly_cost"`
}

type apiRecommendation struct {
	Option              string               `json:"option"`
	NotReady            bool                 `json:"not_ready"`
	Summary             decision.Statement   `json:"summary"`
	Reasons             []decision.Statement `json:"reasons"`
	ChangeIf            []decision.Statement `json:"change_if"`
	Missing             []string             `json:"missing"`
	Notes               []decision.Statement `json:"notes"`
	Currency            string               `json:"currency"`
	Rates               map[string]apiRate   `json:"rates"`
	BreakEvenVsReserved *apiBreakEven        `json:"break_even_vs_reserved,omitempty"`
	BreakEvenVsOnDemand *apiBreakEven        `json:"break_even_vs_on_demand,omitempty"`
	ModelAPI            *apiModelAPI         `json:"model_api,omitempty"`
	Blend               *apiBlend            `json:"blend,omitempty"`
	apiStory
}

// apiStory is the decision story: the analysis's answer (rental_model),
// why the award fits, the warnings against it, the facts read with their
// sources, and what would change the answer.
type apiStory struct {
	RentalModel string                    `json:"rental_model"`
	Agrees      bool                      `json:"agrees_with_award"`
	Fits        []decision.Statement      `json:"fits"`
	Warnings    []decision.Warning        `json:"warnings"`
	Facts       []evaluation.DecisionFact `json:"facts"`
	WouldChange []decision.Statement      `json:"would_change"`
}

func storyJSON(a *evaluation.Analysis) apiStory {
	s := a.Story
	return apiStory{RentalModel: string(s.Recommended), Agrees: s.Agrees, Fits: s.Fits, Warnings: s.Warnings,
		Facts: append([]evaluation.DecisionFact{}, s.Facts...), WouldChange: s.WouldChange}
}

// recommendationJSON is the rent / reserve / buy / model-API advice, or
// {"error": ...} when the inputs could not be decided on.
func recommendationJSON(a *evaluation.Analysis) any {
	if a.RecErr != nil {
		return struct {
			Error string `json:"error"`
			apiStory
		}{a.RecErr.Error(), storyJSON(a)}
	}
	rec := a.Rec
	cur := rec.Currency
	out := apiRecommendation{Option: string(rec.Option), NotReady: rec.NotReady, Summary: rec.Summary, Reasons: rec.Reasons,
		ChangeIf: rec.ChangeIf, Missing: rec.Missing, Notes: rec.Notes, Currency: cur, Rates: map[string]apiRate{}, apiStory: storyJSON(a)}
	for kind, r := range map[string]*decision.Rate{"on_demand": rec.Rates.OnDemand, "reserved": rec.Rates.Reserved, "spot": rec.Rates.Spot} {
		if r != nil {
			out.Rates[kind] = apiRate{PerGPUHour: apiMoney{Amount: rateText(r.PerGPUHour), Currency: cur}, QuoteID: r.QuoteID,
				QuoteLabel: r.QuoteLabel, Source: r.Source, Date: r.Date}
		}
	}
	be := func(b *decision.BreakEven) *apiBreakEven {
		if b == nil {
			return nil
		}
		return &apiBreakEven{Against: string(b.Against), RatePerGPUHour: apiMoney{Amount: rateText(b.RatePerGPUHour), Currency: cur},
			Utilization: b.Utilization, CapexPerGPU: amountOf(b.CapexPerGPU, cur), OpexPerGPUMonth: amountOf(b.OpexPerGPUMonth, cur),
			RentPerGPUMonth: amountOf(b.RentPerGPUMonth, cur), SavingPerGPUMonth: amountOf(b.SavingPerGPUMonth, cur),
			Months: round2(b.Months), Never: b.Never}
	}
	out.BreakEvenVsReserved, out.BreakEvenVsOnDemand = be(rec.BreakEvenVsReserved), be(rec.BreakEvenVsOnDemand)
	if m := rec.ModelAPI; m != nil {
		out.ModelAPI = &apiModelAPI{Model: m.Model, Basis: string(m.Basis), TokensPerSecondPerGPU: m.TokensPerSecondPerGPU,
			RatePerGPUHour: apiMoney{Amount: rateText(m.RatePerGPUHour), Currency: cur}, Utilization: m.Utilization,
			GPUHoursPerMonth:           m.GPUHoursPerMonth,
			SelfHostedPerMOutputTokens: apiMoney{Amount: rateText(m.SelfHostedPerMOutputTokens), Currency: cur},
			SelfHostedMonthly:          amountOf(m.SelfHostedMonthly, cur), APIMonthly: amountOf(m.APIMonthly, cur),
			APIPerMOutputTokens: apiMoney{Amount: rateText(m.APIPerMOutputTokens), Currency: cur}, APICheaper: m.APICheaper,
			MonthlySaving: amountOf(m.MonthlySaving, cur)}
	}
	if b := rec.Blend; b != nil {
		tier := func(t decision.BlendTier) apiBlendTier {
			return apiBlendTier{Share: t.Share, DemandGPUHours: t.DemandGPUHours, PaidGPUHours: t.PaidGPUHours,
				RatePerGPUHour: apiMoney{Amount: rateText(t.RatePerGPUHour), Currency: cur}, MonthlyCost: amountOf(t.MonthlyCost, cur)}
		}
		out.Blend = &apiBlend{GPUHoursPerMonth: b.GPUHoursPerMonth, Reserved: tier(b.Reserved), OnDemand: tier(b.OnDemand),
			Spot: tier(b.Spot), MonthlyCost: amountOf(b.MonthlyCost, cur), AllOnDemandMonthlyCost: amountOf(b.AllOnDemandMonthlyCost, cur)}
	}
	return out
}

// awardSummary says what to award in the reader's language: "Award
// Northwind (reserved, 12 months)", or why nothing can be awarded yet.
func awardSummary(z *i18n.Localizer, a *evaluation.Analysis) string {
	w := a.Award.Winner
	if w == nil {
		return z.T("award.none")
	}
	rental := z.T(w.RentalModel.LabelKey())
	if w.TermMonths > 0 {
		return z.T("award.summary_term", map[string]any{"Provider": w.Provider, "Rental": rental, "Months": w.TermMonths})
	}
	return z.T("award.summary", map[string]any{"Provider": w.Provider, "Rental": rental})
}
