package redflag

import (
	"os"
	"regexp"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// readExample reads the CSV contract's example file (a copy kept in
// testdata) through the real importer.
func readExample(t testing.TB) []quote.Quote {
	t.Helper()
	f, err := os.Open("testdata/quotes-example.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	qs, err := quote.ReadCSV(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) != 3 {
		t.Fatalf("example has %d quotes, want 3", len(qs))
	}
	return qs
}

func TestExampleQuotes(t *testing.T) {
	qs := readExample(t)
	tests := []struct {
		name  string
		quote quote.Quote
		brief brief.Brief
		want  []string
	}{
		{"fully specified quote against a brief it meets", qs[0], goodBrief(), []string{}},
		{"hyperscaler, some terms not stated", qs[1], nil, []string{"node_failure_policy_missing", "nccl_untested"}},
		{
			"marketplace, refused and not-stated terms", qs[2], nil,
			[]string{"egress_refused", "data_deletion_refused", "storage_missing", "support_vague", "billing_export_missing", "driver_cuda_unverifiable"},
		},
		{
			// The same hyperscaler offer against the 70B EU fine-tune brief:
			// half the GPUs, EFA between nodes, and in the US.
			"hyperscaler against the brief", qs[1], goodBrief(),
			[]string{"gpu_count_short", "residency_mismatch", "node_failure_policy_missing", "nccl_untested", "inter_node_fabric_below"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			flags := Evaluate(Input{Quote: tt.quote, Brief: tt.brief, Today: today})
			if diff := cmp.Diff(tt.want, ids(flags)); diff != "" {
				t.Errorf("flag ids (-want +got):\n%s", diff)
			}
			for _, f := range flags {
				checkFilled(t, f)
			}
		})
	}
	if b, _ := Counts(Evaluate(Input{Quote: qs[2], Today: today})); b == 0 {
		t.Error("the marketplace quote has no blocker")
	}
}

func TestRuleTable(t *testing.T) {
	id := regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)
	seen := map[string]bool{}
	for _, r := range Rules() {
		if !id.MatchString(r.ID) || seen[r.ID] {
			t.Errorf("rule id %q is not a unique snake_case id", r.ID)
		}
		seen[r.ID] = true
		if r.Severity != Blocker && r.Severity != Warning {
			t.Errorf("%s: severity %q", r.ID, r.Severity)
		}
		if len(r.Terms) == 0 || r.Check == nil {
			t.Errorf("%s: no terms or no check", r.ID)
		}
		for _, term := range r.Terms {
			if c, ok := quote.ColumnByName(term); !ok || c.Name != term {
				t.Errorf("%s: %q is not a CSV column name", r.ID, term)
			}
		}
	}
}

// TestRefusedRulesBlock: a _refused rule is the refusal twin of a rule
// that only warns, and must weigh at least as much.
func TestRefusedRulesBlock(t *testing.T) {
	for _, r := range Rules() {
		if len(r.ID) > 8 && r.ID[len(r.ID)-8:] == "_refused" && r.Severity != Blocker {
			t.Errorf("%s is a %s, want a blocker", r.ID, r.Severity)
		}
	}
}

// TestEveryRuleHasAFiringCase keeps the tables honest: a rule no case
// fires is a rule nobody has seen work.
func TestEveryRuleHasAFiringCase(t *testing.T) {
	fired := map[string]bool{}
	for _, cases := range [][]ruleCase{topologyCases, fabricCases, storageCases, commercialCases, accessCases, securityCases, briefCases, contractCases, regionalCases} {
		for _, c := range cases {
			for _, id := range c.want {
				fired[id] = true
			}
		}
	}
	for _, r := range Rules() {
		if !fired[r.ID] {
			t.Errorf("no table case fires %s", r.ID)
		}
	}
}

func TestCheckReturnsTheCompleteFlag(t *testing.T) {
	in := ruleCase{cells: map[string]string{"egress_price_per_gb": "refused"}}.input(t)
	i := slices.IndexFunc(Rules(), func(r Rule) bool { return r.ID == "egress_refused" })
	got, ok := Rules()[i].Check(in)
	if !ok {
		t.Fatal("egress_refused did not fire")
	}
	want := Flag{
		ID:          "egress_refused",
		Severity:    Blocker,
		Terms:       []string{"egress_price_per_gb"},
		MessageKey:  "redflag.egress_refused.message",
		QuestionKey: "redflag.egress_refused.question",
		Message:     "The vendor refused to state the egress price per GB.",
		Question:    "Please state in writing the egress price per GB, including cross-region and public egress.",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("flag (-want +got):\n%s", diff)
	}
}

func TestEvaluateOrdersBlockersFirst(t *testing.T) {
	in := ruleCase{cells: map[string]string{
		"form_factor": "", "gpu_memory_gb": "", "egress_price_per_gb": "refused", "billing_export": "no",
		"data_deletion_terms": "refused", "storage_terms": "",
	}}.input(t)
	flags := Evaluate(in)
	want := []string{"form_factor_missing", "egress_refused", "data_deletion_refused", "gpu_memory_missing", "storage_missing", "billing_export_missing"}
	if diff := cmp.Diff(want, ids(flags)); diff != "" {
		t.Errorf("order (-want +got):\n%s", diff)
	}
	b, w := Counts(flags)
	if b != 3 || w != 3 {
		t.Errorf("Counts = %d blockers, %d warnings; want 3, 3", b, w)
	}
}

func TestCountsEmpty(t *testing.T) {
	if b, w := Counts(nil); b != 0 || w != 0 {
		t.Errorf("Counts(nil) = %d, %d", b, w)
	}
}

func TestQuestionsDeduplicated(t *testing.T) {
	flags := []Flag{
		{ID: "a", Question: "Which fabric?"},
		{ID: "b", Question: "What is the egress price?"},
		{ID: "c", Question: "Which fabric?"},
		{ID: "d"},
	}
	want := []string{"Which fabric?", "What is the egress price?"}
	if diff := cmp.Diff(want, Questions(flags)); diff != "" {
		t.Errorf("Questions (-want +got):\n%s", diff)
	}
}

func TestSeverityLabelKey(t *testing.T) {
	if got := Blocker.LabelKey(); got != "redflag.severity.blocker" {
		t.Errorf("Blocker.LabelKey() = %q", got)
	}
}
