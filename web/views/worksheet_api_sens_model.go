package views

import "github.com/gpuquote/gpuquote/internal/tco"

// APISensitivity is the worksheet's sensitivity grid as the API gives it.
type APISensitivity struct {
	QuoteIDs     []int64          `json:"quote_ids"`
	Utilizations []float64        `json:"utilizations"`
	Restarts     []string         `json:"restarts"`
	Points       []APISensPoint   `json:"points"`
	Changes      []APISensChanges `json:"changes"`
}

// APISensPoint is one point of the grid.
type APISensPoint struct {
	Utilization float64    `json:"utilization"`
	Restart     string     `json:"restart"`
	CostPerUnit []APIMoney `json:"cost_per_unit"`
	Cheapest    int64      `json:"cheapest"`
}

// APISensChanges is where the cheapest quote changes.
type APISensChanges struct {
	Along     string `json:"along"`
	From      int    `json:"from"`
	To        int    `json:"to"`
	FromQuote int64  `json:"from_quote"`
	ToQuote   int64  `json:"to_quote"`
	Text      string `json:"text"`
}

// APISensitivityOf is the grid with the columns of the quotes in keep (a
// page of the API; nil keeps all), each point's cheapest quote and the
// changes still those over every quote.
func APISensitivityOf(s tco.Sensitivity, keep map[string]bool) APISensitivity {
	out := APISensitivity{QuoteIDs: []int64{}, Utilizations: s.Utilisations, Restarts: []string{},
		Points: []APISensPoint{}, Changes: []APISensChanges{}}
	if out.Utilizations == nil {
		out.Utilizations = []float64{}
	}
	kept := func(j int) bool { return keep == nil || keep[s.QuoteIDs[j]] }
	for j, id := range s.QuoteIDs {
		if kept(j) {
			out.QuoteIDs = append(out.QuoteIDs, worksheetQuoteID(id))
		}
	}
	for _, r := range s.Restarts {
		out.Restarts = append(out.Restarts, string(r))
	}
	for _, p := range s.Points {
		ap := APISensPoint{Utilization: p.Utilisation, Restart: string(p.Restart), CostPerUnit: []APIMoney{}, Cheapest: worksheetQuoteID(p.Cheapest)}
		for j, m := range p.CostPerUnit {
			if kept(j) {
				ap.CostPerUnit = append(ap.CostPerUnit, APIMoneyOf(m))
			}
		}
		out.Points = append(out.Points, ap)
	}
	for _, c := range s.Changes {
		along := c.Along
		if along == "utilisation" {
			along = "utilization" // the API's spelling, as in break_even's utilization
		}
		out.Changes = append(out.Changes, APISensChanges{Along: along, From: c.From, To: c.To,
			FromQuote: worksheetQuoteID(c.FromQuote), ToQuote: worksheetQuoteID(c.ToQuote), Text: c.Text})
	}
	return out
}
