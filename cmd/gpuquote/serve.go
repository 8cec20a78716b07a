package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/gpuquote/gpuquote/internal/account"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/spool"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/web"
)

func serve(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	c, err := loadConfig("serve", args, getenv, stdout)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	log := newLogger(stderr)
	// Listen first: a busy port fails at once, before any database work and
	// before the one-time demo passwords are printed.
	ln, err := net.Listen("tcp", c.addr)
	if err != nil {
		return fmt.Errorf("cannot listen on %s: %v; set ADDR or -addr to a free address", c.addr, err)
	}
	defer ln.Close()
	// Temporary files in one folder of the app's; a crash's are removed now.
	tmp, removed, err := spool.Open(c.tmpDir)
	if err != nil {
		return err
	}
	defer tmp.Close()
	if removed > 0 {
		log.Info("removed temporary files left by a process that ended", "folders", removed, "root", c.tmpDir)
	}
	pool, closeDB, err := openDatabase(ctx, &c, log)
	if err != nil {
		return err
	}
	defer closeDB()
	st := store.New(pool, time.Now)
	if c.demo {
		if err := loadDemo(ctx, st, log); err != nil {
			return fmt.Errorf("demo data: %w", err)
		}
	}
	go sweepSessions(ctx, st, log)
	mailOn, err := startSourcing(ctx, st, getenv, log)
	if err != nil {
		return err
	}

	srv := web.HTTPServer(c.addr, web.NewServer(web.Config{Evaluations: evaluation.New(st), Accounts: account.New(st), Logger: log, SecureCookies: c.secureCookies,
		PublicURL: getenv("PUBLIC_URL"), MailEnabled: mailOn, TempDir: tmp.Path}), log)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	log.Info("serving", "addr", "http://"+ln.Addr().String())

	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	// Finish the requests in flight, refuse new ones, then close the pool.
	log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return err
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// sweepSessions deletes expired sessions and past login-limit windows
// every few minutes.
func sweepSessions(ctx context.Context, st *store.Store, log interface{ Warn(string, ...any) }) {
	t := time.NewTicker(5 * time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if _, err := st.DeleteExpiredSessions(ctx); err != nil {
				log.Warn("sweep sessions", "err", err)
			}
			if _, err := st.DeleteOldLoginAttempts(ctx); err != nil {
				log.Warn("sweep login attempts", "err", err)
			}
		}
	}
}
