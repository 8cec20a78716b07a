package web

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5/middleware"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
)

// The vendor's side is a separate little app inside gpuquote: its own
// routes (/v/... pages, /api/v1/vendor/... API), authenticated only by the
// invitation link's token, never by a user's session or API token. An
// invitation token on any internal route is just an unknown token (401),
// and a vendor route serves only the invitation the token belongs to:
// no route takes an id.

// vendorCookie carries the token between the vendor's pages. Its path is
// /v, so it never reaches an internal route.
const vendorCookie = "gq_vendor"

// vendorSession is the invitation a vendor request acts for.
type vendorSession struct {
	Invitation evaluation.Invitation
	RFQ        evaluation.RFQ
}

type vendorKey struct{}

func vendorFrom(ctx context.Context) vendorSession {
	v, _ := ctx.Value(vendorKey{}).(vendorSession)
	return v
}

// vendorAPI authenticates /api/v1/vendor by its bearer token.
func (s *Server) vendorAPI(next http.Handler) http.Handler {
	return s.vendorAuth(next, func(r *http.Request) string {
		t, _ := bearerToken(r)
		return t
	})
}

// vendorPages authenticates /v pages by the link's cookie.
func (s *Server) vendorPages(next http.Handler) http.Handler {
	return s.vendorAuth(next, func(r *http.Request) string {
		if c, err := r.Cookie(vendorCookie); err == nil {
			return c.Value
		}
		return ""
	})
}

// vendorAuth checks the token, limits requests per address and per link,
// and picks the vendor's language. Every refused link is the same 401, so
// a guesser learns nothing about which links exist; a database that
// cannot be reached is a 503 "try again", not a dead link.
func (s *Server) vendorAuth(next http.Handler, token func(*http.Request) string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		inv, rd, err := s.eval.VendorAccess(r.Context(), clientIP(r), token(r))
		var limited *evaluation.VendorLimited
		switch {
		case errors.As(err, &limited):
			w.Header().Set("Retry-After", strconv.Itoa(int(limited.Retry.Round(time.Second)/time.Second)+1))
			s.renderError(w, r, http.StatusTooManyRequests, "rfq.reason.rate_limited")
			return
		case errors.Is(err, evaluation.ErrLinkInvalid):
			s.vendorDenied(w, r)
			return
		case err != nil:
			s.vendorUnavailable(w, r, err)
			return
		}
		lang := inv.Language
		if c, err := r.Cookie("lang"); err == nil && i18n.Supported(c.Value) && !isAPI(r) {
			lang = c.Value // the vendor switched language on the page
		}
		ctx := i18n.WithLocalizer(r.Context(), i18n.New(lang))
		ctx = context.WithValue(ctx, vendorKey{}, vendorSession{Invitation: inv, RFQ: rd})
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// vendorUnavailable answers a vendor whose link could not be checked:
// 503 with "try again", in the language the request asked for.
func (s *Server) vendorUnavailable(w http.ResponseWriter, r *http.Request, err error) {
	s.log.Warn("vendor link check", "err", err, "request_id", middleware.GetReqID(r.Context()))
	w.Header().Set("Retry-After", "30")
	s.renderError(w, r, http.StatusServiceUnavailable, "error.unavailable")
}

func (s *Server) vendorDenied(w http.ResponseWriter, r *http.Request) {
	if isAPI(r) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="gpuquote-vendor"`)
	}
	s.renderError(w, r, http.StatusUnauthorized, "rfq.reason.link_invalid")
}

// vendorLanding trades the link's token for the page cookie and sends the
// vendor on to its RFQ, so the token leaves the address bar (and the
// browser history, and any Referer) at once.
func (s *Server) vendorLanding(w http.ResponseWriter, r *http.Request) {
	tok := chiURLParam(r, "token")
	http.SetCookie(w, &http.Cookie{Name: vendorCookie, Value: tok, Path: "/v", HttpOnly: true,
		Secure: r.TLS != nil || s.secureCookies, SameSite: http.SameSiteLaxMode})
	http.Redirect(w, r, "/v/rfq", http.StatusSeeOther)
}

// logPath hides an invitation link's token from the request log: the log
// must not hold what opens a vendor's answer.
func logPath(p string) string {
	if rest, ok := strings.CutPrefix(p, "/v/"); ok && !strings.Contains(rest, "/") && len(rest) >= 20 {
		return "/v/{token}"
	}
	return p
}
