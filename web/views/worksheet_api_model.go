package views

import (
	"strconv"

	"github.com/gpuquote/gpuquote/internal/tco"
)

// The worksheet's figures as the API gives them: snake_case keys, quote
// ids as numbers, and every amount in the API's one money shape (decimal
// string and currency), not the engine's integer minor units.

// APIMoney is an exact amount with its currency.
type APIMoney struct {
	Amount   string `json:"amount"`
	Currency string `json:"currency"`
}

// APIMoneyOf is m in the API's money shape.
func APIMoneyOf(m tco.Money) APIMoney { return APIMoney{Amount: m.Decimal(), Currency: m.Currency} }

// APILine is one cost line of a quote.
type APILine struct {
	Key      string        `json:"key"`
	Label    string        `json:"label"`
	Amount   APIMoney      `json:"amount"`
	Low      APIMoney      `json:"low"`
	High     APIMoney      `json:"high"`
	Original APIMoney      `json:"original"`
	Basis    string        `json:"basis"`           // English
	Keyed    tco.Statement `json:"basis_statement"` // the same sentence as a catalog key and its values
	State    string        `json:"state"`
	Assumed  []string      `json:"assumed"`
}

// APILines are a result's cost lines.
func APILines(res tco.Result) []APILine {
	out := make([]APILine, 0, len(res.Lines))
	for _, l := range res.Lines {
		state := "stated"
		if len(l.Assumed) > 0 {
			state = "assumed"
		}
		out = append(out, APILine{Key: l.Key, Label: l.Label, Amount: APIMoneyOf(l.Amount), Low: APIMoneyOf(l.Low),
			High: APIMoneyOf(l.High), Original: APIMoneyOf(l.Original), Basis: l.Basis.English(), Keyed: l.Basis, State: state, Assumed: l.Assumed})
	}
	return out
}

// APIThroughput is a quote's relative throughput: what its useful
// GPU-hours were multiplied by, and where that came from.
type APIThroughput struct {
	Factor float64         `json:"factor"`
	Source string          `json:"source"` // measured, brief, reference; "" when not adjusted
	Basis  []tco.Statement `json:"basis"`
}

// APIThroughputOf is s in the API's shape.
func APIThroughputOf(s tco.Speed) APIThroughput {
	out := APIThroughput{Factor: s.Value(), Source: s.Source, Basis: s.Basis}
	if out.Basis == nil {
		out.Basis = []tco.Statement{}
	}
	return out
}

// APIWorksheetResult is one quote's column of the worksheet.
type APIWorksheetResult struct {
	QuoteID     int64         `json:"quote_id"`
	Provider    string        `json:"provider"`
	RentalModel string        `json:"rental_model"`
	Committed   bool          `json:"committed"`
	Lines       []APILine     `json:"lines"`
	TCO         APIMoney      `json:"tco"`
	Low         APIMoney      `json:"tco_low"`
	High        APIMoney      `json:"tco_high"`
	Incomplete  bool          `json:"incomplete"`
	Missing     []APIMissing  `json:"missing"`
	CostPerUnit APIMoney      `json:"cost_per_unit"`
	UnitsPerMo  float64       `json:"units_per_month"`
	Throughput  APIThroughput `json:"throughput"`
}

// APIWorksheetResultOf is the quote's result res in the API's shape.
func APIWorksheetResultOf(quoteID int64, provider string, res tco.Result) APIWorksheetResult {
	return APIWorksheetResult{QuoteID: quoteID, Provider: provider, RentalModel: string(res.RentalModel),
		Committed: res.Committed, TCO: APIMoneyOf(res.TCO), Low: APIMoneyOf(res.Low), High: APIMoneyOf(res.High),
		Incomplete: res.Incomplete, Missing: APIMissingOf(res.Missing), CostPerUnit: APIMoneyOf(res.CostPerUnit), UnitsPerMo: res.UnitsPerMonth,
		Throughput: APIThroughputOf(res.Speed), Lines: APILines(res)}
}

// APIMissing is a term a quote does not state and the labelled assumption
// the worksheet uses instead.
type APIMissing struct {
	Term       string `json:"term"`
	Status     string `json:"status"`
	Assumption string `json:"assumption"`
}

// APIMissingOf are ms in the API's shape.
func APIMissingOf(ms []tco.Missing) []APIMissing {
	out := make([]APIMissing, 0, len(ms))
	for _, m := range ms {
		out = append(out, APIMissing{Term: m.Term, Status: string(m.Status), Assumption: m.Assumption})
	}
	return out
}

// APIBestIDs are the quotes best on each row, by row.
func APIBestIDs(best map[string]string) map[string]int64 {
	out := make(map[string]int64, len(best))
	for k, v := range best {
		out[k], _ = strconv.ParseInt(v, 10, 64)
	}
	return out
}
