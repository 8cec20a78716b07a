package evaluation

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/gpuquote/gpuquote/internal/brief"

	"github.com/gpuquote/gpuquote/internal/decision"
	"github.com/gpuquote/gpuquote/internal/market"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// Analysis is everything gpuquote computes about one evaluation, from one
// snapshot of the database. The worksheet page, its exports and API, the
// decision page, the memo, the evaluation home and approvals all render
// this one value, so a figure has one source.
//
// Analyze shares one Analysis between the requests that read the same
// inputs on the same day: read it, never change it.
type Analysis struct {
	Revision   store.AnalysisRevision // of the inputs it was computed from
	Day        time.Time              // the date it was computed for (midnight UTC)
	Evaluation store.Evaluation
	Brief      store.StoredBrief
	All        []store.StoredQuote // every quote of the evaluation, in entry order
	Quotes     []store.StoredQuote // those in the worksheet, in entry order; Quotes[i] is WS.Results[i]
	Skipped    []store.StoredQuote // quotes in a currency without an exchange rate
	Unpriced   []Unpriced          // quotes the cost model cannot price, with the reason
	Stored     store.Assumptions
	Inputs     []tco.Quote
	A          tco.Assumptions
	WS         tco.Worksheet
	FX         FXTable
	Reference  market.Reference // market prices in force
	// Capital is the admin's capital cost per GPU model, the buy
	// analysis's purchase price.
	Capital []decision.CapitalCost

	// SuiteCounts is each quote's acceptance suite progress; Suites the
	// current result of each test.
	SuiteCounts map[int64]store.SuiteCounts
	Suites      map[int64]map[string]store.AcceptanceResult
	// Past is each quote's vendor's record across the other evaluations,
	// by provider, as the past-performance criterion reads it.
	Past map[int64]scoring.Past
	// AllReduce are the all_reduce runs of the counted NCCL uploads, which
	// the quotes' relative throughput is measured from.
	AllReduce []store.AllReduceRun

	Facts map[string]string // decision facts: saved values over defaults
	// SavedFacts are the decision facts as saved, without defaults.
	SavedFacts map[string]string
	FactsVer   int
	Input      decision.Input
	Rec        decision.Recommendation
	RecErr     error
	Award      decision.Award
	// PassedOver names the award's cheaper quotes passed over for their
	// blockers, a bounded few of them (Award.CheaperBlocked holds all).
	PassedOver PassedOver
	// Story is the decision as every surface tells it.
	Story     DecisionStory
	Shortlist map[int64]store.ShortlistEntry
	Waivers   map[int64]map[string]store.Waiver
	Decisions []store.DecisionRecord
	// Flags are each quote's red flags as the decision weighs them: its
	// terms, and what only the analysis knows (a missing exchange rate, a
	// minimum spend converted to the budget currency, the retry waste).
	// TermFlags are the quote's own: its terms against the brief, as the
	// quote pages, the API's quote list and the letter to the vendor show
	// them.
	Flags     map[int64][]redflag.Flag
	TermFlags map[int64][]redflag.Flag
	AllowSelf bool
	// ApprovalRules are the approval thresholds in force, read with the
	// rest (nil: none set).
	ApprovalRules *scoring.ApprovalRules
	Scoring       Scoring // the weighted scores of the priced quotes
	// PerRun is the cost of one accepted run of each priced quote whose
	// run hours are set, in Quotes order.
	PerRun []PerRun
	// RequireAcceptance is the admin's rule that an award needs every
	// automatic acceptance test of its quotes passed or waived
	// (store.SettingAwardRequiresAcceptance).
	RequireAcceptance bool
	// Compliance is, for each quote that came through a round asking for
	// attestations, its vendor's row of that round's matrix. A missing or
	// refused attestation is a blocker flag of the quote, in Flags and
	// TermFlags: this is the one place that decides it.
	Compliance map[int64]QuoteCompliance
	rounds     map[int64]store.QuoteRound
	// awards are the evaluation's recent awards as recorded, read with the
	// rest (an award or a signature moves the revision): Service.Awards
	// judges them on this analysis.
	awards []store.Award
}

// Unpriced is a quote the cost model cannot price, and why (a tco error
// naming the field).
type Unpriced struct {
	store.StoredQuote
	Reason string
}

// Analyze returns the evaluation's analysis: the one kept from an earlier
// request while the revision of its inputs and the day still hold, else
// one computed from a single read-only snapshot. An evaluation without
// priceable quotes has an empty worksheet, not an error.
func (s *Service) Analyze(ctx context.Context, evaluationID int64) (*Analysis, error) {
	return s.analyses.analyze(ctx, s, evaluationID)
}

