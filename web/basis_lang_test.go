package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// The cost model's basis sentences were English built in Go and showed
// untranslated: in ru, zh and vi the worksheet shows none of the English
// sentences the API carries, and in English it shows each of them.
func TestWorksheetBasisIsInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c, _ := a.login("basis-buyer@example.com", auth.Procurement)
	ev := importExample(t, a, c, "Basis words")
	tok := a.token("basis-reader@example.com", auth.Engineer)
	_, out := a.api(tok, "GET", "/api/v1"+ev+"/worksheet", "")
	var english []string
	for _, q := range out["quotes"].([]any) {
		for _, l := range q.(map[string]any)["lines"].([]any) {
			line := l.(map[string]any)
			english = append(english, line["basis"].(string))
			if st, _ := line["basis_statement"].(map[string]any); st["key"] == "" || st["text"] != line["basis"] {
				t.Errorf("line %v: the keyed statement does not match the English basis", line["key"])
			}
		}
	}
	if len(english) == 0 {
		t.Fatal("no basis in the worksheet API")
	}
	base, _ := url.Parse(a.srv.URL)
	for _, lang := range []string{"en", "ru", "zh", "vi"} {
		c.http.Jar.SetCookies(base, []*http.Cookie{{Name: "lang", Value: lang, Path: "/"}})
		d := doc(t, c.get(ev+"/worksheet"))
		var titles strings.Builder
		for _, key := range tco.LineKeys() {
			d.Find("[data-testid=ws-row-" + key + "] td").Each(func(_ int, s *goquerySelection) {
				titles.WriteString(s.Find("p.basis").Text() + "\n")
			})
		}
		// The page joins an amount to its currency with a no-break space;
		// the API's text keeps a plain one.
		shownText := strings.ReplaceAll(titles.String(), "\u00a0", " ")
		for _, en := range english {
			if shown := strings.Contains(shownText, en); shown != (lang == "en") {
				t.Errorf("%s: English basis %q shown = %t", lang, en, shown)
			}
		}
		if strings.Contains(titles.String(), "worksheet.") || strings.Contains(titles.String(), "_per_") {
			t.Errorf("%s: a raw key or column name in the basis: %s", lang, titles.String())
		}
	}
}
