package web

import (
	"errors"
	"net"
	"net/http"
	"strings"

	"github.com/go-chi/httprate"

	"github.com/gpuquote/gpuquote/internal/account"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/form"
	"github.com/gpuquote/gpuquote/web/views"
)

func (s *Server) loginPage(w http.ResponseWriter, r *http.Request) error {
	if principalFrom(r.Context()) != nil {
		http.Redirect(w, r, "/", http.StatusSeeOther)
		return nil
	}
	f := views.LoginForm{Next: localPath(r.URL.Query().Get("next"))}
	s.render(w, r, http.StatusOK, views.Login(s.page(r, i18n.T(r.Context(), "auth.title"), ""), f))
	return nil
}

// clientIP is the TCP peer's address. Forwarded headers are not trusted:
// they are spoofable unless a known proxy sets them.
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return httprate.CanonicalizeIP(host)
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	var in form.Login
	errs := form.Decode(r.PostForm, &in)
	ctx := r.Context()
	fail := func(status int, key string) error {
		f := views.LoginForm{Email: in.Email, Next: localPath(in.Next), Error: i18n.T(ctx, key)}
		s.render(w, r, status, views.Login(s.page(r, i18n.T(ctx, "auth.title"), ""), f))
		return nil
	}
	ip := clientIP(r)
	email := strings.ToLower(in.Email)
	if limited, err := s.loginLimited(w, r, email, "login"); err != nil {
		return err
	} else if limited {
		return fail(http.StatusTooManyRequests, "auth.rate_limited")
	}
	if errs != nil {
		return fail(http.StatusUnprocessableEntity, "auth.invalid")
	}
	// A new session ID at every login; any session the browser had is ended.
	var ended *account.Session
	if p := principalFrom(ctx); p != nil && p.Session != nil {
		ended = &account.Session{Token: p.SessionToken, User: p.User}
	}
	signed, err := s.accounts.SignIn(ctx, email, in.Password, ip, ended)
	if errors.Is(err, account.ErrBadCredentials) {
		s.recordLoginFailure(r, email, ip, "bad_credentials")
		return fail(http.StatusUnauthorized, "auth.invalid")
	}
	if err != nil {
		return err
	}
	if signed.RehashErr != nil {
		s.log.Warn("rehash", "err", signed.RehashErr)
	}
	s.setSessionCookie(w, r, signed.Token)
	http.Redirect(w, r, localPath(in.Next), http.StatusSeeOther)
	return nil
}

// recordLoginFailure audits a failed login without the password.
func (s *Server) recordLoginFailure(r *http.Request, email, ip, reason string) {
	if err := s.accounts.RecordSignInFailure(r.Context(), email, ip, reason); err != nil {
		s.log.Warn("audit login failure", "err", err)
	}
	s.log.Info("login failed", "email", email, "ip", ip, "reason", reason)
}

func (s *Server) logout(w http.ResponseWriter, r *http.Request) error {
	p := principalFrom(r.Context())
	if p.Session != nil {
		if err := s.accounts.SignOut(r.Context(), account.Session{Token: p.SessionToken, User: p.User}); err != nil {
			return err
		}
	}
	s.clearSessionCookie(w, r)
	http.Redirect(w, r, "/login", http.StatusSeeOther)
	return nil
}

// setLanguage is the header's switcher: it keeps the choice in a cookie,
// and on the profile of a signed-in user.
func (s *Server) setLanguage(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	lang := r.PostForm.Get("lang")
	if !i18n.Supported(lang) {
		return errBadRequest
	}
	if p := principalFrom(r.Context()); p != nil {
		if err := s.accounts.SetLanguage(r.Context(), p.User, lang); err != nil {
			return err
		}
	}
	http.SetCookie(w, &http.Cookie{Name: "lang", Value: lang, Path: "/", MaxAge: 365 * 24 * 3600,
		HttpOnly: true, Secure: s.secure(r), SameSite: http.SameSiteLaxMode})
	http.Redirect(w, r, back(r, "/"), http.StatusSeeOther)
	return nil
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	if err := s.eval.Ping(r.Context()); err != nil {
		s.log.Warn("healthz", "err", err)
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}
