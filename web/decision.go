package web

import (
	"context"
	"errors"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/decision"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// decisionFact is one editable fact of the decision beyond the brief.
type decisionFact struct {
	Key  string
	Kind string // "bool", "number", "stability"
	Unit string
}

// decisionFacts are stored per evaluation as text by key.
var decisionFacts = []decisionFact{
	{"stability", "stability", ""}, {"horizon_months", "number", "mo"},
	{"needs_custom_weights", "bool", ""}, {"needs_kernel_control", "bool", ""}, {"needs_fixed_placement", "bool", ""},
	{"ops_staff", "bool", ""}, {"capital_approved", "bool", ""},
	{"purchase_per_gpu", "number", "USD"}, {"infra_per_gpu_year", "number", "USD"}, {"ops_staff_per_year", "number", "USD"},
	{"depreciation_years", "number", "y"},
	{"api_input_per_m", "number", "USD"}, {"api_output_per_m", "number", "USD"},
	{"input_tokens_per_month", "number", ""}, {"output_tokens_per_month", "number", ""}, {"stated_tokens_per_second", "number", "tok/s"},
	{"blend_reserved", "number", "%"}, {"blend_on_demand", "number", "%"}, {"blend_spot", "number", "%"},
}

// decisionState is everything the decision page, its API and approvals
// read.
type decisionState struct {
	worksheetData
	Facts     map[string]string
	FactsVer  int
	Input     decision.Input
	Rec       decision.Recommendation
	RecErr    error
	Shortlist map[int64]store.ShortlistEntry
	Waivers   map[int64]map[string]store.Waiver
	Decisions []store.DecisionRecord
	Flags     map[int64][]redflag.Flag
	Suites    map[int64]map[string]store.AcceptanceResult
	AllowSelf bool
}

// factDefaults fills unset facts from the engine's sourced defaults and
// the brief, so the form shows what the recommendation used.
func factDefaults(b brief.Brief) map[string]string {
	in := decision.DefaultInput()
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	out := map[string]string{
		"purchase_per_gpu": f(in.Buy.PurchasePerGPU.Value), "infra_per_gpu_year": f(in.Buy.InfraPerGPUYear.Value),
		"ops_staff_per_year": f(in.Buy.OpsStaffPerYear.Value), "depreciation_years": f(in.Buy.DepreciationYears.Value),
		"api_input_per_m": f(in.ModelAPI.Prices.InputPerMTokens.Value), "api_output_per_m": f(in.ModelAPI.Prices.OutputPerMTokens.Value),
		"blend_reserved": f(in.Blend.Reserved * 100), "blend_on_demand": f(in.Blend.OnDemand * 100), "blend_spot": f(in.Blend.Spot * 100),
	}
	if b.Filled("term_months") {
		out["horizon_months"] = b["term_months"]
	}
	return out
}

func num(facts map[string]string, key string) float64 {
	v, _ := strconv.ParseFloat(facts[key], 64)
	return v
}

// decisionInput maps the brief, the worksheet and the facts into the
// engine's input, in the evaluation currency.
func decisionInput(d worksheetData, facts map[string]string) decision.Input {
	b := d.Brief.Data
	in := decision.DefaultInput()
	in.Currency = d.A.Currency
	c := brief.Score(b)
	per, _ := b.Int("gpus_per_node")
	nodes, _ := b.Int("node_count")
	util, _ := b.Float("baseline_utilization_pct")
	in.Brief = decision.Brief{Workload: decision.WorkloadType(b["workload_type"]), GPUs: int(per * nodes),
		BaselineUtilization: util / 100, Stability: decision.Stability(facts["stability"]),
		HorizonMonths: int(num(facts, "horizon_months")), NeedsCustomWeights: facts["needs_custom_weights"] == "yes",
		NeedsKernelControl: facts["needs_kernel_control"] == "yes", NeedsFixedPlacement: facts["needs_fixed_placement"] == "yes",
		ReadyToReserve: c.ReadyToReserve(), Missing: c.Missing, MultiNode: nodes > 1,
		OpsStaff: facts["ops_staff"] == "yes", CapitalApproved: facts["capital_approved"] == "yes"}
	in.Buy.PurchasePerGPU.Value = num(facts, "purchase_per_gpu")
	in.Buy.InfraPerGPUYear.Value = num(facts, "infra_per_gpu_year")
	in.Buy.OpsStaffPerYear.Value = num(facts, "ops_staff_per_year")
	in.Buy.DepreciationYears.Value = num(facts, "depreciation_years")
	in.ModelAPI.Prices.InputPerMTokens.Value = num(facts, "api_input_per_m")
	in.ModelAPI.Prices.OutputPerMTokens.Value = num(facts, "api_output_per_m")
	in.ModelAPI.InputTokensPerMonth = num(facts, "input_tokens_per_month")
	in.ModelAPI.OutputTokensPerMonth = num(facts, "output_tokens_per_month")
	in.ModelAPI.StatedTokensPerSecondPerGPU = num(facts, "stated_tokens_per_second")
	in.Blend = decision.BlendShares{Reserved: num(facts, "blend_reserved") / 100, OnDemand: num(facts, "blend_on_demand") / 100,
		Spot: num(facts, "blend_spot") / 100}
	for i, res := range d.WS.Results {
		q := d.Quotes[i].Quote
		rate, _ := q.PricePerGPUHour.Get()
		cur, _ := q.Currency.Get()
		fx := 1.0
		if r, ok := d.A.FX[cur]; ok && cur != d.A.Currency {
			fx = r.Rate
		}
		in.Quotes = append(in.Quotes, decision.Quote{ID: d.Quotes[i].ID, Label: d.Quotes[i].ProviderName,
			RentalModel: decision.RentalModel(res.RentalModel), CostPerUnit: res.CostPerUnit.Float(), MonthlyTCO: res.TCO.Float(),
			RatePerGPUHour: rate.Float64() * fx, Currency: d.A.Currency})
	}
	return in
}

// loadDecision gathers the decision state of an evaluation.
func (s *Server) loadDecision(ctx context.Context, evaluationID int64) (decisionState, error) {
	var st decisionState
	var err error
	st.worksheetData, err = s.buildWorksheet(ctx, evaluationID)
	if err != nil && !errors.Is(err, errNoQuotes) {
		return st, err
	}
	saved, ver, err := s.store.DecisionInputs(ctx, evaluationID)
	if err != nil {
		return st, err
	}
	st.Facts, st.FactsVer = factDefaults(st.Brief.Data), ver
	for k, v := range saved {
		st.Facts[k] = v
	}
	if st.Shortlist, err = s.store.Shortlist(ctx, evaluationID); err != nil {
		return st, err
	}
	if st.Suites, err = s.store.CurrentSuites(ctx, evaluationID); err != nil {
		return st, err
	}
	st.Input = decisionInput(st.worksheetData, st.Facts)
	st.Input.Benchmark = st.benchmarkFacts()
	st.Rec, st.RecErr = decision.Recommend(st.Input)
	if st.Waivers, err = s.store.Waivers(ctx, evaluationID); err != nil {
		return st, err
	}
	if st.Decisions, err = s.store.Decisions(ctx, evaluationID); err != nil {
		return st, err
	}
	st.Flags = map[int64][]redflag.Flag{}
	for _, sq := range st.All {
		st.Flags[sq.ID] = s.flagsFor(sq.Quote, st.Brief.Data)
	}
	allow, err := s.store.Setting(ctx, store.SettingAllowSelfApproval)
	st.AllowSelf = allow == "yes"
	return st, err
}

// benchmarkFacts are what the trial clusters showed: a passed multi-node
// all-reduce on any quote, and the suite results of the quotes under
// consideration (the shortlist, or every quote while it is empty).
func (st decisionState) benchmarkFacts() decision.Benchmark {
	var b decision.Benchmark
	for _, sq := range st.Quotes {
		nodes, _ := sq.Quote.Nodes.Get()
		if nodes > 1 && st.Suites[sq.ID]["nccl_allreduce"].Status == store.AcceptancePassed {
			b.MultiNodeAllReducePassed = true
		}
	}
	considered := func(id int64) bool { return len(st.Shortlist) == 0 || st.Shortlist[id].Status != "" }
	for id, suite := range st.Suites {
		if !considered(id) || st.Shortlist[id].Status == "rejected" {
			continue
		}
		c := store.Count(suite)
		b.SuitePassed += c.Passed
		b.SuiteFailed += c.Failed
	}
	return b
}

// openBlockers are a quote's blocker flags without a waiver and its failed
// acceptance tests (a failed test is waived in the suite, with a reason).
func (st decisionState) openBlockers(quoteID int64) []approval.Blocker {
	var out []approval.Blocker
	for _, test := range store.AcceptanceTests {
		if a, ok := st.Suites[quoteID][test]; ok && a.Status == store.AcceptanceFailed {
			out = append(out, approval.Blocker{Kind: "test", ID: test, Message: a.Note})
		}
	}
	for _, f := range st.Flags[quoteID] {
		if f.Severity != redflag.Blocker {
			continue
		}
		if _, ok := st.Waivers[quoteID][f.ID]; ok {
			continue
		}
		out = append(out, approval.Blocker{Kind: "flag", ID: f.ID, Message: f.Message})
	}
	return out
}

// currentApproval is the newest decision record if it is an approval
// still in force.
func (st decisionState) currentApproval() *store.DecisionRecord {
	for i, d := range st.Decisions {
		switch d.Kind {
		case approval.Approve:
			if e, ok := st.Shortlist[d.QuoteID]; ok && e.Status == "approved" {
				return &st.Decisions[i]
			}
			return nil
		case approval.Revoke:
			return nil
		}
	}
	return nil
}

// inputsHash fingerprints the quote's current terms and the evaluation's
// assumptions, to tell a decision gone stale.
func (st decisionState) inputsHash(q quote.Quote) string { return approvalInputsHash(st.A, q) }

// approvalInputsHash is inputsHash from the assumptions alone, for the
// evaluations list, which reads no other quote.
func approvalInputsHash(a tco.Assumptions, q quote.Quote) string {
	assumptions := map[string]string{}
	for _, key := range tco.Editable {
		if f, ok := a.Field(key); ok {
			assumptions[key] = assumptionText(key, f.Value)
		}
	}
	return approval.InputsHash(quote.Cells(q), assumptions)
}

func (st decisionState) quote(id int64) (store.StoredQuote, int, bool) {
	for i, sq := range st.Quotes {
		if sq.ID == id {
			return sq, i, true
		}
	}
	return store.StoredQuote{}, -1, false
}
