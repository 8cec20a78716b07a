package scoring

import (
	"cmp"
	"math"
	"slices"
)

// Override is one evaluator's grade of one criterion of one quote, with
// the reason; it replaces the rule's grade.
type Override struct {
	Criterion string
	Evaluator string
	Grade     float64
	Reason    string
}

// Score is one quote's weighted score on the 0–Scale scale: the band
// (Low, High) from the criteria's bands, Value from their point grades.
type Score struct {
	QuoteID   int64
	Low, High float64
	Value     float64
	// Exact is Value before rounding to one decimal: the ranking, the tie
	// and the flip read it, so two totals that round alike still rank in
	// the order the spreadsheet's formula gives.
	Exact          float64
	Grades         []Grade // in Keys order
	Place          int     // 1 for the leader
	OverlapsLeader bool    // its band reaches the leader's: the order may not hold
	// TiesLeader marks a ranked quote whose exact total is within TieMargin
	// of the leader's: first place is shown as a tie.
	TiesLeader bool
}

// TieMargin is how close two exact totals are to be shown as a tie: below
// the display's one decimal, the order between them is no finding.
const TieMargin = 0.05

// Flip is the smallest change in one weight that changes first place:
// at weight To (from From) for Criterion, NewLeader ties the leader, and
// leads beyond it. The other weights stay as they are, and the total is
// read relative to the new sum.
type Flip struct {
	Criterion string
	From, To  float64
	NewLeader int64
}

// Result is the scoring of an evaluation.
type Result struct {
	Weights []Weight
	Scores  []Score // in input order
	Leader  int64   // 0 without quotes
	Overlap bool    // some quote's band reaches the leader's
	Tie     bool    // some ranked quote ties the leader within TieMargin
	Flip    *Flip   // nil when no single weight changes first place
}

// Evaluate grades quotes under weights (checked by Normalize) and
// the evaluators' overrides by quote id, ranks the priced ones by value
// on their exact totals (an exact tie goes to the earlier quote; within
// TieMargin the page says tie) and finds the weight that would change
// the winner.
func Evaluate(weights []Weight, quotes []Quote, overrides map[int64][]Override) Result {
	res := Result{Weights: weights}
	var best *Quote
	for i, q := range quotes {
		if !q.Unpriced && (best == nil || q.Cost < best.Cost) {
			best = &quotes[i]
		}
	}
	if best == nil {
		best = &Quote{}
	}
	w := map[string]float64{}
	for _, x := range weights {
		w[x.Key] = float64(x.Weight)
	}
	for _, q := range quotes {
		s := Score{QuoteID: q.ID, Grades: gradeAll(q, *best)}
		for i := range s.Grades {
			g := &s.Grades[i]
			g.Suggested = g.Value
			applyOverrides(g, overrides[q.ID])
			s.Low += w[g.Key] * g.Low / 100
			s.High += w[g.Key] * g.High / 100
			s.Value += w[g.Key] * g.Value / 100
		}
		s.Exact = s.Value
		s.Low, s.High, s.Value = round1(s.Low), round1(s.High), round1(s.Value)
		res.Scores = append(res.Scores, s)
	}
	var order []int
	for i, q := range quotes {
		if !q.Unpriced {
			order = append(order, i)
		}
	}
	if len(order) == 0 {
		return res
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(res.Scores[b].Exact, res.Scores[a].Exact) })
	lead := &res.Scores[order[0]]
	res.Leader = lead.QuoteID
	for place, i := range order {
		res.Scores[i].Place = place + 1
	}
	for i := range res.Scores {
		if s := &res.Scores[i]; s != lead && s.High >= lead.Low {
			s.OverlapsLeader, res.Overlap = true, true
		}
	}
	for _, i := range order[1:] {
		if s := &res.Scores[i]; lead.Exact-s.Exact < TieMargin {
			s.TiesLeader, res.Tie = true, true
		}
	}
	res.Flip = flip(w, res.Scores, order)
	return res
}

func applyOverrides(g *Grade, os []Override) {
	sum, n := 0.0, 0
	for _, o := range os {
		if o.Criterion == g.Key {
			g.Overrides = append(g.Overrides, o)
			sum += o.Grade
			n++
		}
	}
	if n == 0 {
		return
	}
	g.Overridden, g.Consensus = true, round1(sum/float64(n))
	g.Low, g.High, g.Value = g.Consensus, g.Consensus, g.Consensus
}

// flip finds the smallest |d| such that weight k moved by d makes some
// quote q tie the leader L. With the total read as Σwg/Σw, q catches L
// where S_q + d·g_qk = S_L + d·g_Lk, so d = (S_L − S_q)/(g_qk − g_Lk),
// which must leave the weight at 0 or more.
func flip(w map[string]float64, scores []Score, ranked []int) *Flip {
	leader := ranked[0]
	sum := func(s Score) float64 {
		t := 0.0
		for _, g := range s.Grades {
			t += w[g.Key] * g.Value
		}
		return t
	}
	L := scores[leader]
	sL := sum(L)
	var out *Flip
	bestD := math.Inf(1)
	for k, key := range Keys {
		for _, j := range ranked[1:] {
			q := scores[j]
			dg := q.Grades[k].Value - L.Grades[k].Value
			if dg == 0 {
				continue
			}
			d := (sL - sum(q)) / dg
			if w[key]+d < 0 || math.Abs(d) >= bestD {
				continue
			}
			bestD = math.Abs(d)
			out = &Flip{Criterion: key, From: w[key], To: round1(w[key] + d), NewLeader: q.QuoteID}
		}
	}
	return out
}
