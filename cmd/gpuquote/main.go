// Command gpuquote serves the gpuquote web application and administers its
// database: `gpuquote serve` (the default), `gpuquote migrate`,
// `gpuquote user add|passwd`, `gpuquote token create`,
// `gpuquote healthcheck` and `gpuquote collect`, which runs a quote's test
// plan on a trial cluster and uploads the outputs.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "gpuquote:", err)
		os.Exit(1)
	}
}

var usage = `usage:
  gpuquote [serve] [-addr ADDR] [-database-url URL] [-demo=false] [-db-wait 60s] [-tmp-dir DIR]
  gpuquote migrate up | down N [--force-data-loss] | version | force V   (V: a migration's version, or -1 for none)
  gpuquote user add --email E --name N --role ` + roleWords("|", "|") + `   (password on stdin)
  gpuquote user passwd --email E   (password on stdin)
  gpuquote token create --email E [--scope read|write|approve|evidence] [--quote ID | --evaluation ID] [--days N] [--name NAME]
  gpuquote healthcheck [-addr ADDR]
  gpuquote collect --server URL --token TOKEN --quote ID [--hosts h1,h2,… | --hostfile F] [--dry-run] [--only step,…] [--out DIR] [--again]
  gpuquote collect --upload DIR --server URL --token TOKEN
  gpuquote help

Each command lists its options with -h. Passwords are read from the first
line of standard input; surrounding spaces are dropped, as at sign-in.

environment: DATABASE_URL, ADDR, GPUQUOTE_DEMO (default true), GPUQUOTE_SECURE_COOKIES,
GPUQUOTE_DB_WAIT (default 60s), GPUQUOTE_TMP_DIR
`

// run is the whole program, with its environment passed in so tests can
// drive it.
func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	cmd := "serve"
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] != "" && args[0][0] != '-') {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		return serve(ctx, args, getenv, stdout, stderr)
	case "migrate":
		return migrateCmd(ctx, args, getenv, stdout)
	case "user":
		return userCmd(ctx, args, getenv, stdin, stdout)
	case "token":
		return tokenCmd(ctx, args, getenv, stdout)
	case "healthcheck":
		return healthcheck(ctx, args, getenv, stdout)
	case "collect":
		return collectCmd(ctx, args, getenv, stdout)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	return fmt.Errorf("there is no command %q; `gpuquote help` lists the commands", cmd)
}
