// Package acceptance is the shared vocabulary of the acceptance suite: the
// tests a buyer runs on a trial cluster before signing, which of them the
// benchmark evidence decides on its own, and the statuses a test can have.
// The verdict package turns evidence into automatic results; the store
// records them; the web layer shows them. None of them invents test names.
package acceptance

// Test is one acceptance test, named by a stable key.
type Test string

// The acceptance tests, in the order the suite shows them.
const (
	ContainerStart Test = "container_start"
	GPUHealth      Test = "gpu_health"
	NCCLAllReduce  Test = "nccl_allreduce"
	Interconnect   Test = "interconnect"
	FabricLinks    Test = "fabric_links"
	BurnIn         Test = "burn_in"
	StorageStaging Test = "storage_staging"
	CheckpointIO   Test = "checkpoint_io"
	FailureDrill   Test = "failure_drill"
	IdleShutdown   Test = "idle_shutdown"
	BillingExport  Test = "billing_export"
	SecurityReview Test = "security_review"
)

// Tests lists every acceptance test in order.
func Tests() []Test {
	return []Test{ContainerStart, GPUHealth, NCCLAllReduce, Interconnect, FabricLinks, BurnIn, StorageStaging,
		CheckpointIO, FailureDrill, IdleShutdown, BillingExport, SecurityReview}
}

// Names lists the tests' keys, for stores and forms.
func Names() []string {
	out := make([]string, 0, len(Tests()))
	for _, t := range Tests() {
		out = append(out, string(t))
	}
	return out
}

// Automatic lists the tests that uploaded evidence decides:
//
//   - gpu_health: nvidia-smi (model, count, memory, ECC, row remapping,
//     MIG, driver and CUDA), dcgmi diag (active diagnostics per GPU),
//     dcgmi health -c and kernel logs (fatal Xid events);
//   - nccl_allreduce: nccl-tests all_reduce runs;
//   - interconnect: nvbandwidth GPU-pair bandwidth, nvidia-smi nvlink
//     link states and nvidia-smi topo -m (NVLink between every pair);
//   - fabric_links: ibstat/ibstatus port states and rates, and perftest
//     per-NIC bandwidth against the quoted NIC speed;
//   - burn_in: gpu-burn's per-GPU verdicts, errors and temperatures, and
//     dcgmi diag -r 3/4; held to the brief's burn-in hours per node (the
//     verdict's burn-in gate, beside its healthy-node gate);
//   - storage_staging and checkpoint_io: fio read and write bandwidth
//     against the brief's dataset, staging window and checkpoint budget.
//
// The others (container start, failure drill, idle shutdown, billing
// export, security review) need a person's observation: an engineer
// records them with a note and an evidence upload.
func Automatic() []Test {
	return []Test{GPUHealth, NCCLAllReduce, Interconnect, FabricLinks, BurnIn, StorageStaging, CheckpointIO}
}

// Valid reports whether t is one of Tests.
func (t Test) Valid() bool {
	for _, x := range Tests() {
		if x == t {
			return true
		}
	}
	return false
}

// IsAutomatic reports whether evidence decides t.
func (t Test) IsAutomatic() bool {
	for _, x := range Automatic() {
		if x == t {
			return true
		}
	}
	return false
}

// Recorded statuses of a test.
const (
	Pending = "pending"
	Passed  = "passed"
	Failed  = "failed"
	Waived  = "waived"
)
