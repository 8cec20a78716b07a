package collect

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/gpuquote/gpuquote/internal/testplan"
)

// progress runs one step on its hosts, one line of progress each.
func (c *collector) progress(ctx context.Context, n, total int, st planStep) {
	for _, in := range c.instances(st) {
		prefix := fmt.Sprintf("[%d/%d] %s on %s: ", n, total, st.ID, hostsText(in.hosts))
		key := keyOf(testplan.Run{Step: st.ID, Hosts: in.hosts, Command: in.line})
		res := Result{Step: st.ID, Hosts: in.hosts}
		switch {
		case c.done[key] && !c.o.Again:
			res.Outcome, res.Detail = "skipped", "already uploaded (--again runs it again)"
		case c.o.DryRun:
			res.Outcome, res.Detail = "planned", in.line
		default:
			if tool := c.missingTool(in); tool != "" {
				res.Outcome, res.Detail = "skipped", tool+" is not on PATH"
				if st.Build != nil {
					res.Detail += "; build it from " + st.Build.Repo
				}
				break
			}
			res = c.runOne(ctx, in)
		}
		fmt.Fprintln(c.o.Stdout, prefix+res.Outcome+": "+res.Detail)
		c.results = append(c.results, res)
	}
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
	_ = writeRecord(c.o.Out, r)
	return res
}

// deliver uploads a kept output unless the collector is offline, and
// says what happened.
func (c *collector) deliver(ctx context.Context, r *record, content []byte) string {
	switch {
	case len(strings.TrimSpace(string(content))) == 0:
		r.Note = "no output"
		return "; no output to upload"
	case c.up.offline || c.stopped != nil:
		r.Note = "offline"
		return "; kept for --upload"
	}
	id, verdict, err := c.up.send(ctx, c.o.QuoteID, *r, content)
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