// quoteAnalysis reads a quote and its evaluation's analysis.
func (s *Service) quoteAnalysis(ctx context.Context, quoteID int64) (store.StoredQuote, *Analysis, error) {
	sq, err := s.store.Quote(ctx, quoteID)
	if err != nil {
		return sq, nil, err
	}
	a, err := s.Analyze(ctx, sq.EvaluationID)
	return sq, a, err
}

// computeAnalysis reads the inputs in one read-only transaction and
// computes the analysis for day.
func (s *Service) computeAnalysis(ctx context.Context, evaluationID int64, day time.Time) (*Analysis, error) {
	var a *Analysis
	err := s.store.ReadOnly(ctx, func(st *store.Store) error {
		var err error
		a, err = s.analysisIn(ctx, st, evaluationID, day)
		return err
	})
	return a, err
}

// analysisIn computes the analysis from what st reads: a read-only
// snapshot, or a use case's Tx, whose rules then judge the figures of the
// state they change (never a kept analysis).
func (s *Service) analysisIn(ctx context.Context, st *store.Store, evaluationID int64, day time.Time) (*Analysis, error) {
	a := &Analysis{}
	snap, err := st.EvaluationSnapshot(ctx, evaluationID)
	if err != nil {
		return nil, err
	}
	if err := a.load(snap); err != nil {
		return nil, err
	}
	if a.Reference, err = s.referenceFor(ctx, st, snap.PriceReferenceID); err != nil {
		return nil, err
	}
	if a.Past, err = s.pastRecords(a.All, snap.Past); err != nil {
		return nil, err
	}
	a.RequireAcceptance = snap.AwardRequiresAcceptance == "yes"
	a.Day = day
	a.compute(day)
	return a, nil
}

// load takes what the snapshot read: one batch of independent reads, one
// round trip (a dozen separate reads were half the analysis's time).
func (a *Analysis) load(snap store.Snapshot) error {
	a.Revision, a.Evaluation, a.Brief, a.Stored, a.All = snap.Revision, snap.Evaluation, snap.Brief, snap.Assumptions, snap.Quotes
	a.SuiteCounts, a.Suites = snap.SuiteCounts, snap.Suites
	a.FX = fxTable(snap.FXRates)
	a.Capital = capitalTable(snap.CapitalCosts)
	a.Facts, a.FactsVer = factDefaults(a.Brief.Data, a.Capital), snap.Facts.Version
	a.SavedFacts = snap.Facts.Data
	for k, v := range snap.Facts.Data {
		a.Facts[k] = v
	}
	a.Shortlist, a.Waivers, a.Decisions = snap.Shortlist, snap.Waivers, snap.Decisions
	a.AllReduce = snap.AllReduce
	a.rounds = snap.Rounds
	a.awards = snap.Awards
	a.Scoring.Weights, a.Scoring.WeightsFrom = chooseWeights(snap.Criteria, snap.CriteriaTemplate)
	a.Scoring.Overrides = snap.ScoreOverrides
	a.AllowSelf = snap.AllowSelf == "yes"
	var err error
	a.ApprovalRules, err = parseApprovalRules(snap.ApprovalRules)
	return err
}

// compute prices the quotes, flags them and decides: pure work on what
// load read.
func (a *Analysis) compute(today time.Time) {
	a.A = Assumptions(a.Brief.Data, a.Stored.Overrides, a.FX)
	shared := newInterner() // equal values held once (analysis_compact.go)
	shared.quotes(a.All)
	for _, sq := range a.All {
		in, err := costInput(sq, a.Brief.Data, a.A, a.FX)
		switch {
		case errors.Is(err, errNoRate):
			a.Skipped = append(a.Skipped, sq)
		case err != nil:
			// One quote the model cannot price must not take the worksheet
			// down for the others: it is left out and named with the reason.
			a.Unpriced = append(a.Unpriced, Unpriced{StoredQuote: sq, Reason: err.Error()})
		default:
			a.Quotes = append(a.Quotes, sq)
			a.Inputs = append(a.Inputs, in)
		}
	}
	a.WS = tco.Worksheet{Currency: a.A.Currency, UnitName: a.A.UnitName}
	a.applySpeeds()
	if len(a.Inputs) > 0 {
		a.priceQuotes()
	}
	a.shareQuotes()
	shared.worksheet(&a.WS)
	a.PerRun = a.perRuns()
	a.flag(today, shared)
	a.Input = decisionInput(a, a.Facts)
	a.Input.Benchmark = a.benchmarkFacts()
	rec, err := decision.Recommend(a.Input)
	a.Rec = rec
	if err != nil {
		a.RecErr = errors.Join(a.RecErr, err)
	}
	a.Award = a.award()
	a.PassedOver = passedOver(a.Award)
	a.Story = a.story()
	a.score()
	shared.scores(&a.Scoring)
}

