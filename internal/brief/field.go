// Package brief describes the workload brief — the one-page capacity brief
// that every vendor receives — and decides how complete it is. One table of
// fields drives the form, validation, completeness and the print view.
package brief

import "github.com/gpuquote/gpuquote/internal/gpu"

// Kind is how a field's value is entered and checked.
type Kind string

// Field kinds.
const (
	Text    Kind = "text"
	Int     Kind = "int"     // whole number ≥ 0
	Decimal Kind = "decimal" // dot or comma as decimal mark, ≥ 0
	Percent Kind = "percent" // decimal 0–100
	Enum    Kind = "enum"    // one of Options
	Multi   Kind = "multi"   // several of Options, stored comma-separated
	Bool    Kind = "bool"    // yes / no
)

// Section groups fields as PRODUCT.md's brief table does.
type Section string

// The ten sections, in page order.
const (
	Workload    Section = "workload"
	Model       Section = "model"
	TargetGPU   Section = "target_gpu"
	Shape       Section = "cluster_shape"
	Network     Section = "network"
	Storage     Section = "storage"
	Utilization Section = "utilization"
	Reliability Section = "reliability"
	Compliance  Section = "compliance"
	Contract    Section = "contract"
)

// Sections lists every section in page order.
var Sections = []Section{Workload, Model, TargetGPU, Shape, Network, Storage, Utilization, Reliability, Compliance, Contract}

// Field describes one brief field. Its label and help text live in the
// message catalog under "brief.field.<Key>" and "brief.help.<Key>"; enum
// options under "brief.option.<option>".
type Field struct {
	Key     string
	Section Section
	Kind    Kind
	Unit    string // unit symbol shown beside the input, e.g. "GB", "%"
	Options []string
	Max     float64 // upper bound for numbers; 0 means none
}

// GPU models named in PRODUCT.md's target GPU row: the gpu package's
// brief options, so the brief, the red flags and the market agree.
var GPUModels = func() []string {
	keys := make([]string, len(gpu.Options))
	for i, o := range gpu.Options {
		keys[i] = o.Key
	}
	return keys
}()

// WorkloadTypes are the workload types of PRODUCT.md.
var WorkloadTypes = []string{"pre_training", "fine_tuning", "retrieval_embedding", "batch_inference", "online_inference", "image_video_generation", "simulation", "research_notebooks"}

