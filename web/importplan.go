package web

import (
	"errors"
	"net/http"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/web/views"
)

// apiChange is one term a revision changes.
type apiChange struct {
	Column string  `json:"column"`
	Old    apiTerm `json:"old"`
	New    apiTerm `json:"new"`
}

func apiChanges(cs []quote.Change) []apiChange {
	out := make([]apiChange, len(cs))
	for i, c := range cs {
		out[i] = apiChange{Column: c.Column,
			Old: apiTerm{State: stateName(c.Old.State), Value: c.Old.Value},
			New: apiTerm{State: stateName(c.New.State), Value: c.New.Value}}
	}
	return out
}

// annotateImport gives each previewed row its action, its held quote's id
// and, for a revision, the terms it changes.
func annotateImport(preview []apiQuote, plan quote.ImportPlan, rows []quote.Quote) {
	for i, r := range plan.Rows {
		preview[i].ID = r.QuoteID
		preview[i].ImportAction = string(r.Action)
		preview[i].Changes = apiChanges(r.Changes)
	}
}

// changedRows encodes the revised rows of an import again, with their
// changes (and without id and action, which importedJSON writes).
func (s *Server) changedRows(z *i18n.Localizer, plan quote.ImportPlan, rows []quote.Quote, b brief.Brief) map[int][]byte {
	out := map[int][]byte{}
	for i, r := range plan.Rows {
		if r.Action == quote.RowRevision {
			q := s.apiQuoteOf(z, rows[i], s.flagsFor(rows[i], b))
			q.Changes = apiChanges(r.Changes)
			out[i] = marshalAPIQuote(q)
		}
	}
	return out
}

// apiImportRefused answers an import refused for its rows (422, naming
// each line), a revised quote changed meanwhile (409) or the quote limit
// (422); it reports whether it answered.
func apiImportRefused(w http.ResponseWriter, r *http.Request, err error) bool {
	z := i18n.From(r.Context())
	var ie *quote.ImportError
	switch {
	case err == nil:
		return false
	case errors.As(err, &ie):
		rows := make([]map[string]any, 0, len(ie.Errors))
		for _, re := range ie.Errors {
			rows = append(rows, map[string]any{"line": re.Line, "column": re.Column, "reason": views.QuoteRowReason(r.Context(), re)})
		}
		writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"error": z.T("import.errors"), "rows": rows})
		return true
	case errors.Is(err, store.ErrConflict):
		writeJSON(w, http.StatusConflict, map[string]any{"error": z.T("import.changed_meanwhile")})
		return true
	}
	if msg := quoteLimitText(r.Context(), err); msg != "" {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"error": msg, "code": "quote_limit", "limit": quote.MaxPerEvaluation, "rows": []any{}})
		return true
	}
	return false
}
