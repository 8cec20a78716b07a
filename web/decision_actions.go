package web

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/evaluation"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
)

// reauthWindow is how fresh a browser login must be to approve.
const reauthWindow = 15 * time.Minute

// errDecision carries a refused decision's message key and status.
type errDecision struct {
	status int
	key    string
}

func (e errDecision) Error() string { return e.key }

// decide applies a manager's decision on one quote: the rules first, then
// the conditional update with the frozen snapshot.
func (s *Server) decide(ctx context.Context, u store.User, quoteID int64, kind, reason string) (store.DecisionRecord, error) {
	sq, err := s.store.Quote(ctx, quoteID)
	if err != nil {
		return store.DecisionRecord{}, err
	}
	st, err := s.eval.Analyze(ctx, sq.EvaluationID)
	if err != nil {
		return store.DecisionRecord{}, err
	}
	revs, err := s.store.Revisions(ctx, quoteID)
	if err != nil {
		return store.DecisionRecord{}, err
	}
	history, err := s.store.AcceptanceHistory(ctx, quoteID)
	if err != nil {
		return store.DecisionRecord{}, err
	}
	req := approval.Request{Kind: kind, Reason: reason, ApproverID: u.ID, AuthorID: sq.AuthorID,
		Status: st.Shortlist[quoteID].Status, AllowSelfApproval: st.AllowSelf, OpenBlockers: st.OpenBlockers(quoteID)}
	for _, rv := range revs {
		req.ApproverEdited = req.ApproverEdited || rv.AuthorID == u.ID
	}
	var lastTest int64
	for _, a := range history {
		lastTest = max(lastTest, a.ID)
	}
	if err := approval.Check(req); err != nil {
		return store.DecisionRecord{}, decisionError(err)
	}
	snap := st.Snapshot(sq, kind, reason, u, s.store.Now())
	snap.SelfApproval = approval.SelfApproval(req)
	hash, err := snap.Hash()
	if err != nil {
		return store.DecisionRecord{}, err
	}
	rec := store.DecisionRecord{EvaluationID: sq.EvaluationID, QuoteID: quoteID, Kind: kind, Reason: reason,
		SelfApproval: snap.SelfApproval, Snapshot: snap, ContentHash: hash, InputsHash: st.InputsHash(sq.Quote),
		QuoteVersion: sq.Version, LastAcceptanceID: lastTest}
	rec, err = s.store.Decide(ctx, u.Actor(), rec, st.AllowSelf)
	if errors.Is(err, store.ErrConflict) {
		return rec, errDecision{http.StatusConflict, "decision.error.conflict"}
	}
	return rec, err
}

func decisionError(err error) error {
	switch {
	case errors.Is(err, approval.ErrReasonRequired):
		return errDecision{http.StatusUnprocessableEntity, "decision.error.reason"}
	case errors.Is(err, approval.ErrOwnQuote):
		return errDecision{http.StatusForbidden, "decision.error.own_quote"}
	case errors.Is(err, approval.ErrOpenBlockers):
		return errDecision{http.StatusConflict, "decision.error.blockers"}
	case errors.Is(err, approval.ErrNotShortlisted), errors.Is(err, approval.ErrNotApproved):
		return errDecision{http.StatusConflict, "decision.error.state"}
	}
	return errDecision{http.StatusUnprocessableEntity, "decision.error.kind"}
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
	sq, err := s.store.Quote(ctx, quoteID)
	if err != nil {
		return err
	}
	back := "/evaluations/" + strconv.FormatInt(sq.EvaluationID, 10) + "/decision"
	if kind == approval.Approve && s.needsReauth(p) {
		if err := s.reauthenticate(w, r, p, r.PostForm.Get("password")); errors.Is(err, errRateLimited) {
			return s.renderDecision(w, r, sq.EvaluationID, http.StatusTooManyRequests, "auth.rate_limited", reason)
		} else if err != nil {
			return s.renderDecision(w, r, sq.EvaluationID, http.StatusUnauthorized, "decision.error.reauth", reason)
		}
	}
	_, err = s.decide(ctx, p.User, quoteID, kind, reason)
	var de errDecision
	if errors.As(err, &de) {
		return s.renderDecision(w, r, sq.EvaluationID, de.status, de.key, reason)
	}
	if err != nil {
		return err
	}
	return redirect(w, r, back, "flash.decision_"+kind)
}

