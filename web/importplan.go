package web

import (
	"context"
	"errors"
	"net/http"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/web/views"
)

// importPlanView words what an import does with each row for the preview:
// a new quote, a revision of a held quote with its diff, or nothing.
func importPlanView(z *i18n.Localizer, plan quote.ImportPlan, rows []quote.Quote) views.ImportPlan {
	v := views.ImportPlan{
		Summary: z.T("import.plan.summary", map[string]any{"New": plan.New, "Revisions": plan.Revisions, "Unchanged": plan.Unchanged}),
		Nothing: plan.New == 0 && plan.Revisions == 0,
	}
	for i, r := range plan.Rows {
		name, _ := rows[i].Provider.Get()
		ref, _ := rows[i].QuoteRef.Get()
		row := views.ImportPlanRow{Line: r.Line, Action: string(r.Action), QuoteID: r.QuoteID, Provider: name, QuoteRef: ref,
			Text: z.T("import.action."+string(r.Action), map[string]any{"ID": r.QuoteID})}
		for _, ch := range r.Changes {
			c, _ := quote.ColumnByName(ch.Column)
			row.Changes = append(row.Changes, views.DiffRow{Term: z.T(ch.Label), Old: termText(z, c, r.Held), New: termText(z, c, &rows[i])})
		}
		v.Rows = append(v.Rows, row)
	}
	return v
}

// rowReason is a bad row's reason in the reader's language: a problem
// found by matching (Code) has its own message; a cell's is reasonText's.
func rowReason(ctx context.Context, re quote.RowError) string {
	if re.Code != "" {
		return i18n.T(ctx, "import.error."+re.Code, re.Args)
	}
	return reasonText(ctx, re.Column, re.Reason)
}

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
			rows = append(rows, map[string]any{"line": re.Line, "column": re.Column, "reason": rowReason(r.Context(), re)})
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
