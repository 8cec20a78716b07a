package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// startLocalPostgres runs a private PostgreSQL cluster in dir (created with
// initdb on first use) listening only on a Unix socket inside it, so a
// laptop without a database server still gets a working app. It needs
// initdb and pg_ctl on PATH. The returned stop function shuts it down.
func startLocalPostgres(ctx context.Context, dir string, log *slog.Logger) (string, func(), error) {
	initdb, err1 := exec.LookPath("initdb")
	pgctl, err2 := exec.LookPath("pg_ctl")
	if err := errors.Join(err1, err2); err != nil {
		return "", nil, fmt.Errorf("initdb and pg_ctl are not on PATH")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", nil, err
	}
	if _, err := os.Stat(filepath.Join(abs, "PG_VERSION")); err != nil {
		if err := os.MkdirAll(abs, 0o700); err != nil {
			return "", nil, err
		}
		log.Info("creating a private PostgreSQL cluster", "dir", abs)
		out, err := exec.CommandContext(ctx, initdb, "-D", abs, "-U", "postgres", "--auth=trust", "-E", "UTF8").CombinedOutput()
		if err != nil {
			return "", nil, fmt.Errorf("initdb: %v: %s", err, out)
		}
	}
	opts := fmt.Sprintf("-c listen_addresses='' -k %s -p 5432", abs)
	out, err := exec.CommandContext(ctx, pgctl, "-D", abs, "-o", opts, "-l", filepath.Join(abs, "server.log"), "-w", "-t", "30", "start").CombinedOutput()
	if err != nil {
		return "", nil, fmt.Errorf("pg_ctl start: %v: %s", err, out)
	}
	log.Info("started private PostgreSQL", "dir", abs)
	stop := func() {
		c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_ = exec.CommandContext(c, pgctl, "-D", abs, "-m", "fast", "-w", "stop").Run()
	}
	url := fmt.Sprintf("postgres://postgres@/gpuquote?host=%s&port=5432&sslmode=disable", abs)
	return url, stop, nil
}
