package web

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/go-chi/chi/v5"
)

func chiURLParam(r *http.Request, name string) string { return chi.URLParam(r, name) }

func urlQueryEscape(s string) string { return url.QueryEscape(s) }

// localPath returns p if it is a path on this site, else "/": a login's
// "next" must never send the user to another site.
func localPath(p string) string {
	if p == "" || !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") || strings.HasPrefix(p, "/\\") {
		return "/"
	}
	u, err := url.Parse(p)
	if err != nil || u.Host != "" || u.Scheme != "" {
		return "/"
	}
	return p
}

// back returns the same-site page the request came from, else fallback.
func back(r *http.Request, fallback string) string {
	ref, err := url.Parse(r.Referer())
	if err != nil || ref.Host != r.Host {
		return fallback
	}
	return localPath(ref.RequestURI())
}

// flashCookie carries a message key across a redirect (post/redirect/get).
// Only the key travels; the page translates and escapes it.
const flashCookie = "flash"

func setFlash(w http.ResponseWriter, r *http.Request, key string) {
	http.SetCookie(w, &http.Cookie{Name: flashCookie, Value: key, Path: "/", HttpOnly: true, Secure: secureRequest(r),
		SameSite: http.SameSiteLaxMode, MaxAge: 60})
}

// takeFlash reads and clears the flash; unknown keys are ignored.
func takeFlash(w http.ResponseWriter, r *http.Request) string {
	c, err := r.Cookie(flashCookie)
	if err != nil || !strings.HasPrefix(c.Value, "flash.") {
		return ""
	}
	http.SetCookie(w, &http.Cookie{Name: flashCookie, Value: "", Path: "/", HttpOnly: true, Secure: secureRequest(r),
		SameSite: http.SameSiteLaxMode, MaxAge: -1})
	return c.Value
}

// secureKey marks a request whose cookies must be Secure: it came over
// TLS, or through the TLS terminator Config.SecureCookies names.
type secureKey struct{}

func secureRequest(r *http.Request) bool {
	v, _ := r.Context().Value(secureKey{}).(bool)
	return v || r.TLS != nil
}

func redirect(w http.ResponseWriter, r *http.Request, to, flashKey string) error {
	if flashKey != "" {
		setFlash(w, r, flashKey)
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
	return nil
}

// parseForm caps the body before parsing it.
func parseForm(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, 256<<10)
	if err := r.ParseForm(); err != nil {
		return errBadRequest
	}
	return nil
}
