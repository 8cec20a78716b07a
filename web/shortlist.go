package web

import (
	"errors"
	"net/http"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/store"
)

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
		sq, err := s.eval.SetShortlist(ctx, currentUser(r).Actor(), id, on)
		if err != nil && !errors.Is(err, store.ErrConflict) {
			return err
		}
		status, serr := s.eval.ShortlistStatus(ctx, sq.EvaluationID, id)
		if serr != nil {
			return serr
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
