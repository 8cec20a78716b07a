package testplan

import (
	"math"
	"strconv"
	"time"

	"github.com/gpuquote/gpuquote/internal/acceptance"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/verdict"
)

// ncclSweep is every nccl-tests run's sweep: 8 B to 16 GiB, doubling, one
// GPU per rank.
var ncclSweep = []string{"-b", "8", "-e", "16G", "-f", "2", "-g", "1"}

// collectives are the ones the workload uses: training shards with
// all_gather and reduce_scatter (FSDP, ZeRO) besides all_reduce.
func collectives(workload string) []string {
	switch workload {
	case "pre_training", "fine_tuning":
		return []string{"all_reduce", "all_gather", "reduce_scatter"}
	}
	return []string{"all_reduce"}
}

// fabricEnv makes the quoted fabric visible to NCCL, and NCCL_DEBUG=INFO
// makes the log say which transport it used.
func fabricEnv(f quote.Fabric) []string {
	env := []string{"NCCL_DEBUG=INFO"}
	switch f {
	case quote.FabricInfiniBand:
		env = append(env, "NCCL_IB_HCA=mlx5")
	case quote.FabricRoCE:
		env = append(env, "NCCL_IB_HCA=mlx5", "NCCL_IB_GID_INDEX=3")
	case quote.FabricEFA:
		env = append(env, "FI_PROVIDER=efa", "FI_EFA_USE_DEVICE_RDMA=1")
	case quote.FabricEthernet:
		env = append(env, "NCCL_IB_DISABLE=1")
	}
	return env
}

var ncclBuild = &Build{Repo: "https://github.com/NVIDIA/nccl-tests", Note: "plan.build.nccl_tests",
	Commands: []string{"git clone https://github.com/NVIDIA/nccl-tests.git", "cd nccl-tests",
		"make -j MPI=1 MPI_HOME=\"$MPI_HOME\" CUDA_HOME=/usr/local/cuda NCCL_HOME=\"$NCCL_HOME\"", "export PATH=\"$PWD/build:$PATH\""}}

// ncclSteps: the workload's collectives across the quoted nodes, through
// mpirun or srun; one process driving every GPU on a single node.
func ncclSteps(sh shape, p *Plan) {
	if sh.mig {
		p.omit("nccl", "mig_nccl")
		return
	}
	gpus := max(sh.gpus, 1)
	for _, coll := range collectives(sh.b["workload_type"]) {
		tool := coll + "_perf"
		c := Command{Env: fabricEnv(sh.fabric)}
		where := Launcher
		switch {
		case !sh.multiNode():
			where = FirstHost
			c.Argv = []string{tool, "-b", "8", "-e", "16G", "-f", "2", "-g", strconv.Itoa(gpus)}
		case sh.launcher == "srun":
			c.Argv = append([]string{"srun", "--nodes=" + PNodes, "--nodelist=" + PNodeList, "--ntasks-per-node=" + strconv.Itoa(gpus),
				"--mpi=pmix", tool}, ncclSweep...)
		default:
			c.Argv = []string{"mpirun", "-np", PRanks, "-H", PHosts, "--bind-to", "none"}
			for _, kv := range c.Env {
				c.Argv = append(c.Argv, "-x", kv[:indexEq(kv)])
			}
			c.Argv = append(append(c.Argv, tool), ncclSweep...)
		}
		p.add(Step{ID: "nccl-" + coll, Tool: tool, Kind: "nccl", Test: acceptance.NCCLAllReduce, Where: where, Command: c,
			Duration: 8 * time.Minute, Timeout: 30 * time.Minute, Band: ncclBand(coll, sh.q), Build: ncclBuild})
	}
}

func indexEq(kv string) int {
	for i := range len(kv) {
		if kv[i] == '=' {
			return i
		}
	}
	return len(kv)
}

func ncclBand(coll string, q quote.Quote) Band {
	e, ok := verdict.CollectiveExpectation(coll, q)
	switch {
	case !ok:
		return band("plan.band.nccl_none", map[string]string{"Collective": coll}, src("nccl_none", "no published range for this cluster shape"))
	case e.Lo == 0:
		return Band{Key: "plan.band.nccl_ceiling", Args: map[string]string{"Collective": coll}, Source: e.Source}
	}
	return Band{Key: "plan.band.nccl", Source: e.Source, Args: map[string]string{"Collective": coll,
		"Lo": strconv.FormatFloat(e.Lo, 'f', 0, 64), "Hi": strconv.FormatFloat(e.Hi, 'f', 0, 64)}}
}

// fioJobs is how many files fio writes at once, as a checkpoint's shards.
const fioJobs = 8

