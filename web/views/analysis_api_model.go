package views

import (
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/decision"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// APIAwardQuote is a quote an award names.
type APIAwardQuote struct {
	QuoteID     int64    `json:"quote_id"`
	Provider    string   `json:"provider"`
	RentalModel string   `json:"rental_model"`
	TermMonths  int      `json:"term_months"`
	CostPerUnit APIMoney `json:"cost_per_unit"`
}

// APIAward is the analysis's award: the quote it goes to, the runner-up
// and the margin, what it still lacks.
type APIAward struct {
	Summary   string         `json:"summary"`
	Ready     bool           `json:"ready"`
	Gaps      []string       `json:"gaps"`
	Quote     *APIAwardQuote `json:"quote"`
	RunnerUp  *APIAwardQuote `json:"runner_up"`
	Margin    *APIMoney      `json:"margin"`
	MarginPct float64        `json:"margin_pct"`
	// CheaperBlocked are the cheaper quotes passed over for their
	// blockers, the evaluation.PassedOverShown nearest the award's cost
	// first; CheaperBlockedTotal counts them all.
	CheaperBlocked      []APIAwardQuote `json:"cheaper_blocked"`
	CheaperBlockedTotal int             `json:"cheaper_blocked_total"`
}

// APIAwardOf is the award aw in currency cur with the nearest of the
// cheaper quotes passed over (of passedOver in all) and its summary.
func APIAwardOf(aw decision.Award, cur string, nearest []decision.Candidate, passedOver int, summary string) APIAward {
	ref := func(c *decision.Candidate) *APIAwardQuote {
		if c == nil {
			return nil
		}
		return &APIAwardQuote{QuoteID: c.QuoteID, Provider: c.Provider, RentalModel: string(c.RentalModel), TermMonths: c.TermMonths,
			CostPerUnit: APIMoneyOf(tco.Money{Minor: c.CostPerUnit, Currency: cur})}
	}
	out := APIAward{Summary: summary, Ready: aw.Ready(), Gaps: []string{}, Quote: ref(aw.Winner), RunnerUp: ref(aw.RunnerUp),
		CheaperBlocked: []APIAwardQuote{}, CheaperBlockedTotal: passedOver}
	if aw.RunnerUp != nil {
		m := APIMoneyOf(tco.Money{Minor: aw.Margin, Currency: cur})
		out.Margin, out.MarginPct = &m, Round2(aw.MarginShare*100)
	}
	for _, g := range aw.Gaps {
		out.Gaps = append(out.Gaps, string(g))
	}
	for i := range nearest {
		out.CheaperBlocked = append(out.CheaperBlocked, *ref(&nearest[i]))
	}
	return out
}

// Round2 rounds x to two decimals, as the API gives ratios.
func Round2(x float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', 2, 64), 64)
	return v
}

// APIRate is an hourly rate as an exact-looking decimal: up to six places
// (rates are quoted finer than cents), trailing zeros dropped.
func APIRate(v float64) string {
	s := strconv.FormatFloat(v, 'f', 6, 64)
	return strings.TrimRight(strings.TrimRight(s, "0"), ".")
}

// APISuiteCounts is a quote's acceptance suite progress.
type APISuiteCounts struct {
	Passed int `json:"passed"`
	Failed int `json:"failed"`
	Waived int `json:"waived"`
	Total  int `json:"total"`
}
