package verdict

import (
	"reflect"
	"testing"

	"github.com/gpuquote/gpuquote/internal/acceptance"
	"github.com/gpuquote/gpuquote/internal/brief"
)

func on(u Upload, nodes ...string) Upload {
	u.Nodes = nodes
	return u
}

// One journalctl excerpt of eight hosts with one Xid 79: 7 of 8 nodes
// healthy, which fails the default gate (every quoted node) and passes a
// brief that asks for 7; the Xid fails GPU health.
func TestHealthyNodesGateFromAKernelLog(t *testing.T) {
	q := quoteOf(t, map[string]string{"gpu_model": "H100", "gpus_per_node": "8", "nodes": "8"})
	up := sample(t, "written/kernel-log-journalctl-8node-one-xid79.txt")
	rep := Evaluate(Input{Quote: q, Uploads: []Upload{up}})
	g := rep.Gates.HealthyNodes
	if g.Measured != 7 || g.Quoted != 8 || g.Required != 8 || g.Status != Fail ||
		!reflect.DeepEqual(g.Unhealthy, []NodeHealth{{Node: "gpu-node-06", Reasons: []string{"Xid 79"}}}) {
		t.Errorf("gate %+v", g)
	}
	if g.Summary() != "gpu-node-06: Xid 79" {
		t.Errorf("summary %q", g.Summary())
	}
	if st := outcome(rep, acceptance.GPUHealth); st != Fail {
		t.Errorf("GPU health %s; checks %v", st, got(rep.Uploads[0]))
	}
	rep = Evaluate(Input{Quote: q, Brief: brief.Brief{"healthy_nodes_required": "7"}, Uploads: []Upload{up}})
	if g := rep.Gates.HealthyNodes; g.Status != Pass || g.Required != 7 {
		t.Errorf("with 7 required: %+v", g)
	}
}

// Health runs count per node: an nvidia-smi -q with clean ECC and a dcgmi
// diag pass make their nodes healthy; a run naming no node on a
// multi-node quote cannot; an Xid 48 on a node makes it unhealthy.
func TestHealthyNodesGatePerNode(t *testing.T) {
	q := quoteOf(t, map[string]string{"gpu_model": "A100", "gpus_per_node": "8", "nodes": "3"})
	dcgm := sample(t, "dcgmi/aws-p4de-a100-r2-nvlinks-expected-pass.txt")
	xid := sample(t, "written/dmesg-T-xid-63-and-48.txt")
	rep := Evaluate(Input{Quote: q, Uploads: []Upload{on(dcgm, "n1"), on(dcgm, "n2"), on(xid, "n2"), dcgm}})
	g := rep.Gates.HealthyNodes
	if g.Measured != 1 || g.Unattributed != 1 || g.Status != Fail || len(g.Unhealthy) != 1 || g.Unhealthy[0].Node != "n2" {
		t.Errorf("gate %+v", g)
	}
}

