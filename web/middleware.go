package web

import (
	"context"
	"errors"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"github.com/go-chi/chi/v5/middleware"

	"github.com/gpuquote/gpuquote/internal/account"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
)

// contentSecurityPolicy allows no inline script or style and no framing.
const contentSecurityPolicy = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"

// securityHeaders sets the headers every response carries, error pages
// included, and forbids caching of anything but static assets.
func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		if r.TLS != nil {
			h.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
		}
		if !strings.HasPrefix(r.URL.Path, "/static/") {
			h.Set("Cache-Control", "no-store")
		}
		next.ServeHTTP(w, r)
	})
}

// logRequests writes one structured line per request. The JSON handler
// escapes newlines, so user input cannot forge log lines.
func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		// authenticate runs further in and fills this in, so the log line
		// names the user.
		var uid int64
		next.ServeHTTP(ww, r.WithContext(context.WithValue(r.Context(), logUserKey{}, &uid)))
		s.log.Info("request", "method", r.Method, "path", logPath(r.URL.Path), "status", ww.Status(),
			"bytes", ww.BytesWritten(), "duration_ms", time.Since(start).Milliseconds(),
			"request_id", middleware.GetReqID(r.Context()), "user_id", uid)
	})
}

// recoverPanics turns a panic into a generic 500 and a logged stack.
func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.Error("panic", "value", v, "stack", string(debug.Stack()), "request_id", middleware.GetReqID(r.Context()))
				s.renderError(w, r, http.StatusInternalServerError, "error.internal")
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// principal is who makes the request.
type principal struct {
	User         account.User
	Session      *account.StoredSession // nil for API tokens
	Token        *account.APIToken      // nil for sessions
	SessionToken string
}

type principalKey struct{}

// logUserKey holds a *int64 the request logger reads after the request.
type logUserKey struct{}

func principalFrom(ctx context.Context) *principal {
	p, _ := ctx.Value(principalKey{}).(*principal)
	return p
}

// currentUser is the signed-in user; requireUser guarantees one.
func currentUser(r *http.Request) account.User { return principalFrom(r.Context()).User }

// authenticate identifies the caller by bearer token or session cookie and
// picks the language. An unknown credential is anonymous and the route
// groups decide; a credential that cannot be checked because the database
// fails is answered 503 (fail closed, and honest: signing in again would
// not help). A read-only token is refused any other method here.
func (s *Server) authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		var p *principal
		var lookupErr error
		if token, ok := bearerToken(r); ok {
			if u, t, err := s.accounts.ByToken(ctx, token); err == nil {
				p = &principal{User: u, Token: &t}
			} else if !errors.Is(err, evaluation.ErrNotFound) {
				lookupErr = err
			}
		} else if c, err := r.Cookie(s.cookieName(r)); err == nil && c.Value != "" {
			if sess, err := s.accounts.BySession(ctx, c.Value); err == nil {
				p = &principal{User: sess.User, Session: &sess, SessionToken: c.Value}
			} else if !errors.Is(err, evaluation.ErrNotFound) {
				lookupErr = err
			}
		}
		preferred := ""
		if strings.HasPrefix(r.URL.Path, "/api/") {
			// The API's messages follow Accept-Language alone.
		} else if p != nil && p.User.Language != "" {
			preferred = p.User.Language
		} else if c, err := r.Cookie("lang"); err == nil {
			preferred = c.Value
		}
		ctx = i18n.WithLocalizer(ctx, i18n.New(i18n.Match(preferred, r.Header.Get("Accept-Language"))))
		ctx = context.WithValue(ctx, secureKey{}, s.secure(r))
		if lookupErr != nil && r.URL.Path != "/healthz" && !strings.HasPrefix(r.URL.Path, "/static/") {
			s.log.Warn("credential lookup", "err", lookupErr, "request_id", middleware.GetReqID(ctx))
			s.renderError(w, r.WithContext(ctx), http.StatusServiceUnavailable, "error.unavailable")
			return
		}
		if p != nil && p.Token != nil && !p.Token.Scope.AllowsMethod(r.Method) {
			r = r.WithContext(context.WithValue(ctx, principalKey{}, p))
			s.auditDenied(r, "token scope "+string(p.Token.Scope))
			s.renderError(w, r, http.StatusForbidden, "error.token_scope")
			return
		}
		if !s.confineEvidence(w, r.WithContext(context.WithValue(ctx, principalKey{}, p)), p) {
			return
		}
		if p != nil {
			ctx = context.WithValue(ctx, principalKey{}, p)
			if uid, ok := ctx.Value(logUserKey{}).(*int64); ok {
				*uid = p.User.ID
			}
		}
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

func bearerToken(r *http.Request) (string, bool) {
	h := r.Header.Get("Authorization")
	scheme, token, ok := strings.Cut(h, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(token) == "" {
		return "", false
	}
	return strings.TrimSpace(token), true
}

// requireUser sends anonymous browsers to the login page.
func (s *Server) requireUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if principalFrom(r.Context()) == nil {
			if r.Method == http.MethodGet {
				http.Redirect(w, r, "/login?next="+urlQueryEscape(r.URL.RequestURI()), http.StatusSeeOther)
				return
			}
			s.renderError(w, r, http.StatusUnauthorized, "error.unauthorized")
			return
		}
		next.ServeHTTP(w, r)
	})
}

// requireAPIUser answers 401 JSON to anonymous API calls.
func (s *Server) requireAPIUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		if p == nil || !p.User.Role.Can(auth.UseAPI) {
			w.Header().Set("WWW-Authenticate", `Bearer realm="gpuquote"`)
			s.renderError(w, r, http.StatusUnauthorized, "error.unauthorized")
			return
		}
		next.ServeHTTP(w, r)
	})
}

// requirePermission refuses callers whose role lacks perm, and records
// the refusal in the audit log (ASVS 16.3.2).
func (s *Server) requirePermission(perm auth.Permission) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			p := principalFrom(r.Context())
			if p == nil || !p.User.Role.Can(perm) {
				s.auditDenied(r, string(perm))
				s.renderError(w, r, http.StatusForbidden, "error.forbidden")
				return
			}
			// A token acts with its owner's role, narrowed by its scope:
			// decisions need a token issued for them after a fresh login.
			if p.Token != nil && !p.Token.Scope.Allows(perm) {
				s.auditDenied(r, string(perm)+" (token scope "+string(p.Token.Scope)+")")
				s.renderError(w, r, http.StatusForbidden, "error.token_scope")
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}
