package verdict

import "github.com/gpuquote/gpuquote/internal/quote"

// The bands below are the ones the verdicts judge by, exported so a test
// plan can tell the engineer in advance what each step will be held to.

// CollectiveExpectation is the published range for collective coll on the
// cluster exactly as quoted (all its nodes, every GPU of a node); false
// when the reference has no row for it.
func CollectiveExpectation(coll string, q quote.Quote) (Expectation, bool) {
	sh := quoteShape(q)
	if sh.Nodes > 1 {
		sh.Ranks = 0
	}
	if sh.Nodes > 1 && sh.Fabric == "" {
		return Expectation{}, false
	}
	return ExpectCollective(coll, sh)
}

// NVBandwidthFloor is the per-pair device-to-device read floor for the
// quoted GPU and where it comes from; false when no health check
// publishes one for that GPU.
func NVBandwidthFloor(q quote.Quote) (floor float64, source string, ok bool) {
	m, ok := q.GPUModel.Get()
	if !ok {
		return 0, "", false
	}
	f, ok := nvbwFloors[family(m)]
	return f.floor, f.source, ok
}

// NICGbps is the speed of one quoted NIC in Gb/s (the quoted fabric
// bandwidth per node over its NICs) and the NICs per node; 0 when the
// quote does not say.
func NICGbps(q quote.Quote) (gbps float64, nics int) {
	sh := quoteShape(q)
	return sh.NICGbps, sh.NICs
}

// Perftest pass and low thresholds: the share of one NIC's quoted speed
// ib_write_bw must sustain.
const (
	PerftestPass = 0.9
	PerftestLow  = 0.7
)
