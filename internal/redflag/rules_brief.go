package redflag

import (
	"slices"

	"github.com/gpuquote/gpuquote/internal/quote"
)

// briefRules compare the quote with the workload brief every vendor got.
// Each stays silent when the brief leaves its field empty: a brief still
// being written must not raise flags it cannot justify.
func briefRules() []Rule {
	return []Rule{
		newRule("gpu_not_acceptable", Blocker, []string{"rental_model", "gpu_model", "form_factor"}, gpuNotAcceptable),
		newRule("gpu_count_short", Blocker, []string{"rental_model", "gpus_per_node", "nodes"}, gpuCountShort),
		newRule("residency_mismatch", Blocker, []string{"region"}, residencyMismatch),
		newRule("region_mismatch", Warning, []string{"region"}, regionMismatch),
		newRule("region_missing", Warning, []string{"region"}, regionMissing),
		newRule("region_refused", Blocker, []string{"region"}, regionRefused),
		newRule("inter_node_fabric_below", Warning, []string{"rental_model", "nodes", "inter_node_fabric"}, interNodeBelow),
		newRule("intra_node_below", Warning, []string{"gpus_per_node", "intra_node_interconnect"}, intraNodeBelow),
		newRule("support_slower", Warning, []string{"support_response_hours"}, supportSlower),
	}
}

// gpuNotAcceptable: a GPU outside the brief's target and substitutes is a
// different purchase. Text the mapping does not know ("MI300X") is outside
// the list too, and says so with the vendor's own words.
func gpuNotAcceptable(in Input) (map[string]string, bool) {
	model, ok := in.Quote.GPUModel.Get()
	want := acceptableGPUs(in.Brief)
	if !ok || len(want) == 0 || !hardware(in.Quote) {
		return nil, false
	}
	for _, o := range gpuOptions(in.Quote) {
		if slices.Contains(want, o) {
			return nil, false
		}
	}
	return map[string]string{"GPU": model, "Acceptable": gpuList(want)}, true
}

// gpuCountShort: fewer GPUs than the brief's shape cannot run the workload
// as briefed; the per-node split is shown because it decides the fabric.
func gpuCountShort(in Input) (map[string]string, bool) {
	q, b := in.Quote, in.Brief
	per, ok1 := q.GPUsPerNode.Get()
	nodes, ok2 := q.Nodes.Get()
	if rm, ok := q.RentalModel.Get(); ok && rm == quote.RentalSingleNode && !ok2 {
		nodes, ok2 = 1, true
	}
	wantPer, ok3 := b.Int("gpus_per_node")
	wantNodes, ok4 := b.Int("node_count")
	if !ok1 || !ok2 || !ok3 || !ok4 || !hardware(q) || per*nodes >= wantPer*wantNodes {
		return nil, false
	}
	return map[string]string{
		"Quoted": itoa(per * nodes), "QuotedNodes": itoa(nodes), "QuotedPerNode": itoa(per),
		"Wanted": itoa(wantPer * wantNodes), "WantedNodes": itoa(wantNodes), "WantedPerNode": itoa(wantPer),
	}, true
}

// residencyMismatch blocks: data residency is a legal constraint, not a
// preference.
func residencyMismatch(in Input) (map[string]string, bool) {
	region, ok := in.Quote.Region.Get()
	if !ok || !in.Brief.Filled("data_residency") || placeMatches(in.Brief["data_residency"], region) {
		return nil, false
	}
	return map[string]string{"Region": region, "Wanted": in.Brief["data_residency"]}, true
}

// regionMismatch warns: a region is about latency, support hours and
// transfer cost, which a buyer may trade. It stays silent when
// residency_mismatch already blocks the same quote.
func regionMismatch(in Input) (map[string]string, bool) {
	region, ok := in.Quote.Region.Get()
	if !ok || !in.Brief.Filled("region") || placeMatches(in.Brief["region"], region) {
		return nil, false
	}
	if _, blocked := residencyMismatch(in); blocked {
		return nil, false
	}
	return map[string]string{"Region": region, "Wanted": in.Brief["region"]}, true
}

func regionMissing(in Input) (map[string]string, bool) {
	want, ok := wantedPlace(in.Brief)
	if !ok || !missing(in.Quote.Region) {
		return nil, false
	}
	return map[string]string{"Wanted": want}, true
}

func regionRefused(in Input) (map[string]string, bool) {
	want, ok := wantedPlace(in.Brief)
	if !ok || !refused(in.Quote.Region) {
		return nil, false
	}
	return map[string]string{"Wanted": want}, true
}

// fabricNames are the fabrics' names in messages; they are product names,
// the same in every language.
var fabricNames = map[quote.Fabric]string{
	quote.FabricRoCE: "RoCE", quote.FabricEFA: "EFA", quote.FabricEthernet: "Ethernet",
}

// interNodeBelow applies the interconnect rule of thumb: a full fine-tune
// or pre-training above 7B parameters across nodes wants InfiniBand
// (NDR); RoCE, EFA and plain Ethernet are judged by the run on the pool
// (the bundled benchmark reference shows healthy RoCE close to InfiniBand
// at the same line rate). Under 7B, RoCE is enough.
func interNodeBelow(in Input) (map[string]string, bool) {
	params, text, ok := trainingSize(in.Brief)
	if !ok || params <= 7 || !hardware(in.Quote) || !multiNode(in) {
		return nil, false
	}
	f, _ := in.Quote.InterNodeFabric.Get()
	name, below := fabricNames[f]
	if !below {
		return nil, false
	}
	return map[string]string{"Params": text, "Fabric": name}, true
}

// intraNodeBelow applies the same rule inside the node: above 7B, NVLink
// or NVSwitch, not PCIe; above 70B, a full NVSwitch domain, or scaling
// stalls. "other" is not judged: it may be a link this rule does not know.
func intraNodeBelow(in Input) (map[string]string, bool) {
	params, text, ok := trainingSize(in.Brief)
	per, ok2 := in.Quote.GPUsPerNode.Get()
	link, ok3 := in.Quote.IntraNode.Get()
	if !ok || !ok2 || !ok3 || params <= 7 || per < 2 {
		return nil, false
	}
	data := map[string]string{"Params": text}
	switch {
	case params > 70 && link == quote.IntraNodeNVLink:
		data["Wanted"], data["Link"] = "NVSwitch", "NVLink"
	case params > 70 && link == quote.IntraNodePCIe:
		data["Wanted"], data["Link"] = "NVSwitch", "PCIe"
	case link == quote.IntraNodePCIe:
		data["Wanted"], data["Link"] = "NVLink/NVSwitch", "PCIe"
	default:
		return nil, false
	}
	return data, true
}

// supportSlower: a response time longer than the brief's support SLA
// leaves the most expensive training window uncovered.
func supportSlower(in Input) (map[string]string, bool) {
	got, ok := in.Quote.SupportResponseHours.Get()
	if !ok || !in.Brief.Filled("support_sla_hours") {
		return nil, false
	}
	want, err := quote.ParseDecimal(in.Brief["support_sla_hours"])
	if err != nil || got.Cmp(want) <= 0 {
		return nil, false
	}
	return map[string]string{"Quoted": got.String(), "Wanted": want.String()}, true
}
