package redflag

import (
	"maps"
	"slices"
	"strings"
	"testing"
	"text/template"

	"github.com/google/go-cmp/cmp"
)

var languages = []string{"en", "ru", "zh", "vi"}

// TestCatalogKeys: every language has exactly the keys the rules and the
// severities need, no more (a stale key is a translation nobody sees).
func TestCatalogKeys(t *testing.T) {
	want := []string{Blocker.LabelKey(), Warning.LabelKey()}
	for _, r := range Rules() {
		want = append(want, MessageKey(r.ID), QuestionKey(r.ID))
	}
	slices.Sort(want)
	c := mustCatalog(t)
	if got := slices.Sorted(maps.Keys(c)); !slices.Equal(got, slices.Sorted(slices.Values(languages))) {
		t.Fatalf("catalog languages = %v, want %v", got, languages)
	}
	for _, lang := range languages {
		got := slices.Sorted(maps.Keys(c[lang]))
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s keys (-want +got):\n%s", lang, diff)
		}
	}
}

// TestCatalogTemplates: every text parses as a template, is not empty or
// left in English, and uses exactly the English text's placeholders, so a
// translation neither drops a fact nor asks for one the rule never gives.
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
			if diff := cmp.Diff(placeholders(c["en"][key]), placeholders(text), cmpEmpty); diff != "" {
				t.Errorf("%s %s placeholders (-en +%s):\n%s", lang, key, lang, diff)
			}
			if lang != "en" && text == c["en"][key] {
				t.Errorf("%s %s is not translated", lang, key)
			}
		}
	}
}
