// Package collect is `gpuquote collect`: it fetches a quote's test plan,
// runs each step whose tool is on PATH on the trial cluster's hosts (here,
// or through ssh, srun or mpirun as the plan says) with a timeout, keeps
// every output with what it knows about the run in a folder, and uploads
// each output to the quote as it finishes. A rerun skips what was already
// uploaded; with no server it keeps everything for `collect --upload`.
//
// It needs no root and no Go toolchain: it is the gpuquote binary.
package collect

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"time"
)

// Options are the command line's.
type Options struct {
	Server  string
	Token   string
	QuoteID int64
	// Hosts are the nodes; none means the host the collector runs on.
	Hosts   []string
	DryRun  bool
	Only    []string // step IDs; none means every step
	Out     string   // the folder every output is kept in
	Again   bool     // run steps already uploaded again
	Scratch string   // where fio writes its files; "." when empty
	// NICs are the cluster's RDMA devices, in the order of the plan's
	// ib_write_bw steps (mlx5_0, mlx5_1, … unless given).
	NICs []string
	// Timeout caps every step's timeout; 0 keeps the plan's.
	Timeout time.Duration
	// Version is the collector's, recorded with each run.
	Version string

	Stdout   io.Writer
	Client   *http.Client
	LookPath func(string) (string, error)
	Hostname func() (string, error)
	// PairDelay is how long a pair step's server gets to listen.
	PairDelay time.Duration
}

func (o *Options) defaults() {
	if o.Stdout == nil {
		o.Stdout = io.Discard
	}
	if o.Client == nil {
		o.Client = &http.Client{Timeout: 5 * time.Minute}
	}
	if o.LookPath == nil {
		o.LookPath = exec.LookPath
	}
	if o.Hostname == nil {
		o.Hostname = os.Hostname
	}
	if o.Scratch == "" {
		o.Scratch = "."
	}
	if o.PairDelay == 0 {
		o.PairDelay = 2 * time.Second
	}
	o.Server = strings.TrimRight(o.Server, "/")
}

// Result is one row of the summary: a step on its hosts and what became
// of it.
type Result struct {
	Step  string
	Hosts []string
	// Outcome is "uploaded"; "failed" (a non-zero exit or a timeout,
	// uploaded as a failed run when the server is reached); "kept" (ran,
	// not uploaded: offline, or nothing to upload); "skipped"; or
	// "planned" (--dry-run).
	Outcome string
	Detail  string // the verdict, or why it was skipped
}

// Run carries out the plan and returns the summary; the error is one that
// stopped it (a refused token, an unreadable folder).
func Run(ctx context.Context, o Options) ([]Result, error) {
	o.defaults()
	if err := os.MkdirAll(o.Out, 0o755); err != nil {
		return nil, fmt.Errorf("collect: --out %s: %w", o.Out, err)
	}
	c := &collector{o: o, up: &uploader{o: o}}
	plan, err := c.loadPlan(ctx)
	if err != nil {
		return nil, err
	}
	if err := c.setHosts(); err != nil {
		return nil, err
	}
	c.done = uploadedKeys(plan)
	for k := range keptKeys(o.Out) {
		c.done[k] = true
	}
	steps := plan.Steps
	if len(o.Only) > 0 {
		if unknown := unknownSteps(plan, o.Only); len(unknown) > 0 {
			return nil, fmt.Errorf("collect: --only names steps the plan does not have: %s", strings.Join(unknown, ", "))
		}
		steps = slices.DeleteFunc(slices.Clone(steps), func(s planStep) bool { return !slices.Contains(o.Only, s.ID) })
	}
	c.plan = plan
	for i, st := range steps {
		c.progress(ctx, i+1, len(steps), st)
		if err := ctx.Err(); err != nil {
			return c.results, err
		}
	}
	printSummary(o.Stdout, c.results)
	if c.stopped != nil {
		return c.results, c.stopped
	}
	return c.results, nil
}

func unknownSteps(p fetchedPlan, only []string) []string {
	var out []string
	for _, id := range only {
		if !slices.ContainsFunc(p.Steps, func(s planStep) bool { return s.ID == id }) {
			out = append(out, id)
		}
	}
	return out
}

// collector is one run of the plan.
type collector struct {
	o       Options
	up      *uploader
	plan    fetchedPlan
	hosts   []string
	local   map[string]bool
	done    map[string]bool
	results []Result
	// mu guards what the hosts of one step share: done, stopped, the
	// uploader's offline flag and the output.
	mu      sync.Mutex
	stopped error // a refusal that stopped the uploads
}

// setHosts names the nodes; the host the collector runs on is local.
func (c *collector) setHosts() error {
	name, err := c.o.Hostname()
	if err != nil {
		name = "localhost"
	}
	c.local = map[string]bool{"localhost": true, name: true}
	if short, _, ok := strings.Cut(name, "."); ok {
		c.local[short] = true
	}
	c.hosts = c.o.Hosts
	if len(c.hosts) == 0 {
		c.hosts = []string{name}
	}
	return nil
}

// loadPlan fetches the plan and keeps it in the folder; with no server
// it reads the one kept there by an earlier run.
func (c *collector) loadPlan(ctx context.Context) (fetchedPlan, error) {
	p, err := c.up.fetchPlan(ctx)
	var off *offlineError
	switch {
	case errors.As(err, &off):
		fmt.Fprintf(c.o.Stdout, "server unreachable (%v): working offline; `gpuquote collect --upload %s` sends the outputs later\n", off.err, c.o.Out)
		c.up.offline = true
		kept, kerr := readPlan(c.o.Out)
		if kerr != nil {
			return p, fmt.Errorf("collect: the server cannot be reached and %s holds no plan from an earlier run: %w", c.o.Out, off.err)
		}
		return kept, nil
	case err != nil:
		return p, err
	}
	return p, writePlan(c.o.Out, p)
}
