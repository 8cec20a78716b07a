package evaluation

import (
	"context"
	"encoding/json"
	"github.com/gpuquote/gpuquote/internal/audit"
	"strconv"
	"strings"
	"sync"
	"weak"

	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/internal/store"
)

// Where an evaluation's weights come from.
const (
	WeightsOwn      = "evaluation"
	WeightsTemplate = "template"
	WeightsDefault  = "default"
)

// Scoring is the weighted evaluation of the priced quotes, graded from
// this analysis's own figures (no second computation of cost).
type Scoring struct {
	Weights     []scoring.Weight
	WeightsFrom string // WeightsOwn, WeightsTemplate or WeightsDefault
	Overrides   map[int64][]store.ScoreOverride
	// Scores are in the order Quotes, Skipped, Unpriced: the quotes left
	// out of the worksheet are scored with their cost unknown, not ranked.
	Scores scoring.Result
}

// Score returns a quote's score.
func (s Scoring) Score(quoteID int64) (scoring.Score, bool) {
	for _, sc := range s.Scores.Scores {
		if sc.QuoteID == quoteID {
			return sc, true
		}
	}
	return scoring.Score{}, false
}

// chooseWeights takes the evaluation's weights, else the organisation's
// template, else the defaults; saved weights that no longer pass the
// check (a criterion renamed) fall through to the next.
func chooseWeights(own []scoring.Weight, template string) ([]scoring.Weight, string) {
	if ws, errs := scoring.Normalize(own); own != nil && errs == nil {
		return ws, WeightsOwn
	}
	var t []scoring.Weight
	if template != "" && json.Unmarshal([]byte(template), &t) == nil {
		if ws, errs := scoring.Normalize(t); errs == nil {
			return ws, WeightsTemplate
		}
	}
	ws, _ := scoring.Normalize(scoring.DefaultWeights())
	return ws, WeightsDefault
}

// score grades the priced quotes from the worksheet results, the red
// flags (a waived blocker counts as a stated shortfall, not a cap) and
// the acceptance suite.
func (a *Analysis) score() {
	qs := make([]scoring.Quote, 0, len(a.All))
	for i, sq := range a.Quotes {
		res := a.WS.Results[i]
		qs = append(qs, a.scoringQuote(sq, scoring.Quote{ID: sq.ID, Cost: res.CostRank, CostLow: float64(res.CostPerUnitLow.Minor),
			CostHigh: float64(res.CostPerUnitHigh.Minor), CostText: res.CostPerUnit.Decimal() + " " + res.CostPerUnit.Currency}))
	}
	for _, sq := range a.Skipped {
		cur, _ := sq.Quote.Currency.Get()
		qs = append(qs, a.scoringQuote(sq, scoring.Quote{ID: sq.ID, Unpriced: true, UnpricedReason: "no exchange rate for " + cur}))
	}
	for _, u := range a.Unpriced {
		qs = append(qs, a.scoringQuote(u.StoredQuote, scoring.Quote{ID: u.ID, Unpriced: true, UnpricedReason: strings.TrimPrefix(u.Reason, "tco: ")}))
	}
	ov := map[int64][]scoring.Override{}
	for id, list := range a.Scoring.Overrides {
		for _, o := range list {
			g, err := strconv.ParseFloat(o.Grade, 64)
			if err != nil {
				continue
			}
			ov[id] = append(ov[id], scoring.Override{Criterion: o.Criterion, Evaluator: o.Evaluator, Grade: g, Reason: o.Reason})
		}
	}
	a.Scoring.Scores = scoring.Evaluate(a.Scoring.Weights, qs, ov)
}

// scoringQuote adds a quote's open flags and acceptance suite to q.
func (a *Analysis) scoringQuote(sq store.StoredQuote, q scoring.Quote) scoring.Quote {
	for _, f := range a.Flags[sq.ID] {
		_, waived := a.Waivers[sq.ID][f.ID]
		q.Flags = append(q.Flags, scoring.Flag{ID: f.ID, Blocker: f.Severity == redflag.Blocker && !waived})
	}
	q.Past = a.Past[sq.ProviderID]
	q.Tests.Total = len(store.AcceptanceTests)
	for _, test := range store.AcceptanceTests {
		switch a.Suites[sq.ID][test].Status {
		case store.AcceptancePassed, store.AcceptanceWaived:
			q.Tests.Passed++
		case store.AcceptanceFailed:
			q.Tests.Failed++
		default:
			q.Tests.Pending++
		}
	}
	return q
}

