package web

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// refuseSignature shows a refused signature on the award it is about:
// the rule's message and, for open blockers, each of them.
func (s *Server) refuseSignature(w http.ResponseWriter, r *http.Request, evaluationID, awardID int64, reason string, rf *evaluation.SigningRefusal) error {
	z := i18n.From(r.Context())
	st, err := s.eval.Analyze(r.Context(), evaluationID)
	if err != nil {
		return err
	}
	af := &awardForm{signAward: awardID, signError: signingRefusalText(z, st, rf), signReason: reason}
	for _, qb := range rf.Blockers {
		for _, line := range blockerLines(z, st, qb) {
			af.signBlockers = append(af.signBlockers, qb.Provider+": "+line)
		}
	}
	return s.renderDecisionWith(w, r, evaluationID, decisionForm{status: http.StatusConflict, award: af})
}

// awardAction reads an award form (reason, and the password when fresh
// authentication is asked) and runs act; refusals are said on the award.
func (s *Server) awardAction(w http.ResponseWriter, r *http.Request, reauth bool, flash string, act func(id int64, reason string) error) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	ctx := r.Context()
	aw, err := s.eval.StoredAward(ctx, id)
	if err != nil {
		return err
	}
	z := i18n.From(ctx)
	reason := strings.TrimSpace(r.PostForm.Get("reason"))
	refuse := func(status int, msg string) error {
		return s.renderDecisionWith(w, r, aw.EvaluationID, decisionForm{status: status,
			award: &awardForm{signAward: id, signError: msg, signReason: reason}})
	}
	if reason == "" || len(reason) > 8000 {
		return refuse(http.StatusUnprocessableEntity, z.T("award.error.reason"))
	}
	if reauth {
		if status, key := s.reauthFailure(w, r, principalFrom(ctx), r.PostForm.Get("password")); key != "" {
			if key == "decision.error.reauth" {
				key = "award.error.password"
			}
			return refuse(status, z.T(key))
		}
	}
	err = act(id, reason)
	var rf *evaluation.SigningRefusal
	var dr evaluation.Refusal
	switch {
	case errors.As(err, &rf):
		return s.refuseSignature(w, r, aw.EvaluationID, id, reason, rf)
	case errors.As(err, &dr):
		return refuse(refusalStatus(dr), refusalText(z, dr))
	case err != nil:
		return err
	}
	return redirect(w, r, "/evaluations/"+strconv.FormatInt(aw.EvaluationID, 10)+"/decision#awards", flash)
}

// reapproveAwardForm renews a stale award in one step (a fresh password).
func (s *Server) reapproveAwardForm(w http.ResponseWriter, r *http.Request) error {
	return s.awardAction(w, r, true, "flash.award_reapproved", func(id int64, reason string) error {
		_, err := s.eval.ReapproveAward(r.Context(), currentUser(r), id, reason)
		return err
	})
}

// rejectAwardForm rejects an award awaiting approval.
func (s *Server) rejectAwardForm(w http.ResponseWriter, r *http.Request) error {
	return s.awardAction(w, r, false, "flash.award_rejected", func(id int64, reason string) error {
		return s.eval.RejectAward(r.Context(), currentUser(r), id, reason)
	})
}

// revokeAwardForm revokes an approved (or stale) award.
func (s *Server) revokeAwardForm(w http.ResponseWriter, r *http.Request) error {
	return s.awardAction(w, r, false, "flash.award_revoked", func(id int64, reason string) error {
		return s.eval.RevokeAward(r.Context(), currentUser(r), id, reason)
	})
}

// approvalInForce judges the approval in force as every surface does
// (evaluation.ApprovalState): a single-quote approval (cur) is stale when
// its award is, with what changed; an award of several quotes in force is
// set in inForce.
func (s *Server) approvalInForce(ctx context.Context, z *i18n.Localizer, st *evaluation.Analysis, cur *views.ApprovalView, inForce **views.RecordedAward) error {
	state, err := s.eval.ApprovalState(ctx, st)
	if err != nil {
		return err
	}
	if state.State != evaluation.StateStale && state.State != evaluation.StateApproved {
		return nil
	}
	if state.Decision != nil && cur != nil {
		cur.Stale = state.State == evaluation.StateStale
		if cur.Stale {
			cur.Changes = changeLines(z, st, state.Changes)
		}
		return nil
	}
	if state.Award != nil && cur == nil {
		v := recordedAwardView(z, st, *state.Award, nil)
		*inForce = &v
	}
	return nil
}

// setAwardAcceptance is the admin's rule that an award needs every
// automatic acceptance test of its quotes passed or waived (off by
// default).
func (s *Server) setAwardAcceptance(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	if err := s.eval.SetAwardRequiresAcceptance(r.Context(), currentUser(r).Actor(), r.PostForm.Get("require") == "yes"); err != nil {
		return err
	}
	return redirect(w, r, "/admin/reference", "flash.setting_saved")
}

// awardAuditValue shows an award's audit fields in words: the shares by
// quote and percent, the signing order, the approvers' roles, the status.
func awardAuditValue(z *i18n.Localizer, k string, v any) (string, bool) {
	switch k {
	case "shares":
		list, _ := v.([]any)
		parts := make([]string, 0, len(list))
		for _, x := range list {
			m, _ := x.(map[string]any)
			id, _ := m["quote_id"].(float64)
			pct, _ := m["share_pct"].(float64)
			parts = append(parts, z.T("award.share_line", map[string]any{"Provider": z.T("award.quote_number", map[string]any{"ID": int64(id)}),
				"Pct": z.Int(int64(pct))}))
		}
		return strings.Join(parts, ", "), true
	case "approval_order", "order":
		if s, ok := v.(string); ok && s != "" {
			return z.T("award.order." + s), true
		}
	case "approver_roles", "roles":
		list, _ := v.([]any)
		roles := make([]string, 0, len(list))
		for _, r := range list {
			if s, ok := r.(string); ok {
				roles = append(roles, s)
			}
		}
		return rolesText(z, roles), true
	case "status":
		if s, ok := v.(string); ok {
			if label := z.T("award.status." + s); label != "award.status."+s {
				return label, true
			}
		}
	}
	return "", false
}
