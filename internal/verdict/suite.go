package verdict

// Test is one of the nine acceptance tests of PRODUCT.md ("Acceptance
// tests before signing").
type Test string

// The acceptance tests, in PRODUCT.md's order.
const (
	ContainerStart Test = "container_start"
	GPUHealth      Test = "gpu_health"
	NCCLAllReduce  Test = "nccl_allreduce"
	StorageStaging Test = "storage_staging"
	CheckpointIO   Test = "checkpoint_io"
	FailureDrill   Test = "failure_drill"
	IdleShutdown   Test = "idle_shutdown"
	BillingExport  Test = "billing_export"
	SecurityReview Test = "security_review"
)

// Tests lists every acceptance test in order.
func Tests() []Test {
	return []Test{ContainerStart, GPUHealth, NCCLAllReduce, StorageStaging, CheckpointIO, FailureDrill, IdleShutdown, BillingExport, SecurityReview}
}

// Automatic lists the tests the benchmark verdicts decide on their own:
//
//   - gpu_health from nvidia-smi (model, count, memory, ECC, MIG, driver
//     and CUDA) and nvidia-smi topo -m (NVLink between every GPU pair);
//   - nccl_allreduce from nccl-tests all_reduce runs;
//   - storage_staging from fio read bandwidth against the brief's dataset
//     size and staging window;
//   - checkpoint_io from fio write bandwidth: one checkpoint of the brief's
//     size must be written within the share of the checkpoint interval the
//     brief allows GPUs to idle.
//
// The other five (container start, failure drill, idle shutdown, billing
// export, security review) need a person's observation, and an engineer
// records them. fio measures a storage path, not the real staging job or
// the framework's checkpoint writer, so the two storage verdicts are the
// best the logs can say; an engineer may record a result over them.
func Automatic() []Test { return []Test{GPUHealth, NCCLAllReduce, StorageStaging, CheckpointIO} }

// Valid reports whether t is one of Tests.
func (t Test) Valid() bool {
	for _, x := range Tests() {
		if x == t {
			return true
		}
	}
	return false
}

// IsAutomatic reports whether the verdicts decide t.
func (t Test) IsAutomatic() bool {
	for _, x := range Automatic() {
		if x == t {
			return true
		}
	}
	return false
}

// Outcome is a verdict's decision on an automatic test. Status is Pass,
// Fail or Unproven; Upload is the index of the upload that decided it
// (the latest one when several agree), -1 when none did.
type Outcome struct {
	Test   Test
	Status Status
	Upload int
	Check  Check
}

// outcomes decides the automatic tests from all uploads together.
//
// GPU health and NCCL fail on any failing finding: a bad GPU or a failed
// run on the trial cluster is a finding a later good run does not erase
// (an engineer can record over it with a note). Storage passes when any
// fio run meets the brief, because a dataset can be staged on the fastest
// path that was measured.
func outcomes(reports []UploadReport) []Outcome {
	out := make([]Outcome, 0, 4)
	out = append(out, gpuHealth(reports), ncclAllReduce(reports),
		bestOf(StorageStaging, reports, "staging"), bestOf(CheckpointIO, reports, "checkpoint"))
	return out
}

type found struct {
	upload int
	check  Check
}

func each(reports []UploadReport, match func(Check) bool) []found {
	var out []found
	for i, r := range reports {
		for _, c := range r.Checks {
			if match(c) {
				out = append(out, found{i, c})
			}
		}
	}
	return out
}

func decided(t Test, st Status, f []found) Outcome {
	last := f[len(f)-1]
	return Outcome{Test: t, Status: st, Upload: last.upload, Check: last.check}
}

var gpuHealthIDs = map[string]bool{"gpu_model": true, "gpu_mixed": true, "gpu_count": true, "gpu_memory": true,
	"gpu_driver": true, "gpu_ecc": true, "gpu_mig": true, "nvlink": true}

func bad(c Check) bool { return c.Status == Fail || c.Status == Low }

func gpuHealth(reports []UploadReport) Outcome {
	if f := each(reports, func(c Check) bool { return gpuHealthIDs[c.ID] && bad(c) }); len(f) > 0 {
		return decided(GPUHealth, Fail, f)
	}
	// At least one GPU inventory, and nothing in it or any topology failed.
	if f := each(reports, func(c Check) bool { return c.ID == "gpu_model" }); len(f) > 0 {
		return decided(GPUHealth, Pass, f)
	}
	return Outcome{Test: GPUHealth, Status: Unproven, Upload: -1}
}

func ncclAllReduce(reports []UploadReport) Outcome {
	if f := each(reports, func(c Check) bool {
		return c.ID == "nccl_failed" || ((c.ID == "nccl_busbw" || c.ID == "nccl_latency") && bad(c))
	}); len(f) > 0 {
		return decided(NCCLAllReduce, Fail, f)
	}
	// A run passes when its bandwidth is as expected and it spans the
	// quoted nodes (or the quote is for one node).
	var pass []found
	for i, r := range reports {
		span := map[any]Status{}
		for _, c := range r.Checks {
			if c.ID == "nccl_span" {
				span[c.Args["Run"]] = c.Status
			}
		}
		for _, c := range r.Checks {
			st, spanned := span[c.Args["Run"]]
			if c.ID == "nccl_busbw" && c.Status == Pass && (!spanned || st == Pass) {
				pass = append(pass, found{i, c})
			}
		}
	}
	if len(pass) > 0 {
		return decided(NCCLAllReduce, Pass, pass)
	}
	return Outcome{Test: NCCLAllReduce, Status: Unproven, Upload: -1}
}

func bestOf(t Test, reports []UploadReport, id string) Outcome {
	if f := each(reports, func(c Check) bool { return c.ID == id && c.Status == Pass }); len(f) > 0 {
		return decided(t, Pass, f)
	}
	if f := each(reports, func(c Check) bool { return (c.ID == id || c.ID == "fio_error") && bad(c) }); len(f) > 0 {
		return decided(t, Fail, f)
	}
	return Outcome{Test: t, Status: Unproven, Upload: -1}
}
