package web

import (
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// statementText renders a cost-model statement in the reader's language,
// its figures in the reader's number format.
func statementText(z *i18n.Localizer, st tco.Statement) string {
	if st.Key == "" {
		return ""
	}
	return st.Render(func(key string, data map[string]string) string {
		if data == nil {
			return z.T(key)
		}
		return z.T(key, data)
	}, z.Decimal)
}

// throughputCell is a quote's relative throughput on the worksheet: the
// factor with its source, and how it was found.
func throughputCell(z *i18n.Localizer, s tco.Speed) (text, detail string) {
	text = "× " + z.Decimal(strconv.FormatFloat(s.Value(), 'f', 2, 64))
	parts := make([]string, 0, len(s.Basis)+1)
	if s.Source == "" {
		// Not adjusted, but a run set aside is still named with why.
		parts = append(parts, z.T("worksheet.throughput.none"))
	} else {
		text += " (" + z.T("worksheet.throughput.source."+s.Source) + ")"
	}
	for _, b := range s.Basis {
		parts = append(parts, statementText(z, b))
	}
	return text, strings.Join(parts, "; ")
}