// flag evaluates every quote's red flags with what only the analysis
// knows: the exchange rates and, for priced quotes, the retry waste.
func (a *Analysis) flag(today time.Time, shared *interner) {
	a.Flags = make(map[int64][]redflag.Flag, len(a.All))
	a.TermFlags = make(map[int64][]redflag.Flag, len(a.All))
	a.Compliance = make(map[int64]QuoteCompliance, len(a.rounds))
	for id, q := range a.rounds {
		if qc, ok := judgeRound(q, today); ok {
			a.Compliance[id] = qc
		}
	}
	waste := make(map[int64]float64, len(a.Quotes))
	for i, res := range a.WS.Results {
		waste[a.Quotes[i].ID] = res.RetryWasteShare
	}
	for _, sq := range a.All {
		in := redflag.Input{Quote: sq.Quote, Brief: a.Brief.Data, Today: today, USDPer: a.FX.USDPer}
		if w, ok := waste[sq.ID]; ok {
			in.RetryWaste = &w
		}
		cf := complianceFlags(a.Compliance[sq.ID])
		a.Flags[sq.ID] = shared.flags(withBlockers(redflag.Evaluate(in), cf))
		a.TermFlags[sq.ID] = shared.flags(withBlockers(Flags(sq.Quote, a.Brief.Data, today), cf))
	}
}

// Assumptions are an evaluation's cost assumptions: defaults, then the
// brief, then the values edited on the worksheet page; FX from the
// admin's rates, in the brief's budget currency (USD without a rate for
// it). Overrides are validated when saved; one that no longer parses is
// dropped rather than taking every page down.
func Assumptions(b brief.Brief, overrides map[string]string, fx FXTable) tco.Assumptions {
	a := tco.DefaultAssumptions("USD")
	tco.ApplyBrief(&a, b)
	if err := tco.ApplyOverrides(&a, overrides); err != nil {
		a = tco.DefaultAssumptions("USD")
		tco.ApplyBrief(&a, b)
	}
	usdPer := map[string]quote.Decimal{"USD": quote.DecimalFromInt(1)}
	for k, v := range fx.USDPer {
		usdPer[k] = v
	}
	target, ok := usdPer[a.Currency]
	if !ok {
		a.Currency, target = "USD", usdPer["USD"]
	}
	for cur, rate := range usdPer {
		if cur != a.Currency {
			a.FX[cur] = tco.FXRate{Rate: rate.Float64() / target.Float64(), Date: conversionDate(fx.AsOf, cur, a.Currency), Source: FXSourceAdmin}
		}
	}
	return a
}

// FXSourceAdmin names the admin's exchange-rate table as a rate's source.
const FXSourceAdmin = "admin FX table (USD per unit)"

// conversionDate is the date of a cur → target conversion: the table
// holds USD per unit, so both currencies' rates are used, except USD's,
// which is the base and has no date. The older of the two is the one the
// conversion is as good as.
func conversionDate(asOf map[string]time.Time, cur, target string) time.Time {
	a, b := asOf[cur], asOf[target]
	switch {
	case a.IsZero():
		return b
	case b.IsZero() || a.Before(b):
		return a
	}
	return b
}

// errNoRate: the quote's currency has no exchange rate.
var errNoRate = errors.New("no exchange rate for the quote's currency")

// costInput is a quote as the cost model prices it, or why it cannot be.
func costInput(sq store.StoredQuote, b brief.Brief, a tco.Assumptions, fx FXTable) (tco.Quote, error) {
	cur, _ := sq.Quote.Currency.Get()
	if _, ok := fx.USDPer[cur]; !ok && cur != "USD" {
		return tco.Quote{}, errNoRate
	}
	in := tco.FromQuote(strconv.FormatInt(sq.ID, 10), sq.ProviderName, sq.Quote)
	tco.AssumeNodes(&in, b)
	return in, tco.Check(in, a)
}

// Flags evaluates a quote's red flags against the evaluation's brief, for
// pages that show one quote without the analysis.
func Flags(q quote.Quote, b brief.Brief, today time.Time) []redflag.Flag {
	return redflag.Evaluate(redflag.Input{Quote: q, Brief: b, Today: today})
}

// Result is the worksheet result of a priced quote.
func (a *Analysis) Result(quoteID int64) (tco.Result, bool) {
	for i, sq := range a.Quotes {
		if sq.ID == quoteID {
			return a.WS.Results[i], i < len(a.WS.Results)
		}
	}
	return tco.Result{}, false
}

// Quote finds a priced quote and its index in Quotes.
func (a *Analysis) Quote(id int64) (store.StoredQuote, int, bool) {
	for i, sq := range a.Quotes {
		if sq.ID == id {
			return sq, i, true
		}
	}
	return store.StoredQuote{}, -1, false
}
