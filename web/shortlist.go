package web

import (
	"context"
	"errors"
	"net/http"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/store"
)

// setShortlist puts a quote on its evaluation's shortlist or takes it off:
// the one use case behind the decision page's button and the API. It
// returns the quote; store.ErrConflict means the quote's state does not
// allow the change (e.g. approved, or already so).
func (s *Server) setShortlist(ctx context.Context, u store.User, quoteID int64, on bool) (store.StoredQuote, error) {
	sq, err := s.store.Quote(ctx, quoteID)
	if err != nil {
		return sq, err
	}
	return sq, s.store.SetShortlisted(ctx, u.Actor(), quoteID, on)
}

// apiShortlist is POST (on) and DELETE (off) /api/v1/quotes/{id}/shortlist.
// The body, if any, is ignored beyond being JSON. Asking for the state the
// quote is already in answers 200 with that state, so a script may retry;
// a change the state forbids (taking an approved quote off) is 409.
func (s *Server) apiShortlist(on bool) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := idParam(r, "id")
		if err != nil {
			return err
		}
		if r.ContentLength > 0 {
			var ignored map[string]any
			if err := decodeJSON(w, r, &ignored); err != nil {
				return err
			}
		}
		ctx := r.Context()
		sq, err := s.setShortlist(ctx, currentUser(r), id, on)
		if err != nil && !errors.Is(err, store.ErrConflict) {
			return err
		}
		list, lerr := s.store.Shortlist(ctx, sq.EvaluationID)
		if lerr != nil {
			return lerr
		}
		status := "none"
		if e, ok := list[id]; ok {
			status = e.Status
		}
		listed := status == "shortlisted" || status == "approved"
		if err != nil && listed != on {
			writeJSON(w, http.StatusConflict, map[string]any{"error": i18n.T(ctx, "decision.error.state"), "code": "state", "status": status})
			return nil
		}
		writeJSON(w, http.StatusOK, map[string]any{"quote_id": id, "evaluation_id": sq.EvaluationID, "status": status})
		return nil
	}
}
