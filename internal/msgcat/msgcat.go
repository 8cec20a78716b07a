// Package msgcat reads the message catalogs that domain packages keep
// beside their code ({"en": {key: text}, "ru": {...}, ...}) and renders
// their English templates, so a rule's English text and its translations
// come from one file and cannot drift. It is pure: standard library only.
package msgcat

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"text/template"
)

// Catalog is a parsed catalog file.
type Catalog struct {
	name    string
	raw     []byte
	english func() map[string]*template.Template
}

// New wraps the embedded catalog file raw of the package name.
func New(name string, raw []byte) *Catalog {
	c := &Catalog{name: name, raw: raw}
	c.english = sync.OnceValue(func() map[string]*template.Template {
		m, err := c.Messages()
		if err != nil {
			panic(err) // embedded at build time and parsed by tests
		}
		ts := make(map[string]*template.Template, len(m["en"]))
		for k, text := range m["en"] {
			// missingkey=error: a placeholder without a fact must show up in
			// tests, not as "<no value>" in front of a buyer.
			t, err := template.New(k).Option("missingkey=error").Parse(text)
			if err != nil {
				panic(fmt.Sprintf("%s: catalog en %s: %v", name, k, err))
			}
			ts[k] = t
		}
		return ts
	})
	return c
}

// Messages returns the catalog by language, then key. The maps are fresh
// on each call.
func (c *Catalog) Messages() (map[string]map[string]string, error) {
	var m map[string]map[string]string
	if err := json.Unmarshal(c.raw, &m); err != nil {
		return nil, fmt.Errorf("%s: catalog: %w", c.name, err)
	}
	return m, nil
}

// English fills the English template key with data. A missing key or fact
// falls back to the key itself, as the i18n package does, so a gap is
// visible rather than silently empty; tests keep it from happening.
func (c *Catalog) English(key string, data map[string]string) string {
	t, ok := c.english()[key]
	if !ok {
		return key
	}
	if data == nil {
		data = map[string]string{}
	}
	var b strings.Builder
	if err := t.Execute(&b, data); err != nil {
		return key
	}
	return b.String()
}

// placeholder matches a template's field, also inside {{if .X}}.
var placeholder = regexp.MustCompile(`\{\{[^}]*\.([A-Za-z]+)[^}]*\}\}`)

// Placeholders returns the fields a catalog text uses, sorted, so tests
// can check a translation asks for the same values as the English.
func Placeholders(text string) []string {
	var out []string
	for _, m := range placeholder.FindAllStringSubmatch(text, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	slices.Sort(out)
	return out
}
