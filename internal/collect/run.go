package collect

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/testplan"
)

// instance is one step on its hosts: the command to run where.
type instance struct {
	step   planStep
	hosts  []string // what the run record names
	where  string   // the host the command runs on ("" for the launcher, here)
	argv   []string // expanded, with the environment as env K=V for remote hosts
	env    []string // added to a local command's environment
	server []string // a pair step's listening side, run on peer
	peer   string
	line   string // the command line recorded and shown
}

// instances expands a step for the hosts.
func (c *collector) instances(st planStep) []instance {
	e := expansion{hosts: c.o.Hosts, gpus: max(c.plan.GPUsPerNode, 1), nodes: c.plan.Nodes, scratch: c.o.Scratch}
	switch st.Where {
	case testplan.EachHost:
		out := make([]instance, len(c.hosts))
		for i, h := range c.hosts {
			out[i] = c.instance(st, e, []string{h}, h)
		}
		return out
	case testplan.HostPair:
		st = c.withNIC(st)
		first, peer := c.hosts[0], c.hosts[0]
		if len(c.hosts) > 1 {
			peer = c.hosts[1]
		}
		e.peer = peer
		if c.local[peer] {
			e.peer = "localhost"
		}
		in := c.instance(st, e, uniq(first, peer), first)
		if st.Server != nil {
			in.server, in.peer = e.expand(st.Server.Argv), peer
		}
		return []instance{in}
	case testplan.Launcher:
		in := c.instance(st, e, c.hosts, "")
		return []instance{in}
	}
	return []instance{c.instance(st, e, c.hosts[:1], c.hosts[0])}
}

// withNIC puts the cluster's own RDMA device (--nics, in order) in place
// of the plan's conventional mlx5_N in a perftest step.
func (c *collector) withNIC(st planStep) planStep {
	_, n, ok := strings.Cut(st.ID, "-mlx5_")
	i, err := strconv.Atoi(n)
	if !ok || err != nil || i >= len(c.o.NICs) {
		return st
	}
	swap := func(cmd testplan.Command) testplan.Command {
		argv := slices.Clone(cmd.Argv)
		for j := 1; j < len(argv); j++ {
			if argv[j-1] == "-d" {
				argv[j] = c.o.NICs[i]
			}
		}
		cmd.Argv = argv
		return cmd
	}
	st.Command = swap(st.Command)
	if st.Server != nil {
		srv := swap(*st.Server)
		st.Server = &srv
	}
	return st
}

func uniq(a, b string) []string {
	if a == b {
		return []string{a}
	}
	return []string{a, b}
}

func (c *collector) instance(st planStep, e expansion, hosts []string, where string) instance {
	argv := e.expand(st.Command.Argv)
	in := instance{step: st, hosts: hosts, where: where, argv: argv, env: st.Command.Env}
	in.line = testplan.Command{Argv: argv, Env: st.Command.Env}.Shell()
	return in
}

// remote reports whether the instance runs on another node.
func (c *collector) remote(in instance) bool { return in.where != "" && !c.local[in.where] }

// wrap turns argv into the command that runs it on host: as is here, or
// through ssh or srun.
func (c *collector) wrap(host string, argv, env []string, inToolDir bool, tool string) []string {
	if host == "" || c.local[host] {
		return argv
	}
	line := testplan.Command{Argv: argv, Env: env}.Shell()
	if inToolDir {
		line = `cd "$(dirname "$(command -v ` + tool + `)")" && exec ` + line
	}
	if c.plan.Remote == "srun" {
		return []string{"srun", "--nodes=1", "--ntasks=1", "--nodelist=" + host, "sh", "-c", line}
	}
	return []string{"ssh", "-o", "BatchMode=yes", host, "--", "sh -c " + testplan.Quote(line)}
}

// outcome is what running one instance gave.
type outcome struct {
	output   []byte
	start    time.Time
	end      time.Time
	exit     int
	timedOut bool
	missing  bool // the tool was not found on the node
}

