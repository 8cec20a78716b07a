package web

import (
	"net/http"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/tco"
	"github.com/gpuquote/gpuquote/web/views"
)

// The API's shapes of the worksheet's figures live in views; these names
// are the ones the other API files use.
type (
	apiMoney      = views.APIMoney
	apiThroughput = views.APIThroughput
)

func apiMoneyOf(m tco.Money) apiMoney { return views.APIMoneyOf(m) }

func (s *Server) apiWorksheet(w http.ResponseWriter, r *http.Request) error {
	win, err := s.readPage(r)
	if err != nil {
		return err
	}
	d, err := s.analysisParam(r)
	if err != nil {
		return err
	}
	win.begin()
	from, to := win.span(len(d.WS.Results))
	results := make([]views.APIWorksheetResult, 0, to-from)
	onPage := map[string]bool{}
	cut := false
	for i := from; i < to; i++ {
		if cut = win.over(i - from); cut {
			break
		}
		res := d.WS.Results[i]
		results = append(results, views.APIWorksheetResultOf(d.Quotes[i].ID, d.Quotes[i].ProviderName, res))
		onPage[res.QuoteID] = true
	}
	all := leftOut(d)
	lf, lt := win.span(len(all))
	skipped := []string{}
	for _, sq := range d.Skipped {
		skipped = append(skipped, sq.ProviderName)
	}
	sf, st := win.span(len(skipped))
	baseline, err := s.eval.RebidBaseline(r.Context(), d.Evaluation.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		apiPage
		Currency    string                     `json:"currency"`
		Unit        string                     `json:"unit"`
		Quotes      []views.APIWorksheetResult `json:"quotes"`
		Best        map[string]int64           `json:"best"`
		Skipped     []string                   `json:"skipped_without_fx"`
		LeftOut     []apiLeftOut               `json:"left_out"`
		Sensitivity views.APISensitivity       `json:"sensitivity"`
		// Baseline: what the contract this evaluation re-bids delivered
		// (null when it re-bids none), beside the new quotes.
		Baseline *evaluation.Baseline `json:"baseline"`
	}{win.describe(len(d.WS.Results), len(all), len(results), cut), d.WS.Currency, d.WS.UnitName, results,
		views.APIBestIDs(d.WS.Best), skipped[sf:st], all[lf:lt], views.APISensitivityOf(d.WS.Sensitivity, onPage), baseline})
	return nil
}
