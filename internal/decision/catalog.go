package decision

import (
	_ "embed"

	"github.com/gpuquote/gpuquote/internal/msgcat"
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
func Catalog() (map[string]map[string]string, error) { return catalog.Messages() }

var catalog = msgcat.New("decision", catalogJSON)

// LabelKey returns the i18n key of the option's short label, e.g.
// "decision.option.reserve".
func (o Option) LabelKey() string { return optionLabelKeys[o] }

var optionLabelKeys = map[Option]string{
	OptionOnDemand: "decision.option.on_demand",
	OptionReserve:  "decision.option.reserve",
	OptionBuy:      "decision.option.buy",
	OptionModelAPI: "decision.option.model_api",
	// The guide's marketplace row, which only an award takes.
	OptionMarketplace: "decision.option.marketplace",
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

// render fills the English template key with data.
func render(key string, data map[string]string) string { return catalog.English(key, data) }
