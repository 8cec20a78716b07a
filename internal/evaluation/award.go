package evaluation

import (
	"cmp"
	"slices"

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

// PassedOverShown is how many of the cheaper quotes passed over for their
// blockers the award names: the pages and the API stay the same size
// whether one quote or 9,000 were passed over.
const PassedOverShown = 5

// PassedOver is the award's cheaper quotes passed over for their open
// blockers, as every surface names them: the PassedOverShown nearest the
// awarded quote's cost per unit first, and how many there are in all.
type PassedOver struct {
	Nearest []decision.Candidate
	Total   int
}

// More is how many passed-over quotes Nearest leaves unnamed.
func (p PassedOver) More() int { return p.Total - len(p.Nearest) }

// passedOver picks the nearest of the award's cheaper blocked quotes: the
// dearest of them, those closest to the awarded quote's cost, in order
// (ties in worksheet order). It is computed once per analysis.
func passedOver(aw decision.Award) PassedOver {
	all := aw.CheaperBlocked
	p := PassedOver{Total: len(all)}
	if len(all) == 0 {
		return p
	}
	idx := make([]int, len(all))
	for i := range idx {
		idx[i] = i
	}
	// Stable, so ties keep worksheet order.
	slices.SortStableFunc(idx, func(i, j int) int { return cmp.Compare(all[j].Rank, all[i].Rank) })
	n := min(PassedOverShown, len(idx))
	p.Nearest = make([]decision.Candidate, n)
	for k := range n {
		p.Nearest[k] = all[idx[k]]
	}
	return p
}
