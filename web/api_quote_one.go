package web

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// apiGetQuote is one quote exactly as the evaluation's list shows it,
// with its version for a PATCH.
func (s *Server) apiGetQuote(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	q, err := s.apiQuoteByID(r, id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, q)
	return nil
}

// apiQuoteByID renders a quote as apiListQuotes does: its own flags and
// sourcing rounds.
func (s *Server) apiQuoteByID(r *http.Request, id int64) (apiQuote, error) {
	q, err := s.eval.ListedQuote(r.Context(), id)
	if err != nil {
		return apiQuote{}, err
	}
	return apiStoredQuote(i18n.From(r.Context()), q.Quote, q.Flags, q.Sources), nil
}

// apiPatchQuote revises a quote: {"version": n, "terms": {column: cell}}
// with the quote CSV's columns and cells ("" not stated, "refused"),
// keeping the terms not given. It calls the use case the HTML revise form
// calls: 200 with the new revision, 409 when the quote is no longer at
// version (with the current one), 422 naming every bad term.
func (s *Server) apiPatchQuote(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	var in struct {
		Version *int                       `json:"version"`
		Terms   map[string]json.RawMessage `json:"terms"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	ctx := r.Context()
	fields := map[string]string{}
	if in.Version == nil {
		fields["version"] = i18n.From(ctx).T("form.error.required")
	}
	cells := make(map[string]string, len(in.Terms))
	for k, v := range in.Terms {
		text, ok := jsonScalar(v)
		if _, known := quote.ColumnByName(k); !known || !ok {
			fields["terms."+k] = reasonText(ctx, k, "not a column of the quote CSV, or not a single value")
			continue
		}
		cells[k] = text
	}
	if len(fields) > 0 {
		return writeQuoteFields(w, r, fields)
	}
	_, errs, err := s.eval.ReviseQuoteTerms(ctx, currentUser(r), id, *in.Version, cells)
	switch {
	case errors.Is(err, evaluation.ErrConflict):
		cur, err := s.apiQuoteByID(r, id)
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusConflict, map[string]any{"error": "quote changed since version " + strconv.Itoa(*in.Version),
			"code": "conflict", "current": cur})
		return nil
	case err != nil:
		return err
	case len(errs) > 0:
		for _, fe := range errs {
			fields["terms."+fe.Column] = reasonText(ctx, fe.Column, fe.Reason)
		}
		return writeQuoteFields(w, r, fields)
	}
	out, err := s.apiQuoteByID(r, id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// writeQuoteFields answers 422 with the refused fields, already worded.
func writeQuoteFields(w http.ResponseWriter, r *http.Request, fields map[string]string) error {
	writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"error": i18n.From(r.Context()).T("form.has_errors"), "fields": fields})
	return nil
}