// execute runs the instance with the step's timeout.
func (c *collector) execute(ctx context.Context, in instance) outcome {
	ctx, cancel := context.WithTimeout(ctx, c.timeout(in.step))
	defer cancel()
	if in.server != nil {
		srv := c.command(ctx, c.wrap(in.peer, in.server, in.env, false, in.step.Tool), in)
		if err := srv.Start(); err == nil {
			defer func() { _ = srv.Cancel(); _ = srv.Wait() }()
			time.Sleep(c.o.PairDelay)
		}
	}
	cmd := c.command(ctx, c.wrap(in.where, in.argv, in.env, in.step.InToolDir, in.step.Tool), in)
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	o := outcome{start: time.Now().UTC()}
	err := cmd.Run()
	o.end, o.output = time.Now().UTC(), buf.Bytes()
	var exitErr *exec.ExitError
	switch {
	case ctx.Err() == context.DeadlineExceeded:
		o.timedOut, o.exit = true, -1
		if exitErr, ok := err.(*exec.ExitError); ok && exitErr.ExitCode() > 0 {
			o.exit = exitErr.ExitCode()
		}
	case errors.As(err, &exitErr):
		o.exit = exitErr.ExitCode()
		o.missing = c.remote(in) && o.exit == 127 // sh: not found on the node
	case err != nil:
		o.exit, o.missing = -1, true
		o.output = append(o.output, []byte(err.Error()+"\n")...)
	}
	if in.step.KeepLines != "" {
		o.output = keepLines(o.output, in.step.KeepLines)
	}
	return o
}

// timeout is the step's, capped by --timeout.
func (c *collector) timeout(st planStep) time.Duration {
	timeout := time.Duration(st.TimeoutS) * time.Second
	if c.o.Timeout > 0 && (timeout == 0 || c.o.Timeout < timeout) {
		timeout = c.o.Timeout
	}
	return timeout
}

// command builds the process: in its own process group, so a timeout
// kills the tool and everything it started.
func (c *collector) command(ctx context.Context, argv []string, in instance) *exec.Cmd {
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	if !c.remote(in) {
		cmd.Env = append(os.Environ(), in.env...)
		if in.step.InToolDir {
			if path, err := c.o.LookPath(in.step.Tool); err == nil {
				cmd.Dir = filepath.Dir(path)
			}
		}
	}
	killGroup(cmd)
	cmd.WaitDelay = 2 * time.Second
	return cmd
}

func keepLines(b []byte, text string) []byte {
	var out bytes.Buffer
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if strings.Contains(sc.Text(), text) {
			out.Write(sc.Bytes())
			out.WriteByte('\n')
		}
	}
	return out.Bytes()
}

// toolVersion is the first line the step's version command prints on the
// node, "" when there is none.
func (c *collector) toolVersion(ctx context.Context, in instance) string {
	if len(in.step.Version) == 0 {
		return ""
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	cmd := c.command(ctx, c.wrap(in.where, in.step.Version, nil, false, ""), in)
	out, _ := cmd.CombinedOutput()
	for line := range strings.SplitSeq(string(out), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			return line[:min(len(line), 200)]
		}
	}
	return ""
}

// missingTool names what is not on PATH here for a step that runs here.
func (c *collector) missingTool(in instance) string {
	if c.remote(in) {
		return "" // found out on the node
	}
	need := []string{in.step.Tool}
	if in.step.Where == testplan.Launcher && len(in.argv) > 0 && in.argv[0] != in.step.Tool {
		need = append(need, in.argv[0]) // mpirun or srun
	}
	for _, t := range need {
		if _, err := c.o.LookPath(t); err != nil {
			return t
		}
	}
	return ""
}

func durationText(d time.Duration) string {
	if d < time.Second {
		return d.Round(time.Millisecond).String()
	}
	return d.Round(time.Second).String()
}

func hostsText(h []string) string {
	if len(h) > 3 {
		return fmt.Sprintf("%s… (%d hosts)", strings.Join(h[:3], ","), len(h))
	}
	return strings.Join(h, ",")
}
