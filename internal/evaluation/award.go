package evaluation

import (
	"github.com/gpuquote/gpuquote/internal/decision"
	"github.com/gpuquote/gpuquote/internal/store"
)

// award answers "whom do we award": the priced quotes ranked by the
// worksheet's own cost per useful unit.
func (a *Analysis) award() decision.Award {
	cs := make([]decision.Candidate, 0, len(a.Quotes))
	for i, sq := range a.Quotes {
		res := a.WS.Results[i]
		term, _ := sq.Quote.MinTermMonths.Get()
		c := store.Count(a.Suites[sq.ID])
		cs = append(cs, decision.Candidate{QuoteID: sq.ID, Provider: sq.ProviderName,
			RentalModel: res.RentalModel, TermMonths: int(term),
			CostPerUnit: res.CostPerUnit.Minor, Rank: res.CostRank, OpenBlockers: len(a.OpenBlockers(sq.ID)),
			Rejected: a.Shortlist[sq.ID].Status == "rejected", TestsPassed: c.Passed + c.Waived, TestsRequired: len(store.AcceptanceTests)})
	}
	return decision.ChooseAward(cs)
}
