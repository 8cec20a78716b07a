package scoring

import (
	"slices"
	"testing"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/redflag"
)

func TestNormalize(t *testing.T) {
	cases := []struct {
		name  string
		in    []Weight
		field string // "" when valid
		key   string
	}{
		{"sum short of 100", []Weight{{CostPerUnit, 70}}, "criteria", "scoring.error.weight_sum"},
		{"sum over 100", []Weight{{CostPerUnit, 70}, {LockInExit, 40}}, "criteria", "scoring.error.weight_sum"},
		{"unknown key", []Weight{{"price", 100}}, "criteria[0].key", "scoring.error.unknown_criterion"},
		{"repeated key", []Weight{{CostPerUnit, 50}, {CostPerUnit, 50}}, "criteria[1].key", "scoring.error.duplicate_criterion"},
		{"negative", []Weight{{CostPerUnit, 110}, {LockInExit, -10}}, "criteria[0].weight", "scoring.error.weight_range"},
		{"one criterion", []Weight{{LockInExit, 100}}, "", ""},
		{"defaults", DefaultWeights(), "", ""},
	}
	for _, c := range cases {
		out, errs := Normalize(c.in)
		if c.field == "" {
			if errs != nil || len(out) != len(Keys) {
				t.Errorf("%s: %v %v", c.name, out, errs)
			}
			continue
		}
		if len(errs) == 0 || errs[0].Field != c.field || errs[0].Key != c.key {
			t.Errorf("%s: errors %v, want %s %s", c.name, errs, c.field, c.key)
		}
	}
	out, _ := Normalize([]Weight{{LockInExit, 60}, {CostPerUnit, 40}})
	if out[0] != (Weight{CostPerUnit, 40}) || out[7] != (Weight{LockInExit, 60}) || out[1].Weight != 0 {
		t.Errorf("not in display order with zeros: %v", out)
	}
}

func grade(gs []Grade, key string) Grade {
	i := slices.IndexFunc(gs, func(g Grade) bool { return g.Key == key })
	return gs[i]
}

func TestGradingRules(t *testing.T) {
	best := Quote{ID: 1, Cost: 100, CostLow: 100, CostHigh: 100}
	cases := []struct {
		name           string
		q              Quote
		key            string
		low, value, hi float64
		capped         bool
	}{
		{"cost: the best gets the top", best, CostPerUnit, 10, 10, 10, false},
		{"cost: twice the best gets half", Quote{Cost: 200, CostLow: 160, CostHigh: 250}, CostPerUnit, 4, 5, 6.3, false},
		{"terms: nothing flagged", Quote{}, ReliabilityTerms, 10, 10, 10, false},
		{"terms: unstated graded at both ends", Quote{Flags: []Flag{{"egress_missing", false}}}, LockInExit, 6, 8, 10, false},
		{"terms: stated shortfall", Quote{Flags: []Flag{{"support_slower", false}}}, ReliabilityTerms, 7, 7, 7, false},
		{"terms: a blocker caps", Quote{Flags: []Flag{{"storage_refused", true}}}, StorageDataPath, 2, 2, 2, true},
		{"terms: another criterion's flag", Quote{Flags: []Flag{{"storage_refused", true}}}, LockInExit, 10, 10, 10, false},
		{"terms: two shortfalls floor at 0", Quote{Flags: []Flag{{"term_beyond_horizon", false}, {"long_commitment_no_exit", false},
			{"min_spend_above_limit", false}, {"quote_expiring", false}}}, CommercialFlexibility, 0, 0, 0, false},
		{"verified: pending tests both ends", Quote{Tests: Tests{Passed: 3, Pending: 6, Total: 9}}, VerifiedPerformance, 3.3, 6.7, 10, false},
		{"verified: a failed test caps", Quote{Tests: Tests{Passed: 3, Failed: 1, Pending: 5, Total: 9}}, VerifiedPerformance, 2, 2, 2, true},
		{"verified: no suite, unstated window", Quote{Flags: []Flag{{"benchmark_window_missing", false}}}, VerifiedPerformance, 6, 8, 10, false},
	}
	for _, c := range cases {
		g := grade(gradeAll(c.q, best), c.key)
		if g.Low != c.low || g.Value != c.value || g.High != c.hi || g.Capped != c.capped || g.Rule == "" {
			t.Errorf("%s: got %v/%v/%v capped %v rule %q, want %v/%v/%v capped %v", c.name, g.Low, g.Value, g.High, g.Capped, g.Rule, c.low, c.value, c.hi, c.capped)
		}
	}
}

