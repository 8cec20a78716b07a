package web

import (
	"context"
	"errors"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/account"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

var shareField = regexp.MustCompile(`^share_([0-9]{1,18})$`)

// recordAwardForm records an award from the decision page: share_<quote>
// fields (whole percent, blank for none) and a reason; refusals are shown
// at the share they are about and in the summary at the top of the form.
func (s *Server) recordAwardForm(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	z := i18n.From(r.Context())
	af := &awardForm{shares: map[int64]string{}, errors: map[int64]string{}, reason: strings.TrimSpace(r.PostForm.Get("reason"))}
	var shares []evaluation.AwardShare
	for key, vals := range r.PostForm {
		m := shareField.FindStringSubmatch(key)
		if m == nil || len(vals) != 1 || strings.TrimSpace(vals[0]) == "" {
			continue
		}
		qid, _ := strconv.ParseInt(m[1], 10, 64)
		af.shares[qid] = strings.TrimSpace(vals[0])
		if n, err := strconv.Atoi(af.shares[qid]); err != nil || n < 0 || n > 100 {
			af.errors[qid] = z.T("scoring.error.share_range")
		} else if n > 0 {
			shares = append(shares, evaluation.AwardShare{QuoteID: qid, SharePct: n})
		}
	}
	slices.SortFunc(shares, func(a, b evaluation.AwardShare) int { return int(a.QuoteID - b.QuoteID) })
	var fe evaluation.FieldErrors
	if len(af.errors) == 0 {
		_, err = s.eval.RecordAward(r.Context(), currentUser(r), id, shares, af.reason)
		if !errors.As(err, &fe) && err != nil {
			return err
		}
	}
	if len(af.errors) == 0 && fe == nil {
		return redirect(w, r, "/evaluations/"+strconv.FormatInt(id, 10)+"/decision#awards", "flash.award_recorded")
	}
	af.refused(z, fe, shares)
	return s.renderDecisionWith(w, r, id, decisionForm{status: http.StatusUnprocessableEntity, award: af})
}

var shareIndexField = regexp.MustCompile(`^shares\[([0-9]+)\]\.`)

// refused puts the use case's refusals at the share they are about, and
// every refusal in the summary at the top of the form.
func (af *awardForm) refused(z *i18n.Localizer, fe evaluation.FieldErrors, shares []evaluation.AwardShare) {
	for field, key := range fe {
		if m := shareIndexField.FindStringSubmatch(field); m != nil {
			if i, err := strconv.Atoi(m[1]); err == nil && i < len(shares) {
				af.errors[shares[i].QuoteID] = z.T(key)
				continue
			}
		}
		target := "award-reason"
		if field != "reason" {
			target = "awards"
		}
		af.summary = append(af.summary, views.FormError{Target: target, Message: z.T(key)})
	}
	for qid, msg := range af.errors {
		af.summary = append(af.summary, views.FormError{Target: "share-" + strconv.FormatInt(qid, 10), Message: msg})
	}
	slices.SortFunc(af.summary, func(a, b views.FormError) int { return strings.Compare(a.Target, b.Target) })
}

// awardAction reads an award form (reason, and the password when fresh
// authentication is asked) and runs act, which says the flash; refusals
// are said on the award. It returns to the awards (to the award itself
// when own).
func (s *Server) awardAction(w http.ResponseWriter, r *http.Request, reauth, own bool, act func(id int64, reason string) (string, error)) error {
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
	refuse := func(status int, af *awardForm) error {
		af.signAward, af.signReason = id, reason
		return s.renderDecisionWith(w, r, aw.EvaluationID, decisionForm{status: status, award: af})
	}
	if reason == "" || len(reason) > 8000 {
		return refuse(http.StatusUnprocessableEntity, &awardForm{signError: z.T("award.error.reason")})
	}
	if reauth {
		if status, key := s.reauthFailure(w, r, principalFrom(ctx), r.PostForm.Get("password")); key != "" {
			if key == "decision.error.reauth" {
				key = "award.error.password"
			}
			return refuse(status, &awardForm{signError: z.T(key)})
		}
	}
	flash, err := act(id, reason)
	var rf *evaluation.SigningRefusal
	var dr evaluation.Refusal
	switch {
	case errors.As(err, &rf):
		st, err := s.eval.Analyze(ctx, aw.EvaluationID)
		if err != nil {
			return err
		}
		return refuse(http.StatusConflict, refusedSignature(z, st, rf))
	case errors.As(err, &dr):
		return refuse(refusalStatus(dr), &awardForm{signError: refusalText(z, dr)})
	case err != nil:
		return err
	}
	anchor := "#awards"
	if own {
		anchor = "#award-" + strconv.FormatInt(id, 10)
	}
	return redirect(w, r, "/evaluations/"+strconv.FormatInt(aw.EvaluationID, 10)+"/decision"+anchor, flash)
}

// refusedSignature is a refused signature as the award shows it: the
// rule's message and, for open blockers, each of them.
func refusedSignature(z *i18n.Localizer, st *evaluation.Analysis, rf *evaluation.SigningRefusal) *awardForm {
	names := awardNames(z, st)
	af := &awardForm{signError: views.AwardRefusalText(z, views.AwardRefusal{Code: rf.Code, Awaiting: rf.Awaiting, Required: rf.Plan.Required})}
	for _, qb := range rf.Blockers {
		for _, line := range views.AwardBlockerLines(z, names, qb.QuoteID, qb.Blockers) {
			af.signBlockers = append(af.signBlockers, qb.Provider+": "+line)
		}
	}
	return af
}

// approveAwardForm signs an award from the decision page. Every approver
// types their password on the form (each signature is a fresh
// authentication, whatever the session's age).
func (s *Server) approveAwardForm(w http.ResponseWriter, r *http.Request) error {
	return s.awardAction(w, r, true, true, func(id int64, reason string) (string, error) {
		res, err := s.eval.ApproveAward(r.Context(), currentUser(r), id, reason)
		if err == nil && res.Status == "approved" {
			return "flash.award_approved", nil
		}
		return "flash.award_signed", err
	})
}

// awardStep is a decision on a recorded award after its record: a
// re-approval (reapproval), a rejection or a revocation.
type awardStep func(ctx context.Context, u account.User, awardID int64, reason string) error

// reapproval is ReapproveAward as an awardStep: a stale award renewed in
// one step.
func reapproval(e *evaluation.Service) awardStep {
	return func(ctx context.Context, u account.User, awardID int64, reason string) error {
		_, err := e.ReapproveAward(ctx, u, awardID, reason)
		return err
	}
}

// awardStepForm takes step from the decision page (a re-approval asks a
// fresh password: reauth), and says flash.
func (s *Server) awardStepForm(reauth bool, flash string, step awardStep) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		return s.awardAction(w, r, reauth, false, func(id int64, reason string) (string, error) {
			return flash, step(r.Context(), currentUser(r), id, reason)
		})
	}
}
