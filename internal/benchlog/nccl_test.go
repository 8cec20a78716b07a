package benchlog

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func readTestdata(t testing.TB, rel string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", rel))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// runWant lists the figures asserted for one run; the zero value of a
// field is asserted too, so every field is spelled out per case.
type runWant struct {
	collective, source string
	rows               int
	ranks              int
	ranksSource        string
	nodes              int
	gpu                string
	peak               float64
	peakSize           int64
	peakInPlace        bool
	maxSizeBusBW       float64
	hasAvg             bool
	avg                float64
	hasFooter          bool
	oob                int
	oobOK              bool
	failed             bool
	failureLines       int
	smallSize          int64
	smallLatency       float64
	totalWrong         int64
}

func checkRun(t *testing.T, i int, got NCCLRun, w runWant) {
	t.Helper()
	type pair struct {
		name      string
		got, want any
	}
	for _, p := range []pair{
		{"collective", got.Collective, w.collective},
		{"collective source", got.CollectiveSource, w.source},
		{"rows", len(got.Rows), w.rows},
		{"ranks", got.Ranks, w.ranks},
		{"ranks source", got.RanksSource, w.ranksSource},
		{"nodes", got.Nodes, w.nodes},
		{"gpu model", got.GPUModel, w.gpu},
		{"peak busbw", got.PeakBusBW, w.peak},
		{"peak size", got.PeakSize, w.peakSize},
		{"peak in-place", got.PeakInPlace, w.peakInPlace},
		{"busbw at max size", got.MaxSizeBusBW, w.maxSizeBusBW},
		{"has avg", got.HasAvgBusBW, w.hasAvg},
		{"avg busbw", got.AvgBusBW, w.avg},
		{"has footer", got.HasFooter, w.hasFooter},
		{"out of bounds", got.OutOfBounds, w.oob},
		{"out of bounds ok", got.OutOfBoundsOK, w.oobOK},
		{"failed", got.Failed, w.failed},
		{"failure lines", len(got.FailureLines), w.failureLines},
		{"small msg size", got.SmallMsgSize, w.smallSize},
		{"small msg latency", got.SmallMsgLatencyUS, w.smallLatency},
		{"total wrong", got.TotalWrong, w.totalWrong},
	} {
		if p.got != p.want {
			t.Errorf("run %d: %s = %v, want %v", i, p.name, p.got, p.want)
		}
	}
	if got.Failed != (len(got.FailureReasons) > 0) {
		t.Errorf("run %d: Failed=%v but FailureReasons=%q", i, got.Failed, got.FailureReasons)
	}
}

// The figures below are the ones samples/README.md states for each file.
func TestParseNCCLSamples(t *testing.T) {
	const h100 = "NVIDIA H100 80GB HBM3"
	five := func(coll string, peak, avg, small float64, peakIP bool, maxBW float64) runWant {
		return runWant{collective: coll, source: "header", rows: 10, ranks: 8, ranksSource: "devices", nodes: 1, gpu: h100,
			peak: peak, peakSize: 17179869184, peakInPlace: peakIP, maxSizeBusBW: maxBW, hasAvg: true, avg: avg,
			hasFooter: true, oobOK: true, smallSize: 33554432, smallLatency: small}
	}
	tests := []struct {
		file string
		runs []runWant
	}{
		{"nccl/h100-sxm-1node-8gpu-5coll-v2.17.8.txt", []runWant{
			five("all_reduce", 482.27, 437.957, 182.87, false, 482.27),
			five("all_gather", 366.03, 328.618, 120.61, true, 366.03),
			five("reduce_scatter", 365.09, 330.721, 111.63, true, 365.09),
			five("alltoall", 348.03, 313.838, 123.64, false, 348.03),
			five("sendrecv", 367.25, 279.874, 422.04, false, 367.25),
		}},
		{"nccl/h100-p5-2node-efa-srun-label-prefix.txt", []runWant{{
			collective: "all_reduce", source: "inferred", rows: 32, ranks: 16, ranksSource: "busbw/algbw",
			peak: 487.26, peakSize: 17179869184, peakInPlace: true, maxSizeBusBW: 487.26,
			smallSize: 8, smallLatency: 69.12,
		}}},
		{"nccl/a100-4node-dgx-ib-legacy-error-column.txt", []runWant{{
			collective: "all_reduce", source: "inferred", rows: 13, ranks: 32, ranksSource: "busbw/algbw",
			peak: 191.56, peakSize: 4294967296, peakInPlace: true, maxSizeBusBW: 191.56,
			hasAvg: true, avg: 113.289, hasFooter: true, oobOK: true, smallSize: 1048576, smallLatency: 132.7,
		}}},
		{"nccl/BAD-h100-2node-1gpu-nccl-failure-truncated-v2.17.6.txt", []runWant{{
			collective: "alltoall", source: "header", ranks: 2, ranksSource: "devices", nodes: 2, gpu: h100,
			failed: true, failureLines: 7,
		}}},
		{"nccl/POOR-t4-2node-efa-ncclinfo-interleaved.txt", []runWant{{
			collective: "all_reduce", source: "inferred", rows: 31, ranks: 2, ranksSource: "devices", nodes: 2, gpu: "Tesla T4",
			peak: 3.15, peakSize: 134217728, peakInPlace: true, maxSizeBusBW: 3.12,
			hasAvg: true, avg: 1.15327, hasFooter: true, oobOK: true, smallSize: 4, smallLatency: 64.84,
		}}},
		{"nccl/h100-2node-16gpu-nebius-ib-hash-stripped.txt", []runWant{{
			collective: "all_reduce", source: "footer", rows: 31, ranks: 16, ranksSource: "busbw/algbw",
			peak: 468.46, peakSize: 8589934592, peakInPlace: true, maxSizeBusBW: 468.46,
			hasAvg: true, avg: 125.499, hasFooter: true, oobOK: true, smallSize: 8, smallLatency: 29.78,
		}}},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.file), func(t *testing.T) {
			rep, err := ParseNCCL(readTestdata(t, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Runs) != len(tt.runs) {
				t.Fatalf("runs = %d, want %d", len(rep.Runs), len(tt.runs))
			}
			for i, w := range tt.runs {
				checkRun(t, i, rep.Runs[i], w)
			}
		})
	}
}