// Two quotes on cost and fabric, weighted 50/50: A is cheapest (10 on
// cost) with a fabric blocker (2); B costs 125 against A's 100 (8) with
// a clean fabric (10). B leads 9.0 to 6.0. Moving the fabric weight down
// to 12.5 ties them (A 525/62.5 = 8.4, B 525/62.5 = 8.4); moving the cost
// weight would take +150, so fabric is the smallest change.
func TestFlipWeightHandChecked(t *testing.T) {
	ws, errs := Normalize([]Weight{{CostPerUnit, 50}, {FabricTopology, 50}})
	if errs != nil {
		t.Fatal(errs)
	}
	a := Quote{ID: 1, Cost: 100, CostLow: 100, CostHigh: 100, Flags: []Flag{{"fabric_missing", true}}}
	b := Quote{ID: 2, Cost: 125, CostLow: 125, CostHigh: 125}
	res := Evaluate(ws, []Quote{a, b}, nil)
	if res.Leader != 2 || res.Scores[0].Value != 6 || res.Scores[1].Value != 9 {
		t.Fatalf("leader %d scores %+v", res.Leader, res.Scores)
	}
	if res.Flip == nil || *res.Flip != (Flip{Criterion: FabricTopology, From: 50, To: 12.5, NewLeader: 1}) {
		t.Errorf("flip %+v", res.Flip)
	}
	// At the flipped weights A does lead (a tie goes to the earlier quote).
	ws2 := []Weight{{CostPerUnit, 50}, {FabricTopology, 12}}
	if r := Evaluate(ws2, []Quote{a, b}, nil); r.Leader != 1 {
		t.Errorf("at fabric 12 the leader is %d", r.Leader)
	}
	// Equal grades on every criterion: no single weight changes the winner.
	if r := Evaluate(ws, []Quote{b, b}, nil); r.Flip != nil {
		t.Errorf("identical quotes flip: %+v", r.Flip)
	}
}

func TestBandsAndOverlap(t *testing.T) {
	ws, _ := Normalize([]Weight{{CostPerUnit, 50}, {LockInExit, 50}})
	a := Quote{ID: 1, Cost: 100, CostLow: 100, CostHigh: 100}
	// B's cost is unknown between 90 and 140 and its egress unstated.
	b := Quote{ID: 2, Cost: 110, CostLow: 90, CostHigh: 140, Flags: []Flag{{"egress_missing", false}}}
	res := Evaluate(ws, []Quote{a, b}, nil)
	sb := res.Scores[1]
	// Cost band 10×100/140 = 7.1 .. 10 (capped), egress 6 .. 10.
	if sb.Low != 6.6 || sb.High != 10 || res.Leader != 1 || !sb.OverlapsLeader || !res.Overlap {
		t.Errorf("B %+v, leader %d overlap %v", sb, res.Leader, res.Overlap)
	}
	c := Quote{ID: 3, Cost: 300, CostLow: 300, CostHigh: 300, Flags: []Flag{{"egress_refused", true}}}
	if r := Evaluate(ws, []Quote{a, c}, nil); r.Overlap || r.Scores[1].Place != 2 {
		t.Errorf("a clearly worse quote overlaps: %+v", r.Scores[1])
	}
}

func TestOverridesReplaceTheRuleWithTheConsensus(t *testing.T) {
	ws, _ := Normalize([]Weight{{LockInExit, 100}})
	q := Quote{ID: 7, Cost: 1, CostLow: 1, CostHigh: 1, Flags: []Flag{{"egress_missing", false}}}
	ov := map[int64][]Override{7: {{LockInExit, "ann", 4, "egress quoted by mail"}, {LockInExit, "bob", 5, "same"}, {CostPerUnit, "ann", 1, "x"}}}
	res := Evaluate(ws, []Quote{q}, ov)
	g := grade(res.Scores[0].Grades, LockInExit)
	if !g.Overridden || g.Consensus != 4.5 || g.Low != 4.5 || g.High != 4.5 || len(g.Overrides) != 2 || res.Scores[0].Value != 4.5 {
		t.Errorf("override %+v score %+v", g, res.Scores[0])
	}
}

// A new red-flag rule must say which criterion it lowers.
func TestEveryRedFlagHasACriterion(t *testing.T) {
	for _, r := range redflag.Rules() {
		if _, ok := CriterionOf(r.ID); !ok && !slices.Contains(Unscored, r.ID) {
			t.Errorf("red flag %s lowers no criterion", r.ID)
		}
	}
}

// A quote the worksheet cannot price (no exchange rate) is scored with its
// cost graded at both ends, but never ranked or named as the leader.
func TestUnpricedIsScoredButNotRanked(t *testing.T) {
	ws, _ := Normalize([]Weight{{CostPerUnit, 50}, {LockInExit, 50}})
	u := Quote{ID: 9, Unpriced: true}
	a := Quote{ID: 1, Cost: 100, CostLow: 100, CostHigh: 100, Flags: []Flag{{"egress_refused", true}}}
	res := Evaluate(ws, []Quote{u, a}, nil)
	su := res.Scores[0]
	g := grade(su.Grades, CostPerUnit)
	if g.Low != 0 || g.High != 10 || g.Rule != "scoring.rule.cost_unpriced" || su.Place != 0 || res.Leader != 1 || !su.OverlapsLeader {
		t.Errorf("unpriced %+v leader %d", su, res.Leader)
	}
	if r := Evaluate(ws, []Quote{u}, nil); r.Leader != 0 || len(r.Scores) != 1 || r.Flip != nil {
		t.Errorf("only unpriced: %+v", r)
	}
}

