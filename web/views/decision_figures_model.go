package views

import (
	"strconv"

	"github.com/gpuquote/gpuquote/internal/decision"
	"github.com/gpuquote/gpuquote/internal/i18n"
)

// DecisionFigures are the recommendation's figures with their basis: the
// break-even months, the model API against self-hosting, the blend.
func DecisionFigures(z *i18n.Localizer, rec decision.Recommendation) []Figure {
	f2 := func(x float64) string { return z.Decimal(strconv.FormatFloat(x, 'f', 2, 64)) }
	var out []Figure
	be := func(label string, b *decision.BreakEven) {
		if b == nil {
			return
		}
		v := z.T("decision.never")
		if !b.Never {
			v = z.T("decision.months", map[string]any{"Months": f2(b.Months), "Years": f2(b.Months / 12)})
		}
		out = append(out, Figure{Label: z.T(label), Value: v, Basis: z.T("decision.breakeven_basis", map[string]any{
			"Capex": f2(b.CapexPerGPU), "Rate": f2(b.RatePerGPUHour), "Util": f2(b.Utilization * 100), "Opex": f2(b.OpexPerGPUMonth),
			"Currency": b.Currency})})
	}
	be("decision.breakeven_reserved", rec.BreakEvenVsReserved)
	be("decision.breakeven_on_demand", rec.BreakEvenVsOnDemand)
	if a := rec.ModelAPI; a != nil {
		out = append(out, Figure{Label: z.T("decision.model_api"), Value: z.T("decision.model_api_value", map[string]any{
			"API": f2(a.APIMonthly), "Self": f2(a.SelfHostedMonthly), "Currency": a.Currency}),
			Basis: z.T("decision.model_api_basis", map[string]any{"Basis": z.T("decision.basis." + string(a.Basis)),
				"TPS": f2(a.TokensPerSecondPerGPU), "Model": a.Model})})
	}
	if b := rec.Blend; b != nil {
		out = append(out, Figure{Label: z.T("decision.blend"), Value: f2(b.MonthlyCost) + "\u00a0" + b.Currency,
			Basis: z.T("decision.blend_basis", map[string]any{"R": f2(b.Reserved.Share * 100), "O": f2(b.OnDemand.Share * 100),
				"S": f2(b.Spot.Share * 100), "All": f2(b.AllOnDemandMonthlyCost), "Currency": b.Currency})})
	}
	return out
}