// Details of the samples that the table above does not cover.
func TestParseNCCLSampleDetails(t *testing.T) {
	t.Run("5coll", func(t *testing.T) {
		rep, err := ParseNCCL(readTestdata(t, "nccl/h100-sxm-1node-8gpu-5coll-v2.17.8.txt"))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rep.Runs {
			if r.TestsVersion != "2.17.8" || r.NCCLVersion != "2.29.2" {
				t.Errorf("%s: versions %q %q", r.Collective, r.TestsVersion, r.NCCLVersion)
			}
			if r.Config.MaxBytes != 68719476736 || r.Config.Iters != 20 || r.Config.WarmupIters != 5 {
				t.Errorf("%s: config %+v", r.Collective, r.Config)
			}
			if r.Rows[0].Type != "double" || !r.Rows[0].HasRoot || r.Rows[0].Root != -1 {
				t.Errorf("%s: first row %+v", r.Collective, r.Rows[0])
			}
			// alltoall and sendrecv do not check their in-place result.
			unchecked := r.Collective == "alltoall" || r.Collective == "sendrecv"
			for _, row := range r.Rows {
				if !row.OutOfPlace.Checked || row.InPlace.Checked == unchecked {
					t.Fatalf("%s: size %d checked oop=%v ip=%v", r.Collective, row.Size, row.OutOfPlace.Checked, row.InPlace.Checked)
				}
			}
			if len(r.Devices) != 8 || r.Devices[7].BusID != "0000:df:00" || r.Devices[7].Device != 7 {
				t.Errorf("%s: devices %+v", r.Collective, r.Devices)
			}
		}
		if got := rep.Runs[1].Rows[0].Redop; got != "none" {
			t.Errorf("all_gather redop = %q, want none", got)
		}
	})
	t.Run("p5 oop at largest size", func(t *testing.T) {
		rep, err := ParseNCCL(readTestdata(t, "nccl/h100-p5-2node-efa-srun-label-prefix.txt"))
		if err != nil {
			t.Fatal(err)
		}
		last := rep.Runs[0].Rows[31]
		if last.OutOfPlace.BusBW != 487.09 || last.InPlace.BusBW != 487.26 || last.Size != 17179869184 {
			t.Errorf("last row %+v", last)
		}
	})
	t.Run("legacy error column is not a wrong count", func(t *testing.T) {
		rep, err := ParseNCCL(readTestdata(t, "nccl/a100-4node-dgx-ib-legacy-error-column.txt"))
		if err != nil {
			t.Fatal(err)
		}
		r := rep.Runs[0]
		first, last := r.Rows[0], r.Rows[12]
		if first.HasRoot || first.OutOfPlace.Checked || !first.OutOfPlace.HasMaxError || first.OutOfPlace.MaxError != 7e-07 {
			t.Errorf("first row %+v", first)
		}
		if last.OutOfPlace.BusBW != 191.05 || r.MaxError != 1e-06 || r.TotalWrong != 0 || len(r.WrongCells) != 0 {
			t.Errorf("last row %+v, max error %g", last, r.MaxError)
		}
	})
	t.Run("T4 hosts and size-0 rows", func(t *testing.T) {
		rep, err := ParseNCCL(readTestdata(t, "nccl/POOR-t4-2node-efa-ncclinfo-interleaved.txt"))
		if err != nil {
			t.Fatal(err)
		}
		r := rep.Runs[0]
		if r.Rows[0].Size != 0 || r.Rows[1].Size != 0 || r.Rows[0].Type != "float" || r.NCCLVersion != "2.12.7" {
			t.Errorf("rows %+v %+v version %q", r.Rows[0], r.Rows[1], r.NCCLVersion)
		}
		if strings.Join(r.Hosts, ",") != "test-nccl-efa-worker-0,test-nccl-efa-worker-1" {
			t.Errorf("hosts %v", r.Hosts)
		}
	})
	t.Run("BAD failure message", func(t *testing.T) {
		rep, err := ParseNCCL(readTestdata(t, "nccl/BAD-h100-2node-1gpu-nccl-failure-truncated-v2.17.6.txt"))
		if err != nil {
			t.Fatal(err)
		}
		r := rep.Runs[0]
		if !strings.Contains(r.FailureReasons[0], "remote process exited or there was a network error") {
			t.Errorf("reasons %q", r.FailureReasons)
		}
		if r.PeakBusBW != 0 || len(r.Rows) != 0 {
			t.Errorf("a failed run must carry no bandwidth: %v, %d rows", r.PeakBusBW, len(r.Rows))
		}
	})
}

