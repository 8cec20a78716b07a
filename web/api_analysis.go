package web

import (
	"net/http"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/internal/tco"
	"github.com/gpuquote/gpuquote/web/views"
)

// apiQuoteFigures are the figures of one priced quote, exactly as every
// page shows them: the analysis, worksheet and decision endpoints all
// carry this one shape.
type apiQuoteFigures struct {
	QuoteID         int64         `json:"quote_id"`
	Provider        string        `json:"provider"`
	RentalModel     string        `json:"rental_model"`
	CostPerUnit     apiMoney      `json:"cost_per_unit"`
	CostPerUnitLow  apiMoney      `json:"cost_per_unit_low"`
	CostPerUnitHigh apiMoney      `json:"cost_per_unit_high"`
	MonthlyTCO      apiMoney      `json:"monthly_tco"`
	TCOLow          apiMoney      `json:"tco_low"`
	TCOHigh         apiMoney      `json:"tco_high"`
	ContractValue   apiMoney      `json:"contract_value"`
	MonthlyEquiv    apiMoney      `json:"monthly_equivalent"`
	Shortfall       apiMoney      `json:"min_spend_shortfall"`
	MinSpend        apiMoney      `json:"min_spend"` // owed whole over the term, whatever share an award takes
	Upfront         apiMoney      `json:"upfront"`
	TermMonths      int           `json:"term_months"`
	TermBasis       string        `json:"term_basis"`
	UnitsPerMonth   float64       `json:"units_per_month"`
	Throughput      apiThroughput `json:"throughput"`
	Incomplete      bool          `json:"incomplete"`
	Status          string        `json:"status"` // shortlist status: "", shortlisted, approved, rejected
	OpenBlockers    []string      `json:"open_blockers"`
	PerRun          *apiPerRun    `json:"per_run"` // null until the quote's run hours are set on the worksheet
}

func quoteFigures(a *evaluation.Analysis, i int) apiQuoteFigures {
	sq, res := a.Quotes[i], a.WS.Results[i]
	f := apiQuoteFigures{QuoteID: sq.ID, Provider: sq.ProviderName, RentalModel: string(res.RentalModel),
		CostPerUnit: apiMoneyOf(res.CostPerUnit), CostPerUnitLow: apiMoneyOf(res.CostPerUnitLow), CostPerUnitHigh: apiMoneyOf(res.CostPerUnitHigh),
		MonthlyTCO: apiMoneyOf(res.TCO), TCOLow: apiMoneyOf(res.Low), TCOHigh: apiMoneyOf(res.High),
		ContractValue: apiMoneyOf(res.Contract.Value), MonthlyEquiv: apiMoneyOf(res.Contract.Monthly),
		Shortfall: apiMoneyOf(res.Contract.Shortfall), MinSpend: apiMoneyOf(res.Contract.MinSpend), Upfront: apiMoneyOf(res.Contract.Upfront),
		TermMonths: res.Contract.TermMonths, TermBasis: res.Contract.TermBasis,
		UnitsPerMonth: res.UnitsPerMonth, Throughput: views.APIThroughputOf(res.Speed), Incomplete: res.Incomplete, Status: a.Shortlist[sq.ID].Status, OpenBlockers: []string{},
		PerRun: perRunJSON(a, sq.ID)}
	for _, b := range a.OpenBlockers(sq.ID) {
		f.OpenBlockers = append(f.OpenBlockers, b.ID)
	}
	return f
}

// apiLeftOut is a quote the analysis could not price, with the reason.
type apiLeftOut struct {
	QuoteID  int64  `json:"quote_id"`
	Provider string `json:"provider"`
	Reason   string `json:"reason"`
	// Code is the reason as a word: no_rate (Currency has no rate to
	// Target) or unpriced.
	Code     string    `json:"code"`
	Currency string    `json:"currency,omitempty"`
	Target   string    `json:"target,omitempty"`
	Score    *apiScore `json:"score,omitempty"` // in the analysis: graded with the cost unknown, not ranked
}

func leftOut(a *evaluation.Analysis) []apiLeftOut {
	out := []apiLeftOut{}
	for _, l := range a.Story.LeftOut {
		reason := l.Detail
		if l.Reason == evaluation.LeftOutNoRate {
			reason = "no exchange rate for " + l.Currency + " (" + l.Currency + "→" + l.Target + "): an admin can add it on Reference data"
		}
		out = append(out, apiLeftOut{QuoteID: l.QuoteID, Provider: l.Provider, Reason: reason, Code: l.Reason,
			Currency: l.Currency, Target: l.Target})
	}
	return out
}

type apiAward = views.APIAward

