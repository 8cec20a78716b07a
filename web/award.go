package web

import (
	"strconv"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/tco"
	"github.com/gpuquote/gpuquote/web/views"
)

// awardView translates the analysis's award; nil when nothing is priced.
func awardView(z *i18n.Localizer, a *evaluation.Analysis) *views.AwardView {
	aw := a.Award
	v := &views.AwardView{Summary: awardSummary(z, a), Ready: aw.Ready()}
	storyInto(z, a, v)
	if aw.Winner == nil {
		return v
	}
	v.QuoteID = aw.Winner.QuoteID
	if res, ok := a.Result(aw.Winner.QuoteID); ok {
		v.CostPerUnit, v.MonthlyTCO, v.ContractValue = money(z, res.CostPerUnit), money(z, res.TCO), money(z, res.Contract.Value)
	}
	for _, g := range aw.Gaps {
		v.Gaps = append(v.Gaps, z.T("award.gap."+string(g)))
	}
	cur := a.WS.Currency
	if r := aw.RunnerUp; r != nil {
		v.RunnerUp = z.T("award.runner_up", map[string]any{"Provider": r.Provider,
			"Cost": money(z, tco.Money{Minor: r.CostPerUnit, Currency: cur}), "Margin": money(z, tco.Money{Minor: aw.Margin, Currency: cur}),
			"Percent": z.Decimal(strconv.FormatFloat(aw.MarginShare*100, 'f', 1, 64))})
	}
	// A bounded few, nearest the award first; the rest are counted and
	// on the worksheet sorted by cost.
	for _, c := range a.PassedOver.Nearest {
		v.PassedOver = append(v.PassedOver, z.T("award.passed_over", map[string]any{"Provider": c.Provider,
			"Cost": money(z, tco.Money{Minor: c.CostPerUnit, Currency: cur}), "Blockers": c.OpenBlockers}))
	}
	if more := a.PassedOver.More(); more > 0 {
		v.PassedOverMore = z.N("award.passed_over_more", more)
		v.PassedOverLink = "/evaluations/" + strconv.FormatInt(a.Evaluation.ID, 10) + "/worksheet?sort=cost"
	}
	return v
}

// unitLabel is the useful unit in the reader's language: the brief's
// option label, "1M …" for token workloads priced per million.
func unitLabel(z *i18n.Localizer, a *evaluation.Analysis) string {
	if a.A.UnitKey == "" {
		return a.A.UnitName
	}
	l := z.T("brief.option." + a.A.UnitKey)
	if a.A.UnitPer == 1e6 {
		return z.T("worksheet.unit_million", map[string]any{"Unit": l})
	}
	return l
}
