package brief

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestNormalize(t *testing.T) {
	tests := []struct {
		key, raw, want string
		err            error
	}{
		{"node_count", "", "", nil},
		{"node_count", " 8 ", "8", nil},
		{"node_count", "1 024", "1024", nil},
		{"node_count", "1.5", "", ErrNotWhole},
		{"node_count", "eight", "", ErrNotNumber},
		{"node_count", "-2", "", ErrNegative},
		{"node_count", "1000000", "", ErrTooLarge},
		{"dataset_tb", "12,5", "12.5", nil},
		{"dataset_tb", "12.50", "12.5", nil},
		{"dataset_tb", ".5", "0.5", nil},
		{"dataset_tb", "1e3", "", ErrNotNumber},
		{"dataset_tb", "0.1000000000000000055511151231257827", "0.1000000000000000055511151231257827", nil},
		{"baseline_utilization_pct", "101", "", ErrTooLarge},
		{"workload_type", "Fine_Tuning", "fine_tuning", nil},
		{"workload_type", "mining", "", ErrNotOption},
		{"acceptable_gpus", "h100_sxm, H200,h100_sxm", "h100_sxm,h200", nil},
		{"acceptable_gpus", "h100_sxm,tpu", "", ErrNotOption},
		{"single_placement_group", "Yes", "yes", nil},
		{"single_placement_group", "maybe", "", ErrNotOption},
		{"model_family", "  Llama 3 70B ", "Llama 3 70B", nil},
		{"nope", "x", "", ErrUnknownField},
	}
	for _, tt := range tests {
		t.Run(tt.key+"="+tt.raw, func(t *testing.T) {
			got, err := Normalize(tt.key, tt.raw)
			if !errors.Is(err, tt.err) {
				t.Fatalf("err = %v, want %v", err, tt.err)
			}
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestParseKeepsGoodFieldsAndReportsBadOnes(t *testing.T) {
	b, errs := Parse(map[string]string{"node_count": "4", "gpus_per_node": "x", "region": "eu-west", "other": "ignored"})
	if diff := cmp.Diff(Brief{"node_count": "4", "region": "eu-west"}, b); diff != "" {
		t.Errorf("brief (-want +got):\n%s", diff)
	}
	if len(errs) != 1 || !errors.Is(errs["gpus_per_node"], ErrNotNumber) {
		t.Errorf("errs = %v", errs)
	}
}

func TestRequiredDependsOnWorkloadAndShape(t *testing.T) {
	single := RequiredFor(Brief{"workload_type": "fine_tuning", "node_count": "1"})
	multi := RequiredFor(Brief{"workload_type": "fine_tuning", "node_count": "4"})
	inference := RequiredFor(Brief{"workload_type": "online_inference"})
	has := func(list []string, k string) bool {
		for _, x := range list {
			if x == k {
				return true
			}
		}
		return false
	}
	if has(single, "inter_node") || !has(multi, "inter_node") || !has(multi, "allreduce_target_gbs") {
		t.Errorf("inter-node fabric must be required only for more than one node")
	}
	if !has(single, "checkpoint_interval_min") || has(inference, "checkpoint_interval_min") {
		t.Errorf("checkpoints are a training requirement")
	}
	if !has(inference, "support_sla_hours") || !has(inference, "peak_hours") {
		t.Errorf("online inference needs its load shape and support SLA")
	}
}

func TestScore(t *testing.T) {
	empty := Score(Brief{})
	if empty.Filled != 0 || empty.Total != len(Fields) || empty.ReadyToReserve() || empty.Percent() != 0 {
		t.Fatalf("empty brief: %+v", empty)
	}
	b := Brief{}
	for _, k := range RequiredFor(Brief{"workload_type": "batch_inference", "node_count": "1"}) {
		b[k] = "1"
	}
	b["workload_type"], b["node_count"] = "batch_inference", "1"
	c := Score(b)
	if !c.ReadyToReserve() {
		t.Fatalf("missing %v", c.Missing)
	}
	if c.Percent() <= 0 || c.Percent() >= 100 {
		t.Errorf("percent = %d", c.Percent())
	}
	var workload SectionScore
	for _, s := range c.Sections {
		if s.Section == Workload {
			workload = s
		}
	}
	if workload.Filled != 3 || workload.Percent() != 100 {
		t.Errorf("workload section = %+v", workload)
	}
	b["node_count"] = "2"
	if Score(b).ReadyToReserve() {
		t.Errorf("a multi-node brief without fabric is not ready")
	}
}

func TestEveryFieldHasAValidShape(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range Fields {
		if seen[f.Key] {
			t.Errorf("duplicate field %s", f.Key)
		}
		seen[f.Key] = true
		if (f.Kind == Enum || f.Kind == Multi) != (len(f.Options) > 0) {
			t.Errorf("%s: options only for enums", f.Key)
		}
	}
	for _, s := range Sections {
		if len(InSection(s)) == 0 {
			t.Errorf("section %s has no fields", s)
		}
	}
}
