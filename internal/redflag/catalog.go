package redflag

import (
	_ "embed"

	"github.com/gpuquote/gpuquote/internal/msgcat"
)

// catalogJSON holds every message and question in every language. It is
// the single source of the English texts Flag carries, and the file the
// i18n catalogs take the translations from, so the two cannot drift.
//
//go:embed catalog.json
var catalogJSON []byte

// Catalog returns the message catalog by language ("en", "ru", "zh", "vi"),
// then by key: every redflag.<id>.message and .question, and the severity
// labels. Texts are go-i18n templates ({{.GPU}}). The maps are fresh on
// each call.
func Catalog() (map[string]map[string]string, error) { return catalog.Messages() }

var catalog = msgcat.New("redflag", catalogJSON)

// render fills the English template key with data.
func render(key string, data map[string]string) string { return catalog.English(key, data) }
