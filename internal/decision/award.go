package decision

import (
	"cmp"
	"slices"
)

// Candidate is one priced quote as the award needs it. Money is in integer
// minor units of the evaluation currency, exactly as the worksheet shows it.
type Candidate struct {
	QuoteID     int64
	Provider    string
	RentalModel RentalModel
	TermMonths  int   // stated minimum term; 0 when none or not stated
	CostPerUnit int64 // minor units; the worksheet's cost per useful unit
	// Rank breaks what minor units cannot: the unrounded cost per unit, so
	// quotes a fraction of a cent apart are not a tie.
	Rank          float64
	OpenBlockers  int  // blocker flags without a waiver, and failed tests
	Rejected      bool // rejected on the shortlist
	TestsPassed   int  // acceptance tests passed or waived
	TestsRequired int  // acceptance tests in the suite
}

// Gap is what keeps an award from being ready to sign.
type Gap string

// The gaps, in the order a buyer closes them.
const (
	GapOnlyBlocked    Gap = "every_quote_blocked" // every quote has open blockers or failed tests: the cheapest is named anyway
	GapTestsNotPassed Gap = "tests_not_passed"    // the acceptance suite has tests not yet passed
)

// Award names the quote to award: the lowest cost per useful unit among
// the quotes not rejected, preferring quotes without open blockers (a
// cheaper quote with a blocker is not one a manager can sign), with the
// runner-up and the margin between them.
type Award struct {
	Winner   *Candidate
	RunnerUp *Candidate
	// Margin is runner-up minus winner cost per unit, in minor units;
	// MarginShare the same as a share of the winner's.
	Margin      int64
	MarginShare float64
	// CheaperBlocked lists quotes cheaper than the winner that were passed
	// over for their open blockers.
	CheaperBlocked []Candidate
	Gaps           []Gap
}

// Ready reports whether the award can be signed as it stands.
func (a Award) Ready() bool { return a.Winner != nil && len(a.Gaps) == 0 }

// ChooseAward picks the award among cs (in worksheet order; ties go to the
// earlier quote).
func ChooseAward(cs []Candidate) Award {
	var open, blocked []int
	for i, c := range cs {
		switch {
		case c.Rejected:
		case c.OpenBlockers == 0:
			open = append(open, i)
		default:
			blocked = append(blocked, i)
		}
	}
	var a Award
	pool := open
	if len(pool) == 0 {
		pool = blocked
		if len(pool) > 0 {
			a.Gaps = append(a.Gaps, GapOnlyBlocked)
		}
	}
	if len(pool) == 0 {
		return a
	}
	order := rankOrder(cs, pool)
	w := cs[order[0]]
	a.Winner = &w
	if len(order) > 1 {
		r := cs[order[1]]
		a.RunnerUp = &r
		a.Margin = r.CostPerUnit - w.CostPerUnit
		if w.CostPerUnit > 0 {
			a.MarginShare = float64(a.Margin) / float64(w.CostPerUnit)
		}
	}
	if len(open) > 0 {
		for _, i := range blocked {
			if cs[i].Rank < w.Rank {
				a.CheaperBlocked = append(a.CheaperBlocked, cs[i])
			}
		}
	}
	if w.TestsPassed < w.TestsRequired {
		a.Gaps = append(a.Gaps, GapTestsNotPassed)
	}
	return a
}

// rankOrder sorts the pool's indexes by cost per unit, stable on input
// order so ties go to the earlier quote.
func rankOrder(cs []Candidate, pool []int) []int {
	out := slices.Clone(pool)
	slices.SortStableFunc(out, func(i, j int) int { return cmp.Compare(cs[i].Rank, cs[j].Rank) })
	return out
}