// SuggestSplit is the award of the brief's volume that minimises the
// cost per useful unit, priced as AwardFigures prices it, under the buyer's constraints (at most
// maxVendorPct with one provider; with verifiedOnly, a multi-node brief
// only on quotes whose all-reduce test passed), and its runner-up. Quotes
// rejected or with open blockers take no share.
func (a *Analysis) SuggestSplit(maxVendorPct int, verifiedOnly bool) (best, runnerUp *scoring.Split) {
	// A kept analysis is shared between requests and never changes, so
	// the pages and the API that ask for the same constraints share the
	// work, in a memo beside it (the analysis itself stays as computed).
	key := splitKey{weak.Make(a), maxVendorPct, verifiedOnly}
	if p, ok := splits.get(key); ok {
		return p.best, p.runnerUp
	}
	best, runnerUp = a.suggestSplit(maxVendorPct, verifiedOnly)
	splits.put(key, splitPair{best, runnerUp})
	return best, runnerUp
}

// splitKey names one analysis (weakly: the memo does not keep it alive)
// and the buyer's constraints.
type splitKey struct {
	analysis     weak.Pointer[Analysis]
	maxVendorPct int
	verifiedOnly bool
}

type splitPair struct{ best, runnerUp *scoring.Split }

// maxMemoSplits bounds the memo: a few constraints for each kept analysis.
const maxMemoSplits = 4 * keptAnalyses

// splitMemo holds suggested splits; it forgets them all when full, which
// only costs their computation again.
type splitMemo struct {
	mu sync.Mutex
	m  map[splitKey]splitPair
}

var splits splitMemo

func (s *splitMemo) get(k splitKey) (splitPair, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.m[k]
	return p, ok
}

func (s *splitMemo) put(k splitKey, p splitPair) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil || len(s.m) >= maxMemoSplits {
		s.m = make(map[splitKey]splitPair)
	}
	s.m[k] = p
}

func (a *Analysis) suggestSplit(maxVendorPct int, verifiedOnly bool) (best, runnerUp *scoring.Split) {
	nodes, _ := a.Brief.Data.Int("node_count")
	opts := make([]scoring.SplitOption, 0, len(a.Quotes))
	for i, sq := range a.Quotes {
		ok := a.Shortlist[sq.ID].Status != "rejected" && len(a.OpenBlockers(sq.ID)) == 0
		if verifiedOnly && nodes > 1 && a.Suites[sq.ID]["nccl_allreduce"].Status != store.AcceptancePassed {
			ok = false
		}
		opts = append(opts, scoring.SplitOption{QuoteID: sq.ID, Vendor: sq.ProviderName, Eligible: ok, Offer: a.offer(i)})
	}
	return scoring.SuggestSplit(opts, a.Volume(), maxVendorPct)
}

// OverrideGrade records an evaluator's grade of one criterion of a quote
// of the analysis, with the reason, and the rule's grade it replaces as
// the suggestion it was (the past-performance pre-grade, say). grade is
// an exact decimal the caller checked; a quote the analysis does not
// score is store.ErrNotFound.
func (s *Service) OverrideGrade(ctx context.Context, by audit.Actor, a *Analysis, quoteID int64, criterion, grade, reason string) error {
	sc, ok := a.Scoring.Score(quoteID)
	if !ok {
		return store.ErrNotFound
	}
	suggested := ""
	for _, g := range sc.Grades {
		if g.Key == criterion {
			suggested = strconv.FormatFloat(g.Suggested, 'f', 1, 64)
		}
	}
	return s.store.SaveSuggestedOverride(ctx, by, a.Evaluation.ID, quoteID, criterion, grade, reason, suggested)
}
