package redflag

import "github.com/gpuquote/gpuquote/internal/quote"

// fabricRules cover the network between nodes and what happens when one
// of them fails: the "network" part of the first red flag, the second red
// flag (one bad node in a distributed job), the product card's "missing
// fabric", and the guides' ask for NCCL all-reduce on the quoted pool.
// All of them only apply to a deal known to span several nodes.
func fabricRules() []Rule {
	return []Rule{
		newRule("fabric_missing", Blocker, []string{"rental_model", "nodes", "inter_node_fabric"}, fabricMissing),
		newRule("node_failure_policy_missing", Warning, []string{"rental_model", "nodes", "node_failure_policy"}, nodeFailureMissing),
		newRule("node_failure_policy_refused", Blocker, []string{"rental_model", "nodes", "node_failure_policy"}, nodeFailureRefused),
		newRule("nccl_untested", Warning, []string{"rental_model", "nodes", "nccl_tested_on_pool"}, ncclUntested),
		newRule("nccl_refused", Blocker, []string{"rental_model", "nodes", "nccl_tested_on_pool"}, ncclRefused),
	}
}

// distributed returns the node count of a hardware deal that spans
// several nodes, as a fact for the message.
func distributed(in Input) (map[string]string, bool) {
	if !hardware(in.Quote) || !multiNode(in) {
		return nil, false
	}
	n, _ := nodeCount(in)
	return map[string]string{"Nodes": itoa(n)}, true
}

// fabricMissing: for several nodes the fabric decides whether the cluster
// is useful for distributed training at all. "none" on a multi-node quote
// says there is no fabric, which is the same gap.
func fabricMissing(in Input) (map[string]string, bool) {
	data, ok := distributed(in)
	if !ok {
		return nil, false
	}
	f, stated := in.Quote.InterNodeFabric.Get()
	return data, !stated || f == quote.FabricNone
}

func nodeFailureMissing(in Input) (map[string]string, bool) {
	data, ok := distributed(in)
	return data, ok && missing(in.Quote.NodeFailurePolicy)
}

// nodeFailureRefused is the red flag in the guide's own words: the vendor
// cannot describe how one bad node is handled.
func nodeFailureRefused(in Input) (map[string]string, bool) {
	data, ok := distributed(in)
	return data, ok && refused(in.Quote.NodeFailurePolicy)
}

// ncclUntested: an all-reduce run on the exact pool is the only evidence
// that the quoted fabric performs as its class promises.
func ncclUntested(in Input) (map[string]string, bool) {
	data, ok := distributed(in)
	if !ok {
		return nil, false
	}
	tested, stated := in.Quote.NCCLTestedOnPool.Get()
	return data, missing(in.Quote.NCCLTestedOnPool) || stated && !tested
}

func ncclRefused(in Input) (map[string]string, bool) {
	data, ok := distributed(in)
	return data, ok && refused(in.Quote.NCCLTestedOnPool)
}
