package web

import (
	"strconv"

	"github.com/gpuquote/gpuquote/internal/tco"
)

// The worksheet's sensitivity grid and missing terms as the API gives them: snake_case keys,
// quote ids as numbers, and every amount in the API's one money shape
// (decimal string and currency), not the engine's integer minor units.

type apiSensitivity struct {
	QuoteIDs     []int64          `json:"quote_ids"`
	Utilizations []float64        `json:"utilizations"`
	Restarts     []string         `json:"restarts"`
	Points       []apiSensPoint   `json:"points"`
	Changes      []apiSensChanges `json:"changes"`
}

type apiSensPoint struct {
	Utilization float64    `json:"utilization"`
	Restart     string     `json:"restart"`
	CostPerUnit []apiMoney `json:"cost_per_unit"`
	Cheapest    int64      `json:"cheapest"`
}

type apiSensChanges struct {
	Along     string `json:"along"`
	From      int    `json:"from"`
	To        int    `json:"to"`
	FromQuote int64  `json:"from_quote"`
	ToQuote   int64  `json:"to_quote"`
	Text      string `json:"text"`
}

// apiMissing is a term a quote does not state and the labelled assumption
// the worksheet uses instead (snake_case like every other API field).
type apiMissing struct {
	Term       string `json:"term"`
	Status     string `json:"status"`
	Assumption string `json:"assumption"`
}

func missingJSON(ms []tco.Missing) []apiMissing {
	out := make([]apiMissing, 0, len(ms))
	for _, m := range ms {
		out = append(out, apiMissing{Term: m.Term, Status: string(m.Status), Assumption: m.Assumption})
	}
	return out
}

func quoteIDOf(s string) int64 {
	id, _ := strconv.ParseInt(s, 10, 64)
	return id
}

// sensitivityFor is the grid with the columns of the quotes in keep (a
// page of the API; nil keeps all), each point's cheapest quote and the
// changes still those over every quote.
func sensitivityFor(s tco.Sensitivity, keep map[string]bool) apiSensitivity {
	out := apiSensitivity{QuoteIDs: []int64{}, Utilizations: s.Utilisations, Restarts: []string{},
		Points: []apiSensPoint{}, Changes: []apiSensChanges{}}
	if out.Utilizations == nil {
		out.Utilizations = []float64{}
	}
	kept := func(j int) bool { return keep == nil || keep[s.QuoteIDs[j]] }
	for j, id := range s.QuoteIDs {
		if kept(j) {
			out.QuoteIDs = append(out.QuoteIDs, quoteIDOf(id))
		}
	}
	for _, r := range s.Restarts {
		out.Restarts = append(out.Restarts, string(r))
	}
	for _, p := range s.Points {
		ap := apiSensPoint{Utilization: p.Utilisation, Restart: string(p.Restart), CostPerUnit: []apiMoney{}, Cheapest: quoteIDOf(p.Cheapest)}
		for j, m := range p.CostPerUnit {
			if kept(j) {
				ap.CostPerUnit = append(ap.CostPerUnit, apiMoneyOf(m))
			}
		}
		out.Points = append(out.Points, ap)
	}
	for _, c := range s.Changes {
		along := c.Along
		if along == "utilisation" {
			along = "utilization" // the API's spelling, as in break_even's utilization
		}
		out.Changes = append(out.Changes, apiSensChanges{Along: along, From: c.From, To: c.To,
			FromQuote: quoteIDOf(c.FromQuote), ToQuote: quoteIDOf(c.ToQuote), Text: c.Text})
	}
	return out
}
