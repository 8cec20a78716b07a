package i18n

import (
	"testing"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
)

// T answers a key without data from memory after the first call, with
// exactly what the catalog gives, and does not remember unknown keys.
func TestPlainTextsAreTheCatalogsAndBounded(t *testing.T) {
	for _, lang := range Languages {
		keys, err := Keys(lang)
		if err != nil {
			t.Fatal(err)
		}
		z := New(lang)
		for _, k := range keys {
			want, err := z.l.Localize(&goi18n.LocalizeConfig{MessageID: k})
			if err != nil {
				want = k
			}
			if first, again := z.T(k), z.T(k); first != want || again != want {
				t.Errorf("%s %s: T = %q then %q, want %q", lang, k, first, again, want)
			}
		}
		if z.T("no.such.key") != "no.such.key" {
			t.Error("an unknown key must come back as itself")
		}
		if _, ok := plainTexts.Load(plainKey{lang, "no.such.key"}); ok {
			t.Error("an unknown key was remembered")
		}
	}
}
