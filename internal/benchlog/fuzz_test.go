package benchlog

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// Fuzz targets: every parser must return either a sane result or a
// *ParseError, never panic. `go test` runs the seeds (the testdata
// samples plus the synthetic logs of the other tests); `go test
// -fuzz=FuzzParseNCCL` explores further.

func addSeeds(f *testing.F, dir string, extra ...string) {
	files, err := filepath.Glob(filepath.Join("testdata", dir, "*"))
	if err != nil || len(files) == 0 {
		f.Fatalf("no seeds in testdata/%s", dir)
	}
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	for _, s := range extra {
		f.Add([]byte(s))
	}
}

// checkErr asserts the error contract: a *ParseError with a line number.
func checkErr(t *testing.T, err error, lines int) {
	t.Helper()
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("error %v (%T) is not a *ParseError", err, err)
	}
	if pe.Line < 0 || pe.Line > lines+1 || pe.Reason == "" {
		t.Fatalf("ParseError %+v out of range (input has %d lines)", pe, lines)
	}
}

func lineCount(b []byte) int {
	n := 1
	for _, c := range b {
		if c == '\n' {
			n++
		}
	}
	return n
}

// mustJSON fails on NaN or Inf anywhere in a result, which would break
// storing it; it doubles as a deep walk of every field.
func mustJSON(t *testing.T, v any) {
	t.Helper()
	if _, err := json.Marshal(v); err != nil {
		t.Fatalf("result does not encode: %v", err)
	}
}

func finiteNonNeg(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return false
		}
	}
	return true
}

func checkNCCLSane(t *testing.T, rep *NCCLReport, lines int) {
	t.Helper()
	mustJSON(t, rep)
	if len(rep.Runs) == 0 {
		t.Fatal("nil error with no runs")
	}
	for i, r := range rep.Runs {
		if r.Failed != (len(r.FailureReasons) > 0) {
			t.Fatalf("run %d: Failed=%v reasons=%q", i, r.Failed, r.FailureReasons)
		}
		if !r.Failed && len(r.Rows) == 0 {
			t.Fatalf("run %d: not failed but has no rows", i)
		}
		if r.StartLine < 1 || r.EndLine < r.StartLine || r.EndLine > lines {
			t.Fatalf("run %d: lines %d-%d of %d", i, r.StartLine, r.EndLine, lines)
		}
		if !finiteNonNeg(r.PeakBusBW, r.MeanBusBW, r.AvgBusBW, r.MaxSizeBusBW, r.SmallMsgLatencyUS, r.MaxError) ||
			r.Ranks < 0 || r.Nodes != len(r.Hosts) || r.TotalWrong < 0 {
			t.Fatalf("run %d: insane figures %+v", i, r)
		}
		peak, present := 0.0, false
		for _, row := range r.Rows {
			for _, res := range []NCCLResult{row.OutOfPlace, row.InPlace} {
				if res.Present {
					if !finiteNonNeg(res.TimeUS, res.AlgBW, res.BusBW) {
						t.Fatalf("run %d: row %+v", i, row)
					}
					peak, present = math.Max(peak, res.BusBW), true
				}
				if res.Wrong < 0 {
					t.Fatalf("run %d: negative wrong count", i)
				}
			}
		}
		if present && peak != r.PeakBusBW {
			t.Fatalf("run %d: peak %v, rows say %v", i, r.PeakBusBW, peak)
		}
		if !r.Failed && !present {
			t.Fatalf("run %d: not failed but no bandwidth", i)
		}
	}
}

func checkSMISane(t *testing.T, rep *SMIReport) {
	t.Helper()
	mustJSON(t, rep)
	if rep.GPUCount != len(rep.GPUs) || (len(rep.GPUs) == 0 && len(rep.Processes) == 0) {
		t.Fatalf("count %d, %d GPUs, %d processes", rep.GPUCount, len(rep.GPUs), len(rep.Processes))
	}
	for _, g := range rep.GPUs {
		if g.MemoryTotalMiB < 0 || g.MemoryUsedMiB < 0 || !finiteNonNeg(g.PowerCapW, g.PowerDrawMaxW) {
			t.Fatalf("GPU %+v", g)
		}
	}
}

func checkTopoSane(t *testing.T, topo *Topology) {
	t.Helper()
	mustJSON(t, topo)
	if len(topo.Devices) == 0 || len(topo.Links) != len(topo.Devices) {
		t.Fatalf("%d devices, %d link rows", len(topo.Devices), len(topo.Links))
	}
	gpus := 0
	for i, d := range topo.Devices {
		if row := topo.Links[i]; row != nil && len(row) != len(topo.Devices) {
			t.Fatalf("row %s has %d cells", d, len(row))
		}
		if len(d) >= 3 && d[:3] == "GPU" {
			gpus++
			if topo.Links[i] == nil {
				t.Fatalf("GPU %s without a row", d)
			}
		}
	}
	if gpus != len(topo.GPUs) || (topo.AllNVLink && gpus < 2) {
		t.Fatalf("%d GPU columns, %d GPUs, all-NVLink %v", gpus, len(topo.GPUs), topo.AllNVLink)
	}
}

