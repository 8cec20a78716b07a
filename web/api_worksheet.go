package web

import (
	"net/http"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/tco"
)

type apiMoney struct {
	Amount   string `json:"amount"`
	Currency string `json:"currency"`
}

func apiMoneyOf(m tco.Money) apiMoney { return apiMoney{Amount: minorDecimal(m), Currency: m.Currency} }

type apiLine struct {
	Key      string        `json:"key"`
	Label    string        `json:"label"`
	Amount   apiMoney      `json:"amount"`
	Low      apiMoney      `json:"low"`
	High     apiMoney      `json:"high"`
	Original apiMoney      `json:"original"`
	Basis    string        `json:"basis"`           // English
	Keyed    tco.Statement `json:"basis_statement"` // the same sentence as a catalog key and its values
	State    string        `json:"state"`
	Assumed  []string      `json:"assumed"`
}

// apiThroughput is a quote's relative throughput: what its useful
// GPU-hours were multiplied by, and where that came from.
type apiThroughput struct {
	Factor float64         `json:"factor"`
	Source string          `json:"source"` // measured, brief, reference; "" when not adjusted
	Basis  []tco.Statement `json:"basis"`
}

func throughputJSON(s tco.Speed) apiThroughput {
	out := apiThroughput{Factor: s.Value(), Source: s.Source, Basis: s.Basis}
	if out.Basis == nil {
		out.Basis = []tco.Statement{}
	}
	return out
}

type apiResult struct {
	QuoteID     int64         `json:"quote_id"`
	Provider    string        `json:"provider"`
	RentalModel string        `json:"rental_model"`
	Committed   bool          `json:"committed"`
	Lines       []apiLine     `json:"lines"`
	TCO         apiMoney      `json:"tco"`
	Low         apiMoney      `json:"tco_low"`
	High        apiMoney      `json:"tco_high"`
	Incomplete  bool          `json:"incomplete"`
	Missing     []apiMissing  `json:"missing"`
	CostPerUnit apiMoney      `json:"cost_per_unit"`
	UnitsPerMo  float64       `json:"units_per_month"`
	Throughput  apiThroughput `json:"throughput"`
}

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
	results := make([]apiResult, 0, to-from)
	onPage := map[string]bool{}
	cut := false
	for i := from; i < to; i++ {
		if cut = win.over(i - from); cut {
			break
		}
		res := d.WS.Results[i]
		results = append(results, apiResult{QuoteID: d.Quotes[i].ID, Provider: d.Quotes[i].ProviderName, RentalModel: string(res.RentalModel),
			Committed: res.Committed, TCO: apiMoneyOf(res.TCO), Low: apiMoneyOf(res.Low), High: apiMoneyOf(res.High),
			Incomplete: res.Incomplete, Missing: missingJSON(res.Missing), CostPerUnit: apiMoneyOf(res.CostPerUnit), UnitsPerMo: res.UnitsPerMonth,
			Throughput: throughputJSON(res.Speed), Lines: apiLines(res)})
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
		Currency    string           `json:"currency"`
		Unit        string           `json:"unit"`
		Quotes      []apiResult      `json:"quotes"`
		Best        map[string]int64 `json:"best"`
		Skipped     []string         `json:"skipped_without_fx"`
		LeftOut     []apiLeftOut     `json:"left_out"`
		Sensitivity apiSensitivity   `json:"sensitivity"`
		// Baseline: what the contract this evaluation re-bids delivered
		// (null when it re-bids none), beside the new quotes.
		Baseline *evaluation.Baseline `json:"baseline"`
	}{win.describe(len(d.WS.Results), len(all), len(results), cut), d.WS.Currency, d.WS.UnitName, results,
		bestIDs(d.WS.Best), skipped[sf:st], all[lf:lt], sensitivityFor(d.WS.Sensitivity, onPage), baseline})
	return nil
}