// Fields is the brief, in form order.
var Fields = []Field{
	{Key: "workload_type", Section: Workload, Kind: Enum, Options: WorkloadTypes},
	{Key: "useful_unit", Section: Workload, Kind: Enum, Options: []string{"accepted_training_runs", "tokens_processed", "inference_tokens", "jobs", "images", "customer_requests"}},
	{Key: "units_per_month", Section: Workload, Kind: Decimal, Max: 1e15},

	{Key: "model_family", Section: Model, Kind: Text},
	{Key: "parameter_count_b", Section: Model, Kind: Decimal, Unit: "B", Max: 100000},
	{Key: "precision", Section: Model, Kind: Enum, Options: []string{"fp32", "bf16", "fp16", "fp8", "fp4", "int8", "int4"}},
	{Key: "quantization", Section: Model, Kind: Text},
	// What limits the work's speed: dense compute, memory bandwidth, or both.
	{Key: "workload_bound", Section: Model, Kind: Enum, Options: []string{"compute", "memory", "mixed"}},
	// The buyer runs its own serving stack (engine, routing, logging): a
	// model API cannot host it (the buyer's guide's "avoid when").
	{Key: "private_serving_stack", Section: Model, Kind: Bool},
	{Key: "framework", Section: Model, Kind: Enum, Options: []string{"pytorch", "jax", "vllm", "sglang", "tensorrt_llm", "other"}},
	{Key: "scheduler", Section: Model, Kind: Enum, Options: []string{"ray", "kubernetes", "slurm", "none", "other"}},

	{Key: "target_gpu", Section: TargetGPU, Kind: Enum, Options: GPUModels},
	{Key: "acceptable_gpus", Section: TargetGPU, Kind: Multi, Options: GPUModels},
	// The rows of the buyer's guide's decision table the brief answers:
	// whether the work must be free to move to another GPU family, and
	// whether the model, serving engine or target GPU is expected to change
	// within the term.
	{Key: "gpu_family_flexibility", Section: TargetGPU, Kind: Bool},
	{Key: "hardware_change_expected", Section: TargetGPU, Kind: Bool},

	{Key: "gpus_per_node", Section: Shape, Kind: Int, Max: 64},
	{Key: "node_count", Section: Shape, Kind: Int, Max: 100000},
	{Key: "memory_per_gpu_gb", Section: Shape, Kind: Int, Unit: "GB", Max: 1024},
	{Key: "ram_per_gpu_gb", Section: Shape, Kind: Int, Unit: "GB", Max: 16384},
	{Key: "local_nvme_tb", Section: Shape, Kind: Decimal, Unit: "TB", Max: 10000},
	{Key: "single_placement_group", Section: Shape, Kind: Bool},

	{Key: "intra_node", Section: Network, Kind: Enum, Options: []string{"nvswitch", "nvlink", "pcie", "any"}},
	{Key: "inter_node", Section: Network, Kind: Enum, Options: []string{"infiniband", "roce", "efa", "ethernet", "none"}},
	{Key: "allreduce_target_gbs", Section: Network, Kind: Decimal, Unit: "GB/s", Max: 100000},
	{Key: "jitter_tolerance_pct", Section: Network, Kind: Percent, Unit: "%", Max: 100},

	{Key: "dataset_tb", Section: Storage, Kind: Decimal, Unit: "TB", Max: 1e6},
	{Key: "checkpoint_gb", Section: Storage, Kind: Decimal, Unit: "GB", Max: 1e7},
	{Key: "weight_cache_gb", Section: Storage, Kind: Decimal, Unit: "GB", Max: 1e7},
	{Key: "object_storage_location", Section: Storage, Kind: Text},
	{Key: "local_scratch_tb", Section: Storage, Kind: Decimal, Unit: "TB", Max: 1e6},
	{Key: "staging_window_hours", Section: Storage, Kind: Decimal, Unit: "h", Max: 8760},
	{Key: "snapshot_policy", Section: Storage, Kind: Text},
	{Key: "retention_days", Section: Storage, Kind: Int, Unit: "d", Max: 36500},

	{Key: "baseline_utilization_pct", Section: Utilization, Kind: Percent, Unit: "%", Max: 100},
	{Key: "peak_hours", Section: Utilization, Kind: Text},
	{Key: "allowed_idle_pct", Section: Utilization, Kind: Percent, Unit: "%", Max: 100},
	{Key: "maintenance_windows", Section: Utilization, Kind: Text},
	{Key: "expected_queue_hours", Section: Utilization, Kind: Decimal, Unit: "h", Max: 8760},
	// How soon the capacity is needed, and how the demand moves: steady
	// (a baseline that holds), gradual growth, or fast scaling.
	{Key: "availability_urgency", Section: Utilization, Kind: Enum, Options: []string{"urgent", "planned", "flexible"}},
	{Key: "scaling", Section: Utilization, Kind: Enum, Options: []string{"steady", "gradual", "fast"}},

	{Key: "checkpoint_interval_min", Section: Reliability, Kind: Int, Unit: "min", Max: 100000},
	{Key: "retry_budget_pct", Section: Reliability, Kind: Percent, Unit: "%", Max: 100},
	{Key: "eviction_risk", Section: Reliability, Kind: Enum, Options: []string{"none", "low", "medium", "high"}},
	// The buyer needs the provider to operate the cluster (managed
	// Kubernetes or Slurm, hardware support): buying cannot give it.
	{Key: "managed_support", Section: Reliability, Kind: Bool},
	{Key: "support_sla_hours", Section: Reliability, Kind: Decimal, Unit: "h", Max: 720},
	{Key: "escalation_path", Section: Reliability, Kind: Text},
	// The trial's gates: hours of burn-in every node must run (unset: 48 h
	// for a reserved cluster, none on demand) and how many quoted nodes
	// must come out healthy (unset: every one).
	{Key: "burn_in_hours", Section: Reliability, Kind: Decimal, Unit: "h", Max: 8760},
	{Key: "healthy_nodes_required", Section: Reliability, Kind: Int, Max: 100000},
	// The DCGM diagnostic level (1–4) the trial nodes must pass; the test
	// plan runs dcgmi diag at it (3 when unset).
	{Key: "dcgm_diag_level", Section: Reliability, Kind: Int, Max: 4},

	{Key: "region", Section: Compliance, Kind: Text},
	// How widely the work must be served: one region, several, or global.
	{Key: "regions", Section: Compliance, Kind: Enum, Options: []string{"single", "several", "global"}},
	{Key: "data_residency", Section: Compliance, Kind: Text},
	{Key: "privacy", Section: Compliance, Kind: Text},
	{Key: "audit_requirements", Section: Compliance, Kind: Text},
	{Key: "export_controls", Section: Compliance, Kind: Text},
	{Key: "customer_isolation", Section: Compliance, Kind: Enum, Options: []string{"shared_ok", "dedicated_nodes", "dedicated_cluster"}},

	{Key: "term_months", Section: Contract, Kind: Int, Unit: "mo", Max: 120},
	{Key: "min_spend_limit", Section: Contract, Kind: Decimal, Max: 1e12},
	{Key: "budget_currency", Section: Contract, Kind: Enum, Options: []string{"USD", "EUR", "GBP", "RUB", "CNY", "VND", "INR", "JPY"}},
	{Key: "capacity_guarantee", Section: Contract, Kind: Text},
	{Key: "upgrade_path", Section: Contract, Kind: Text},
	{Key: "support_scope", Section: Contract, Kind: Text},
	{Key: "termination_terms", Section: Contract, Kind: Text},
}

var fieldIndex = func() map[string]int {
	m := make(map[string]int, len(Fields))
	for i, f := range Fields {
		m[f.Key] = i
	}
	return m
}()

// Lookup returns the field with key k.
func Lookup(k string) (Field, bool) {
	i, ok := fieldIndex[k]
	if !ok {
		return Field{}, false
	}
	return Fields[i], true
}

// InSection returns the fields of s in form order.
func InSection(s Section) []Field {
	var out []Field
	for _, f := range Fields {
		if f.Section == s {
			out = append(out, f)
		}
	}
	return out
}
