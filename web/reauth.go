package web

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// reauthWindow is how fresh a browser login must be to approve.
const reauthWindow = 15 * time.Minute

// needsReauth is true for a browser session whose login is older than the
// approval window. API tokens are not sessions: a manager's token is the
// credential the issue asks for there.
func (s *Server) needsReauth(p *principal) bool {
	return p.Session != nil && s.eval.Now().Sub(p.Session.AuthenticatedAt) > reauthWindow
}

var (
	errRateLimited = errors.New("rate limited")
	errNoPassword  = errors.New("no password given")
)

// reauthFailure re-authenticates p with the typed password and names the
// failure as a status and message key ("" when the password is right):
// no password asks for it, a wrong one says so, many say to wait.
func (s *Server) reauthFailure(w http.ResponseWriter, r *http.Request, p *principal, password string) (int, string) {
	err := s.reauthenticate(w, r, p, password)
	switch {
	case err == nil:
		return 0, ""
	case errors.Is(err, errRateLimited):
		return http.StatusTooManyRequests, "auth.rate_limited"
	case errors.Is(err, errNoPassword):
		return http.StatusUnauthorized, "decision.error.reauth"
	case errors.Is(err, auth.ErrMismatch):
		return http.StatusUnauthorized, "decision.error.wrong_password"
	}
	s.log.Error("reauthenticate", "err", err)
	return http.StatusInternalServerError, "error.internal"
}

// reauthenticate checks the password again, under the login rate limits,
// and refreshes the session's login time.
func (s *Server) reauthenticate(w http.ResponseWriter, r *http.Request, p *principal, password string) error {
	if strings.TrimSpace(password) == "" {
		return errNoPassword
	}
	u, err := s.accounts.User(r.Context(), p.User.ID)
	if err != nil {
		return err
	}
	if limited, err := s.loginLimited(w, r, strings.ToLower(u.Email), "reauth"); err != nil {
		return err
	} else if limited {
		return errRateLimited
	}
	if err := s.accounts.CheckPassword(u, password); err != nil {
		s.recordLoginFailure(r, u.Email, clientIP(r), "reauth_failed")
		return err
	}
	return s.accounts.Reauthenticated(r.Context(), p.SessionToken, u)
}