// needsReauth is true for a browser session whose login is older than the
// approval window. API tokens are not sessions: a manager's token is the
// credential the issue asks for there.
func (s *Server) needsReauth(p *principal) bool {
	return p.Session != nil && s.store.Now().Sub(p.Session.AuthenticatedAt) > reauthWindow
}

var errRateLimited = errors.New("rate limited")

// reauthenticate checks the password again, under the login rate limits,
// and refreshes the session's login time.
func (s *Server) reauthenticate(w http.ResponseWriter, r *http.Request, p *principal, password string) error {
	u, err := s.store.UserByID(r.Context(), p.User.ID)
	if err != nil {
		return err
	}
	if limited, err := s.loginLimited(w, r, strings.ToLower(u.Email), "reauth"); err != nil {
		return err
	} else if limited {
		return errRateLimited
	}
	s.kdf <- struct{}{}
	_, err = auth.CheckPassword(auth.NormalizePassword(password), u.PasswordHash)
	<-s.kdf
	if err != nil {
		s.recordLoginFailure(r, u.Email, clientIP(r), "reauth_failed")
		return err
	}
	return s.store.Reauthenticate(r.Context(), p.SessionToken, u)
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
	sq, err := s.setShortlist(r.Context(), currentUser(r), quoteID, on)
	if errors.Is(err, store.ErrConflict) {
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
	sq, err := s.store.Quote(r.Context(), quoteID)
	if err != nil {
		return err
	}
	flagID, reason := r.PostForm.Get("flag"), strings.TrimSpace(r.PostForm.Get("reason"))
	if reason == "" {
		return s.renderDecision(w, r, sq.EvaluationID, http.StatusUnprocessableEntity, "decision.error.waiver_reason", "")
	}
	b, err := s.store.Brief(r.Context(), sq.EvaluationID)
	if err != nil {
		return err
	}
	known := false
	for _, f := range s.flagsFor(sq.Quote, b.Data) {
		known = known || f.ID == flagID
	}
	if !known {
		return errBadRequest
	}
	err = s.store.WaiveFlag(r.Context(), currentUser(r).Actor(), quoteID, flagID, reason)
	if err != nil && !errors.Is(err, store.ErrExists) {
		return err
	}
	return redirect(w, r, "/evaluations/"+strconv.FormatInt(sq.EvaluationID, 10)+"/decision", "flash.waived")
}

// saveFacts stores the decision facts beyond the brief.
func (s *Server) saveFacts(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	if _, err := s.store.Evaluation(r.Context(), id); err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	z := i18n.From(r.Context())
	data := map[string]string{}
	for _, f := range evaluation.Facts {
		v := strings.TrimSpace(r.PostForm.Get("f_" + f.Key))
		switch f.Kind {
		case "bool":
			if v == "yes" {
				data[f.Key] = "yes"
			}
		case "stability":
			if v == "stable" || v == "variable" {
				data[f.Key] = v
			}
		default:
			if v == "" {
				continue
			}
			canonical, err := z.ParseDecimal(v)
			if err != nil {
				return s.renderDecision(w, r, id, http.StatusUnprocessableEntity, "form.error.ambiguous_number", "")
			}
			d, err := quote.ParseDecimal(canonical)
			if err != nil {
				return s.renderDecision(w, r, id, http.StatusUnprocessableEntity, "decision.error.fact", "")
			}
			data[f.Key] = d.String()
		}
	}
	version, _ := strconv.Atoi(r.PostForm.Get("version"))
	err = s.store.SaveDecisionInputs(r.Context(), currentUser(r).Actor(), id, version, data)
	if errors.Is(err, store.ErrConflict) {
		return s.renderDecision(w, r, id, http.StatusConflict, "decision.error.conflict", "")
	}
	if err != nil {
		return err
	}
	return redirect(w, r, "/evaluations/"+strconv.FormatInt(id, 10)+"/decision", "flash.facts_saved")
}

// setSelfApproval is the admin's switch for a team of one.
func (s *Server) setSelfApproval(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	v := "no"
	if r.PostForm.Get("allow") == "yes" {
		v = "yes"
	}
	if err := s.store.SetSetting(r.Context(), currentUser(r).Actor(), store.SettingAllowSelfApproval, v); err != nil {
		return err
	}
	return redirect(w, r, "/admin/reference", "flash.setting_saved")
}
