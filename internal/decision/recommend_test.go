package decision

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// readyInput is a complete brief for a stable, months-long fine-tuning load
// on 64 GPUs with on-demand, reserved and spot quotes: the shape the other
// cases edit.
func readyInput() Input {
	in := DefaultInput()
	in.Brief = Brief{
		Workload:            WorkloadFineTuning,
		GPUs:                64,
		BaselineUtilization: 0.75,
		Stability:           StabilityStable,
		HorizonMonths:       9,
		NeedsCustomWeights:  true,
		ReadyToReserve:      true,
	}
	in.Quotes = []Quote{
		{ID: 1, Label: "Neo on-demand", RentalModel: RentalOnDemand, RatePerGPUHour: 4, CostPerUnit: 12, Currency: "USD"},
		{ID: 2, Label: "Neo reserved", RentalModel: RentalReserved, RatePerGPUHour: 2.2, CostPerUnit: 9, Currency: "USD"},
		{ID: 3, Label: "Pool spot", RentalModel: RentalMarketplace, RatePerGPUHour: 2, Currency: "USD"},
	}
	in.Benchmark = Benchmark{SuitePassed: 9}
	return in
}

// inference turns the ready input into a batch-inference workload with a
// token volume and a stated throughput, so the model API is compared.
func inference(in *Input) {
	in.Brief.Workload = WorkloadBatchInference
	in.Brief.NeedsCustomWeights = false
	in.ModelAPI.InputTokensPerMonth = 1e9
	in.ModelAPI.OutputTokensPerMonth = 5e8
	in.ModelAPI.StatedTokensPerSecondPerGPU = 2209
}

