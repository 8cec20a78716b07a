package verdict

import (
	"sort"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// Gates are what a buyer gates a trial cluster on before signing, the way
// providers gate their own nodes: every node burnt in for the brief's
// hours, and enough of the quoted nodes healthy.
type Gates struct {
	BurnIn       BurnInGate       `json:"burn_in"`
	HealthyNodes HealthyNodesGate `json:"healthy_nodes"`
}

// DefaultReservedBurnInHours is the burn-in a reserved cluster gets when
// the brief states none (SF Compute lists a cluster only after a 48-hour
// acceptance); on demand needs none.
const DefaultReservedBurnInHours = 48

// BurnInGate: the hours every node must burn in (Required, 0 for none)
// and what the runs show per node, added up per node and never across
// nodes. Measured is the least burnt-in node's hours (of the nodes with a
// run).
type BurnInGate struct {
	Required float64 `json:"required"` // hours
	// Source says where Required comes from: "brief", "reserved" (the
	// default for a reserved quote) or "on_demand" (no burn-in asked).
	Source   string     `json:"source"`
	Measured float64    `json:"measured"` // hours
	Status   Status     `json:"status"`
	Nodes    []NodeBurn `json:"nodes"`
	Quoted   int        `json:"quoted_nodes"`
	Met      int        `json:"nodes_met"` // nodes at or above Required
}

// NodeBurn is one node's burn-in: its runs' hours added up.
type NodeBurn struct {
	Node   string  `json:"node"`
	Hours  float64 `json:"hours"`
	Runs   int     `json:"runs"`
	Failed bool    `json:"failed,omitempty"`
	// Untimed counts runs whose log states no length: the node may have
	// burnt in longer than Hours.
	Untimed int `json:"untimed,omitempty"`
}

// HealthyNodesGate: how many quoted nodes have a passing health run and
// no failing one, against how many the brief requires.
type HealthyNodesGate struct {
	Required  int          `json:"required"`
	Measured  int          `json:"measured"` // healthy nodes
	Quoted    int          `json:"quoted_nodes"`
	Status    Status       `json:"status"`
	Unhealthy []NodeHealth `json:"unhealthy,omitempty"`
	// Unattributed counts health runs that name no node on a quote of
	// several: they cannot make any one node healthy.
	Unattributed int `json:"unattributed,omitempty"`
}

// NodeHealth is an unhealthy node and why, in short words ("Xid 79",
// "ECC", "dcgmi diag", "dcgmi health").
type NodeHealth struct {
	Node    string   `json:"node"`
	Reasons []string `json:"reasons"`
}

// quotedNodes is the node count the gates hold evidence against.
func quotedNodes(q quote.Quote) int {
	if n, ok := q.Nodes.Get(); ok && n > 0 {
		return int(n)
	}
	return 1
}

// uploadNodes are the nodes an upload ran on: the node ids it was
// uploaded with; on a one-node quote an upload naming none is that node.
// nil when it cannot be placed.
func uploadNodes(in Input, u Upload) []string {
	if len(u.Nodes) > 0 {
		return u.Nodes
	}
	if quotedNodes(in.Quote) == 1 {
		return []string{""}
	}
	return nil
}

func evaluateGates(in Input, reps []UploadReport) Gates {
	return Gates{BurnIn: burnInGate(in), HealthyNodes: healthyNodesGate(in, reps)}
}

// requiredBurnIn reads the brief's burn-in hours, or the default for the
// quote's rental model.
func requiredBurnIn(in Input) (float64, string) {
	if h, ok := in.Brief.Float("burn_in_hours"); ok {
		return h, "brief"
	}
	if rm, ok := in.Quote.RentalModel.Get(); ok && rm == quote.RentalReserved {
		return DefaultReservedBurnInHours, "reserved"
	}
	return 0, "on_demand"
}

func burnInGate(in Input) BurnInGate {
	g := BurnInGate{Quoted: quotedNodes(in.Quote), Status: Unproven}
	g.Required, g.Source = requiredBurnIn(in)
	per := map[string]*NodeBurn{}
	for _, u := range in.Uploads {
		h, isBurn, failed := burnHours(u.Result)
		if u.Withdrawn || !isBurn {
			continue
		}
		for _, n := range uploadNodes(in, u) {
			nb := per[n]
			if nb == nil {
				nb = &NodeBurn{Node: n}
				per[n] = nb
			}
			nb.Hours, nb.Runs, nb.Failed = nb.Hours+h, nb.Runs+1, nb.Failed || failed
			if h == 0 {
				nb.Untimed++
			}
		}
	}
	failed, untimedShort := false, false
	for _, nb := range per {
		g.Nodes = append(g.Nodes, *nb)
		failed = failed || nb.Failed
		if nb.Hours >= g.Required {
			g.Met++
		} else if nb.Untimed > 0 {
			untimedShort = true // short by what its logs say, but one log says nothing
		}
	}
	sort.Slice(g.Nodes, func(i, j int) bool { return g.Nodes[i].Node < g.Nodes[j].Node })
	for i, nb := range g.Nodes {
		if i == 0 || nb.Hours < g.Measured {
			g.Measured = nb.Hours
		}
	}
	switch {
	case failed:
		g.Status = Fail
	case g.Required == 0:
		g.Status = Info // nothing asked: recorded
	case untimedShort:
		g.Status = Unproven
	case len(g.Nodes) > 0 && g.Measured < g.Required:
		g.Status = Low // too short
	case g.Met >= g.Quoted:
		g.Status = Pass
	}
	return g
}

// nodeHealth gathers one node's health evidence.
type nodeHealth struct {
	pass    bool
	reasons []string
}

func healthyNodesGate(in Input, reps []UploadReport) HealthyNodesGate {
	g := HealthyNodesGate{Quoted: quotedNodes(in.Quote), Status: Unproven}
	g.Required = g.Quoted
	if n, ok := in.Brief.Int("healthy_nodes_required"); ok && n >= 0 {
		g.Required = int(n)
	}
	nodes := map[string]*nodeHealth{}
	at := func(n string) *nodeHealth {
		if nodes[n] == nil {
			nodes[n] = &nodeHealth{}
		}
		return nodes[n]
	}
	for i, u := range in.Uploads {
		if u.Withdrawn || u.Result == nil {
			continue
		}
		if kl := u.Result.KernelLog; kl != nil && len(kl.Hosts) > 0 {
			kernelLogHealth(kl, at) // the log names its hosts
			continue
		}
		pass, reasons, relevant := uploadHealth(u.Result, reps[i].Checks)
		if !relevant {
			continue
		}
		placed := uploadNodes(in, u)
		if placed == nil {
			g.Unattributed++
			continue
		}
		for _, n := range placed {
			nh := at(n)
			nh.pass = nh.pass || pass
			nh.reasons = appendNew(nh.reasons, reasons...)
		}
	}
	names := make([]string, 0, len(nodes))
	for n := range nodes {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		nh := nodes[n]
		switch {
		case len(nh.reasons) > 0:
			g.Unhealthy = append(g.Unhealthy, NodeHealth{Node: n, Reasons: nh.reasons})
		case nh.pass:
			g.Measured++
		}
	}
	g.Measured = min(g.Measured, g.Quoted)
	switch {
	case g.Measured >= g.Required:
		g.Status = Pass
	case g.Quoted-len(g.Unhealthy) < g.Required:
		g.Status = Fail // too many nodes failed for the rest to make up the count
	}
	return g
}

// kernelLogHealth: every host the driver logged on is healthy unless it
// logged a fatal Xid.
func kernelLogHealth(kl *benchlog.KernelLogReport, at func(string) *nodeHealth) {
	for _, h := range kl.Hosts {
		at(h).pass = true
	}
	for _, ev := range kl.Xids {
		if info, _ := benchlog.Xid(ev.Code); info.Severity == benchlog.XidFatal {
			nh := at(ev.Host)
			nh.reasons = appendNew(nh.reasons, "Xid "+strconv.Itoa(ev.Code))
		}
	}
}

// uploadHealth reads an upload's checks as a health run: pass when it
// shows clean GPUs (ECC known and clean, dcgmi diag or health passed, a
// kernel log without Xid), reasons when it shows a fault. relevant is
// false for uploads that say nothing about health.
func uploadHealth(r *benchlog.Result, checks []Check) (pass bool, reasons []string, relevant bool) {
	for _, c := range checks {
		switch {
		case c.Status == Pass && (c.ID == "gpu_ecc" || c.ID == "dcgm_summary" || c.ID == "dcgm_health" || c.ID == "xid_clean"):
			pass, relevant = true, true
		case c.Status != Fail:
		case c.ID == "xid":
			reasons, relevant = appendNew(reasons, "Xid "+strconv.Itoa(c.Args["Code"].(int))), true
		case c.Key == "bench.check.gpu_memory_fault":
			reasons, relevant = appendNew(reasons, string(c.Args["Fault"].(MemoryFault))), true
		case c.ID == "gpu_ecc" || c.ID == "gpu_read_error":
			reasons, relevant = appendNew(reasons, "ECC"), true
		case c.ID == "dcgm_summary" || c.ID == "dcgm_test":
			reasons, relevant = appendNew(reasons, "dcgmi diag"), true
		case c.ID == "dcgm_health":
			reasons, relevant = appendNew(reasons, "dcgmi health"), true
		}
	}
	return pass, reasons, relevant
}

func appendNew(list []string, items ...string) []string {
	for _, s := range items {
		found := false
		for _, x := range list {
			found = found || x == s
		}
		if !found {
			list = append(list, s)
		}
	}
	return list
}

// Summary words the unhealthy nodes for the gate's line: "gpu-node-06:
// Xid 79; gpu-node-02: ECC".
func (g HealthyNodesGate) Summary() string {
	parts := make([]string, 0, len(g.Unhealthy))
	for _, u := range g.Unhealthy {
		name := u.Node
		if name == "" {
			name = "?"
		}
		parts = append(parts, name+": "+strings.Join(u.Reasons, ", "))
	}
	return strings.Join(parts, "; ")
}
