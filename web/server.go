// Package web is gpuquote's HTTP layer: routes, middleware, sessions and
// thin handlers that read through the store, decide with the pure packages
// and render templ views.
package web

import (
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/httprate"

	"github.com/gpuquote/gpuquote/internal/store"
)

// Config is what the server needs from main.
type Config struct {
	Store  *store.Store
	Logger *slog.Logger
	// SecureCookies forces the Secure cookie attribute (and the __Host-
	// prefix) even when the request did not arrive over TLS, for a TLS
	// terminator in front of the app.
	SecureCookies bool
	// LoginLimitPerMinute bounds login attempts per client address and per
	// account (ASVS 6.3.1); zero means 5.
	LoginLimitPerMinute int
	// PublicURL is the address vendor links point at (e.g.
	// https://gpuquote.example.com); empty: the address of the request.
	PublicURL string
	// MailEnabled says an outbox worker sends mail: invitations are queued
	// instead of only shown once to copy.
	MailEnabled bool
}

// Server holds the handlers' dependencies.
type Server struct {
	store         *store.Store
	log           *slog.Logger
	secureCookies bool
	loginByIP     *httprate.RateLimiter
	loginByEmail  *httprate.RateLimiter
	// kdf bounds concurrent argon2id runs (19 MiB each) so a login flood
	// cannot starve the other pages of CPU and memory.
	kdf chan struct{}
	// uploads bounds concurrent log uploads: each may hold up to 50 MB in
	// memory while it is checked, parsed and stored.
	uploads chan struct{}
	refs    referenceCache
	// Sourcing rounds (web/rfq*.go, web/vendor*.go).
	publicURL                string
	mailOn                   bool
	vendorByLink, vendorByIP *httprate.RateLimiter
}

// NewServer returns the application's HTTP handler.
func NewServer(cfg Config) http.Handler {
	limit := cfg.LoginLimitPerMinute
	if limit == 0 {
		limit = 5
	}
	s := &Server{
		store:         cfg.Store,
		log:           cfg.Logger,
		secureCookies: cfg.SecureCookies,
		loginByIP:     httprate.NewRateLimiter(4*limit, time.Minute),
		loginByEmail:  httprate.NewRateLimiter(limit, time.Minute),
		kdf:           make(chan struct{}, 2),
		uploads:       make(chan struct{}, 4),
		publicURL:     strings.TrimRight(cfg.PublicURL, "/"),
		mailOn:        cfg.MailEnabled,
		vendorByLink:  httprate.NewRateLimiter(120, time.Minute),
		vendorByIP:    httprate.NewRateLimiter(300, time.Minute),
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	return s.routes()
}

// HTTPServer wraps h with timeouts on every phase (no slowloris, no
// stuck writers).
func HTTPServer(addr string, h http.Handler, log *slog.Logger) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
}
