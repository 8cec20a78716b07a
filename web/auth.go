package web

import (
	"errors"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/go-chi/httprate"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/web/form"
	"github.com/gpuquote/gpuquote/web/views"
)

// dummyHashes holds, per cost, the hash compared against when the account
// does not exist, so a login takes as long for an unknown email as for a
// wrong password. The production cost's is made when the program starts; a
// test binary that made its hashes cheap (auth.UseTestParams) gets a cheap
// one at its first unknown email.
var dummyHashes sync.Map // auth.Params → string

var _ = dummyHash()

func dummyHash() string {
	p := auth.CurrentParams()
	if h, ok := dummyHashes.Load(p); ok {
		return h.(string)
	}
	h, _ := auth.HashPassword("gpuquote-no-such-user", p)
	dummyHashes.Store(p, h)
	return h
}

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
	u, err := s.store.UserByEmail(ctx, email)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	hash := u.PasswordHash
	if err != nil {
		hash = dummyHash()
	}
	s.kdf <- struct{}{}
	rehash, cerr := auth.CheckPassword(auth.NormalizePassword(in.Password), hash)
	<-s.kdf
	if err != nil || cerr != nil || !u.Active {
		s.recordLoginFailure(r, email, ip, "bad_credentials")
		return fail(http.StatusUnauthorized, "auth.invalid")
	}
	if rehash {
		if h, err := auth.HashPassword(auth.NormalizePassword(in.Password), auth.CurrentParams()); err == nil {
			if err := s.store.SetPasswordHash(ctx, u.Actor(), u.ID, h); err != nil {
				s.log.Warn("rehash", "err", err)
			}
		}
	}
	// A new session ID at every login; any session the browser had is ended.
	if p := principalFrom(ctx); p != nil && p.Session != nil {
		_ = s.store.DeleteSession(ctx, p.SessionToken, p.User)
	}
	token, err := s.store.CreateSession(ctx, u, ip)
	if err != nil {
		return err
	}
	s.setSessionCookie(w, r, token)
	http.Redirect(w, r, localPath(in.Next), http.StatusSeeOther)
	return nil
}

// recordLoginFailure audits a failed login without the password.
func (s *Server) recordLoginFailure(r *http.Request, email, ip, reason string) {
	err := s.store.RecordAudit(r.Context(), audit.Entry{ActorEmail: "anonymous", Action: "auth.login_failed",
		ObjectType: "user", ObjectID: email, After: map[string]any{"ip": ip, "reason": reason, "at": time.Now().UTC()}})
	if err != nil {
		s.log.Warn("audit login failure", "err", err)
	}
	s.log.Info("login failed", "email", email, "ip", ip, "reason", reason)
}

func (s *Server) logout(w http.ResponseWriter, r *http.Request) error {
	p := principalFrom(r.Context())
	if p.Session != nil {
		if err := s.store.DeleteSession(r.Context(), p.SessionToken, p.User); err != nil {
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
		if err := s.store.SetLanguage(r.Context(), p.User.Actor(), p.User.ID, lang); err != nil {
			return err
		}
	}
	http.SetCookie(w, &http.Cookie{Name: "lang", Value: lang, Path: "/", MaxAge: 365 * 24 * 3600,
		HttpOnly: true, Secure: s.secure(r), SameSite: http.SameSiteLaxMode})
	http.Redirect(w, r, back(r, "/"), http.StatusSeeOther)
	return nil
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	if err := s.store.Ping(r.Context()); err != nil {
		s.log.Warn("healthz", "err", err)
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}
