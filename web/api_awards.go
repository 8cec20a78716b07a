package web

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// apiAwardView is an award as the API shows it everywhere.
type apiAwardView = views.AwardJSONView

func awardViewJSON(v evaluation.AwardView) apiAwardView { return views.AwardJSON(awardFacts(v)) }

// apiAward is GET /api/v1/awards/{id}: the award on today's figures.
func (s *Server) apiAward(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	v, _, err := s.eval.Award(r.Context(), id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, awardViewJSON(v))
	return nil
}

// apiAwardAction runs a signature, rejection, revocation or re-approval
// with the reason the body gives (a browser session signing meets the
// approval form's fresh-login rule first when reauth); refusals are 409
// with their code. The answer is the award on today's figures, or what
// answer makes of it.
func (s *Server) apiAwardAction(w http.ResponseWriter, r *http.Request, reauth bool, act func(id int64, reason string) (func(evaluation.AwardView) (int, any), error)) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	var in struct {
		Reason string `json:"reason"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if in.Reason = strings.TrimSpace(in.Reason); in.Reason == "" || len(in.Reason) > 8000 {
		return fieldErrors{"reason": "form.error.required"}
	}
	if reauth && s.apiNeedsReauth(w, r) {
		return nil
	}
	answer, err := act(id, in.Reason)
	var rf *evaluation.SigningRefusal
	var dr evaluation.Refusal
	switch {
	case errors.As(err, &rf):
		writeJSON(w, http.StatusConflict, views.AwardRefusalJSON(i18n.From(r.Context()),
			views.AwardRefusal{Code: rf.Code, Awaiting: rf.Awaiting, Required: rf.Plan.Required}, quoteBlockerFacts(rf.Blockers), rf.Changes))
		return nil
	case errors.As(err, &dr):
		writeJSON(w, refusalStatus(dr), map[string]any{"error": refusalText(i18n.From(r.Context()), dr), "code": refusalCode(dr)})
		return nil
	case err != nil:
		return err
	}
	v, _, err := s.eval.Award(r.Context(), id)
	if err != nil {
		return err
	}
	status, body := http.StatusOK, any(awardViewJSON(v))
	if answer != nil {
		status, body = answer(v)
	}
	writeJSON(w, status, body)
	return nil
}

// apiNeedsReauth answers 401 when a browser session's login is too old
// to sign, as decisions do.
func (s *Server) apiNeedsReauth(w http.ResponseWriter, r *http.Request) bool {
	if !s.needsReauth(principalFrom(r.Context())) {
		return false
	}
	writeJSON(w, http.StatusUnauthorized, map[string]any{"error": i18n.T(r.Context(), "decision.error.reauth"), "code": "reauth"})
	return true
}

// apiAwardStep takes step with the reason the body gives; a re-approval
// meets the fresh-login rule first (reauth). The answer is the award (a
// stale one re-approved is now revoked; the new one is in the
// evaluation's awards).
func (s *Server) apiAwardStep(reauth bool, step awardStep) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if reauth && s.apiNeedsReauth(w, r) {
			return nil
		}
		return s.apiAwardAction(w, r, false, func(id int64, reason string) (func(evaluation.AwardView) (int, any), error) {
			return nil, step(r.Context(), currentUser(r), id, reason)
		})
	}
}

// refusalCode is a refused decision's API code: the rule's key without
// its prefix.
func refusalCode(rf evaluation.Refusal) string {
	return strings.TrimPrefix(strings.TrimPrefix(rf.Key, "decision.error."), "award.refused.")
}

// awardsNow are the evaluation's recorded awards and the single-quote
// approval in force (null: none), judged on a as every surface judges
// them.
func (s *Server) awardsNow(ctx context.Context, a *evaluation.Analysis) ([]apiAwardView, any, error) {
	awards, now, err := s.eval.AwardsNow(ctx, a)
	if err != nil {
		return nil, nil, err
	}
	out := make([]apiAwardView, 0, len(awards))
	for _, v := range awards {
		out = append(out, awardViewJSON(v))
	}
	if c := now.Current; c != nil {
		return out, map[string]any{"quote_id": c.QuoteID, "by": c.DecidedBy, "at": c.DecidedAt, "reason": c.Reason,
			"content_hash": c.ContentHash, "stale": now.Stale, "self_approval": c.SelfApproval, "changed": views.AwardChangesJSON(now.Changes)}, nil
	}
	return out, nil, nil
}
