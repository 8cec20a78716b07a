// Package testplan turns a quote, its brief and the acceptance suite into
// the commands that prove the quote's claims on a trial cluster: which
// tool to run, with which flags, on which hosts, how long it takes, which
// acceptance test its output feeds and the band it will be judged by.
//
// The package is pure: it builds text, never runs or downloads anything.
// The web layer shows the plan and serves it to `gpuquote collect`, which
// runs it; a shell script rendering lets an engineer run it by hand.
package testplan

import (
	"time"

	"github.com/gpuquote/gpuquote/internal/acceptance"
	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// Where says on which hosts a step runs.
type Where string

// Where a step runs.
const (
	// EachHost runs the command on every node (through Plan.Remote when the
	// node is not the one the collector runs on).
	EachHost Where = "each"
	// FirstHost runs it once, on the first node (shared storage, a
	// single-node NCCL run).
	FirstHost Where = "first"
	// HostPair starts Server on the second node and Command on the first,
	// pointed at the second ({peer}); with one node both run locally.
	HostPair Where = "pair"
	// Launcher runs Command where the collector runs: the command is
	// mpirun or srun, which starts the ranks on every node itself.
	Launcher Where = "launcher"
)

// Placeholders in a command's arguments, filled by whoever runs the plan.
// An argument whose placeholder is filled with nothing is dropped.
const (
	PHosts    = "{hosts}"    // mpirun: h1:8,h2:8 (each host with the GPUs per node as slots)
	PNodeList = "{nodelist}" // srun: h1,h2
	PNodes    = "{nodes}"    // the number of hosts
	PRanks    = "{ranks}"    // hosts × GPUs per node
	PPeer     = "{peer}"     // a pair step's listening host
	PScratch  = "{scratch}"  // the folder fio writes its files in
)

// Command is a program and its arguments, with the environment it needs.
type Command struct {
	Argv []string `json:"argv"`
	Env  []string `json:"env,omitempty"` // NAME=value, added to the tool's environment
}

// Band is what a step's output will be judged against: a message key (the
// catalog's "plan.band.<...>") with its arguments, and where the figure
// comes from.
type Band struct {
	Key  string            `json:"key"`
	Args map[string]string `json:"args,omitempty"`
	// Source cites where the figures come from, in English; SourceKey,
	// when set, is the same as a catalog key ("plan.src.<...>") for a band
	// that comes from the quote, the brief or a default.
	Source    string `json:"source"`
	SourceKey string `json:"source_key,omitempty"`
}

// Build says how to build a tool the cluster may lack from its public
// repository. The plan only prints it; nothing is downloaded for you.
type Build struct {
	Repo     string   `json:"repo"`
	Commands []string `json:"commands"`
	Note     string   `json:"note_key,omitempty"` // catalog key "plan.build.<...>"
}

// Step is one command of the plan.
type Step struct {
	ID      string          `json:"id"`
	Tool    string          `json:"tool"`           // the program that must be on PATH
	Kind    string          `json:"kind,omitempty"` // the log format its output is read as; "" detects
	Test    acceptance.Test `json:"test"`
	Where   Where           `json:"where"`
	Command Command         `json:"command"`
	// Server is a pair step's listening side.
	Server *Command `json:"server,omitempty"`
	// Version prints the tool's version, kept with the output.
	Version []string `json:"version,omitempty"`
	// KeepLines keeps only the output lines containing this text (the
	// kernel log's driver lines), so an excerpt is uploaded, not the log.
	KeepLines string `json:"keep_lines,omitempty"`
	// InToolDir runs the tool from the folder it is in (gpu-burn reads
	// its compare.ptx from the working directory).
	InToolDir bool `json:"in_tool_dir,omitempty"`
	// ExitNotJudged: the exit status says nothing about the cluster (a
	// kernel log the user may not be allowed to read), so a failed run
	// fails no test.
	ExitNotJudged bool          `json:"exit_not_judged,omitempty"`
	Duration      time.Duration `json:"-"`
	Timeout       time.Duration `json:"-"`
	// DurationS and TimeoutS are the same in seconds, for JSON.
	DurationS int64  `json:"duration_s"`
	TimeoutS  int64  `json:"timeout_s"`
	Band      Band   `json:"band"`
	Build     *Build `json:"build,omitempty"`
}

// Omission is a step the plan leaves out for this quote, and why
// (catalog key "plan.omit.<Reason>").
type Omission struct {
	Step   string `json:"step"`
	Reason string `json:"reason"`
}

// Plan is every step for one quote, in the order they run.
type Plan struct {
	Nodes       int    `json:"nodes"`         // the quoted node count
	GPUsPerNode int    `json:"gpus_per_node"` // 0 when the quote does not say
	Fabric      string `json:"fabric,omitempty"`
	// Remote is how a step reaches another node: "ssh", or "srun" on a
	// Slurm cluster.
	Remote  string     `json:"remote"`
	Steps   []Step     `json:"steps"`
	Omitted []Omission `json:"omitted"`
	// TotalS is the plan's running time in seconds: steps one after the
	// other, each on all its hosts at once.
	TotalS int64 `json:"total_s"`
}

// shape is what the plan is built from: the quote's cluster and the
// brief's requirements, with defaults where they say nothing.
type shape struct {
	q        quote.Quote
	b        brief.Brief
	nodes    int
	gpus     int
	fabric   quote.Fabric
	nvlink   bool
	mig      bool
	launcher string // "mpirun" or "srun"
}

func shapeOf(q quote.Quote, b brief.Brief) shape {
	sh := shape{q: q, b: b, nodes: 1, launcher: "mpirun"}
	if n, ok := q.Nodes.Get(); ok && n > 0 {
		sh.nodes = int(n)
	}
	if n, ok := q.GPUsPerNode.Get(); ok && n > 0 {
		sh.gpus = int(n)
	}
	sh.fabric, _ = q.InterNodeFabric.Get()
	intra, _ := q.IntraNode.Get()
	ff, _ := q.FormFactor.Get()
	sh.nvlink = intra == quote.IntraNodeNVLink || intra == quote.IntraNodeNVSwitch || (intra == "" && ff == quote.FormFactorSXM)
	part, _ := q.GPUPartitioning.Get()
	sh.mig = part == quote.PartitioningMIG
	if b["scheduler"] == "slurm" {
		sh.launcher = "srun"
	}
	return sh
}

// multiNode is a quote of several nodes joined by a fabric worth testing.
func (sh shape) multiNode() bool {
	return sh.nodes > 1 && sh.fabric != "" && sh.fabric != quote.FabricNone
}

// New builds the plan that proves quote q's claims for brief b.
func New(q quote.Quote, b brief.Brief) Plan {
	sh := shapeOf(q, b)
	p := Plan{Nodes: sh.nodes, GPUsPerNode: sh.gpus, Fabric: string(sh.fabric), Remote: "ssh", Omitted: []Omission{}}
	if sh.launcher == "srun" {
		p.Remote = "srun"
	}
	for _, add := range []func(shape, *Plan){inventorySteps, diagSteps, fabricSteps, ncclSteps, storageSteps, burnSteps, kernelSteps} {
		add(sh, &p)
	}
	for i := range p.Steps {
		st := &p.Steps[i]
		st.DurationS, st.TimeoutS = int64(st.Duration/time.Second), int64(st.Timeout/time.Second)
		p.TotalS += st.DurationS
	}
	return p
}

func (p *Plan) add(s Step) { p.Steps = append(p.Steps, s) }
func (p *Plan) omit(step, reason string) {
	p.Omitted = append(p.Omitted, Omission{Step: step, Reason: reason})
}

// Step returns the step with this ID.
func (p Plan) Step(id string) (Step, bool) {
	for _, s := range p.Steps {
		if s.ID == id {
			return s, true
		}
	}
	return Step{}, false
}
