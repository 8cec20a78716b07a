package views

// GateRow is one trial gate (burn-in, healthy nodes) in words.
type GateRow struct {
	Gate       string // "burn_in", "healthy_nodes"
	Name       string
	Text       string // "7 of 8 nodes healthy (gpu-node-06: Xid 79); 8 required — failed"
	Status     string
	StatusText string
	CSS        string
}