const currentHeader = `#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)             (us)  (GB/s)  (GB/s)         
`

// Synthetic variants of the format that the samples do not show.
func TestParseNCCLVariants(t *testing.T) {
	tests := []struct {
		name  string
		log   string
		runs  []runWant
		check func(t *testing.T, rep *NCCLReport)
	}{
		{
			name: "root column present, N/A when validation is off, two runs",
			log: `# nccl-tests version 2.19.6 nccl-headers=22903 nccl-library=22903
# Collective test starting: broadcast_perf
# nThread 1 nGpus 1 minBytes 8 maxBytes 1024 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 0 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  11111 on     node-a device  0 [0000:1b:00] NVIDIA B200
#  Rank  1 Group  0 Pid  22222 on     node-b device  0 [0000:1b:00] NVIDIA B200
#
` + currentHeader + `           8             2     float    none       0    20.10    0.00    0.00     N/A    19.90    0.00    0.00     N/A
        1024           256     float    none       0    25.00    0.04    0.04     N/A    24.00    0.04    0.04     N/A
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 0.02 
#
# Collective test concluded: broadcast_perf
#

# nccl-tests version 2.19.6 nccl-headers=22903 nccl-library=22903
# Collective test starting: reduce_perf
# nThread 1 nGpus 1 minBytes 8 maxBytes 1024 step: 2(factor) warmup iters: 1 iters: 20 agg iters: 1 validation: 1 graph: 0 unalign: 0
#
# Using devices
#  Rank  0 Group  0 Pid  11111 on     node-a device  0 [0000:1b:00] NVIDIA B200
#  Rank  1 Group  0 Pid  22222 on     node-b device  0 [0000:1b:00] NVIDIA B200
#
` + currentHeader + `           8             2     float     sum       1    21.00    0.00    0.00       0    20.00    0.00    0.00       0
        1024           256     float     sum       1    26.00    0.04    0.04       0    25.00    0.04    0.04       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 0.02 
#
# Collective test concluded: reduce_perf
`,
			runs: []runWant{
				{collective: "broadcast", source: "header", rows: 2, ranks: 2, ranksSource: "devices", nodes: 2, gpu: "NVIDIA B200",
					peak: 0.04, peakSize: 1024, maxSizeBusBW: 0.04, hasAvg: true, avg: 0.02, hasFooter: true, oobOK: true, smallSize: 8, smallLatency: 19.9},
				{collective: "reduce", source: "header", rows: 2, ranks: 2, ranksSource: "devices", nodes: 2, gpu: "NVIDIA B200",
					peak: 0.04, peakSize: 1024, maxSizeBusBW: 0.04, hasAvg: true, avg: 0.02, hasFooter: true, oobOK: true, smallSize: 8, smallLatency: 20},
			},
			check: func(t *testing.T, rep *NCCLReport) {
				r0, r1 := rep.Runs[0], rep.Runs[1]
				if r0.Rows[0].OutOfPlace.Checked || r0.Rows[0].Root != 0 || r1.Rows[1].Root != 1 || !r1.Rows[1].InPlace.Checked {
					t.Errorf("rows %+v / %+v", r0.Rows[0], r1.Rows[1])
				}
				if r0.Config.Validation != 0 || r0.TestsVersion != "2.19.6" || r0.NCCLVersion != "2.29.3" {
					t.Errorf("config %+v version %q/%q", r0.Config, r0.TestsVersion, r0.NCCLVersion)
				}
			},
		},
		{
			name: "legacy v2.11 all_gather: no root, no redop, error column, collective from the command line",
			log: `+ mpirun -np 1 ./build/all_gather_perf -b 8K -e 64K -g 4
# nThread 1 nGpus 4 minBytes 8192 maxBytes 65536 step: 2(factor) warmup iters: 5 iters: 20 validation: 1 
#
# Using devices
#   Rank  0 Pid   9192 on   pkb-host device  0 [0x00] Tesla V100-SXM2-16GB
#   Rank  1 Pid   9192 on   pkb-host device  1 [0x00] Tesla V100-SXM2-16GB
#   Rank  2 Pid   9192 on   pkb-host device  2 [0x00] Tesla V100-SXM2-16GB
#   Rank  3 Pid   9192 on   pkb-host device  3 [0x00] Tesla V100-SXM2-16GB
#
#                                             out-of-place                       in-place
#       size         count    type     time   algbw   busbw  error     time   algbw   busbw  error
#        (B)    (elements)             (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)
        8192           512   float    20.00    0.41    0.31  0e+00    19.00    0.43    0.32  0e+00
       65536          4096   float    40.00    1.64    1.23  0e+00    39.00    1.68    1.26  0e+00
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 0.78
`,
			runs: []runWant{{collective: "all_gather", source: "command", rows: 2, ranks: 4, ranksSource: "devices", nodes: 1, gpu: "Tesla V100-SXM2-16GB",
				peak: 1.26, peakSize: 65536, peakInPlace: true, maxSizeBusBW: 1.26, hasAvg: true, avg: 0.78, hasFooter: true, oobOK: true,
				smallSize: 8192, smallLatency: 19}},
			check: func(t *testing.T, rep *NCCLReport) {
				row := rep.Runs[0].Rows[0]
				if row.Type != "float" || row.Redop != "" || row.HasRoot || !row.InPlace.HasMaxError || row.InPlace.Checked {
					t.Errorf("row %+v", row)
				}
				if d := rep.Runs[0].Devices[0]; d.Pid != 9192 || d.BusID != "0x00" || d.Host != "pkb-host" {
					t.Errorf("device %+v", d)
				}
				if len(rep.Runs[0].Notes) != 0 {
					t.Errorf("notes %q", rep.Runs[0].Notes)
				}
			},
		},
		{
			name: "several runs without start markers, collectives from Running: lines",
			log: `Running: ./build/all_reduce_perf -b 1G -e 2G -f 2 -g 8
# nThread 1 nGpus 8 minBytes 1073741824 maxBytes 2147483648 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
` + currentHeader + `  1073741824     268435456     float     sum      -1   4607.6  233.04  436.95       0   4565.6  235.18  440.96       0
  2147483648     536870912     float     sum      -1   9074.5  236.65  443.72       0   9108.5  235.77  442.06       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 440.92
Running: ./build/all_gather_perf -b 1G -e 2G -f 2 -g 8
# nThread 1 nGpus 8 minBytes 1073741824 maxBytes 2147483648 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
` + currentHeader + `  1073741824      33554432     float    none      -1   2719.6  394.82  345.47       0   2700.8  397.57  347.87       0
  2147483648      67108864     float    none      -1   5355.9  400.96  350.84       0   5304.9  404.81  354.21       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 349.597
`,
			runs: []runWant{
				{collective: "all_reduce", source: "command", rows: 2, ranks: 16, ranksSource: "busbw/algbw", peak: 443.72, peakSize: 2147483648,
					maxSizeBusBW: 443.72, hasAvg: true, avg: 440.92, hasFooter: true, oobOK: true, smallSize: 1073741824, smallLatency: 4565.6},
				{collective: "all_gather", source: "command", rows: 2, ranks: 8, ranksSource: "busbw/algbw", peak: 354.21, peakSize: 2147483648,
					peakInPlace: true, maxSizeBusBW: 354.21, hasAvg: true, avg: 349.597, hasFooter: true, oobOK: true, smallSize: 1073741824, smallLatency: 2700.8},
			},
		},
		{
			name: "output cut in the middle of a row: failed, rows kept",
			log: `# nThread 1 nGpus 1 minBytes 1048576 maxBytes 4194304 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
` + currentHeader + `     1048576        262144     float     sum      -1    123.2    8.51   15.95      0    121.3    8.64   16.21      0
     2097152        524288     float     sum      -1    147.2   14.24   26.70      0    147.1   14.25   26.72      0
     4194304       1048576     float     sum      -1    168.6   24`,
			runs: []runWant{{collective: "all_reduce", source: "inferred", rows: 2, ranks: 16, ranksSource: "busbw/algbw",
				peak: 26.72, peakSize: 2097152, peakInPlace: true, maxSizeBusBW: 26.72, failed: true, smallSize: 1048576, smallLatency: 121.3}},
			check: func(t *testing.T, rep *NCCLReport) {
				if r := rep.Runs[0].FailureReasons; len(r) != 1 || !strings.Contains(r[0], "line 7") {
					t.Errorf("reasons %q", r)
				}
			},
		},
		{
			name: "crash after some rows: failure lines from another rank",
			log: `# Collective test starting: all_reduce_perf
# nThread 1 nGpus 1 minBytes 1048576 maxBytes 4194304 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
` + currentHeader + `     1048576        262144     float     sum      -1    123.2    8.51   15.95      0    121.3    8.64   16.21      0
node-b: Test NCCL failure common.cu:1279 'unhandled system error (run with NCCL_DEBUG=INFO for details) / '
 .. node-b pid 4242: Test failure common.cu:1100
`,
			runs: []runWant{{collective: "all_reduce", source: "header", rows: 1, ranks: 16, ranksSource: "busbw/algbw", peak: 16.21, peakSize: 1048576, peakInPlace: true,
				maxSizeBusBW: 16.21, failed: true, failureLines: 2, smallSize: 1048576, smallLatency: 121.3}},
			check: func(t *testing.T, rep *NCCLReport) {
				if !strings.Contains(rep.Runs[0].FailureReasons[0], "unhandled system error") {
					t.Errorf("reasons %q", rep.Runs[0].FailureReasons)
				}
			},
		},
		{
			name: "wrong elements and Out of bounds FAILED, %g counts, trailing Test failure",
			log: `# nThread 1 nGpus 1 minBytes 1048576 maxBytes 2097152 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
` + currentHeader + `     1048576        262144     float     sum      -1    123.2    8.51   15.95      0    121.3    8.64   16.21     96
     2097152        524288     float     sum      -1    147.2   14.24   26.70 1.04858e+06    147.1   14.25   26.72      0
# Out of bounds values : 2 FAILED
# Avg bus bandwidth    : 21.3950 
 .. node-a pid 123: Test failure common.cu:1189
`,
			runs: []runWant{{collective: "all_reduce", source: "inferred", rows: 2, ranks: 16, ranksSource: "busbw/algbw",
				peak: 26.72, peakSize: 2097152, peakInPlace: true, maxSizeBusBW: 26.72, hasAvg: true, avg: 21.395,
				hasFooter: true, oob: 2, failed: true, failureLines: 1, smallSize: 1048576, smallLatency: 121.3, totalWrong: 1048676}},
			check: func(t *testing.T, rep *NCCLReport) {
				w := rep.Runs[0].WrongCells
				if len(w) != 2 || w[0] != (NCCLWrong{Line: 5, Size: 1048576, Type: "float", InPlace: true, Wrong: 96}) || w[1].Wrong != 1048580 {
					t.Errorf("wrong cells %+v", w)
				}
			},
		},
		{
			name: "Open MPI tags inside rows (NVIDIA/nccl#1453)",
			log: `[1,0]<stdout>:# nThread 1 nGpus 1 minBytes 1048576 maxBytes 1048576 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
[0]#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
[0]      1048576        262144     float     sum      -1[0]    1626.5    0.64    1.24      0[0]    2302.3    0.46    0.88      0
[0]# Out of bounds values : 0 OK
[0]# Avg bus bandwidth    : 1.06
`,
			// 1.24/0.64 fits many rank counts at this precision: unknown.
			runs: []runWant{{collective: "all_reduce", source: "inferred", rows: 1, peak: 1.24, peakSize: 1048576, maxSizeBusBW: 1.24,
				hasAvg: true, avg: 1.06, hasFooter: true, oobOK: true, smallSize: 1048576, smallLatency: 1626.5}},
		},
		{
			name: "v1.0.0: no '#', bytes/N/op/res header, time in ms",
			log: `nThread 1 nGpus 2 minBytes 1048576 maxBytes 2097152 step: 2(factor) warmup iters: 5 iters: 20 validation: 1 
# Using devices
#   Rank  0 on    host-x device  0 [0x04] Tesla P100-SXM2-16GB
#   Rank  1 on    host-x device  1 [0x05] Tesla P100-SXM2-16GB

#                                                 out-of-place                    in-place
#      bytes             N    type      op     time  algbw  busbw      res     time  algbw  busbw      res
     1048576        262144   float     sum    0.100  10.49  10.49    0e+00    0.101  10.38  10.38    0e+00
     2097152        524288   float     sum    0.180  11.65  11.65    0e+00    0.179  11.72  11.72    0e+00
 Out of bounds values : 0 OK
 Avg bus bandwidth    : 11.06
`,
			runs: []runWant{{collective: "all_reduce", source: "inferred", rows: 2, ranks: 2, ranksSource: "devices", nodes: 1, gpu: "Tesla P100-SXM2-16GB",
				peak: 11.72, peakSize: 2097152, peakInPlace: true, maxSizeBusBW: 11.72, hasAvg: true, avg: 11.06, hasFooter: true, oobOK: true,
				smallSize: 1048576, smallLatency: 100}},
		},
		{
			name: "-S timestamp column, scientific time and overflowing bandwidth",
			log: `# nThread 1 nGpus 1 minBytes 8 maxBytes 1048576 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong  timestamp
           8             2     float     sum      -1  2.0e+07    0.00    0.00       0    19.00    0.00    0.00       0  2025-10-20 10:00:01
     1048576        262144     float     sum      -1    50.00   20.97   36.70       0     0.44 2383.13 4170.48      0  2025-10-20 10:00:02
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 1051.795
`,
			runs: []runWant{{collective: "all_reduce", source: "inferred", rows: 2, ranks: 8, ranksSource: "busbw/algbw", peak: 4170.48, peakSize: 1048576, peakInPlace: true,
				maxSizeBusBW: 4170.48, hasAvg: true, avg: 1051.795, hasFooter: true, oobOK: true, smallSize: 8, smallLatency: 19}},
			check: func(t *testing.T, rep *NCCLReport) {
				if got := rep.Runs[0].Rows[0].OutOfPlace.TimeUS; got != 2e7 {
					t.Errorf("scientific time = %v", got)
				}
			},
		},
		{
			name: "processes each running as rank 0 (built without MPI)",
			log: `# nThread 1 nGpus 1 minBytes 8 maxBytes 8 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
# nThread 1 nGpus 1 minBytes 8 maxBytes 8 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
#
# Using devices
#  Rank  0 Group  0 Pid    100 on     node-a device  0 [0000:1b:00] NVIDIA H100 80GB HBM3
#  Rank  0 Group  0 Pid    200 on     node-b device  0 [0000:1b:00] NVIDIA H100 80GB HBM3
` + currentHeader + currentHeader + `           8             2     float     sum      -1     5.00    0.00    0.00       0     5.00    0.00    0.00       0
           8             2     float     sum      -1     5.10    0.00    0.00       0     5.10    0.00    0.00       0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 0
`,
			runs: []runWant{{rows: 2, ranks: 1, ranksSource: "devices", nodes: 1, gpu: "NVIDIA H100 80GB HBM3", peakSize: 8, hasAvg: true,
				hasFooter: true, oobOK: true, failed: true, smallSize: 8, smallLatency: 5}},
		},
		{
			name: "pdsh host prefix and CRLF line ends",
			log: "node-a: # nThread 1 nGpus 8 minBytes 1073741824 maxBytes 1073741824 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0\r\n" +
				"node-a: #  Rank  0 Group  0 Pid   4180 on     node-a device  0 [0000:1b:00] NVIDIA H100 80GB HBM3\r\n" +
				"node-a: #       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong\r\n" +
				"node-a:   1073741824     134217728    double     sum      -1  4000.82  268.38  469.67       0  3997.59  268.60  470.05       0\r\n" +
				"node-a: # Out of bounds values : 0 OK\r\n" +
				"node-a: # Avg bus bandwidth    : 469.86\r\n",
			runs: []runWant{{collective: "all_reduce", source: "inferred", rows: 1, ranks: 8, ranksSource: "busbw/algbw", nodes: 1, gpu: "NVIDIA H100 80GB HBM3",
				peak: 470.05, peakSize: 1073741824, peakInPlace: true, maxSizeBusBW: 470.05, hasAvg: true, avg: 469.86, hasFooter: true, oobOK: true,
				smallSize: 1073741824, smallLatency: 3997.59}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := ParseNCCL([]byte(tt.log))
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Runs) != len(tt.runs) {
				t.Fatalf("runs = %d, want %d: %+v", len(rep.Runs), len(tt.runs), rep.Runs)
			}
			for i, w := range tt.runs {
				checkRun(t, i, rep.Runs[i], w)
			}
			if tt.check != nil {
				tt.check(t, rep)
			}
		})
	}
}

