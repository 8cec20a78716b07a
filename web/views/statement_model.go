package views

import (
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/decision"
	"github.com/gpuquote/gpuquote/internal/i18n"
)

// Statement translates one of the engine's statements, its numeric facts
// in the reader's number format ("30000.00" is "30 000,00" in Russian;
// words and free text stay as they are); a key missing from the catalog
// falls back to the engine's English text.
func Statement(z *i18n.Localizer, st decision.Statement) string {
	data := st.Data()
	for _, f := range st.Facts {
		if _, err := strconv.ParseFloat(f.Value, 64); err == nil && strings.Trim(f.Value, "0123456789.-") == "" {
			data[f.Name] = z.Decimal(f.Value)
		}
	}
	if s := z.T(st.Key, data); s != st.Key {
		return s
	}
	return st.Text
}

// Statements translates each of list.
func Statements(z *i18n.Localizer, list []decision.Statement) []string {
	out := make([]string, 0, len(list))
	for _, s := range list {
		out = append(out, Statement(z, s))
	}
	return out
}
