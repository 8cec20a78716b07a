package web

import (
	"errors"
	"net/http"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/web/views"
)

// apiImportRefused answers an import refused for its rows (422, naming
// each line), a file without a quote (422), a revised quote changed
// meanwhile (409) or the quote limit (422); any other error is returned.
func apiImportRefused(w http.ResponseWriter, r *http.Request, err error) error {
	z := i18n.From(r.Context())
	var ie *quote.ImportError
	switch {
	case errors.As(err, &ie):
		rows := make([]map[string]any, 0, len(ie.Errors))
		for _, re := range ie.Errors {
			rows = append(rows, map[string]any{"line": re.Line, "column": re.Column, "reason": views.QuoteRowReason(r.Context(), re)})
		}
		writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"error": z.T("import.errors"), "rows": rows})
	case errors.Is(err, evaluation.ErrNoQuotes):
		writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"error": z.T("import.empty"), "rows": []any{}})
	case errors.Is(err, evaluation.ErrConflict):
		writeJSON(w, http.StatusConflict, map[string]any{"error": z.T("import.changed_meanwhile")})
	case views.QuoteLimitText(r.Context(), err) != "":
		writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"error": views.QuoteLimitText(r.Context(), err), "code": "quote_limit", "limit": quote.MaxPerEvaluation, "rows": []any{}})
	default:
		return err
	}
	return nil
}