// A tier's order and roles travel into the plan an award is recorded with.
func TestApprovalPlanKeepsOrderAndRoles(t *testing.T) {
	r := ApprovalRules{Currency: "USD", Tiers: []Tier{{Above: "0", Approvers: 1},
		{Above: "250000", Approvers: 2, Order: approval.InOrder, Roles: []string{"manager", "finance"}}}}
	if errs := r.Check(); len(errs) != 0 {
		t.Fatal(errs)
	}
	d, _ := quote.ParseDecimal("300000")
	if p := r.Plan(d); p.Required != 2 || p.Order != approval.InOrder || !slices.Equal(p.Roles, []string{"manager", "finance"}) {
		t.Errorf("plan %+v", p)
	}
	d, _ = quote.ParseDecimal("100")
	if p := r.Plan(d); p.Required != 1 || p.Order != approval.InParallel || p.Roles != nil {
		t.Errorf("small plan %+v", p)
	}
}

func TestApprovalTiers(t *testing.T) {
	r := ApprovalRules{Currency: "USD", Tiers: []Tier{{Above: "0", Approvers: 1}, {Above: "250000", Approvers: 2}}}
	if errs := r.Check(); len(errs) != 0 {
		t.Fatal(errs)
	}
	for _, c := range []struct {
		value string
		want  int
	}{{"100", 1}, {"250000", 1}, {"250000.01", 2}, {"9000000", 2}} {
		d, _ := quote.ParseDecimal(c.value)
		if got := r.Required(d); got != c.want {
			t.Errorf("%s: %d approvers, want %d", c.value, got, c.want)
		}
	}
	bad := ApprovalRules{Currency: "usd", Tiers: []Tier{{Above: "10", Approvers: 1}, {Above: "5", Approvers: 4}, {Above: "x", Approvers: 1},
		{Above: "20", Approvers: 2, Order: "whenever", Roles: []string{"manager"}}, {Above: "30", Approvers: 2, Roles: []string{"manager", "engineer"}}}}
	errs := bad.Check()
	for _, f := range []string{"currency", "tiers[1].above", "tiers[1].approvers", "tiers[2].above", "tiers[3].order", "tiers[3].roles", "tiers[4].roles"} {
		if errs[f] == "" {
			t.Errorf("no error on %s: %v", f, errs)
		}
	}
}

// Issue 25: Alpha (first) totals 9.10 and Beta 9.14 — both round to 9.1.
// Ranked after rounding, Alpha led and the flip advice pointed the wrong
// way; the spreadsheet's formula put Beta ahead. Weights cost 40,
// reliability 60. Alpha: cost 10, reliability 8.5 → 4 + 5.1 = 9.10.
// Beta: cost 9.8 (cost 102 against 100), reliability 8.7 → 3.92 + 5.22 =
// 9.14. Beta leads on the exact totals; 0.04 apart is shown as a tie. The
// flip that puts Alpha first raises cost to 60: 600 + 510 = 588 + 522 = 1110.
func TestRankOnExactTotals(t *testing.T) {
	ws, errs := Normalize([]Weight{{CostPerUnit, 40}, {ReliabilityTerms, 60}})
	if errs != nil {
		t.Fatal(errs)
	}
	a := Quote{ID: 1, Cost: 100, CostLow: 100, CostHigh: 100}
	b := Quote{ID: 2, Cost: 102, CostLow: 102, CostHigh: 102}
	ov := map[int64][]Override{
		1: {{Criterion: ReliabilityTerms, Evaluator: "e", Grade: 8.5}},
		2: {{Criterion: ReliabilityTerms, Evaluator: "e", Grade: 8.7}},
	}
	res := Evaluate(ws, []Quote{a, b}, ov)
	if res.Scores[0].Value != 9.1 || res.Scores[1].Value != 9.1 {
		t.Fatalf("shown totals %v %v, want 9.1 both", res.Scores[0].Value, res.Scores[1].Value)
	}
	if res.Leader != 2 || res.Scores[1].Place != 1 || res.Scores[0].Place != 2 {
		t.Errorf("leader %d places %d/%d, want Beta (2) first on 9.14 > 9.10", res.Leader, res.Scores[0].Place, res.Scores[1].Place)
	}
	if !res.Tie || !res.Scores[0].TiesLeader || res.Scores[1].TiesLeader {
		t.Errorf("0.04 apart is a tie: tie %v, Alpha %v, Beta %v", res.Tie, res.Scores[0].TiesLeader, res.Scores[1].TiesLeader)
	}
	if res.Flip == nil || *res.Flip != (Flip{Criterion: CostPerUnit, From: 40, To: 60, NewLeader: 1}) {
		t.Errorf("flip %+v, want cost 40 → 60 puts Alpha first", res.Flip)
	}
	// 0.1 apart is no tie.
	ov[2] = []Override{{Criterion: ReliabilityTerms, Evaluator: "e", Grade: 8.9}}
	if r := Evaluate(ws, []Quote{a, b}, ov); r.Tie || r.Leader != 2 {
		t.Errorf("9.26 against 9.10: tie %v leader %d", r.Tie, r.Leader)
	}
}
