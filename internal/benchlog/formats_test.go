package benchlog

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
)

// nvidia-smi underlines topo -m's headers with ANSI escapes and separates
// columns with TABs.
func TestTopoWithANSIAndTabs(t *testing.T) {
	in := "\t\x1b[4mGPU0\tGPU1\tNIC0\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID\x1b[0m\n" +
		"\x1b[4mGPU0\x1b[0m\t X \tNV18\tPXB\t0-51,104-155\t0\t\tN/A\n" +
		"\x1b[4mGPU1\x1b[0m\tNV18\t X \tSYS\t52-103,156-207\t1\t\tN/A\n" +
		"\x1b[4mNIC0\x1b[0m\tPXB\tSYS\t X \t\t\t\t\n\nLegend:\n\n  X    = Self\n\nNIC Legend:\n\n  NIC0: mlx5_0\n"
	if k := Detect([]byte(in)); k != KindTopo {
		t.Fatalf("detected %q", k)
	}
	r, err := Parse(KindUnknown, []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Topo.GPUs) != 2 || len(r.Topo.NICs) != 1 || !r.Topo.AllNVLink || r.Topo.MinNVLinks != 18 {
		t.Errorf("topo %+v", r.Topo)
	}
}

// Mixed-case --query-gpu fields (pci.baseClass) are field names like the others.
func TestSMIQueryCSVMixedCaseFields(t *testing.T) {
	in := "name, pci.baseClass, pci.subClass, memory.total [MiB], Driver_Version\n" +
		"NVIDIA H100 80GB HBM3, 0x3, 0x2, 81559 MiB, 550.90.07\n" +
		"NVIDIA H100 80GB HBM3, 0x3, 0x2, 81559 MiB, 550.90.07\n"
	if k := Detect([]byte(in)); k != KindNvidiaSMI {
		t.Fatalf("detected %q", k)
	}
	rep, err := ParseNvidiaSMI([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if rep.GPUCount != 2 || rep.GPUModel != "NVIDIA H100 80GB HBM3" || rep.GPUs[0].MemoryTotalMiB != 81559 || rep.DriverVersion != "550.90.07" {
		t.Errorf("report %+v", rep)
	}
}

// fio's sync latency (fsync=N jobs) and clat percentiles are extracted.
func TestFioSyncLatency(t *testing.T) {
	in := `ckpt: (groupid=0, jobs=1): err= 0: pid=42: Tue Dec  1 10:00:00 2026
  write: IOPS=2210, BW=2210MiB/s (2317MB/s)(129GiB/60001msec); 0 zone resets
    clat (usec): min=95, max=9321, avg=410.11, stdev=120.50
     lat (usec): min=99, max=9330, avg=421.80, stdev=121.00
    clat percentiles (usec):
     |  1.00th=[  200],  5.00th=[  240], 50.00th=[  400], 99.00th=[  900],
     | 99.90th=[ 2180]
  fsync/fdatasync/sync_file_range:
    sync (usec): min=194, max=32040, avg=1436.45, stdev=1264.44
    sync percentiles (usec):
     |  1.00th=[  212],  5.00th=[  245], 50.00th=[ 1188], 99.00th=[ 6456],
     | 99.90th=[15926]

Run status group 0 (all jobs):
  WRITE: bw=2210MiB/s (2317MB/s), 2210MiB/s-2210MiB/s (2317MB/s-2317MB/s), io=129GiB (139GB), run=60001-60001msec
`
	rep, err := ParseFio([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	j := rep.Jobs[0]
	if j.Sync == nil || j.Sync.MeanUS != 1436.45 || len(j.Sync.Percentiles) != 5 || j.Sync.Percentiles[3] != (FioPercentile{99, 6456}) {
		t.Errorf("sync %+v", j.Sync)
	}
	if j.Write.Latency == nil || len(j.Write.Latency.Percentiles) != 5 || j.Write.Latency.Percentiles[4] != (FioPercentile{99.9, 2180}) {
		t.Errorf("clat %+v", j.Write.Latency)
	}
}

// The same fio text pasted twice is two runs, not one run at twice the
// bandwidth; an interrupted run is incomplete.
func TestFioRepeatedAndInterrupted(t *testing.T) {
	one := readTestdata(t, "fio/text-fio-3.28-nvme-raid0-seqread-1m-qd32.txt")
	rep, err := ParseFio(bytes.Repeat(one, 3))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Runs != 3 || len(rep.RunTotals) != 3 || !near(rep.Total.Read.BWBytes, 12.8*giB) {
		t.Errorf("runs %d, totals %d, total read %g", rep.Runs, len(rep.RunTotals), rep.Total.Read.BWBytes)
	}
	cut := strings.Replace(string(one), "Run status group 0", "fio: terminating on signal 2\nRun status group 0", 1)
	if rep, err := ParseFio([]byte(cut)); err != nil || !rep.Incomplete || rep.IncompleteReasons[0] != FioInterrupted {
		t.Errorf("interrupted: %+v %v", rep, err)
	}
	short := strings.Replace(string(one), "--runtime=60", "--runtime=60 --time_based", 1)
	if rep, err := ParseFio([]byte(short)); err != nil || !rep.Incomplete || rep.IncompleteReasons[0] != FioShortRuntime {
		t.Errorf("short runtime: %+v %v", rep, err)
	}
}

// The fast decimal path agrees with strconv wherever it answers.
func FuzzFastDecimal(f *testing.F) {
	for _, s := range []string{"482.27", "0", "-1", "0.000001", "123456789012345", "1.", ".5", "7e-07", "N/A", "99999999.9999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, ok := fastDecimal(s)
		if !ok {
			return
		}
		want, err := strconv.ParseFloat(s, 64)
		if err != nil || want != v {
			t.Fatalf("%q: fast %v, strconv %v (%v)", s, v, want, err)
		}
	})
}
