package i18n

import (
	"strings"
	"testing"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
)

// T answers a key without data from memory after the first call, with
// exactly what the catalog gives (amounts joined to their currency), and does not remember unknown keys.
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
			want = KeepCodesWithAmounts(want) // amounts keep their currency
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

// N answers from memory what the catalog gives for each count, per
// language (Russian has three plural forms), and remembers neither unknown
// keys nor counts past the bound.
func TestCountTextsAreTheCatalogsAndBounded(t *testing.T) {
	for _, lang := range Languages {
		z := New(lang)
		for _, count := range []int{0, 1, 2, 5, 11, 21, 22, 25, 101, maxMemoCount - 1, maxMemoCount, 5000} {
			want, err := z.l.Localize(&goi18n.LocalizeConfig{MessageID: "quotes.gpu_count", PluralCount: count,
				TemplateData: map[string]any{"Count": z.Int(int64(count))}})
			if err != nil {
				t.Fatal(err)
			}
			if first, again := z.N("quotes.gpu_count", count), z.N("quotes.gpu_count", count); first != want || again != want {
				t.Errorf("%s %d: N = %q then %q, want %q", lang, count, first, again, want)
			}
		}
		if _, ok := countTexts.Load(countKey{lang, "quotes.gpu_count", maxMemoCount}); ok {
			t.Errorf("%s: a count past the bound was remembered", lang)
		}
		if z.N("no.such.key", 3) != "no.such.key" {
			t.Error("an unknown key must come back as itself")
		}
		if _, ok := countTexts.Load(countKey{lang, "no.such.key", 3}); ok {
			t.Error("an unknown key was remembered")
		}
	}
}

// T with a few small values answers from memory what the catalog gives
// for exactly those values, whatever order the map gives them in; long
// texts, large or negative numbers and other types are not remembered.
func TestDataTextsAreTheCatalogsAndKeyedByEveryValue(t *testing.T) {
	z := New("ru")
	for _, data := range []map[string]any{
		{"Passed": 3, "Total": 9}, {"Passed": 9, "Total": 3}, {"Total": 9, "Passed": 3}, {"Passed": int64(3), "Total": 9},
		{"Passed": "3", "Total": 9}, {"Passed": 0, "Total": 0}, {"Passed": "", "Total": 0},
	} {
		want, err := z.l.Localize(&goi18n.LocalizeConfig{MessageID: "bench.progress", TemplateData: data})
		if err != nil {
			t.Fatal(err)
		}
		if first, again := z.T("bench.progress", data), z.T("bench.progress", data); first != want || again != want {
			t.Errorf("%v: T = %q then %q, want %q", data, first, again, want)
		}
	}
	for _, data := range []map[string]any{
		{"Passed": strings.Repeat("x", maxMemoTextLen+1)}, {"Passed": maxMemoCount}, {"Passed": -1}, {"Passed": 1.5},
		{"A": 1, "B": 2, "C": 3, "D": 4},
	} {
		if _, ok := smallData("ru", "bench.progress", data); ok {
			t.Errorf("%v would be remembered", data)
		}
	}
	a, _ := smallData("ru", "k", map[string]any{"A": 1, "B": "1"})
	b, _ := smallData("ru", "k", map[string]any{"A": "1", "B": 1})
	if a == b {
		t.Error("a number and a text of the same digits share a memo entry")
	}
}