// storageSteps: a checkpoint's write at the brief's size, then the same
// files read back as a dataset is staged, on the shared storage.
func storageSteps(sh shape, p *Plan) {
	gb, from := 100.0, srcDefault
	if v, ok := sh.b.Float("checkpoint_gb"); ok && v > 0 {
		gb, from = v, src("brief_checkpoint_size", "the brief's checkpoint size")
	}
	perJob := int(math.Ceil(gb / fioJobs))
	common := []string{"--directory=" + PScratch, "--bs=1M", "--direct=1", "--ioengine=libaio", "--iodepth=16",
		"--numjobs=" + strconv.Itoa(fioJobs), "--size=" + strconv.Itoa(perJob) + "G", "--group_reporting", "--output-format=json"}
	// At 1 GB/s, with four times as long before giving up.
	d := max(time.Duration(gb)*time.Second, time.Minute)
	write := append([]string{"fio", "--name=checkpoint", "--rw=write"}, common...)
	read := append(append([]string{"fio", "--name=checkpoint", "--rw=read"}, common...), "--unlink=1")
	p.add(Step{ID: "fio-checkpoint", Tool: "fio", Kind: "fio", Test: acceptance.CheckpointIO, Where: FirstHost,
		Command: cmd(write...), Version: []string{"fio", "--version"}, Duration: d, Timeout: 4*d + 5*time.Minute,
		Band: checkpointBand(sh, gb, from)})
	p.add(Step{ID: "fio-staging", Tool: "fio", Kind: "fio", Test: acceptance.StorageStaging, Where: FirstHost,
		Command: cmd(read...), Version: []string{"fio", "--version"}, Duration: d, Timeout: 4*d + 5*time.Minute,
		Band: stagingBand(sh)})
}

func checkpointBand(sh shape, gb float64, from source) Band {
	interval, okI := sh.b.Float("checkpoint_interval_min")
	idle, okIdle := sh.b.Float("allowed_idle_pct")
	args := map[string]string{"GB": hoursText(gb)}
	if !okI || !okIdle || interval <= 0 || idle <= 0 {
		return band("plan.band.checkpoint_unknown", args, from)
	}
	need := gb / (interval * 60 * idle / 100)
	args["Needed"], args["Interval"], args["Allowed"] = gbText(need), hoursText(interval), hoursText(idle)
	return band("plan.band.checkpoint", args, src("brief_checkpoint", "the brief's checkpoint size, interval and allowed idle share"))
}

func stagingBand(sh shape) Band {
	tb, okTB := sh.b.Float("dataset_tb")
	hours, okH := sh.b.Float("staging_window_hours")
	if !okTB || !okH || tb <= 0 || hours <= 0 {
		return band("plan.band.staging_unknown", nil, src("staging_unknown", "the brief gives no dataset size or staging window"))
	}
	return band("plan.band.staging", map[string]string{"Needed": gbText(tb * 1000 / (hours * 3600)), "Dataset": hoursText(tb), "Window": hoursText(hours)},
		src("brief_staging", "the brief's dataset size and staging window"))
}

// onDemandBurnHours is the burn-in of a quote that is not reserved when
// the brief asks none: no gate holds it, but an hour shows every GPU
// under load.
const onDemandBurnHours = 1

var gpuBurnBuild = &Build{Repo: "https://github.com/wilicc/gpu-burn", Note: "plan.build.gpu_burn",
	Commands: []string{"git clone https://github.com/wilicc/gpu-burn.git", "cd gpu-burn", "make", "export PATH=\"$PWD:$PATH\""}}

// burnSteps: every GPU of every node under load for the brief's burn-in.
func burnSteps(sh shape, p *Plan) {
	hours, from := float64(onDemandBurnHours), src("on_demand_burn", "no burn-in asked on demand: an hour shows every GPU under load")
	if rm, ok := sh.q.RentalModel.Get(); ok && rm == quote.RentalReserved {
		hours, from = verdict.DefaultReservedBurnInHours, src("reserved_burn", "a reserved cluster's default burn-in: 48 h, as providers gate their own nodes")
	}
	if h, ok := sh.b.Float("burn_in_hours"); ok && h > 0 {
		hours, from = h, src("brief_burn", "the brief's burn-in")
	}
	d := time.Duration(hours * float64(time.Hour)).Round(time.Second)
	p.add(Step{ID: "gpu-burn", Tool: "gpu_burn", Kind: "gpu-burn", Test: acceptance.BurnIn, Where: EachHost,
		Command: cmd("gpu_burn", "-tc", strconv.FormatInt(int64(d/time.Second), 10)), InToolDir: true,
		Duration: d, Timeout: d + 30*time.Minute, Build: gpuBurnBuild,
		Band: band("plan.band.burn", map[string]string{"Hours": hoursText(hours)}, from)})
}
