package web

import (
	"net/http"
	"strconv"
	"time"
)

// loginLimited counts a sign-in attempt (a login or a re-authentication)
// against the client address and then the account (account.CountAttempt),
// and reports whether either is over its limit for this minute, telling
// the client when to retry.
func (s *Server) loginLimited(w http.ResponseWriter, r *http.Request, email, reason string) (bool, error) {
	ip := clientIP(r)
	res, err := s.accounts.CountAttempt(r.Context(), ip, email, s.loginLimit, reason)
	if err != nil || !res.Limited {
		return false, err
	}
	if res.First {
		s.log.Info("login rate limited", "email", email, "ip", ip, "reason", reason)
	}
	retry := res.Retry
	w.Header().Set("Retry-After", strconv.Itoa(int(retry.Round(time.Second)/time.Second)+1))
	return true, nil
}