func TestParseNCCLErrors(t *testing.T) {
	tests := []struct {
		name   string
		log    string
		line   int
		reason string
	}{
		{"empty", "", 1, "empty input"},
		{"binary", "# nThread 1\n\x00\x01\x02", 2, "binary"},
		{"not nccl-tests", "hello\nworld\n", 2, "no nccl-tests output"},
		{"malformed row mid-table", "# nThread 1 nGpus 1\n" + currentHeader +
			"     1048576        262144     float     sum      -1    123.2    8.51   15.95      0    121.3    8.64   16.21      0\n" +
			"     2097152        524288     float     sum      -1    abc   14.24   26.70      0    147.1   14.25   26.72      0\n" +
			"     4194304       1048576     float     sum      -1    168.6   24.87   46.64      0    167.7   25.02   46.91      0\n",
			6, "time \"abc\""},
		{"short row before the footer", "# nThread 1 nGpus 1\n" + currentHeader +
			"     1048576        262144     float     sum      -1    123.2    8.51\n# Out of bounds values : 0 OK\n", 5, "row has 7 fields"},
		{"row after the footer", "# nThread 1 nGpus 1\n" + currentHeader +
			"     1048576        262144     float     sum      -1    123.2    8.51   15.95      0    121.3    8.64   16.21      0\n" +
			"# Out of bounds values : 0 OK\n" +
			"     1048576        262144     float     sum      -1    123.2    8.51   15.95      0    121.3    8.64   16.21      0\n", 7, "after the run's footer"},
		{"header without busbw group", "#  size  count  type  busbw\n", 1, "column header"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := ParseNCCL([]byte(tt.log))
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v (report %+v), want *ParseError", err, rep)
			}
			if rep != nil {
				t.Errorf("a report came back with the error")
			}
			if pe.Line != tt.line || !strings.Contains(pe.Reason, tt.reason) || pe.Kind != KindNCCL {
				t.Errorf("got %v, want line %d and reason containing %q", pe, tt.line, tt.reason)
			}
		})
	}
}

