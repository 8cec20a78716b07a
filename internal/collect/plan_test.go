package collect

import (
	"slices"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/testplan"
)

func TestExpandFillsAndDropsPlaceholders(t *testing.T) {
	argv := []string{"mpirun", "-np", testplan.PRanks, "-H", testplan.PHosts, "--bind-to", "none", "all_reduce_perf"}
	e := expansion{hosts: []string{"a", "b"}, gpus: 8, nodes: 4}
	if got := e.expand(argv); !slices.Equal(got, []string{"mpirun", "-np", "16", "-H", "a:8,b:8", "--bind-to", "none", "all_reduce_perf"}) {
		t.Errorf("with hosts: %v", got)
	}
	// No hosts: the allocation decides where, the quote how many.
	e.hosts = nil
	if got := e.expand(argv); !slices.Equal(got, []string{"mpirun", "-np", "32", "--bind-to", "none", "all_reduce_perf"}) {
		t.Errorf("without hosts: %v", got)
	}
	srun := []string{"srun", "--nodes=" + testplan.PNodes, "--nodelist=" + testplan.PNodeList, "x"}
	if got := e.expand(srun); !slices.Equal(got, []string{"srun", "--nodes=4", "x"}) {
		t.Errorf("srun without hosts: %v", got)
	}
	fio := []string{"fio", "--directory=" + testplan.PScratch}
	if got := (expansion{scratch: "/scratch/x"}).expand(fio); got[1] != "--directory=/scratch/x" {
		t.Errorf("fio: %v", got)
	}
}

func TestWrapReachesOtherNodes(t *testing.T) {
	c := &collector{local: map[string]bool{"login": true, "localhost": true}, plan: fetchedPlan{Remote: "ssh"}}
	argv := []string{"nvidia-smi", "-q"}
	if got := c.wrap("login", argv, nil, false, ""); !slices.Equal(got, argv) {
		t.Errorf("here: %v", got)
	}
	got := c.wrap("gpu-a", []string{"gpu_burn", "-tc", "60"}, []string{"A=b c"}, true, "gpu_burn")
	want := []string{"ssh", "-o", "BatchMode=yes", "gpu-a", "--",
		`sh -c 'cd "$(dirname "$(command -v gpu_burn)")" && exec env '\''A=b c'\'' gpu_burn -tc 60'`}
	if !slices.Equal(got, want) {
		t.Errorf("ssh:\n%q\nwant\n%q", got, want)
	}
	c.plan.Remote = "srun"
	if got := c.wrap("gpu-a", argv, nil, false, ""); strings.Join(got, " ") != "srun --nodes=1 --ntasks=1 --nodelist=gpu-a sh -c nvidia-smi -q" {
		t.Errorf("srun: %q", got)
	}
}

func TestKeepLinesAndFileNames(t *testing.T) {
	if got := string(keepLines([]byte("a\nNVRM: Xid 79\nb\n"), "NVRM")); got != "NVRM: Xid 79\n" {
		t.Errorf("keepLines: %q", got)
	}
	run := testplan.Run{Step: "ib_write_bw-mlx5_0", Hosts: []string{"gpu a", "gpu/b"}}
	if got := fileBase(run); got != "ib_write_bw-mlx5_0.gpu_a+gpu_b" {
		t.Errorf("fileBase: %q", got)
	}
}

func TestNICsReplaceThePlansDevices(t *testing.T) {
	c := &collector{o: Options{NICs: []string{"mlx5_ib0", "mlx5_ib1"}}}
	st := planStep{ID: "ib_write_bw-mlx5_1", Command: testplan.Command{Argv: []string{"ib_write_bw", "-d", "mlx5_1", "-F", "{peer}"}},
		Server: &testplan.Command{Argv: []string{"ib_write_bw", "-d", "mlx5_1", "-F"}}}
	got := c.withNIC(st)
	if got.Command.Argv[2] != "mlx5_ib1" || got.Server.Argv[2] != "mlx5_ib1" || st.Command.Argv[2] != "mlx5_1" {
		t.Errorf("client %v server %v (plan %v)", got.Command.Argv, got.Server.Argv, st.Command.Argv)
	}
	st.ID = "ib_write_bw-mlx5_2"
	if got := c.withNIC(st); got.Command.Argv[2] != "mlx5_1" {
		t.Errorf("a NIC beyond --nics changed: %v", got.Command.Argv)
	}
}
