// Package web is gpuquote's HTTP layer: routes, middleware, sessions and
// thin handlers that parse a request, call one use case of the application
// layer (internal/evaluation, internal/account) and render templ views.
// The Server holds no store: the database is reached only through the use
// cases.
package web

import (
	"cmp"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/account"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/internal/spool"
)

// Config is what the server needs from main.
type Config struct {
	// Evaluations and Accounts are the use cases the handlers call: the
	// program builds them on its store, which the server never holds.
	Evaluations *evaluation.Service
	Accounts    *account.Service
	Logger      *slog.Logger
	// SecureCookies forces the Secure cookie attribute (and the __Host-
	// prefix) even when the request did not arrive over TLS, for a TLS
	// terminator in front of the app.
	SecureCookies bool
	// LoginLimitPerMinute bounds login attempts per client address and per
	// account (ASVS 6.3.1); zero means 5. The counters live in PostgreSQL,
	// so the limit holds across every instance on the database.
	LoginLimitPerMinute int
	// UploadMinBytesPerSecond is the slowest rate an upload's body may
	// arrive at over any UploadWindow; zero means 32 KiB/s and 10 s.
	UploadMinBytesPerSecond int64
	UploadWindow            time.Duration
	// UploadSlots, UploadSlotsPerUser and UploadSlotsPerAddress bound the
	// upload bodies received at once; zero means 32, 4 and 8.
	UploadSlots, UploadSlotsPerUser, UploadSlotsPerAddress int
	// TempDir is the folder this process keeps its temporary files in
	// (internal/spool); empty: a folder of its own under spool.DefaultRoot.
	TempDir string
	// RequestTimeout is every request's deadline but an upload's (whose
	// body may take longer to arrive); zero means 60 s.
	RequestTimeout time.Duration
	// PublicURL is the address vendor links point at (e.g.
	// https://gpuquote.example.com); empty: the address of the request.
	PublicURL string
	// MailEnabled says an outbox worker sends mail: invitations are queued
	// instead of only shown once to copy.
	MailEnabled bool
	// ReadBudget is how long building one page of the analysis or
	// worksheet API may take before it answers with what it has; zero
	// means 250 ms.
	ReadBudget time.Duration
}

// Server holds the handlers' dependencies.
type Server struct {
	log           *slog.Logger
	secureCookies bool
	// loginLimit is the attempts per minute per account; an address gets
	// four times as many (several people behind one NAT).
	loginLimit int
	// uploads bounds concurrent log uploads while they are parsed and
	// stored (each may hold up to 50 MB in memory); receiving bodies holds
	// a receiving slot instead, and the body waits on disk. Both are per
	// instance: they bound one process's memory, disk and CPU.
	uploads   chan struct{}
	receiving *uploadSlots
	spool     string     // the folder of the temporary files
	spoolDir  *spool.Dir // when the server opened it itself: holds its lock
	upload    uploadPolicy
	timeout   time.Duration
	// readBudget bounds building one API page (see api_page.go).
	readBudget time.Duration
	eval       *evaluation.Service
	accounts   *account.Service
	parts      *keptParts                         // rendered page parts of the analyses served
	benchParts *keptBenchBodies                   // rendered benchmarks pages, by quote and revision
	noSplits   *keptByAnalysis[noSplitTexts]      // why no split, worded, by analysis and constraints
	texts      *keptDecisionTexts                 // the decision page's words per analysis and language
	splits     *keptByAnalysis[[2]*scoring.Split] // suggested award splits per analysis and constraints
	// Sourcing rounds (web/rfq*.go, web/vendor*.go).
	publicURL  string
	mailOn     bool
	attachGate *sourcing.Gate // vendor attachments in flight, per link and per instance
}

// NewServer returns the application's HTTP handler.
func NewServer(cfg Config) http.Handler {
	limit := cfg.LoginLimitPerMinute
	if limit == 0 {
		limit = 5
	}
	s := &Server{
		log:           cfg.Logger,
		secureCookies: cfg.SecureCookies,
		loginLimit:    limit,
		uploads:       make(chan struct{}, 4),
		publicURL:     strings.TrimRight(cfg.PublicURL, "/"),
		mailOn:        cfg.MailEnabled,
		attachGate:    sourcing.NewGate(2, 8),
		receiving: newUploadSlots(cmp.Or(cfg.UploadSlots, receivingSlots), cmp.Or(cfg.UploadSlotsPerUser, receivingSlotsPerUser),
			cmp.Or(cfg.UploadSlotsPerAddress, receivingSlotsPerAddr)),
		upload:  uploadPolicy{minRate: cfg.UploadMinBytesPerSecond, window: cfg.UploadWindow},
		timeout: cfg.RequestTimeout,
	}
	if s.timeout <= 0 {
		s.timeout = requestTimeout
	}
	s.readBudget = cmp.Or(cfg.ReadBudget, readBudget)
	if s.upload.minRate <= 0 {
		s.upload.minRate = 32 << 10
	}
	if s.upload.window <= 0 {
		s.upload.window = 10 * time.Second
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	s.spool = cfg.TempDir
	if s.spool == "" {
		if s.spoolDir = ownSpool(s.log); s.spoolDir != nil {
			s.spool = s.spoolDir.Path
		}
	}
	s.parts, s.texts, s.splits = newKeptParts(), newKeptDecisionTexts(), newKeptSplits()
	s.accounts = cfg.Accounts
	s.benchParts, s.noSplits = newKeptBenchBodies(), newKeptNoSplits()
	s.eval = cfg.Evaluations
	return s.routes()
}

// HTTPServer wraps h with timeouts on every phase (no slowloris, no
// stuck writers). Upload routes replace the read and write deadlines with
// their own: a minimum body rate while receiving, then a processing
// deadline (see limitUploads).
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