func awardJSON(a *evaluation.Analysis, summary string) apiAward {
	return views.APIAwardOf(a.Award, a.WS.Currency, a.PassedOver.Nearest, a.PassedOver.Total, summary)
}

func round2(x float64) float64 { return views.Round2(x) }

// apiAnalysis is GET /api/v1/evaluations/{id}/analysis: the whole analysis.
type apiAnalysis struct {
	apiPage
	EvaluationID   int64             `json:"evaluation_id"`
	Currency       string            `json:"currency"`
	Unit           string            `json:"unit"`
	Assumptions    map[string]string `json:"assumptions"`
	Quotes         []apiAnalysisRow  `json:"quotes"`
	LeftOut        []apiLeftOut      `json:"left_out"`
	Award          apiAward          `json:"award"`
	Recommendation any               `json:"recommendation"`
	Best           map[string]int64  `json:"best"`
	Approval       any               `json:"approval"`
	Scoring        views.APIScoring  `json:"scoring"`
	AwardSplit     map[string]any    `json:"award_split"`
	// Awards are the recorded awards on today's figures (see apiAwardView).
	Awards []apiAwardView `json:"awards"`
}

type apiAnalysisRow struct {
	apiQuoteFigures
	Committed bool                 `json:"committed"`
	Lines     []views.APILine      `json:"lines"`
	Missing   []views.APIMissing   `json:"missing"`
	Blockers  int                  `json:"blockers"`
	Warnings  int                  `json:"warnings"`
	Suite     views.APISuiteCounts `json:"suite"`
	Score     *apiScore            `json:"score"`
}

func (s *Server) apiAnalysis(w http.ResponseWriter, r *http.Request) error {
	win, err := s.readPage(r)
	if err != nil {
		return err
	}
	a, err := s.analysisParam(r)
	if err != nil {
		return err
	}
	split, err := s.splitJSON(r, a)
	if err != nil {
		return err
	}
	// The budget bounds the page's rows; the split is computed once per
	// analysis, like the analysis itself.
	win.begin()
	z := i18n.From(r.Context())
	out := apiAnalysis{AwardSplit: split, EvaluationID: a.Evaluation.ID, Currency: a.WS.Currency, Unit: a.WS.UnitName, Assumptions: a.AssumptionValues(),
		Quotes: []apiAnalysisRow{}, Award: awardJSON(a, awardSummary(z, a)),
		Recommendation: recommendationJSON(a), Best: views.APIBestIDs(a.WS.Best), Approval: approvalJSON(a), Scoring: scoringJSON(a)}
	all := leftOut(a)
	lf, lt := win.span(len(all))
	out.LeftOut = all[lf:lt]
	for i := range out.LeftOut {
		out.LeftOut[i].Score = scoreJSON(z, a, out.LeftOut[i].QuoteID)
	}
	from, to := win.span(len(a.WS.Results))
	cut := false
	for i := from; i < to; i++ {
		if cut = win.over(i - from); cut {
			break
		}
		out.Quotes = append(out.Quotes, analysisRow(z, a, i))
	}
	out.apiPage = win.describe(len(a.WS.Results), len(all), len(out.Quotes), cut)
	if out.Awards, out.Approval, err = s.awardsNow(r.Context(), a); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// analysisRow is the i-th priced quote of the analysis with everything
// the analysis knows of it.
func analysisRow(z *i18n.Localizer, a *evaluation.Analysis, i int) apiAnalysisRow {
	res, sq := a.WS.Results[i], a.Quotes[i]
	row := apiAnalysisRow{apiQuoteFigures: quoteFigures(a, i), Committed: res.Committed, Lines: views.APILines(res), Missing: views.APIMissingOf(res.Missing)}
	row.Blockers, row.Warnings = redflag.Counts(a.Flags[sq.ID])
	c := a.SuiteCounts[sq.ID]
	row.Suite = views.APISuiteCounts{Passed: c.Passed, Failed: c.Failed, Waived: c.Waived, Total: c.Total()}
	row.Score = scoreJSON(z, a, sq.ID)
	return row
}

func approvalJSON(a *evaluation.Analysis) any {
	cur := a.CurrentApproval()
	if cur == nil {
		return nil
	}
	return map[string]any{"quote_id": cur.QuoteID, "by": cur.DecidedBy, "at": cur.DecidedAt, "reason": cur.Reason,
		"content_hash": cur.ContentHash, "stale": a.ApprovalStale(), "self_approval": cur.SelfApproval}
}

// rateText is an hourly rate as an exact-looking decimal.
func rateText(v float64) string { return views.APIRate(v) }

// amountOf rounds an engine estimate to the currency's minor unit, the
// way every amount the app shows is rounded.
func amountOf(v float64, cur string) apiMoney {
	return apiMoneyOf(tco.NewMoney(v, cur))
}
