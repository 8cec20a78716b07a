package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gpuquote/gpuquote/internal/spool"
	"github.com/gpuquote/gpuquote/internal/store"
)

// defaultDatabaseURL is a local PostgreSQL with trust authentication.
const defaultDatabaseURL = "postgres://postgres@127.0.0.1:5432/gpuquote?sslmode=disable"

// config is the server's configuration: environment first, flags override.
type config struct {
	databaseURL   string
	databaseSet   bool // DATABASE_URL or -database-url was given
	addr          string
	demo          bool
	secureCookies bool
	// dbWait bounds how long the first connection to a configured
	// database is retried (a container may start before PostgreSQL).
	dbWait time.Duration
	// tmpDir is the folder the app keeps its temporary files in.
	tmpDir string
}

// loadConfig reads the environment, then args; -h prints the flags to
// stdout (when given) and returns flag.ErrHelp.
func loadConfig(name string, args []string, getenv func(string) string, stdout ...io.Writer) (config, error) {
	c := config{databaseURL: getenv("DATABASE_URL"), addr: getenv("ADDR"), demo: true, dbWait: 60 * time.Second,
		tmpDir: cmp.Or(getenv("GPUQUOTE_TMP_DIR"), spool.DefaultRoot())}
	c.databaseSet = c.databaseURL != ""
	if !c.databaseSet {
		c.databaseURL = defaultDatabaseURL
	}
	if c.addr == "" {
		c.addr = "127.0.0.1:8080"
	}
	if v := getenv("GPUQUOTE_DEMO"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return c, fmt.Errorf("GPUQUOTE_DEMO=%q: want true or false", v)
		}
		c.demo = b
	}
	if v := getenv("GPUQUOTE_SECURE_COOKIES"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return c, fmt.Errorf("GPUQUOTE_SECURE_COOKIES=%q: want true or false", v)
		}
		c.secureCookies = b
	}
	if v := getenv("GPUQUOTE_DB_WAIT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			return c, fmt.Errorf("GPUQUOTE_DB_WAIT=%q: want a duration such as 60s or 2m", v)
		}
		c.dbWait = d
	}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	url := fs.String("database-url", "", "PostgreSQL URL (env DATABASE_URL)")
	fs.StringVar(&c.addr, "addr", c.addr, "listen address (env ADDR)")
	fs.BoolVar(&c.demo, "demo", c.demo, "load demo data into an empty database (env GPUQUOTE_DEMO)")
	fs.StringVar(&c.tmpDir, "tmp-dir", c.tmpDir, "folder of the app's temporary files, emptied of a crash's leftovers at start (env GPUQUOTE_TMP_DIR)")
	fs.DurationVar(&c.dbWait, "db-wait", c.dbWait, "how long to retry the first connection to DATABASE_URL (env GPUQUOTE_DB_WAIT)")
	out := io.Discard
	if len(stdout) > 0 {
		out = stdout[0]
	}
	if err := parseFlags(fs, args, out); err != nil {
		return c, err
	}
	if *url != "" {
		c.databaseURL, c.databaseSet = *url, true
	}
	return c, nil
}

func newLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: slog.LevelInfo,
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				a.Value = slog.TimeValue(a.Value.Time().UTC())
			}
			return a
		}}))
}

// openDatabase finds or creates the database, migrates it and connects.
// With no database configured and no server answering at the default
// address, it starts a private PostgreSQL under ./.data/postgres when the
// server binaries are installed.
func openDatabase(ctx context.Context, c *config, log *slog.Logger) (*pgxpool.Pool, func(), error) {
	cleanup := func() {}
	var err error
	if c.databaseSet {
		err = ensureWithRetry(ctx, c.databaseURL, c.dbWait, log)
	} else {
		err = store.EnsureDatabase(ctx, c.databaseURL)
	}
	if err != nil && !c.databaseSet {
		url, stop, lerr := startLocalPostgres(ctx, ".data/postgres", log)
		if lerr != nil {
			return nil, nil, fmt.Errorf("%w (and no local cluster: %v)", err, lerr)
		}
		c.databaseURL, cleanup = url, stop
		err = store.EnsureDatabase(ctx, c.databaseURL)
	}
	if err != nil {
		cleanup()
		return nil, nil, err
	}
	if err := store.MigrateUp(c.databaseURL); err != nil {
		cleanup()
		return nil, nil, err
	}
	pool, err := store.OpenPool(ctx, c.databaseURL)
	if err != nil {
		cleanup()
		return nil, nil, err
	}
	return pool, func() { pool.Close(); cleanup() }, nil
}

// openForCLI connects the administrative commands to a migrated database.
func openForCLI(ctx context.Context, getenv func(string) string) (*store.Store, func(), error) {
	c, err := loadConfig("gpuquote", nil, getenv)
	if err != nil {
		return nil, nil, err
	}
	pool, closeFn, err := openDatabase(ctx, &c, newLogger(os.Stderr))
	if err != nil {
		return nil, nil, err
	}
	return store.New(pool, time.Now), closeFn, nil
}

// ensureWithRetry connects to (and if need be creates) the database,
// retrying with exponential backoff for at most wait: in a container the
// app may start before PostgreSQL accepts connections.
func ensureWithRetry(ctx context.Context, url string, wait time.Duration, log *slog.Logger) error {
	deadline := time.Now().Add(wait)
	backoff := 250 * time.Millisecond
	for {
		err := store.EnsureDatabase(ctx, url)
		if err == nil {
			return nil
		}
		left := time.Until(deadline)
		if left <= 0 {
			return fmt.Errorf("the database did not answer within %s (GPUQUOTE_DB_WAIT): %w", wait, err)
		}
		pause := min(backoff, left)
		log.Warn("database not ready; retrying", "in", pause.String(), "err", err.Error())
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(pause):
		}
		backoff = min(2*backoff, 5*time.Second)
	}
}