// BenchmarkParseNCCL measures throughput on ~8 MB logs built by repeating
// samples: the multi-collective log (header-heavy, many runs) and the
// mpirun-tagged one (every line carries a launcher tag).
func BenchmarkParseNCCL(b *testing.B) {
	for _, tc := range []struct{ name, file string }{
		{"5coll", "nccl/h100-sxm-1node-8gpu-5coll-v2.17.8.txt"},
		{"mpirun-tags", "nccl/POOR-t4-2node-efa-ncclinfo-interleaved.txt"},
		{"srun-rows", "nccl/h100-p5-2node-efa-srun-label-prefix.txt"},
	} {
		sample := readTestdata(b, tc.file)
		data := bytes.Repeat(sample, (8<<20)/len(sample))
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ParseNCCL(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// isAMD lowers ASCII only, on the stack; it answers as lowering the whole
// name would, for short and long names alike.
func TestIsAMDMatchesLoweredNames(t *testing.T) {
	for _, name := range []string{"AMD Instinct MI300X", "NVIDIA H100 80GB HBM3", "gfx90a", "Radeon PRO W7900", "AMD MI250X" + strings.Repeat(" x", 60), strings.Repeat("nvidia ", 20) + "MI300", "Tesla K80", ""} {
		l := strings.ToLower(name)
		want := false
		for _, w := range []string{"amd", "instinct", "radeon", "gfx9", "mi300", "mi250"} {
			want = want || strings.Contains(l, w)
		}
		if got := isAMD(name); got != want {
			t.Errorf("isAMD(%q) = %v, want %v", name, got, want)
		}
	}
}

// kubectl logs --tail cuts a log above its column header: rows of the
// 13-column layout are read as such, with a note; rows of any other shape
// stay unreadable without their header.
func TestParseNCCLRowsWithoutTheirHeader(t *testing.T) {
	in := `nccl-test-worker-0:60:109 [0] NCCL INFO Connected all rings, use ring PXN 0 GDR 1
           8             2     float     sum      -1    21.57    0.00    0.00      0    21.24    0.00    0.00      0
 17179869184    4294967296     float     sum      -1    35549  483.27  845.72      0    35568  483.01  845.27      0
 34359738368    8589934592     float     sum      -1    70981  484.07  847.12      0    70956  484.24  847.42      0
nccl-test-worker-0:61:113 [1] NCCL INFO comm 0xbae114ae20b0 rank 1 nranks 8 cudaDev 1 busId 901000 - Destroy COMPLETE
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 260.778
`
	rep, err := ParseNCCL([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	r := rep.Runs[0]
	if len(rep.Runs) != 1 || len(r.Rows) != 3 || r.PeakBusBW != 847.42 || r.AvgBusBW != 260.778 || r.Ranks != 8 || r.Collective != "all_reduce" ||
		!hasNote(r.Notes, NoteNoColumnHeader) {
		t.Errorf("run %+v", r)
	}
	if _, err := ParseNCCL([]byte("  1048576  262144  float  sum  0.5  1.1  1.9  0\n# Avg bus bandwidth : 1.9\n")); err == nil {
		t.Error("a headerless row of another shape was read")
	}
}

// Old rccl-tests print the run's settings as "key: value" pairs: they are
// the run's configuration, so its size sweep can be checked.
func TestParseNCCLOldRCCLHeader(t *testing.T) {
	in := `./build/all_reduce_perf -g 2 -b 8m -e 128m -f 2
# nThreads: 1 nGpus: 2 nRanks: 1 minBytes: 8388608 maxBytes: 134217728 step: 2(factor) warmupIters: 5 iters: 20 validation: 1
#
#       size         count      type   redop     time   algbw   busbw  error     time   algbw   busbw  error
#        (B)    (elements)                       (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)
     8388608       2097152     float     sum    523.1   16.04   16.04  0e+00    552.5   15.18   15.18  0e+00
   134217728      33554432     float     sum   5543.8   24.21   24.21  0e+00   5550.9   24.18   24.18  0e+00
# Avg bus bandwidth    : 19.3738
`
	rep, err := ParseNCCL([]byte("user@host:~/workspace/rocm/rccl-tests$ " + in))
	if err != nil {
		t.Fatal(err)
	}
	if r := rep.Runs[0]; r.Collective != "all_reduce" || r.CollectiveSource != "command" || r.Library != "rccl" {
		t.Errorf("collective %q from %q, library %q: the command after an rccl-tests prompt names it", r.Collective, r.CollectiveSource, r.Library)
	}
	c := rep.Runs[0].Config
	if !c.Present || c.NThread != 1 || c.NGpus != 2 || c.MinBytes != 8388608 || c.MaxBytes != 134217728 || c.Iters != 20 || c.WarmupIters != 5 || c.Validation != 1 {
		t.Errorf("config %+v", c)
	}
}

// -c 0 prints N/A for every #wrong; without the nThread line that says
// validation: 0, the table itself tells.
func TestParseNCCLValidationOffSeenInTheTable(t *testing.T) {
	in := `#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)
  1073741824     268435456     float     sum      -1   6891.2  155.81  292.15    N/A   6880.1  156.06  292.62    N/A
  2147483648     536870912     float     sum      -1    13764  156.02  292.54    N/A    13761  156.05  292.60    N/A
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 292.48
`
	rep, err := ParseNCCL([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if r := rep.Runs[0]; !r.ValidationOff || !hasNote(r.Notes, NoteValidationOff) {
		t.Errorf("validation off %v, notes %v", r.ValidationOff, r.Notes)
	}
	checked := strings.Replace(in, "292.15    N/A", "292.15      0", 1)
	if rep, err := ParseNCCL([]byte(checked)); err != nil || rep.Runs[0].ValidationOff {
		t.Errorf("a row with a #wrong count is validated: %v", err)
	}
}

// A log quoted in Markdown ("> " on every line) or printed through Ray
// ("(head, rank=0, pid=3808) " before Open MPI's own tag) reads as the log.
func TestParseNCCLQuotedAndRayPrefixedLogs(t *testing.T) {
	all := strings.SplitAfter(string(readTestdata(t, "nccl/h100-sxm-1node-8gpu-5coll-v2.17.8.txt")), "\n")
	body := strings.Join(all[:min(40, len(all))], "")
	want, err := ParseNCCL([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	for name, prefix := range map[string]string{"markdown": "> ", "ray": "(head, rank=0, pid=3808) [1,0]<stdout>:"} {
		var b strings.Builder
		for _, l := range strings.SplitAfter(body, "\n") {
			if l != "" {
				b.WriteString(prefix + l)
			}
		}
		got, err := ParseNCCL([]byte(b.String()))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got.Runs[0].PeakBusBW != want.Runs[0].PeakBusBW || len(got.Runs[0].Rows) != len(want.Runs[0].Rows) || got.Runs[0].Ranks != want.Runs[0].Ranks {
			t.Errorf("%s: run %+v, want %+v", name, got.Runs[0], want.Runs[0])
		}
	}
}
