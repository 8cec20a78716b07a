package brief

import "slices"

// SectionScore is how many of a section's fields are filled.
type SectionScore struct {
	Section Section
	Filled  int
	Total   int
}

// Percent is the share filled, 0–100.
func (s SectionScore) Percent() int {
	if s.Total == 0 {
		return 100
	}
	return s.Filled * 100 / s.Total
}

// Completeness is the brief's fill state and whether it is ready to reserve.
type Completeness struct {
	Sections []SectionScore
	Filled   int
	Total    int
	// Required are the fields a reservation needs for this workload type;
	// Missing are those of them still empty, in form order.
	Required []string
	Missing  []string
}

// Percent is the overall share filled, 0–100.
func (c Completeness) Percent() int {
	if c.Total == 0 {
		return 100
	}
	return c.Filled * 100 / c.Total
}

// ReadyToReserve is true once every required field is filled. Until then
// PRODUCT.md's advice holds: rent on demand, benchmark, complete the brief.
func (c Completeness) ReadyToReserve() bool { return len(c.Missing) == 0 }

// baseRequired is what any reservation needs: what the work is, what it is
// worth, which GPU and how many, how busy, where, and for how long.
var baseRequired = []string{
	"workload_type", "useful_unit", "units_per_month", "target_gpu",
	"gpus_per_node", "node_count", "memory_per_gpu_gb",
	"baseline_utilization_pct", "dataset_tb", "region", "term_months",
}

// trainingRequired adds what distributed training needs to size fabric,
// checkpoints and retry waste.
var trainingRequired = []string{
	"parameter_count_b", "precision", "framework", "intra_node",
	"checkpoint_gb", "checkpoint_interval_min", "retry_budget_pct", "staging_window_hours",
}

// inferenceRequired adds what serving needs: the model and engine, the
// load shape and how fast support must answer.
var inferenceRequired = []string{
	"model_family", "parameter_count_b", "precision", "framework", "peak_hours", "support_sla_hours",
}

// multiNodeRequired applies whenever more than one node is asked for.
var multiNodeRequired = []string{"inter_node", "allreduce_target_gbs", "single_placement_group"}

// RequiredFor returns the fields a reservation needs for b's workload type
// and shape. With no workload type yet, only the base set is known.
func RequiredFor(b Brief) []string {
	req := slices.Clone(baseRequired)
	switch b["workload_type"] {
	case "pre_training", "fine_tuning":
		req = append(req, trainingRequired...)
	case "batch_inference", "online_inference":
		req = append(req, inferenceRequired...)
	case "retrieval_embedding", "image_video_generation":
		req = append(req, "model_family", "precision", "framework")
	}
	if n, ok := b.Int("node_count"); ok && n > 1 {
		req = append(req, multiNodeRequired...)
	}
	// Return in form order, without duplicates.
	var out []string
	for _, f := range Fields {
		if slices.Contains(req, f.Key) {
			out = append(out, f.Key)
		}
	}
	return out
}

// Score computes the brief's completeness.
func Score(b Brief) Completeness {
	var c Completeness
	for _, s := range Sections {
		sc := SectionScore{Section: s}
		for _, f := range InSection(s) {
			sc.Total++
			if b.Filled(f.Key) {
				sc.Filled++
			}
		}
		c.Sections = append(c.Sections, sc)
		c.Filled += sc.Filled
		c.Total += sc.Total
	}
	c.Required = RequiredFor(b)
	for _, k := range c.Required {
		if !b.Filled(k) {
			c.Missing = append(c.Missing, k)
		}
	}
	return c
}
