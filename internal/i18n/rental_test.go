package i18n_test

import (
	"testing"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// Every rental model has its one label in every language: the worksheet,
// decision, quote and API answers all translate RentalModel.LabelKey.
func TestEveryRentalModelHasItsLabel(t *testing.T) {
	for _, lang := range i18n.Languages {
		z := i18n.New(lang)
		for _, m := range quote.RentalModels() {
			if k := m.LabelKey(); z.T(k) == k {
				t.Errorf("%s: %s has no label (%s)", lang, m, k)
			}
		}
	}
}
