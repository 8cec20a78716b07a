package benchlog

import (
	"encoding/json"
	"math"
	"testing"
)

// checkToolSane: every figure a tool parser returns is finite and encodes
// as JSON (what the store keeps), and the compact form equals it.
func checkToolSane(t *testing.T, r *Result) {
	t.Helper()
	if _, err := json.Marshal(r); err != nil {
		t.Fatalf("result does not encode: %v", err)
	}
	finite := func(vs ...float64) {
		for _, v := range vs {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("non-finite figure in %+v", r)
			}
		}
	}
	switch {
	case r.NVBandwidth != nil:
		for _, m := range r.NVBandwidth.Tests {
			if len(m.Rows) != len(m.Cells) {
				t.Fatal("rows and cells disagree")
			}
			for _, row := range m.Cells {
				if len(row) != len(m.Cols) {
					t.Fatal("row width differs from the header")
				}
				finite(row...)
			}
			m.Extremes()
		}
	case r.Perftest != nil:
		finite(r.Perftest.PeakGbps, r.Perftest.AvgGbps)
	case r.IBStat != nil:
		if len(r.IBStat.Ports) == 0 && len(r.IBStat.Errors) == 0 {
			t.Fatal("no ports and no error line")
		}
	case r.GPUBurn != nil:
		for _, g := range r.GPUBurn.GPUs {
			finite(g.Gflops, g.MaxTempC)
		}
	case r.DCGMI != nil:
		if len(r.DCGMI.Tests) == 0 {
			t.Fatal("no tests without an error")
		}
		finite(r.DCGMI.DurationSeconds)
	case r.KernelLog != nil:
		if r.KernelLog.DriverLines == 0 || len(r.KernelLog.Xids) > maxXidEvents || len(r.KernelLog.Hosts) > maxHosts {
			t.Fatalf("kernel log %+v", r.KernelLog)
		}
	case r.DCGMHealth != nil:
		if r.DCGMHealth.Overall == "" || len(r.DCGMHealth.Incidents) > maxHealthIncidents {
			t.Fatalf("dcgmi health %+v", r.DCGMHealth)
		}
	}
}

func fuzzTool(f *testing.F, kind Kind, dir string, seeds ...string) {
	addSeeds(f, dir, seeds...)
	f.Fuzz(func(t *testing.T, data []byte) {
		res, err := Parse(kind, data)
		if err != nil {
			if res != nil {
				t.Fatal("result returned with an error")
			}
			checkErr(t, err, lineCount(data))
			return
		}
		checkToolSane(t, res)
	})
}

func FuzzParseDCGMI(f *testing.F) {
	fuzzTool(f, KindDCGMI, "dcgmi", "| GPU Memory | Fail - GPU: 0 |\n|            | Pass - GPUs: 1, 2 |\n| Warning | GPU 0 hot |\n")
}

func FuzzParseNVBandwidth(f *testing.F) {
	fuzzTool(f, KindNVBandwidth, "nvbandwidth", "memcpy CE GPU(row) -> GPU(column) bandwidth (GB/s)\n   0   1\n0  N/A 12.5\n1  12.4 N/A\nSUM x 24.9\n")
}

func FuzzParseNVLink(f *testing.F) {
	fuzzTool(f, KindNVLink, "nvlink", "GPU 0: X (UUID: GPU-1)\n\t Link 0: 25 GB/s\n\t Link 1: <inactive>\n")
}

func FuzzParsePerftest(f *testing.F) {
	fuzzTool(f, KindPerftest, "perftest", " RDMA_Read BW Test\n #bytes #iterations BW peak[MB/sec] BW average[MB/sec] MsgRate[Mpps]\n 65536 1000 11000.1 10999.9 0.17\n")
}

func FuzzParseIBStat(f *testing.F) {
	fuzzTool(f, KindIBStat, "ibstat", "Infiniband device 'mlx5_0' port 1 status:\n\tstate:\t 1: DOWN\n\tphys state:\t 2: Polling\n\trate:\t 10 Gb/sec (4X)\n")
}

func FuzzParseGPUBurn(f *testing.F) {
	fuzzTool(f, KindGPUBurn, "gpu-burn", "10.0%  proc'd: 1 (2 Gflop/s) - 3 (4 Gflop/s)   errors: 0 - -5  (WARNING!)   temps: 40 C - 41 C \rTested 2 GPUs:\n\tGPU 0: OK\n\tGPU 1: FAULTY\n")
}

func FuzzParseKernelLog(f *testing.F) {
	fuzzTool(f, KindKernelLog, "written", "Dec 02 03:22:17 n6 kernel: NVRM: Xid (PCI:0000:bd:00): 79, pid=1, GPU has fallen off the bus.\n[ 7.1] NVRM: loading\n")
}

func FuzzParseDCGMHealth(f *testing.F) {
	fuzzTool(f, KindDCGMHealth, "written", "| Overall Health | Warning |\n| GPU ID: 1 | Warning |\n|  | PCIe system: Warning - replays |\n|  | more text |\n")
}
