package web

import (
	"errors"
	"net/http"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
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
		evID, status, err := s.eval.PutShortlist(r.Context(), currentUser(r).Actor(), id, on)
		switch {
		case errors.Is(err, evaluation.ErrShortlistState):
			writeJSON(w, http.StatusConflict, map[string]any{"error": i18n.T(r.Context(), "decision.error.state"), "code": "state", "status": status})
		case err != nil:
			return err
		default:
			writeJSON(w, http.StatusOK, map[string]any{"quote_id": id, "evaluation_id": evID, "status": status})
		}
		return nil
	}
}
