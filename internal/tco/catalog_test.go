package tco

import (
	"slices"
	"testing"

	"github.com/gpuquote/gpuquote/internal/msgcat"
)

// Every statement exists in all four languages with the same values.
func TestCatalogHasEveryLanguageWithTheSamePlaceholders(t *testing.T) {
	c, err := Catalog()
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"ru", "zh", "vi"} {
		for k, en := range c["en"] {
			tr, ok := c[lang][k]
			if !ok {
				t.Errorf("%s: %s missing", lang, k)
				continue
			}
			if a, b := msgcat.Placeholders(en), msgcat.Placeholders(tr); !slices.Equal(a, b) {
				t.Errorf("%s: %s has %v, English %v", lang, k, b, a)
			}
		}
		if len(c[lang]) != len(c["en"]) {
			t.Errorf("%s has %d keys, en %d", lang, len(c[lang]), len(c["en"]))
		}
	}
}

// Every basis the model writes renders from the catalog: a missing key or
// value would show the bare key.
func TestEveryBasisRendersFromTheCatalog(t *testing.T) {
	a := DefaultAssumptions("USD")
	a.BurstGPUHoursPerMonth = Assumption{Value: 100}
	a.PreemptionsPerNodeDay = Assumption{Value: 40}
	qs := []Quote{fullQuote("res", Reserved, 2), fullQuote("od", OnDemand, 3), fullQuote("api", ModelAPI, 3),
		fullQuote("mkt", Marketplace, 1), fullQuote("buy", Buy, 1)}
	qs[1].SupportPerMonth, qs[1].BillingUnit = NotStated[float64](), Stated(PerMinute)
	qs[2].SupportPerMonth = Refused[float64]()
	a2 := a
	a2.MeanJobHours = Assumption{Value: 2}
	c, _ := Catalog()
	for _, as := range []Assumptions{a, a2} {
		for _, r := range compute(t, qs, as).Results {
			for _, l := range r.Lines {
				if _, ok := c["en"][l.Basis.Key]; !ok || l.Basis.English() == l.Basis.Key || l.Basis.English() == "" {
					t.Errorf("%s %s: basis %q (%s) is not rendered", r.QuoteID, l.Key, l.Basis.English(), l.Basis.Key)
				}
				for _, ref := range l.Basis.Refs {
					if _, ok := c["en"][l.Basis.Args[ref]]; !ok {
						t.Errorf("%s %s: ref %s = %q is not in the catalog", r.QuoteID, l.Key, ref, l.Basis.Args[ref])
					}
				}
			}
		}
	}
}