func TestRecommend(t *testing.T) {
	type want struct {
		option   Option
		notReady bool
		summary  string
		missing  []string
		reasons  []string // keys that must be among the reasons
		changes  []string // keys that must be among the conditions
		notes    []string // keys that must be among the notes
		quoteID  int64    // zero: no quote
	}
	tests := []struct {
		name string
		edit func(*Input)
		want want
	}{
		{
			name: "new uncertain workload: on demand",
			edit: func(in *Input) {
				in.Brief.Stability = StabilityVariable
				in.Brief.HorizonMonths = 3
				in.Benchmark = Benchmark{}
			},
			want: want{option: OptionOnDemand, summary: "decision.rec.on_demand", quoteID: 1,
				reasons: []string{"decision.reason.uncertain_baseline.variable", "decision.reason.benchmark_on_demand"},
				changes: []string{"decision.change.stable_baseline"}},
		},
		{
			name: "stability not stated counts as uncertain",
			edit: func(in *Input) { in.Brief.Stability = StabilityUnknown },
			want: want{option: OptionOnDemand, summary: "decision.rec.on_demand", quoteID: 1,
				reasons: []string{"decision.reason.uncertain_baseline.not_stated"}, changes: []string{"decision.change.stable_baseline"}},
		},
		{
			name: "stable 24/7 for 5 years at 90% with ops staff, break-even well inside: buy",
			edit: func(in *Input) {
				in.Brief.BaselineUtilization = 0.9
				in.Brief.HorizonMonths = 60
				in.Brief.OpsStaff = true
				in.Brief.CapitalApproved = true
				in.Buy.PurchasePerGPU.Value = 30000
				in.Buy.InfraPerGPUYear.Value = 7500
				in.Buy.OpsStaffPerYear.Value = 0
				in.Quotes = append(in.Quotes, Quote{ID: 7, Label: "Colo cage", RentalModel: RentalBuy, MonthlyTCO: 90000, Currency: "USD"})
			},
			want: want{option: OptionBuy, summary: "decision.rec.buy", quoteID: 7,
				reasons: []string{"decision.reason.stable_high_utilization", "decision.reason.breakeven_inside_horizon.reserved", "decision.reason.ops_staff", "decision.reason.capital_approved"},
				changes: []string{"decision.change.rent_falls.reserved", "decision.change.utilization_below_buy", "decision.change.need_flexibility"}},
		},
		{
			name: "predictable months-long load: reserve",
			edit: func(*Input) {},
			want: want{option: OptionReserve, summary: "decision.rec.reserve", quoteID: 2,
				reasons: []string{"decision.reason.stable_baseline", "decision.reason.reserve_cheaper", "decision.reason.buy_utilization_low", "decision.reason.breakeven_too_late.reserved", "decision.reason.no_ops_staff", "decision.reason.no_capital"},
				changes: []string{"decision.change.utilization_below_reserve", "decision.change.hardware_may_change", "decision.change.buy_if.utilization",
					"decision.change.buy_if.breakeven.reserved", "decision.change.buy_if.longer_horizon", "decision.change.buy_if.ops_staff", "decision.change.buy_if.capital"}},
		},
		{
			name: "no hardware control needed and the API is cheaper per unit: model API",
			edit: func(in *Input) {
				inference(in)
				in.Quotes = append(in.Quotes, Quote{ID: 4, Label: "Llama API", RentalModel: RentalModelAPI, CostPerUnit: 0.5, Currency: "USD"})
			},
			want: want{option: OptionModelAPI, summary: "decision.rec.model_api", quoteID: 4,
				reasons: []string{"decision.reason.no_hardware_control", "decision.reason.api_cheaper.stated"},
				changes: []string{"decision.change.api_price_rises", "decision.change.control_needed", "decision.change.measure_throughput"}},
		},
		{
			name: "incomplete brief: not ready, on demand and benchmark first",
			edit: func(in *Input) {
				in.Brief.ReadyToReserve = false
				in.Brief.Missing = []string{"node_count", "term_months"}
			},
			want: want{option: OptionOnDemand, notReady: true, summary: "decision.rec.not_ready", quoteID: 1,
				missing: []string{"node_count", "term_months"},
				reasons: []string{"decision.reason.incomplete_brief"}, changes: []string{"decision.change.complete_brief"}},
		},
		{
			name: "incomplete brief wins over a cheaper model API",
			edit: func(in *Input) {
				inference(in)
				in.Brief.ReadyToReserve = false
				in.Brief.Missing = []string{"units_per_month"}
			},
			want: want{option: OptionOnDemand, notReady: true, summary: "decision.rec.not_ready", quoteID: 1,
				missing: []string{"units_per_month"}, reasons: []string{"decision.reason.incomplete_brief"}},
		},
		{
			name: "incomplete multi-node brief also lists the missing benchmark",
			edit: func(in *Input) {
				in.Brief.ReadyToReserve = false
				in.Brief.Missing = []string{"inter_node"}
				in.Brief.MultiNode = true
			},
			want: want{option: OptionOnDemand, notReady: true, summary: "decision.rec.not_ready", quoteID: 1,
				missing: []string{"inter_node", MissingAllReduceBenchmark},
				reasons: []string{"decision.reason.incomplete_brief", "decision.reason.no_multinode_benchmark"},
				changes: []string{"decision.change.complete_brief", "decision.change.pass_multinode_benchmark"}},
		},
		{
			name: "not marked ready but nothing listed: still not ready",
			edit: func(in *Input) { in.Brief.ReadyToReserve = false },
			want: want{option: OptionOnDemand, notReady: true, summary: "decision.rec.not_ready", quoteID: 1,
				reasons: []string{"decision.reason.brief_not_ready"}},
		},
		{
			name: "multi-node reservation without an all-reduce benchmark: not ready",
			edit: func(in *Input) { in.Brief.MultiNode = true },
			want: want{option: OptionOnDemand, notReady: true, summary: "decision.rec.not_ready_commit.reserve", quoteID: 1,
				missing: []string{MissingAllReduceBenchmark},
				reasons: []string{"decision.reason.no_multinode_benchmark", "decision.reason.reserve_cheaper"},
				changes: []string{"decision.change.pass_multinode_benchmark"}},
		},
		{
			name: "multi-node reservation with a passed all-reduce benchmark: reserve",
			edit: func(in *Input) {
				in.Brief.MultiNode = true
				in.Benchmark.MultiNodeAllReducePassed = true
			},
			want: want{option: OptionReserve, summary: "decision.rec.reserve", quoteID: 2,
				reasons: []string{"decision.reason.stable_baseline", "decision.reason.reserve_cheaper"}},
		},
		{
			name: "failed acceptance tests block a commitment",
			edit: func(in *Input) { in.Benchmark.SuiteFailed = 2 },
			want: want{option: OptionOnDemand, notReady: true, summary: "decision.rec.not_ready_commit.reserve", quoteID: 1,
				missing: []string{MissingAcceptancePasses},
				reasons: []string{"decision.reason.acceptance_failed"}, changes: []string{"decision.change.fix_acceptance.reserve"}},
		},
		{
			name: "stable but mostly idle: on demand is cheaper per useful hour, no benchmark needed",
			edit: func(in *Input) {
				in.Brief.BaselineUtilization = 0.4
				in.Brief.MultiNode = true
			},
			want: want{option: OptionOnDemand, summary: "decision.rec.on_demand", quoteID: 1,
				reasons: []string{"decision.reason.on_demand_cheaper"}, changes: []string{"decision.change.utilization_above_reserve"}},
		},
		{
			name: "horizon too short to commit: on demand",
			edit: func(in *Input) { in.Brief.HorizonMonths = 2 },
			want: want{option: OptionOnDemand, summary: "decision.rec.on_demand", quoteID: 1,
				reasons: []string{"decision.reason.short_horizon"}, changes: []string{"decision.change.longer_horizon"}},
		},
		{
			name: "buy blocked only by capital approval: reserve, and say so",
			edit: func(in *Input) {
				in.Brief.BaselineUtilization = 0.9
				in.Brief.HorizonMonths = 60
				in.Brief.OpsStaff = true
				in.Buy.PurchasePerGPU.Value = 30000
				in.Buy.InfraPerGPUYear.Value = 7500
				in.Buy.OpsStaffPerYear.Value = 0
			},
			want: want{option: OptionReserve, summary: "decision.rec.reserve", quoteID: 2,
				reasons: []string{"decision.reason.no_capital"}, changes: []string{"decision.change.buy_if.capital"}},
		},
		{
			name: "default all-in costs on a small fleet: buying breaks even too late, reserve",
			edit: func(in *Input) {
				in.Brief.BaselineUtilization = 0.9
				in.Brief.HorizonMonths = 60
				in.Brief.OpsStaff = true
				in.Brief.CapitalApproved = true
			},
			want: want{option: OptionReserve, summary: "decision.rec.reserve", quoteID: 2,
				reasons: []string{"decision.reason.breakeven_too_late.reserved"}, changes: []string{"decision.change.buy_if.breakeven.reserved"}},
		},
		{
			name: "API cheaper but fixed placement needed: self-host and say why",
			edit: func(in *Input) {
				inference(in)
				in.Brief.NeedsFixedPlacement = true
			},
			want: want{option: OptionReserve, summary: "decision.rec.reserve", quoteID: 2,
				reasons: []string{"decision.reason.reserve_cheaper", "decision.reason.api_cheaper_but_control"}},
		},
		{
			name: "measured throughput makes self-hosting cheaper than the API",
			edit: func(in *Input) {
				inference(in)
				in.Benchmark.MeasuredTokensPerSecondPerGPU = 5000
			},
			want: want{option: OptionReserve, summary: "decision.rec.reserve", quoteID: 2,
				reasons: []string{"decision.reason.self_hosting_cheaper.measured"}, changes: []string{"decision.change.api_price_falls"}},
		},
		{
			name: "inference without a volume: API not compared, said so",
			edit: func(in *Input) {
				inference(in)
				in.ModelAPI.OutputTokensPerMonth = 0
			},
			want: want{option: OptionReserve, summary: "decision.rec.reserve", quoteID: 2,
				notes: []string{"decision.note.model_api_not_compared.no_volume"}},
		},
		{
			name: "a quote in another currency is left out",
			edit: func(in *Input) {
				in.Quotes = append(in.Quotes, Quote{ID: 5, Label: "Euro reserved", RentalModel: RentalReserved, RatePerGPUHour: 1, Currency: "EUR"})
			},
			want: want{option: OptionReserve, summary: "decision.rec.reserve", quoteID: 2,
				notes: []string{"decision.note.quote_other_currency"}},
		},
		{
			name: "no quotes yet: market references price the answer",
			edit: func(in *Input) { in.Quotes = nil },
			want: want{option: OptionReserve, summary: "decision.rec.reserve",
				reasons: []string{"decision.reason.reserve_cheaper"}, notes: []string{"decision.note.market_rate_used.reserved"}},
		},
		{
			name: "no rates in the evaluation's currency: reserve on shape alone",
			edit: func(in *Input) {
				in.Currency, in.Buy.Currency, in.ModelAPI.Prices.Currency = "EUR", "EUR", "EUR"
				in.Quotes = nil
			},
			want: want{option: OptionReserve, summary: "decision.rec.reserve",
				reasons: []string{"decision.reason.reserve_unpriced", "decision.reason.breakeven_unknown"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := readyInput()
			tt.edit(&in)
			got, err := Recommend(in)
			if err != nil {
				t.Fatal(err)
			}
			if got.Option != tt.want.option || got.NotReady != tt.want.notReady || got.Summary.Key != tt.want.summary {
				t.Fatalf("got %s (not ready %v, %s), want %s (not ready %v, %s)\nreasons: %v",
					got.Option, got.NotReady, got.Summary.Key, tt.want.option, tt.want.notReady, tt.want.summary, keys(got.Reasons))
			}
			if !slices.Equal(got.Missing, tt.want.missing) {
				t.Errorf("Missing = %v, want %v", got.Missing, tt.want.missing)
			}
			assertKeys(t, "reasons", got.Reasons, tt.want.reasons)
			assertKeys(t, "conditions", got.ChangeIf, tt.want.changes)
			assertKeys(t, "notes", got.Notes, tt.want.notes)
			var gotQuote int64
			if got.Quote != nil {
				gotQuote = got.Quote.ID
			}
			if gotQuote != tt.want.quoteID {
				t.Errorf("Quote = %d, want %d", gotQuote, tt.want.quoteID)
			}
			assertWellFormed(t, got)
		})
	}
}

// The recommendation carries its figures, not just the verdict.
func TestRecommendFigures(t *testing.T) {
	in := readyInput()
	got, err := Recommend(in)
	if err != nil {
		t.Fatal(err)
	}
	if got.Rates.Reserved == nil || got.Rates.Reserved.QuoteID != 2 || got.Rates.OnDemand.QuoteID != 1 || got.Rates.Spot.QuoteID != 3 {
		t.Fatalf("rates not taken from the cheapest quotes: %+v", got.Rates)
	}
	if got.BreakEvenVsReserved == nil || got.BreakEvenVsOnDemand == nil {
		t.Fatal("break-evens missing")
	}
	// 64 GPUs × 730 h × 75% = 35,040 useful GPU-hours a month.
	if got.Blend == nil || got.Blend.GPUHoursPerMonth != 35040 {
		t.Fatalf("blend = %+v, want 35,040 GPU-hours", got.Blend)
	}
	if got.Blend.Reserved.Share != 0.7 || got.Blend.MonthlyCost >= got.Blend.AllOnDemandMonthlyCost {
		t.Errorf("blend should start at 70%% reserved and cost less than all on demand: %+v", got.Blend)
	}
	if got.ModelAPI != nil {
		t.Errorf("fine-tuning compared with a model API: %+v", got.ModelAPI)
	}
}

func TestRecommendRejectsImpossibleInput(t *testing.T) {
	tests := []struct {
		name string
		in   func() Input
	}{
		{"zero input would buy for free", func() Input { return Input{} }},
		{"utilisation above one", func() Input { in := readyInput(); in.Brief.BaselineUtilization = 85; return in }},
		{"unknown stability", func() Input { in := readyInput(); in.Brief.Stability = "steady"; return in }},
		{"buy inputs in another currency", func() Input { in := readyInput(); in.Buy.Currency = "EUR"; return in }},
		{"blend shares not summing to one", func() Input { in := readyInput(); in.Blend.Spot = 0.3; return in }},
		{"negative quote rate", func() Input { in := readyInput(); in.Quotes[0].RatePerGPUHour = -1; return in }},
		{"policy out of range", func() Input { in := readyInput(); in.Policy.BreakEvenShare = 0; return in }},
		{"spot waste of 100%", func() Input { in := readyInput(); in.SpotRetryWaste.Value = 1; return in }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Recommend(tt.in()); !errors.Is(err, ErrInvalid) {
				t.Errorf("err = %v, want ErrInvalid", err)
			}
		})
	}
}

