package views

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/decision"
	"github.com/gpuquote/gpuquote/internal/i18n"
)

// A left-out line names a few quotes and counts the rest: at 10,000
// quotes, one line naming each of 3,334 quotes without a rate made the
// evaluation home 110 KB of names.
func TestLeftOutLinesNameAFewAndCountTheRest(t *testing.T) {
	var list []decision.LeftOut
	for i := range 3334 {
		list = append(list, decision.LeftOut{Reason: decision.LeftOutNoRate, Provider: fmt.Sprintf("Cloud %d", i), Currency: "EUR", Target: "USD"})
	}
	for _, lang := range i18n.Languages {
		lines := awardLeftOutLines(i18n.New(lang), list)
		if len(lines) != 1 || len(lines[0]) > 600 {
			t.Fatalf("%s: %d lines, the first %d bytes long", lang, len(lines), len(lines[0]))
		}
		if !strings.Contains(lines[0], "Cloud 4") || strings.Contains(lines[0], "Cloud 5,") || !strings.Contains(lines[0], "3") {
			t.Errorf("%s: %q", lang, lines[0])
		}
	}
	en := awardLeftOutLines(i18n.New("en"), list)[0]
	if !strings.Contains(en, "Cloud 0, Cloud 1, Cloud 2, Cloud 3, Cloud 4 and 3,329 more") {
		t.Errorf("en: %q", en)
	}
	few := awardLeftOutLines(i18n.New("en"), list[:2])[0]
	if !strings.Contains(few, "Cloud 0, Cloud 1 ") || strings.Contains(few, "more") {
		t.Errorf("two quotes: %q", few)
	}
}
