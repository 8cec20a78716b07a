package web

import (
	"net/http"
	"strings"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// analysisParam analyses the {id} evaluation: the one source of every
// figure its pages, exports and API show.
func (s *Server) analysisParam(r *http.Request) (*evaluation.Analysis, error) {
	id, err := idParam(r, "id")
	if err != nil {
		return nil, err
	}
	return s.eval.Analyze(r.Context(), id)
}

// skippedNotice names the quotes left out of the worksheet (a few, and
// counts the rest): for want of an exchange rate, or because the cost
// model cannot price them.
func skippedNotice(z *i18n.Localizer, d *evaluation.Analysis) string {
	var parts []string
	if len(d.Skipped) > 0 {
		var names []string
		for _, sq := range d.Skipped {
			cur, _ := sq.Quote.Currency.Get()
			names = append(names, sq.ProviderName+" ("+cur+")")
		}
		parts = append(parts, z.T("worksheet.no_fx", map[string]any{"Quotes": views.NamesAndMore(z, names)}))
	}
	if len(d.Unpriced) > 0 {
		var names []string
		for _, sq := range d.Unpriced {
			names = append(names, sq.ProviderName)
		}
		parts = append(parts, z.T("worksheet.unpriced", map[string]any{"Quotes": views.NamesAndMore(z, names)}))
	}
	return strings.Join(parts, " ")
}
