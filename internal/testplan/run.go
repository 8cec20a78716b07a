package testplan

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/acceptance"
)

// Run is what the collector records about one step's run on its hosts; it
// travels with the upload as a small JSON part named "run", and the
// verdicts use it: the hosts are the nodes a run spans, the times order
// runs and bound a burn-in, a non-zero exit marks a failed run.
type Run struct {
	Step        string          `json:"step"`
	Test        acceptance.Test `json:"test,omitempty"`
	Hosts       []string        `json:"hosts"`
	Command     string          `json:"command"`
	Start       time.Time       `json:"start"`
	End         time.Time       `json:"end"`
	Exit        int             `json:"exit"`
	TimedOut    bool            `json:"timed_out,omitempty"`
	ToolVersion string          `json:"tool_version,omitempty"`
	Collector   string          `json:"collector,omitempty"` // the gpuquote version that ran it
}

// Limits on a run record, so one stays small.
const (
	maxRunHosts = 1024
	maxRunText  = 4000
)

// Check refuses a run record that is incomplete, too big or inconsistent.
func (r Run) Check() error {
	var errs []error
	if r.Step == "" || len(r.Step) > 200 {
		errs = append(errs, errors.New("step: 1 to 200 characters"))
	}
	if r.Test != "" && !r.Test.Valid() {
		errs = append(errs, fmt.Errorf("test: %q is not an acceptance test", r.Test))
	}
	if len(r.Hosts) == 0 || len(r.Hosts) > maxRunHosts {
		errs = append(errs, fmt.Errorf("hosts: 1 to %d", maxRunHosts))
	}
	for _, h := range r.Hosts {
		if h == "" || len(h) > 255 || strings.ContainsAny(h, " \t\n,") {
			errs = append(errs, fmt.Errorf("hosts: %q is not a host name", h))
			break
		}
	}
	if r.Command == "" || len(r.Command) > maxRunText || len(r.ToolVersion) > maxRunText || len(r.Collector) > 200 {
		errs = append(errs, fmt.Errorf("command and tool_version: at most %d characters, a command is required", maxRunText))
	}
	if r.Start.IsZero() || r.End.Before(r.Start) {
		errs = append(errs, errors.New("start and end: a start, and an end not before it"))
	}
	return errors.Join(errs...)
}

// Key names a run for resuming: the same step, hosts and command line are
// the same run.
func (r Run) Key() string { return r.Step + "\x00" + strings.Join(r.Hosts, ",") + "\x00" + r.Command }

// Failed reports a run that exited non-zero or was timed out.
func (r Run) Failed() bool { return r.Exit != 0 || r.TimedOut }

// Hours is how long the run took.
func (r Run) Hours() float64 { return r.End.Sub(r.Start).Hours() }

// CollectCommand is the command line that runs quote quoteID's plan on a
// cluster's login node and uploads to server with token.
func CollectCommand(server, token string, quoteID int64) string {
	return "gpuquote collect --server " + Quote(server) + " --token " + Quote(token) + " --quote " + fmt.Sprint(quoteID)
}
