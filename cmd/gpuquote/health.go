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
)

// healthcheck asks a running server's /healthz, which pings the database,
// and fails unless it answers 200: the container health check.
func healthcheck(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	addr := getenv("ADDR")
	if addr == "" {
		addr = "127.0.0.1:8080"
	}
	fset := flag.NewFlagSet("healthcheck", flag.ContinueOnError)
	fset.StringVar(&addr, "addr", addr, "the server's listen address (env ADDR)")
	timeout := fset.Duration("timeout", 5*time.Second, "how long to wait for the answer")
	if err := parseFlags(fset, args, stdout); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("healthcheck: ADDR %q is not host:port", addr)
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1" // a server listening on every interface answers here
	}
	url := "http://" + net.JoinHostPort(host, port) + "/healthz"
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("healthcheck: no answer from %s: %v", url, err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("healthcheck: %s answered %d (the database is not reachable)", url, res.StatusCode)
	}
	fmt.Fprintln(stdout, "ok")
	return nil
}
