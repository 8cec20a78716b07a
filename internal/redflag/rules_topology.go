package redflag

import "github.com/gpuquote/gpuquote/internal/quote"

// topologyRules cover the first red flag: a quote that names a GPU ("H100
// cluster") without PCIe/SXM, node shape, memory or network. The network
// half is in fabricRules.
func topologyRules() []Rule {
	return []Rule{
		newRule("gpu_model_missing", Blocker, []string{"rental_model", "gpu_model"}, gpuModelMissing),
		newRule("form_factor_missing", Blocker, []string{"rental_model", "gpu_model", "form_factor"}, formFactorMissing),
		newRule("node_shape_missing", Blocker, []string{"rental_model", "gpus_per_node", "nodes"}, nodeShapeMissing),
		newRule("gpu_memory_missing", Warning, []string{"rental_model", "gpu_memory_gb"}, gpuMemoryMissing),
		newRule("gpu_memory_refused", Blocker, []string{"rental_model", "gpu_memory_gb"}, gpuMemoryRefused),
		newRule("intra_node_missing", Warning, []string{"gpus_per_node", "intra_node_interconnect"}, intraNodeMissing),
		newRule("intra_node_refused", Blocker, []string{"gpus_per_node", "intra_node_interconnect"}, intraNodeRefused),
	}
}

// gpuModelMissing: without the GPU model nothing else in the offer can be
// compared, so it blocks whether not stated or refused.
func gpuModelMissing(in Input) (map[string]string, bool) {
	return nil, hardware(in.Quote) && absent(in.Quote.GPUModel)
}

// formFactorMissing: SXM and PCIe boards of the same GPU differ in NVLink
// bandwidth, so "8x H100" is not a specification. It stays silent when the
// GPU text names the form factor ("H100 SXM5") or the GPU is sold in one
// form only, and when no GPU is named (gpu_model_missing asks for both).
func formFactorMissing(in Input) (map[string]string, bool) {
	model, ok := in.Quote.GPUModel.Get()
	if !ok || !hardware(in.Quote) || !absent(in.Quote.FormFactor) {
		return nil, false
	}
	// A model sold in one form only (L40S, RTX cards, B200) needs none.
	if m, known, form := gpuRead(model); form != "" || (known && m.Only != "") {
		return nil, false
	}
	return map[string]string{"GPU": model}, true
}

// nodeShapeMissing: GPUs per node and node count decide what is bought and
// how it scales. A single-node rental has one node by definition.
func nodeShapeMissing(in Input) (map[string]string, bool) {
	q := in.Quote
	if !hardware(q) {
		return nil, false
	}
	rm, _ := q.RentalModel.Get()
	nodesGap := absent(q.Nodes) && rm != quote.RentalSingleNode
	return nil, absent(q.GPUsPerNode) || nodesGap
}

func gpuMemoryMissing(in Input) (map[string]string, bool) {
	return nil, hardware(in.Quote) && missing(in.Quote.GPUMemoryGB)
}

func gpuMemoryRefused(in Input) (map[string]string, bool) {
	return nil, hardware(in.Quote) && refused(in.Quote.GPUMemoryGB)
}

// intraNodeMissing: with more than one GPU in a node, NVLink, NVSwitch or
// PCIe between them changes training speed several-fold.
func intraNodeMissing(in Input) (map[string]string, bool) {
	n, ok := in.Quote.GPUsPerNode.Get()
	if !ok || n < 2 || !missing(in.Quote.IntraNode) {
		return nil, false
	}
	return map[string]string{"PerNode": itoa(n)}, true
}

func intraNodeRefused(in Input) (map[string]string, bool) {
	n, ok := in.Quote.GPUsPerNode.Get()
	return nil, ok && n > 1 && refused(in.Quote.IntraNode)
}