func checkFioSane(t *testing.T, rep *FioReport) {
	t.Helper()
	mustJSON(t, rep)
	if len(rep.Jobs) == 0 {
		t.Fatal("nil error with no jobs")
	}
	for _, d := range []FioDir{rep.Total.Read, rep.Total.Write, rep.Total.Trim, rep.Total.Mixed} {
		if d.IOBytes < 0 || math.IsNaN(d.BWBytes) || math.IsInf(d.BWBytes, 0) || math.IsNaN(d.IOPS) || math.IsInf(d.IOPS, 0) {
			t.Fatalf("totals %+v", rep.Total)
		}
	}
}

func FuzzParseNCCL(f *testing.F) {
	addSeeds(f, "nccl",
		"# nThread 1 nGpus 1\n"+currentHeader+"           8             2     float     sum      -1     5.00    0.00    0.00       0     5.00    0.00    0.00       0\n",
		"[0]#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong\n[0]      1048576        262144     float     sum      -1[0]    1626.5    0.64    1.24      0[0]    2302.3    0.46    0.88      0\n",
		"#      bytes             N    type      op     time  algbw  busbw      res     time  algbw  busbw      res\n     1048576        262144   float     sum    0.100  10.49  10.49    0e+00\n",
		"node: Test NCCL failure x.cu:1 'boom'\n",
		"#  Rank  0 Group  0 Pid    100 on     node-a device  0 [0000:1b:00] NVIDIA H100\n#  Rank  0 Group  0 Pid    200 on     node-b device  0\n",
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		rep, err := ParseNCCL(data)
		if err != nil {
			if rep != nil {
				t.Fatal("report returned with an error")
			}
			checkErr(t, err, lineCount(data))
			return
		}
		checkNCCLSane(t, rep, lineCount(data))
	})
}

func FuzzParseNvidiaSMI(f *testing.F) {
	addSeeds(f, "nvidia-smi", smiQuery, smiTable470,
		"index, name, memory.total [MiB]\n0, NVIDIA H100 80GB HBM3, 81559 MiB\n",
		"NVIDIA A100-SXM4-80GB, 81920 MiB, 00000000:07:00.0\n",
		"pid, process_name, used_gpu_memory [MiB]\n5997, python, 794 MiB\n",
		"GPU 0: NVIDIA H200 (UUID: GPU-aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee)\n",
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		rep, err := ParseNvidiaSMI(data)
		if err != nil {
			if rep != nil {
				t.Fatal("report returned with an error")
			}
			checkErr(t, err, lineCount(data))
			return
		}
		checkSMISane(t, rep)
	})
}

func FuzzParseTopo(f *testing.F) {
	addSeeds(f, "topo",
		"\tGPU0\tGPU1\tmlx5_0\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID\nGPU0\t X \tSYS\tPIX\t0-15\t0\t\tN/A\nGPU1\tSYS\t X \tSYS\t16-31\t1\t\tN/A\nmlx5_0\tPIX\tSYS\t X \n",
		"\tGPU0\tCPU Affinity\nGPU0\t X \t0-7\n",
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		topo, err := ParseTopo(data)
		if err != nil {
			if topo != nil {
				t.Fatal("topology returned with an error")
			}
			checkErr(t, err, lineCount(data))
			return
		}
		checkTopoSane(t, topo)
	})
}

func FuzzParseFio(f *testing.F) {
	addSeeds(f, "fio",
		"a: (groupid=0, jobs=1): err= 0: pid=1\n  read : io=10240MB, bw=1043.5MB/s, iops=1043, runt=  9813msec\n     lat (msec): min=1, max=50, avg=15.34, stdev=2.00\n",
		"Run status group 0 (all jobs):\n   READ: bw=12.8GiB/s (13.8GB/s), 12.8GiB/s-12.8GiB/s (13.8GB/s-13.8GB/s), io=10.0GiB (10.7GB), run=779-779msec\n",
		"noise\n{\"jobs\":[{\"jobname\":\"x\",\"read\":{\"bw_bytes\":1,\"iops\":-nan,\"io_kbytes\":1}}]}\n",
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		rep, err := ParseFio(data)
		if err != nil {
			if rep != nil {
				t.Fatal("report returned with an error")
			}
			checkErr(t, err, lineCount(data))
			return
		}
		checkFioSane(t, rep)
	})
}

// FuzzParse covers detection and dispatch over every sample.
func FuzzParse(f *testing.F) {
	for _, dir := range []string{"nccl", "nvidia-smi", "topo", "fio", "dcgmi", "nvbandwidth", "nvlink", "perftest", "ibstat", "gpu-burn"} {
		addSeeds(f, dir)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		kind := Detect(data)
		res, err := Parse(KindUnknown, data)
		if err != nil {
			if res != nil {
				t.Fatal("result returned with an error")
			}
			checkErr(t, err, lineCount(data))
			return
		}
		if res.Kind != kind || kind == KindUnknown {
			t.Fatalf("Parse kind %q, Detect %q", res.Kind, kind)
		}
		switch kind {
		case KindNCCL:
			checkNCCLSane(t, res.NCCL, lineCount(data))
		case KindNvidiaSMI:
			checkSMISane(t, res.NvidiaSMI)
		case KindTopo:
			checkTopoSane(t, res.Topo)
		case KindFio:
			checkFioSane(t, res.Fio)
		default:
			checkToolSane(t, res)
		}
	})
}
