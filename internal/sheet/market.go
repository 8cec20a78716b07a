package sheet

import (
	"strings"

	"github.com/gpuquote/gpuquote/internal/tco"
)

// marketRateKey finds which market reference tco uses for a GPU model
// ("H100 SXM" → "H100"). It repeats tco's unexported lookup: an exact key
// first, else the longest key that prefixes the model once case, spaces
// and dashes are folded, ties broken on the key. The XLSX test catches any
// drift, because a wrong key prices the quote's compute lines differently.
func marketRateKey(rates map[string]tco.Assumption, model string) (string, bool) {
	if _, ok := rates[model]; ok {
		return model, true
	}
	m := gpuKey(model)
	bestKey, bestLen := "", 0
	for k := range rates {
		nk := gpuKey(k)
		if nk == "" || !strings.HasPrefix(m, nk) {
			continue
		}
		if len(nk) > bestLen || (len(nk) == bestLen && k < bestKey) {
			bestKey, bestLen = k, len(nk)
		}
	}
	return bestKey, bestLen > 0
}

// gpuKey folds case, spaces, dashes and underscores, as tco does.
func gpuKey(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '_':
			return -1
		}
		if r >= 'a' && r <= 'z' {
			return r - 'a' + 'A'
		}
		return r
	}, s)
}
