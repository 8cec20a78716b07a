package decision

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"text/template"
)

// catalogJSON holds every statement, option label and missing-item label in
// every language. It is the single source of the English texts Statement
// carries, and the file the i18n catalogs take the translations from, so
// the two cannot drift.
//
//go:embed catalog.json
var catalogJSON []byte

// Catalog returns the message catalog by language ("en", "ru", "zh", "vi"),
// then by key: every decision.rec.*, decision.reason.*, decision.change.*
// and decision.note.* statement, the option labels ([Option.LabelKey]) and
// the labels of this package's Missing* keys ([MissingKey]). Texts are
// go-i18n templates whose placeholders are fact names ({{.HorizonMonths}});
// [Statement.Data] is their data. The maps are fresh on each call.
func Catalog() (map[string]map[string]string, error) {
	var c map[string]map[string]string
	if err := json.Unmarshal(catalogJSON, &c); err != nil {
		return nil, fmt.Errorf("decision: catalog.json: %w", err)
	}
	return c, nil
}

// LabelKey returns the i18n key of the option's short label, e.g.
// "decision.option.reserve".
func (o Option) LabelKey() string { return optionLabelKeys[o] }

var optionLabelKeys = map[Option]string{
	OptionOnDemand: "decision.option.on_demand",
	OptionReserve:  "decision.option.reserve",
	OptionBuy:      "decision.option.buy",
	OptionModelAPI: "decision.option.model_api",
}

// MissingKey returns the i18n key of the label of one [Recommendation.Missing]
// entry: "decision.missing.<key>" for this package's Missing* keys, and
// "brief.field.<key>" for the brief field keys, which the brief form
// already labels.
func MissingKey(key string) string {
	if k, ok := missingLabelKeys[key]; ok {
		return k
	}
	return "brief.field." + key
}

var missingLabelKeys = map[string]string{
	MissingAllReduceBenchmark: "decision.missing.benchmark.multi_node_allreduce",
	MissingAcceptancePasses:   "decision.missing.acceptance.failed_tests",
}

// english parses the English templates once. The catalog is embedded at
// build time and a test parses it, so a failure here is a programming
// error, not something a user can cause.
var english = sync.OnceValue(func() map[string]*template.Template {
	c, err := Catalog()
	if err != nil {
		panic(err)
	}
	ts := make(map[string]*template.Template, len(c["en"]))
	for k, text := range c["en"] {
		// missingkey=error: a placeholder without a fact must show up in
		// tests, not as "<no value>" in front of a buyer.
		t, err := template.New(k).Option("missingkey=error").Parse(text)
		if err != nil {
			panic(fmt.Sprintf("decision: catalog.json en %s: %v", k, err))
		}
		ts[k] = t
	}
	return ts
})

// render fills the English template key with data. A missing key or fact
// falls back to the key itself, as the i18n package does, so a gap is
// visible rather than silently empty; tests keep it from happening.
func render(key string, data map[string]string) string {
	t, ok := english()[key]
	if !ok {
		return key
	}
	var b strings.Builder
	if err := t.Execute(&b, data); err != nil {
		return key
	}
	return b.String()
}
