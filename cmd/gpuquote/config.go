package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

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
}

func loadConfig(name string, args []string, getenv func(string) string) (config, error) {
	c := config{databaseURL: getenv("DATABASE_URL"), addr: getenv("ADDR"), demo: true}
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
		c.secureCookies, _ = strconv.ParseBool(v)
	}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	url := fs.String("database-url", "", "PostgreSQL URL (env DATABASE_URL)")
	fs.StringVar(&c.addr, "addr", c.addr, "listen address (env ADDR)")
	fs.BoolVar(&c.demo, "demo", c.demo, "load demo data into an empty database (env GPUQUOTE_DEMO)")
	if err := fs.Parse(args); err != nil {
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
	err := store.EnsureDatabase(ctx, c.databaseURL)
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
