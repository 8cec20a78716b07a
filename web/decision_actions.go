package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/evaluation"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/i18n"
)

// refusalStatus is the HTTP status of a refused decision.
func refusalStatus(r evaluation.Refusal) int {
	switch r.Kind {
	case "forbidden":
		return http.StatusForbidden
	case "conflict":
		return http.StatusConflict
	}
	return http.StatusUnprocessableEntity
}

// refusalText is a refused decision's message, its amounts (the contract
// value and threshold of an approval that needs more approvers) in the
// reader's number format.
func refusalText(z *i18n.Localizer, rf evaluation.Refusal) string {
	data := make(map[string]any, len(rf.Data))
	for k, v := range rf.Data {
		if s, ok := v.(string); ok && s != "" && strings.Trim(s, "0123456789.") == "" {
			v = z.Decimal(s)
		} else if ok && strings.HasPrefix(s, "role.") {
			v = z.T(s) // a role named by its label key
		}
		data[k] = v
	}
	return z.T(rf.Key, data)
}

// decideForm handles approve, reject and revoke from the decision page. An
// approval in the browser needs a login less than 15 minutes old: the
// form then asks for the password again.
func (s *Server) decideForm(w http.ResponseWriter, r *http.Request) error {
	quoteID, err := idParam(r, "id")
	if err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	ctx := r.Context()
	p := principalFrom(ctx)
	kind, reason := r.PostForm.Get("decision"), strings.TrimSpace(r.PostForm.Get("reason"))
	sq, err := s.eval.Quote(ctx, quoteID)
	if err != nil {
		return err
	}
	back := "/evaluations/" + strconv.FormatInt(sq.EvaluationID, 10) + "/decision"
	if (kind == approval.Approve || kind == evaluation.Reapprove) && s.needsReauth(p) {
		if status, key := s.reauthFailure(w, r, p, r.PostForm.Get("password")); key != "" {
			field := "pw-" + strconv.FormatInt(quoteID, 10)
			if kind == evaluation.Reapprove {
				field = "reapprove-pw"
			}
			return s.renderDecisionWith(w, r, sq.EvaluationID, decisionForm{status: status, reason: reason,
				errMsg: i18n.From(ctx).T(key), field: field})
		}
	}
	_, err = s.eval.Decide(ctx, p.User, quoteID, kind, reason)
	var rf evaluation.Refusal
	if errors.As(err, &rf) {
		return s.renderDecisionRefusal(w, r, sq.EvaluationID, rf, reason)
	}
	if err != nil {
		return err
	}
	return redirect(w, r, back, "flash.decision_"+kind)
}

func (s *Server) shortlistQuote(w http.ResponseWriter, r *http.Request) error {
	quoteID, err := idParam(r, "id")
	if err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	on := r.PostForm.Get("on") == "yes"
	sq, err := s.eval.SetShortlist(r.Context(), currentUser(r).Actor(), quoteID, on)
	if errors.Is(err, evaluation.ErrConflict) {
		return s.renderDecision(w, r, sq.EvaluationID, http.StatusConflict, "decision.error.state", "")
	}
	if err != nil {
		return err
	}
	key := "flash.shortlisted"
	if !on {
		key = "flash.unshortlisted"
	}
	return redirect(w, r, "/evaluations/"+strconv.FormatInt(sq.EvaluationID, 10)+"/decision", key)
}

// waiveFlag records a reason for accepting a blocker red flag.
func (s *Server) waiveFlag(w http.ResponseWriter, r *http.Request) error {
	quoteID, err := idParam(r, "id")
	if err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	evID, err := s.eval.WaiveFlag(r.Context(), currentUser(r).Actor(), quoteID, r.PostForm.Get("flag"), r.PostForm.Get("reason"))
	if errors.Is(err, evaluation.ErrWaiverReason) {
		return s.renderDecision(w, r, evID, http.StatusUnprocessableEntity, "decision.error.waiver_reason", "")
	}
	if err != nil {
		return err
	}
	return redirect(w, r, "/evaluations/"+strconv.FormatInt(evID, 10)+"/decision", "flash.waived")
}

// saveFacts stores the decision facts beyond the brief.
func (s *Server) saveFacts(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	if _, err := s.eval.Evaluation(r.Context(), id); err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	values := map[string]string{}
	for _, f := range evaluation.Facts {
		values[f.Key] = r.PostForm.Get("f_" + f.Key)
	}
	version, _ := strconv.Atoi(r.PostForm.Get("version"))
	err = s.eval.SaveFacts(r.Context(), currentUser(r).Actor(), id, version, values, i18n.From(r.Context()).ParseDecimal)
	switch {
	case errors.Is(err, evaluation.ErrFactNumber):
		return s.renderDecision(w, r, id, http.StatusUnprocessableEntity, "form.error.ambiguous_number", "")
	case errors.Is(err, evaluation.ErrFact):
		return s.renderDecision(w, r, id, http.StatusUnprocessableEntity, "decision.error.fact", "")
	case errors.Is(err, evaluation.ErrConflict):
		return s.renderDecision(w, r, id, http.StatusConflict, "decision.error.conflict", "")
	case err != nil:
		return err
	}
	return redirect(w, r, "/evaluations/"+strconv.FormatInt(id, 10)+"/decision", "flash.facts_saved")
}

// setSelfApproval is the admin's switch for a team of one.
func (s *Server) setSelfApproval(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	if err := s.eval.SetSelfApproval(r.Context(), currentUser(r).Actor(), r.PostForm.Get("allow") == "yes"); err != nil {
		return err
	}
	return redirect(w, r, "/admin/reference", "flash.setting_saved")
}
