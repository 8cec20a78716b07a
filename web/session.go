package web

import (
	"net/http"

	"github.com/gpuquote/gpuquote/internal/account"
)

// cookieName uses the __Host- prefix (Secure, no Domain, Path=/) whenever
// the cookie can be Secure; plain-HTTP development gets a plain name,
// because browsers refuse __Host- cookies without Secure.
func (s *Server) cookieName(r *http.Request) string {
	if s.secure(r) {
		return "__Host-session"
	}
	return "session"
}

func (s *Server) secure(r *http.Request) bool { return s.secureCookies || r.TLS != nil }

func (s *Server) setSessionCookie(w http.ResponseWriter, r *http.Request, token string) {
	http.SetCookie(w, &http.Cookie{
		Name: s.cookieName(r), Value: token, Path: "/", HttpOnly: true, Secure: s.secure(r),
		SameSite: http.SameSiteLaxMode, MaxAge: int(account.SessionAbsolute.Seconds()),
	})
}

func (s *Server) clearSessionCookie(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{Name: s.cookieName(r), Value: "", Path: "/", HttpOnly: true,
		Secure: s.secure(r), SameSite: http.SameSiteLaxMode, MaxAge: -1})
}