// Burn-in adds up per node, never across nodes, and is held against the
// brief's hours (48 h by default on a reserved quote, none on demand).
func TestBurnInGate(t *testing.T) {
	reserved := quoteOf(t, map[string]string{"gpu_model": "H100", "gpus_per_node": "8", "nodes": "2", "rental_model": "reserved"})
	hour := sample(t, "written/gpu-burn-h100x8-1h.txt")
	tests := []struct {
		name     string
		b        brief.Brief
		uploads  []Upload
		status   Status
		measured float64
		test     Status
	}{
		{"48 h by default: an hour is too short", nil, []Upload{on(hour, "a"), on(hour, "b")}, Low, 1, Low},
		{"two hours on a and one on b do not make two each", brief.Brief{"burn_in_hours": "2"},
			[]Upload{on(hour, "a"), on(hour, "a"), on(hour, "b")}, Low, 1, Low},
		{"two hours on each node pass", brief.Brief{"burn_in_hours": "2"},
			[]Upload{on(hour, "a"), on(hour, "a"), on(hour, "b"), on(hour, "b")}, Pass, 2, Pass},
		{"one node burnt in of two is not every node", brief.Brief{"burn_in_hours": "1"}, []Upload{on(hour, "a")}, Unproven, 1, Pass},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := Evaluate(Input{Quote: reserved, Brief: tt.b, Uploads: tt.uploads})
			g := rep.Gates.BurnIn
			if g.Status != tt.status || g.Measured != tt.measured {
				t.Errorf("gate %+v", g)
			}
			if st := outcome(rep, acceptance.BurnIn); st != tt.test {
				t.Errorf("burn-in test %s, want %s", st, tt.test)
			}
		})
	}
	onDemand := quoteOf(t, map[string]string{"gpu_model": "H100", "gpus_per_node": "8", "rental_model": "on_demand"})
	rep := Evaluate(Input{Quote: onDemand, Uploads: []Upload{hour}})
	if g := rep.Gates.BurnIn; g.Required != 0 || g.Status != Info || outcome(rep, acceptance.BurnIn) != Pass {
		t.Errorf("on demand: %+v, test %s", g, outcome(rep, acceptance.BurnIn))
	}
	// A dcgmi diag -r 4 timed at 2.2 h is a burn-in of that length; a
	// gpu-burn killed at 40 % of 48 h burnt 19.2 h.
	one := quoteOf(t, map[string]string{"gpu_model": "H100", "gpus_per_node": "8", "rental_model": "reserved"})
	rep = Evaluate(Input{Quote: one, Brief: brief.Brief{"burn_in_hours": "2"}, Uploads: []Upload{sample(t, "written/dcgmi-r4-h100-timed.txt")}})
	if g := rep.Gates.BurnIn; g.Status != Pass || g.Measured < 2.19 || g.Measured > 2.2 || outcome(rep, acceptance.BurnIn) != Pass {
		t.Errorf("dcgmi -r 4: %+v, test %s", g, outcome(rep, acceptance.BurnIn))
	}
	// dcgmi diag -r 2 is no burn-in; a -r 3 run without a time report
	// says nothing of its length: unproven, not too short.
	untimed := sample(t, "dcgmi/aws-p4de-a100-r2-nvlinks-expected-pass.txt")
	untimed.Result.DCGMI.Level = 3
	rep = Evaluate(Input{Quote: one, Uploads: []Upload{untimed}})
	if g := rep.Gates.BurnIn; g.Status != Unproven || len(g.Nodes) != 1 || g.Nodes[0].Untimed != 1 {
		t.Errorf("untimed dcgmi -r 3: %+v", g)
	}
	rep = Evaluate(Input{Quote: one, Uploads: []Upload{sample(t, "written/gpu-burn-h100x8-48h-killed-at-40pct.txt")}})
	if g := rep.Gates.BurnIn; g.Status != Low || g.Measured < 19.19 || g.Measured > 19.21 {
		t.Errorf("killed gpu-burn: %+v", g)
	}
}

// nvidia-smi -q with clean ECC counters but a row remapping pending is a
// memory fault: GPU health fails and the node is not healthy.
func TestRowRemapPendingIsAFault(t *testing.T) {
	q := quoteOf(t, map[string]string{"gpu_model": "H100", "gpus_per_node": "1"})
	rep := Evaluate(Input{Quote: q, Uploads: []Upload{sample(t, "written/smi-q-h100-row-remap-pending.txt")}})
	if st := outcome(rep, acceptance.GPUHealth); st != Fail {
		t.Errorf("GPU health %s; checks %v", st, got(rep.Uploads[0]))
	}
	if g := rep.Gates.HealthyNodes; g.Measured != 0 || len(g.Unhealthy) != 1 || g.Unhealthy[0].Reasons[0] != "row remapping pending" {
		t.Errorf("gate %+v", g)
	}
}
