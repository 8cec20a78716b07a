package i18n

import (
	"encoding/json"
	"io/fs"
	"testing"
)

// TestPluralMessagesHaveEveryFormTheLanguageUses catches a plural message
// missing a form the language's CLDR rules pick for some count: go-i18n
// then fails and the page shows the raw key (Vietnamese showed
// "quotes.blockers" for 0 and 1, which CLDR calls "one" there).
func TestPluralMessagesHaveEveryFormTheLanguageUses(t *testing.T) {
	for _, lang := range Languages {
		files, err := catalogFiles(lang)
		if err != nil {
			t.Fatal(err)
		}
		z := New(lang)
		for _, name := range files {
			b, _ := fs.ReadFile(localeFiles, name)
			var m map[string]json.RawMessage
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatal(err)
			}
			for key, raw := range m {
				if len(raw) == 0 || raw[0] != '{' {
					continue
				}
				for n := range 202 {
					if got := z.N(key, n); got == key {
						t.Errorf("%s %s: no plural form for %d", lang, key, n)
						break
					}
				}
			}
		}
	}
}
