package gpu

import "strings"

// Fold folds case, spaces, dashes and underscores, so "H100 SXM" and
// "h100-sxm" compare equal as keys of a rate table.
func Fold(s string) string {
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

// RateKey finds the key of a table by GPU model ("H100", "H100 PCIe")
// that prices a model text: the exact key first, else the longest key
// that prefixes the folded text, ties broken on the key so map order never
// changes the answer.
func RateKey[V any](table map[string]V, model string) (string, bool) {
	if _, ok := table[model]; ok {
		return model, true
	}
	m := Fold(model)
	bestKey, bestLen := "", 0
	for k := range table {
		nk := Fold(k)
		if nk == "" || !strings.HasPrefix(m, nk) {
			continue
		}
		if len(nk) > bestLen || (len(nk) == bestLen && k < bestKey) {
			bestKey, bestLen = k, len(nk)
		}
	}
	return bestKey, bestLen > 0
}

// RateModel reduces a model text to the naming of the market rate tables
// ("H100", "H100 PCIe", "H200", "RTX 4090"), so a quote without a rate
// falls back on its own card's reference: an H100 PCIe or NVL card on the
// PCIe rate, a GH200 never on the H200's. A text naming no known model is
// kept as written (trimmed).
func RateModel(text string) string {
	r := Read(text)
	m, ok := r.Model(false)
	if !ok {
		return strings.TrimSpace(text)
	}
	if m.Family == "H100" && r.Form().Card() == PCIe {
		return "H100 PCIe"
	}
	return m.Label
}
