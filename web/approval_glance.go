package web

import (
	"context"
	"net/http"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// approvalGlance words the evaluation's approval state for its home.
func (s *Server) approvalGlance(ctx context.Context, z *i18n.Localizer, a *evaluation.Analysis) (*views.ApprovalGlance, error) {
	st, err := s.eval.ApprovalState(ctx, a)
	if err != nil {
		return nil, err
	}
	f := views.ApprovalGlanceFacts{State: st.State, Changes: st.Changes}
	if d := st.Decision; d != nil {
		f.Decision = &views.ApprovalDecisionFacts{Provider: d.Snapshot.Provider, By: d.DecidedBy, At: d.DecidedAt}
	}
	if st.Award != nil {
		aw := awardFacts(*st.Award)
		f.Award = &aw
	}
	return views.ApprovalGlanceModel(z, awardNames(z, a), f), nil
}

// approvalInForce judges the approval in force as every surface does
// (evaluation.ApprovalState): a single-quote approval (cur) is stale when
// its award is, with what changed; an award of several quotes in force is
// set in inForce.
func (s *Server) approvalInForce(ctx context.Context, z *i18n.Localizer, st *evaluation.Analysis, cur *views.ApprovalView, inForce **views.RecordedAward) error {
	state, err := s.eval.ApprovalState(ctx, st)
	if err != nil || state.State != evaluation.StateStale && state.State != evaluation.StateApproved {
		return err
	}
	if state.Decision != nil && cur != nil {
		if cur.Stale = state.State == evaluation.StateStale; cur.Stale {
			cur.Changes = changeLines(z, st, state.Changes)
		}
	} else if state.Award != nil && cur == nil {
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
