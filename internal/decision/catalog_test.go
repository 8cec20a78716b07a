package decision

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"text/template"
)

var languages = []string{"en", "ru", "zh", "vi"}

// keyLiteral matches a catalog key written in the package's code. Every key
// is written out whole (variants are picked from literals, never built by
// concatenation), so reading the code finds every key it can produce.
var keyLiteral = regexp.MustCompile(`^decision\.[a-z0-9_]+(\.[a-z0-9_]+)+$`)

// placeholder matches a template field; a fact name is a Go identifier.
var placeholder = regexp.MustCompile(`\{\{\s*\.([A-Za-z][A-Za-z0-9]*)\s*\}\}`)

var factName = regexp.MustCompile(`^[A-Z][A-Za-z0-9]*$`)

func mustCatalog(t *testing.T) map[string]map[string]string {
	t.Helper()
	c, err := Catalog()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// codeKeys returns every catalog key the package's (non-test) code names.
func codeKeys(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	seen := map[string]bool{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && keyLiteral.MatchString(s) {
					seen[s] = true
				}
			}
			return true
		})
	}
	return slices.Sorted(maps.Keys(seen))
}

func placeholders(text string) []string {
	var out []string
	for _, m := range placeholder.FindAllStringSubmatch(text, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	slices.Sort(out)
	return out
}

// TestCatalogKeys: every language has exactly the keys the code can
// produce, no more (a stale key is a translation nobody sees), including
// the option labels and the labels of this package's Missing* keys.
func TestCatalogKeys(t *testing.T) {
	want := codeKeys(t)
	if len(want) < 50 {
		t.Fatalf("found only %d keys in the code: is the scan broken?", len(want))
	}
	for _, o := range []Option{OptionOnDemand, OptionReserve, OptionBuy, OptionModelAPI} {
		if !slices.Contains(want, o.LabelKey()) {
			t.Errorf("option %s: label key %q is not in the code's keys", o, o.LabelKey())
		}
	}
	for _, m := range []string{MissingAllReduceBenchmark, MissingAcceptancePasses} {
		if k := MissingKey(m); k != "decision.missing."+m || !slices.Contains(want, k) {
			t.Errorf("MissingKey(%q) = %q", m, k)
		}
	}
	if got := MissingKey("node_count"); got != "brief.field.node_count" {
		t.Errorf("MissingKey(node_count) = %q, want the brief's field label", got)
	}
	c := mustCatalog(t)
	if got := slices.Sorted(maps.Keys(c)); !slices.Equal(got, slices.Sorted(slices.Values(languages))) {
		t.Fatalf("catalog languages = %v, want %v", got, languages)
	}
	for _, lang := range languages {
		got := slices.Sorted(maps.Keys(c[lang]))
		for _, k := range want {
			if _, ok := c[lang][k]; !ok {
				t.Errorf("%s lacks %s", lang, k)
			}
		}
		for _, k := range got {
			if !slices.Contains(want, k) {
				t.Errorf("%s has %s, which the code never produces", lang, k)
			}
		}
	}
	// go-i18n and most translation tools read dotted ids as a tree: no key
	// may be both a message and the parent of another.
	for _, a := range want {
		for _, b := range want {
			if strings.HasPrefix(b, a+".") {
				t.Errorf("key %s is a parent of %s", a, b)
			}
		}
	}
}

// TestCatalogTemplates: every text parses as a template, uses nothing but
// {{.Fact}} placeholders, is not empty or left in English, and uses exactly
// the English text's placeholders, so a translation neither drops a fact
// nor asks for one the code never gives.
func TestCatalogTemplates(t *testing.T) {
	c := mustCatalog(t)
	for _, lang := range languages {
		for key, text := range c[lang] {
			if strings.TrimSpace(text) == "" {
				t.Errorf("%s %s is empty", lang, key)
				continue
			}
			if _, err := template.New(key).Parse(text); err != nil {
				t.Errorf("%s %s: %v", lang, key, err)
			}
			if rest := placeholder.ReplaceAllString(text, ""); strings.Contains(rest, "{{") || strings.Contains(rest, "}}") {
				t.Errorf("%s %s has a template action that is not a plain placeholder: %s", lang, key, text)
			}
			if got, want := placeholders(text), placeholders(c["en"][key]); !slices.Equal(got, want) {
				t.Errorf("%s %s placeholders = %v, English has %v", lang, key, got, want)
			}
			if lang != "en" && text == c["en"][key] {
				t.Errorf("%s %s is not translated", lang, key)
			}
		}
	}
}

// coverage are evaluations that between them produce every statement the
// package can say.
func coverage() map[string]Input {
	cases := map[string]func(*Input){
		"reserve":                  func(*Input) {},
		"variable baseline":        func(in *Input) { in.Brief.Stability = StabilityVariable; in.Benchmark = Benchmark{} },
		"stability not stated":     func(in *Input) { in.Brief.Stability = StabilityUnknown },
		"short horizon":            func(in *Input) { in.Brief.HorizonMonths = 2 },
		"mostly idle":              func(in *Input) { in.Brief.BaselineUtilization = 0.4 },
		"idle":                     func(in *Input) { in.Brief.BaselineUtilization = 0 },
		"incomplete brief":         func(in *Input) { in.Brief.Missing = []string{"node_count"}; in.Brief.MultiNode = true },
		"brief not ready":          func(in *Input) { in.Brief.ReadyToReserve = false },
		"multi-node, no benchmark": func(in *Input) { in.Brief.MultiNode = true },
		"failed acceptance":        func(in *Input) { in.Benchmark.SuiteFailed = 1 },
		"buy":                      buyable,
		"buy, failed acceptance":   func(in *Input) { buyable(in); in.Benchmark = Benchmark{SuiteFailed: 2} },
		"buy against on demand": func(in *Input) {
			buyable(in)
			in.Brief.BaselineUtilization = 0.85
			in.Quotes[0].RatePerGPUHour = 2.5
		},
		"buy blocked by capital": func(in *Input) { buyable(in); in.Brief.CapitalApproved = false },
		"no capital cost for the GPU": func(in *Input) {
			buyable(in)
			in.Buy.PurchasePerGPU, in.Buy.GPUModel = Sourced{}, "L40S"
		},
		"reserved never breaks even": func(in *Input) {
			in.Quotes[1].RatePerGPUHour = 1.5
		},
		"on demand only, too late": func(in *Input) {
			in.Quotes = in.Quotes[:1]
			in.Market.Reserved.Value = 0
		},
		"on demand only, never": func(in *Input) {
			in.Quotes = in.Quotes[:1]
			in.Quotes[0].RatePerGPUHour = 2
			in.Market.Reserved.Value = 0
		},
		"no GPU count": func(in *Input) { in.Brief.GPUs = 0 },
		"no rates in the currency": func(in *Input) {
			in.Currency, in.Buy.Currency, in.ModelAPI.Prices.Currency = "EUR", "EUR", "EUR"
			in.Quotes = nil
			inference(in)
		},
		"no rates, stability not stated": func(in *Input) {
			in.Currency, in.Buy.Currency, in.ModelAPI.Prices.Currency = "EUR", "EUR", "EUR"
			in.Quotes = nil
			in.Brief.Stability = StabilityUnknown
		},
		"no quotes":                  func(in *Input) { in.Quotes = nil },
		"hardware change expected":   func(in *Input) { in.Brief.HardwareChange = "yes" },
		"buy ruled out by the guide": func(in *Input) { buyable(in); in.Brief.ManagedSupport = true },
		"quote in another currency": func(in *Input) {
			in.Quotes = append(in.Quotes, Quote{ID: 5, Label: "Euro reserved", RentalModel: RentalReserved, RatePerGPUHour: 1, Currency: "EUR"})
		},
		"model API, stated":   inference,
		"model API, measured": func(in *Input) { inference(in); in.Benchmark.MeasuredTokensPerSecondPerGPU = 800 },
		"self-host, measured": func(in *Input) { inference(in); in.Benchmark.MeasuredTokensPerSecondPerGPU = 5000 },
		"self-host, stated":   func(in *Input) { inference(in); in.ModelAPI.StatedTokensPerSecondPerGPU = 20000 },
		"self-host priced as the worksheet": func(in *Input) {
			inference(in)
			in.Benchmark.MeasuredTokensPerSecondPerGPU = 800
			in.Quotes[0].UsefulGPUHourCost = 6.4
		},
		"API against the worksheet's cost per unit": func(in *Input) {
			inference(in)
			in.ModelAPI.Worksheet = &WorksheetSelfHosting{QuoteID: 1, Label: "Reserved", PerMTokens: 50, Monthly: 9000, EngineeringPerMonth: 1200}
		},
		"self-host at the worksheet's cost per unit": func(in *Input) {
			inference(in)
			in.ModelAPI.Worksheet = &WorksheetSelfHosting{QuoteID: 1, Label: "Reserved", PerMTokens: 0.5, Monthly: 900, EngineeringPerMonth: 120}
		},
		"API but control": func(in *Input) { inference(in); in.Brief.NeedsKernelControl = true },
		"no volume":       func(in *Input) { inference(in); in.ModelAPI.OutputTokensPerMonth = 0 },
		"no throughput":   func(in *Input) { inference(in); in.ModelAPI.StatedTokensPerSecondPerGPU = 0 },
	}
	out := make(map[string]Input, len(cases))
	for name, edit := range cases {
		in := readyInput()
		edit(&in)
		out[name] = in
	}
	return out
}

// buyable makes the ready input a purchase: stable 24/7 for five years at
// 90 % with ops staff, capital and a cheap enough purchase.
func buyable(in *Input) {
	in.Brief.BaselineUtilization = 0.9
	in.Brief.HorizonMonths = 60
	in.Brief.OpsStaff = true
	in.Brief.CapitalApproved = true
	in.Buy.PurchasePerGPU.Value = 30000
	in.Buy.InfraPerGPUYear.Value = 7500
	in.Buy.OpsStaffPerYear.Value = 0
	in.Benchmark = Benchmark{}
}

// TestEveryStatementRenders: across the coverage evaluations the package
// produces every statement key of the catalog, each one renders its
// English text from the catalog with the facts it carries, and every
// translation renders with the same facts. Together with TestCatalogKeys
// this is what keeps code and catalog from drifting.
func TestEveryStatementRenders(t *testing.T) {
	c := mustCatalog(t)
	langs := map[string]map[string]*template.Template{}
	for _, lang := range languages {
		langs[lang] = map[string]*template.Template{}
		for k, text := range c[lang] {
			langs[lang][k] = template.Must(template.New(k).Option("missingkey=error").Parse(text))
		}
	}
	produced := map[string]bool{}
	check := func(where string, s Statement) {
		t.Helper()
		produced[s.Key] = true
		for _, f := range s.Facts {
			if !factName.MatchString(f.Name) {
				t.Errorf("%s: %s: fact name %q is not a template field name", where, s.Key, f.Name)
			}
		}
		for _, lang := range languages {
			tmpl, ok := langs[lang][s.Key]
			if !ok {
				t.Errorf("%s: %s lacks %s", where, lang, s.Key)
				continue
			}
			var b strings.Builder
			if err := tmpl.Execute(&b, s.Data()); err != nil {
				t.Errorf("%s: %s %s: %v", where, lang, s.Key, err)
			} else if lang == "en" && b.String() != s.Text {
				t.Errorf("%s: %s: Text %q is not the catalog's %q", where, s.Key, s.Text, b.String())
			}
		}
	}
	for name, in := range coverage() {
		r, err := Recommend(in)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		assertWellFormed(t, r)
		check(name, r.Summary)
		for _, ss := range [][]Statement{r.Reasons, r.ChangeIf, r.Notes} {
			for _, s := range ss {
				check(name, s)
			}
		}
	}
	// The decision table's sentences: every condition holds at once, and
	// the analysis disagrees with each awarded model in turn.
	all := GuideFacts{Stability: StabilityVariable, Utilization: 0.9, ReserveBreakEven: 0.6, BuyMinUtilization: 0.8,
		HorizonMonths: 12, MinReserveMonths: 3, Urgency: "urgent", Scaling: "fast", Regions: "global", EvictionTolerance: "high",
		HardwareChange: true, StableHardware: true, GPUFlexibility: true, ManagedSupport: true, PrivateServing: true,
		OpsStaff: true, CapitalApproved: true, CustomWeights: true, KernelControl: true, FixedPlacement: true, APICheaper: true}
	for _, row := range Guide {
		f := all
		if row.Option == OptionMarketplace {
			f.EvictionTolerance = "low"
			check("guide avoid", Judge(row.Option, f).Avoid[0])
			f.EvictionTolerance = "high"
		}
		if row.Option != OptionBuy && row.Option != OptionMarketplace {
			f.Stability, f.HardwareChange, f.CustomWeights, f.KernelControl, f.FixedPlacement, f.PrivateServing, f.ServesOutputs =
				StabilityStable, false, false, false, false, false, true
			v := Judge(row.Option, f)
			for _, s := range append(v.Fits, v.Avoid...) {
				check("guide, stable", s)
			}
			f = all
		}
		v := Judge(row.Option, f)
		for _, s := range append(append([]Statement{v.PreferWhen, v.AvoidWhen}, v.Fits...), v.Avoid...) {
			check("guide "+string(row.Option), s)
		}
	}
	for _, o := range []Option{OptionOnDemand, OptionReserve, OptionBuy, OptionModelAPI} {
		awarded := RentalMarketplace
		if o == OptionOnDemand {
			awarded = RentalBuy
		}
		for _, w := range Explain(awarded, true, readyInput(), Recommendation{Option: o}).Warnings {
			check("story "+string(o), w.Statement)
		}
	}
	for _, k := range codeKeys(t) {
		if strings.HasPrefix(k, "decision.option.") || strings.HasPrefix(k, "decision.missing.") {
			continue
		}
		if !produced[k] {
			t.Errorf("no coverage evaluation produces %s: add one, so its facts are checked against its text", k)
		}
	}
}

func TestStatementData(t *testing.T) {
	s := st("decision.reason.short_horizon", intFact("HorizonMonths", 2), intFact("MinReserveMonths", 3))
	if want := "The planning horizon is 2 month(s), shorter than the 3 months that make a reservation worth committing to."; s.Text != want {
		t.Errorf("Text = %q, want %q", s.Text, want)
	}
	if got := s.Data(); len(got) != 2 || got["HorizonMonths"] != "2" || got["MinReserveMonths"] != "3" {
		t.Errorf("Data() = %v", got)
	}
	// A fact the text needs but the statement lacks shows the key, never a
	// half-filled sentence.
	if got := st("decision.reason.short_horizon", intFact("HorizonMonths", 2)).Text; got != "decision.reason.short_horizon" {
		t.Errorf("missing fact rendered as %q", got)
	}
	if got := st("decision.no.such_key").Text; got != "decision.no.such_key" {
		t.Errorf("unknown key rendered as %q", got)
	}
}