func keys(ss []Statement) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = s.Key
	}
	return out
}

func assertKeys(t *testing.T, what string, got []Statement, want []string) {
	t.Helper()
	have := keys(got)
	for _, k := range want {
		if !slices.Contains(have, k) {
			t.Errorf("%s lack %q; have %v", what, k, have)
		}
	}
}

// assertWellFormed checks the promises every recommendation keeps: stable
// keys, text rendered from the catalog, every reason and condition tied to
// a fact, money rounded to cents.
func assertWellFormed(t *testing.T, r Recommendation) {
	t.Helper()
	assertStatement(t, "decision.rec.", r.Summary, false)
	if len(r.Reasons) == 0 {
		t.Error("no reasons")
	}
	for prefix, ss := range map[string][]Statement{"decision.reason.": r.Reasons, "decision.change.": r.ChangeIf, "decision.note.": r.Notes} {
		for _, s := range ss {
			assertStatement(t, prefix, s, true)
		}
	}
	if r.Option.LabelKey() == "" {
		t.Errorf("option %q has no label key", r.Option)
	}
	for _, m := range r.Missing {
		if MissingKey(m) == "" {
			t.Errorf("missing %q has no label key", m)
		}
	}
	for _, be := range []*BreakEven{r.BreakEvenVsReserved, r.BreakEvenVsOnDemand} {
		if be != nil {
			assertCents(t, "break-even capex", be.CapexPerGPU)
			assertCents(t, "break-even rent", be.RentPerGPUMonth)
		}
	}
	if r.Blend != nil {
		assertCents(t, "blend", r.Blend.MonthlyCost)
	}
	if r.ModelAPI != nil {
		assertCents(t, "api monthly", r.ModelAPI.APIMonthly)
		assertCents(t, "self-hosted monthly", r.ModelAPI.SelfHostedMonthly)
	}
}

// assertStatement checks one statement: its key, its English text rendered
// from the catalog (a failed render leaves the key), and its facts, each
// named once and never empty.
func assertStatement(t *testing.T, prefix string, s Statement, needFacts bool) {
	t.Helper()
	if !strings.HasPrefix(s.Key, prefix) {
		t.Errorf("statement %q lacks the prefix %q", s.Key, prefix)
	}
	if strings.TrimSpace(s.Text) == "" || s.Text == s.Key || strings.Contains(s.Text, "{{") || strings.Contains(s.Text, "<no value>") {
		t.Errorf("%s: text not rendered: %q", s.Key, s.Text)
	}
	if needFacts && len(s.Facts) == 0 {
		t.Errorf("%s has no fact", s.Key)
	}
	seen := map[string]bool{}
	for _, f := range s.Facts {
		if f.Name == "" || f.Value == "" {
			t.Errorf("%s has an empty fact %+v", s.Key, f)
		}
		if seen[f.Name] {
			t.Errorf("%s names fact %s twice", s.Key, f.Name)
		}
		seen[f.Name] = true
	}
}
