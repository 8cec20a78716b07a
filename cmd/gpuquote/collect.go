package main

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/collect"
)

const collectUsage = "want `collect --server URL --token TOKEN --quote ID [--hosts h1,h2 | --hostfile F] [--dry-run] [--only step,...] [--out DIR] [--again] [--nics d1,d2] [--timeout D]` or `collect --upload DIR --server URL --token TOKEN`"

// collectCmd is `gpuquote collect`: run a quote's test plan on a trial
// cluster and upload the outputs, or upload what an offline run kept.
func collectCmd(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	fset := flag.NewFlagSet("collect", flag.ContinueOnError)
	server := fset.String("server", getenv("GPUQUOTE_SERVER"), "the gpuquote server, e.g. https://gpuquote.example.com")
	token := fset.String("token", "", "an evidence token for the quote (default $GPUQUOTE_TOKEN)")
	quote := fset.Int64("quote", 0, "the quote whose plan runs")
	hosts := fset.String("hosts", "", "the nodes, comma-separated (default: this host)")
	hostfile := fset.String("hostfile", "", "a file naming the nodes, one a line (mpirun's hostfile works)")
	dryRun := fset.Bool("dry-run", false, "print the commands and keep the plan in --out; run nothing")
	only := fset.String("only", "", "run only these steps, comma-separated")
	out := fset.String("out", "", "the folder every output is kept in (default gpuquote-evidence-QUOTE)")
	again := fset.Bool("again", false, "run steps already uploaded again")
	upload := fset.String("upload", "", "upload what an offline run kept in this folder, and run nothing")
	scratch := fset.String("scratch", ".", "the folder fio writes its test files in: the storage checkpoints go to")
	timeout := fset.Duration("timeout", 0, "cap every step's timeout (default: the plan's)")
	nics := fset.String("nics", "", "the RDMA devices to test, in order, where they are not mlx5_0, mlx5_1, … (`ibstat -l` lists them)")
	if err := parseFlags(fset, args, stdout); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	o := collect.Options{Server: *server, Token: cmp.Or(*token, getenv("GPUQUOTE_TOKEN")), QuoteID: *quote, DryRun: *dryRun,
		Out: *out, Again: *again, Scratch: *scratch, Timeout: *timeout, Version: buildVersion(), Stdout: stdout, Only: splitList(*only),
		NICs: splitList(*nics)}
	if o.Server == "" || o.Token == "" {
		return errors.New("collect: --server and --token are required (the quote page's command line has both); " + collectUsage)
	}
	if *upload != "" {
		_, err := collect.Upload(ctx, *upload, o)
		return err
	}
	if *quote <= 0 {
		return errors.New("collect: --quote ID is required; " + collectUsage)
	}
	var err error
	if o.Hosts, err = hostList(*hosts, *hostfile); err != nil {
		return err
	}
	if o.Out == "" {
		o.Out = "gpuquote-evidence-" + strconv.FormatInt(*quote, 10)
	}
	_, err = collect.Run(ctx, o)
	return err
}

func splitList(s string) []string {
	var out []string
	for part := range strings.SplitSeq(s, ",") {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}

// hostList reads --hosts or --hostfile: a hostfile's first word a line,
// blank lines and # comments skipped.
func hostList(hosts, hostfile string) ([]string, error) {
	if hosts != "" && hostfile != "" {
		return nil, errors.New("collect: give --hosts or --hostfile, not both")
	}
	if hostfile == "" {
		return splitList(hosts), nil
	}
	f, err := os.Open(hostfile)
	if err != nil {
		return nil, fmt.Errorf("collect: --hostfile: %w", err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if fields := strings.Fields(line); len(fields) > 0 {
			out = append(out, fields[0])
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("collect: --hostfile: %w", err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("collect: --hostfile %s names no host", hostfile)
	}
	return out, nil
}

// buildVersion is the binary's module version or VCS revision.
func buildVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "gpuquote"
	}
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" {
			return "gpuquote " + s.Value[:min(len(s.Value), 12)]
		}
	}
	return "gpuquote " + info.Main.Version
}
