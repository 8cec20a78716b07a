package web

import (
	"errors"
	"net/http"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/rfq"
)

// roundError maps the round rules' refusals to a status and a reason the
// caller can act on; ok is false for other errors.
func roundError(err error) (status int, code string, ok bool) {
	switch {
	case errors.Is(err, rfq.ErrPastDeadline):
		return http.StatusConflict, "past_deadline", true
	case errors.Is(err, rfq.ErrClosed):
		return http.StatusConflict, "closed", true
	case errors.Is(err, rfq.ErrNotSealed):
		return http.StatusConflict, "not_sealed", true
	case errors.Is(err, rfq.ErrRevoked):
		return http.StatusForbidden, "revoked", true
	case errors.Is(err, rfq.ErrNoDraft):
		return http.StatusUnprocessableEntity, "no_draft", true
	case errors.Is(err, rfq.ErrIncomplete):
		return http.StatusUnprocessableEntity, "incomplete", true
	case errors.Is(err, evaluation.ErrSealed):
		return http.StatusForbidden, "sealed", true
	}
	return 0, "", false
}

// renderRoundError answers a round rule's refusal with its reason: JSON
// {"error", "code"} for the API, the error page otherwise.
func (s *Server) renderRoundError(w http.ResponseWriter, r *http.Request, err error) bool {
	status, code, ok := roundError(err)
	switch {
	case !ok:
	case isAPI(r):
		writeJSON(w, status, map[string]any{"error": i18n.T(r.Context(), "rfq.reason."+code), "code": code})
	default:
		s.renderError(w, r, status, "rfq.reason."+code)
	}
	return ok
}
