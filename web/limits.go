package web

import (
	"net/http"
	"strconv"
	"time"

	"github.com/gpuquote/gpuquote/internal/store"
)

// loginLimited counts a sign-in attempt (a login or a re-authentication)
// against the client address and then the account, and reports whether
// either is over its limit for this minute. The counters live in
// PostgreSQL, so every instance on the database shares them. A refused
// attempt writes no audit row of its own: the store writes one per key and
// window, and counts the rest.
func (s *Server) loginLimited(w http.ResponseWriter, r *http.Request, email, reason string) (bool, error) {
	ip := clientIP(r)
	details := map[string]any{"ip": ip, "reason": reason}
	res, err := s.store.CountLoginAttempt(r.Context(), "ip:"+ip, 4*s.loginLimit, details)
	if err == nil && !res.Limited && email != "" {
		details["email"] = email
		res, err = s.store.CountLoginAttempt(r.Context(), "email:"+email, s.loginLimit, details)
	}
	if err != nil {
		return false, err
	}
	if !res.Limited {
		return false, nil
	}
	if res.First {
		s.log.Info("login rate limited", "email", email, "ip", ip, "reason", reason)
	}
	now := s.store.Now()
	retry := now.Truncate(store.LoginWindow).Add(store.LoginWindow).Sub(now)
	w.Header().Set("Retry-After", strconv.Itoa(int(retry.Round(time.Second)/time.Second)+1))
	return true, nil
}
