package collect

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/gpuquote/gpuquote/internal/testplan"
)

// progress runs one step on all its hosts at once (a 12-hour burn-in runs
// on every node together, not one node after another) and prints a line
// per host as each finishes.
func (c *collector) progress(ctx context.Context, n, total int, st planStep) {
	ins := c.instances(st)
	results := make([]Result, len(ins))
	var wg sync.WaitGroup
	for i, in := range ins {
		prefix := fmt.Sprintf("[%d/%d] %s on %s: ", n, total, st.ID, hostsText(in.hosts))
		if !c.o.DryRun {
			c.say(prefix + "running, at most " + durationText(c.timeout(st)))
		}
		wg.Go(func() {
			results[i] = c.one(ctx, in)
			c.say(prefix + results[i].Outcome + ": " + results[i].Detail)
		})
	}
	wg.Wait()
	c.results = append(c.results, results...)
}

// one decides what to do with an instance and does it.
func (c *collector) one(ctx context.Context, in instance) Result {
	res := Result{Step: in.step.ID, Hosts: in.hosts}
	key := keyOf(testplan.Run{Step: in.step.ID, Hosts: in.hosts, Command: in.line})
	switch {
	case c.isDone(key) && !c.o.Again:
		res.Outcome, res.Detail = "skipped", "already uploaded (--again runs it again)"
	case c.o.DryRun:
		res.Outcome, res.Detail = "planned", in.line
	default:
		if tool := c.missingTool(in); tool != "" {
			res.Outcome, res.Detail = "skipped", tool+" is not on PATH"
			if in.step.Build != nil {
				res.Detail += "; build it from " + in.step.Build.Repo
			}
			return res
		}
		return c.runOne(ctx, in)
	}
	return res
}

// say prints one line; hosts finish in any order.
func (c *collector) say(line string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	fmt.Fprintln(c.o.Stdout, line)
}

func (c *collector) isDone(key string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.done[key]
}

// runOne runs an instance, keeps its output and record, and uploads it.
func (c *collector) runOne(ctx context.Context, in instance) Result {
	res := Result{Step: in.step.ID, Hosts: in.hosts}
	o := c.execute(ctx, in)
	if o.missing {
		res.Outcome, res.Detail = "skipped", in.step.Tool+" is not found on "+hostsText(in.hosts)
		return res
	}
	run := testplan.Run{Step: in.step.ID, Test: in.step.Test, Hosts: in.hosts, Command: in.line, Start: o.start, End: o.end,
		Exit: o.exit, TimedOut: o.timedOut, ToolVersion: c.toolVersion(ctx, in), Collector: c.o.Version}
	if in.step.ExitNotJudged {
		run.Test = ""
	}
	r := record{QuoteID: c.o.QuoteID, Server: c.o.Server, Kind: in.step.Kind, File: fileBase(run) + ".log", Run: run}
	state := fmt.Sprintf("exit %d in %s", o.exit, durationText(o.end.Sub(o.start)))
	if o.timedOut {
		state = "timed out after " + durationText(o.end.Sub(o.start))
	}
	res.Outcome, res.Detail = "kept", state
	if run.Failed() {
		res.Outcome = "failed"
	}
	if err := os.WriteFile(filepath.Join(c.o.Out, r.File), o.output, 0o644); err != nil {
		res.Detail += "; not kept: " + err.Error()
		return res
	}
	res.Detail += c.deliver(ctx, &r, o.output)
	if r.Uploaded > 0 && !run.Failed() {
		res.Outcome = "uploaded"
	}
	_ = writeRecord(c.o.Out, r)
	return res
}

// deliver uploads a kept output unless the collector is offline, and
// says what happened.
func (c *collector) deliver(ctx context.Context, r *record, content []byte) string {
	c.mu.Lock()
	offline, stopped := c.up.offline, c.stopped != nil
	c.mu.Unlock()
	switch {
	case len(strings.TrimSpace(string(content))) == 0:
		r.Note = "no output"
		return "; no output to upload"
	case offline || stopped:
		r.Note = "offline"
		return "; kept for --upload"
	}
	id, verdict, err := c.up.send(ctx, c.o.QuoteID, *r, content)
	c.mu.Lock()
	defer c.mu.Unlock()
	var off *offlineError
	var refused *refusedError
	switch {
	case errors.As(err, &off):
		c.up.offline, r.Note = true, "offline"
		return "; server unreachable, kept for --upload"
	case errors.As(err, &refused):
		c.stopped, r.Note = fmt.Errorf("collect: %w", err), err.Error()
		return "; " + err.Error()
	case err != nil:
		r.Note = err.Error()
		return "; upload refused: " + err.Error()
	}
	r.Uploaded, r.Verdict = id, verdict
	c.done[keyOf(r.Run)] = true
	return fmt.Sprintf("; uploaded #%d, verdict %s", id, verdict)
}
