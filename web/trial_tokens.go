package web

import (
	"errors"
	"net/http"
	"regexp"
	"strconv"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/testplan"
)

// evidenceRoute is all an evidence token may reach: its quote's test plan
// (GET) and its quote's benchmark uploads (POST).
var evidenceRoute = regexp.MustCompile(`^/api/v1/quotes/([0-9]{1,18})/(test-plan|benchmarks)$`)

// evidenceQuote is the quote of a route an evidence token may reach: its
// quote's plan may be fetched and outputs uploaded, nothing else.
func evidenceQuote(r *http.Request) (int64, bool) {
	m := evidenceRoute.FindStringSubmatch(r.URL.Path)
	if m == nil || (m[2] == "test-plan") != (r.Method == http.MethodGet || r.Method == http.MethodHead) {
		return 0, false
	}
	id, err := strconv.ParseInt(m[1], 10, 64)
	return id, err == nil
}

// confineEvidence refuses an evidence token anything but its own quote's
// (or its evaluation's quotes') plan and uploads; it answers and returns
// false when it refused. The database answers for the quote's evaluation.
func (s *Server) confineEvidence(w http.ResponseWriter, r *http.Request, p *principal) bool {
	if p == nil || p.Token == nil || p.Token.Scope != auth.ScopeEvidence {
		return true
	}
	id, ok := evidenceQuote(r)
	var err error
	if ok {
		ok, err = s.eval.EvidenceTokenReaches(r.Context(), p.Token, id)
	}
	if err != nil {
		s.renderError(w, r, http.StatusServiceUnavailable, "error.unavailable")
		return false
	}
	if !ok {
		s.auditDenied(r, "token scope evidence (another quote or route)")
		s.renderError(w, r, http.StatusForbidden, "error.token_scope")
	}
	return ok
}

// evidenceToken is a new evidence token with the command that uses it.
type evidenceToken struct {
	Token     string    `json:"token"`
	ExpiresAt time.Time `json:"expires_at"`
	Command   string    `json:"command"`
}

// issueEvidenceToken creates a token bound to the quote for days (0: the
// default) and the collect command line to paste on the cluster.
func (s *Server) issueEvidenceToken(r *http.Request, quoteID int64, days int) (evidenceToken, error) {
	token, expires, err := s.accounts.IssueEvidenceToken(r.Context(), currentUser(r), quoteID, days)
	if err != nil {
		return evidenceToken{}, err
	}
	return evidenceToken{Token: token, ExpiresAt: expires, Command: testplan.CollectCommand(s.baseURL(r), token, quoteID)}, nil
}

// apiCreateEvidenceToken: POST /api/v1/quotes/{id}/evidence-tokens with
// {"days": n} answers 201 {"token", "expires_at", "command"}. An evidence
// token cannot reach this route, so no evidence token mints another.
func (s *Server) apiCreateEvidenceToken(w http.ResponseWriter, r *http.Request) error {
	sq, _, _, err := s.quoteParam(r)
	if err != nil {
		return err
	}
	var in struct {
		Days *int `json:"days"`
	}
	if r.ContentLength != 0 {
		if err := decodeJSON(w, r, &in); err != nil {
			return err
		}
	}
	days := 0
	if in.Days != nil {
		days = *in.Days
		if !auth.EvidenceDaysValid(days) {
			return evidenceDaysError(w, r)
		}
	}
	et, err := s.issueEvidenceToken(r, sq.ID, days)
	if errors.Is(err, evaluation.ErrTokenTooLong) {
		return evidenceDaysError(w, r)
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, et)
	return nil
}

// evidenceDaysError answers 422 with the days field's message.
func evidenceDaysError(w http.ResponseWriter, r *http.Request) error {
	z := i18n.From(r.Context())
	writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"error": z.T("form.has_errors"),
		"fields": map[string]string{"days": z.T("evidence.error.days", map[string]any{"Max": auth.MaxEvidenceTokenDays})}})
	return nil
}
