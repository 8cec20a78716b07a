package web

import (
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/redflag"
)

// Flags read "The brief requires dedicated_nodes" and "550000 EUR": a
// flag's facts are shown as the pages show them, an option by its label,
// a number grouped, an amount and its currency never split across lines.
func TestFlagFactsReadAsWords(t *testing.T) {
	flags := []redflag.Flag{
		{ID: "isolation_below_brief", MessageKey: "redflag.isolation_below_brief.message", QuestionKey: "redflag.isolation_below_brief.question",
			Data: map[string]string{"Wanted": "dedicated_nodes"}},
		{ID: "min_spend_above_limit", MessageKey: "redflag.min_spend_above_limit.message", QuestionKey: "redflag.min_spend_above_limit.question",
			Data: map[string]string{"Spend": "550000", "Currency": "EUR", "Limit": "500000", "Budget": "EUR"}},
	}
	for _, lang := range i18n.Languages {
		z := i18n.New(lang)
		for _, v := range flagViews(z, flags) {
			for _, text := range []string{v.Message, v.Question} {
				if strings.Contains(text, "dedicated_nodes") || strings.Contains(text, "550000") || strings.Contains(text, " EUR") {
					t.Errorf("%s: %q", lang, text)
				}
			}
		}
	}
	if got := flagViews(i18n.New("en"), flags[1:])[0].Message; !strings.Contains(got, "550,000\u00a0EUR") {
		t.Errorf("en: %q", got)
	}
}
