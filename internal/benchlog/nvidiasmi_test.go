package benchlog

import (
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func i64(v int64) *int64 { return &v }

// smiWant is what the tests assert about a report; GPUs are compared in
// full for the first GPU only, the rest must share its name and memory.
type smiWant struct {
	format, driver, cuda string
	count                int
	model                string
	first                GPU
	processes            []GPUProcess
	noProcesses          bool
}

func checkSMI(t *testing.T, got *SMIReport, w smiWant) {
	t.Helper()
	if got.Format != w.format || got.DriverVersion != w.driver || got.CUDAVersion != w.cuda ||
		got.GPUCount != w.count || len(got.GPUs) != w.count || got.GPUModel != w.model || got.NoProcesses != w.noProcesses {
		t.Errorf("report = {%s %q %q count %d/%d model %q noproc %v}, want {%s %q %q count %d model %q noproc %v}",
			got.Format, got.DriverVersion, got.CUDAVersion, got.GPUCount, len(got.GPUs), got.GPUModel, got.NoProcesses,
			w.format, w.driver, w.cuda, w.count, w.model, w.noProcesses)
	}
	if len(got.GPUs) > 0 && !reflect.DeepEqual(got.GPUs[0], w.first) {
		t.Errorf("GPU 0 =\n %+v\nwant\n %+v", got.GPUs[0], w.first)
	}
	for _, g := range got.GPUs {
		if g.Name != w.first.Name || g.MemoryTotalMiB != w.first.MemoryTotalMiB {
			t.Errorf("GPU %d = %+v, differs from GPU 0", g.Index, g)
		}
	}
	if !reflect.DeepEqual(got.Processes, w.processes) {
		t.Errorf("processes = %+v, want %+v", got.Processes, w.processes)
	}
}

func TestParseNvidiaSMISamples(t *testing.T) {
	tests := []struct {
		file string
		want smiWant
	}{
		{"nvidia-smi/h100-8gpu-table-550.txt", smiWant{
			format: "table", driver: "550.90.07", cuda: "12.4", count: 8, model: "NVIDIA H100 80GB HBM3",
			first: GPU{Index: 0, Name: "NVIDIA H100 80GB HBM3", BusID: "00000000:53:00.0", Persistence: "On", MIGMode: "Disabled",
				MemoryTotalMiB: 81559, MemoryUsedMiB: 1, TemperatureC: 25, PowerDrawW: 92, PowerDrawMaxW: 92, PowerCapW: 700,
				ECCVolatileUncorrected: i64(0)},
		}},
		{"nvidia-smi/l40s-1gpu-table-580-with-process.txt", smiWant{
			format: "table", driver: "580.126.09", cuda: "13.0", count: 1, model: "NVIDIA L40S",
			first: GPU{Index: 0, Name: "NVIDIA L40S", BusID: "00000000:8D:00.0", Persistence: "On",
				MemoryTotalMiB: 46068, MemoryUsedMiB: 803, TemperatureC: 39, PowerDrawW: 104, PowerDrawMaxW: 104, PowerCapW: 325,
				ECCVolatileUncorrected: i64(0)},
			processes: []GPUProcess{{GPU: 0, PID: 5997, Type: "C", Name: "python", UsedMiB: 794}},
		}},
		{"nvidia-smi/query-gpu-csv-power-draw.txt", smiWant{
			format: "csv", count: 1,
			first: GPU{Index: 0, PowerDrawW: 70.01, PowerDrawMaxW: 73.24, Samples: 91},
		}},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.file), func(t *testing.T) {
			rep, err := ParseNvidiaSMI(readTestdata(t, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			checkSMI(t, rep, tt.want)
		})
	}
	t.Run("h100 table: no processes table is not 'no processes'", func(t *testing.T) {
		rep, _ := ParseNvidiaSMI(readTestdata(t, "nvidia-smi/h100-8gpu-table-550.txt"))
		if rep.NoProcesses || rep.Processes != nil || rep.GPUs[7].BusID != "00000000:CA:00.0" || rep.GPUs[7].Index != 7 {
			t.Errorf("%+v", rep)
		}
	})
	t.Run("csv keeps the raw table", func(t *testing.T) {
		rep, _ := ParseNvidiaSMI(readTestdata(t, "nvidia-smi/query-gpu-csv-power-draw.txt"))
		c := rep.CSV
		if !reflect.DeepEqual(c.Header, []string{"index", "power.draw", "timestamp"}) || !reflect.DeepEqual(c.Units, []string{"", "W", ""}) ||
			len(c.Rows) != 91 || !reflect.DeepEqual(c.Rows[0], []string{"0", "16.48 W", "2022/09/28 15:36:51.68"}) {
			t.Errorf("csv = %+v / %+v / %d rows / %q", c.Header, c.Units, len(c.Rows), c.Rows[0])
		}
	})
}

const smiQuery = `
==============NVSMI LOG==============

Timestamp                                 : Tue Mar  5 10:00:00 2024
Driver Version                            : 535.104.05
CUDA Version                              : 12.2

Attached GPUs                             : 2
GPU 00000000:18:00.0
    Product Name                          : NVIDIA H100 80GB HBM3
    Product Brand                         : NVIDIA
    Persistence Mode                      : Enabled
    MIG Mode
        Current                           : Disabled
        Pending                           : Disabled
    GPU UUID                              : GPU-11111111-2222-3333-4444-555555555555
    FB Memory Usage
        Total                             : 81559 MiB
        Reserved                          : 328 MiB
        Used                              : 4 MiB
        Free                              : 81226 MiB
    BAR1 Memory Usage
        Total                             : 131072 MiB
        Used                              : 1 MiB
    ECC Mode
        Current                           : Enabled
        Pending                           : Enabled
    ECC Errors
        Volatile
            SRAM Correctable              : 0
            SRAM Uncorrectable Parity     : 0
            SRAM Uncorrectable SEC-DED    : 1
            DRAM Correctable              : 5
            DRAM Uncorrectable            : 2
        Aggregate
            SRAM Correctable              : 0
            SRAM Uncorrectable Parity     : 0
            SRAM Uncorrectable SEC-DED    : 0
            DRAM Correctable              : 7
            DRAM Uncorrectable            : 3
            SRAM Threshold Exceeded       : No
        Aggregate Uncorrectable SRAM Sources
            SRAM L2                       : 9
    Temperature
        GPU Current Temp                  : 31 C
    GPU Power Readings
        Power Draw                        : 71.30 W
        Current Power Limit               : 700.00 W
        Requested Power Limit             : 700.00 W
        Default Power Limit               : 700.00 W
    Processes
        GPU instance ID                   : N/A
        Compute instance ID               : N/A
        Process ID                        : 5997
            Type                          : C
            Name                          : /usr/bin/python3
            Used GPU Memory               : 794 MiB

GPU 00000000:2A:00.0
    Product Name                          : NVIDIA H100 80GB HBM3
    Persistence Mode                      : Enabled
    FB Memory Usage
        Total                             : 81559 MiB
        Used                              : 0 MiB
    ECC Errors
        Volatile
            Single Bit
                Device Memory             : 1
                Total                     : 1
            Double Bit
                Device Memory             : 0
                Total                     : 0
    Power Readings
        Power Draw                        : N/A
        Power Limit                       : 700.00 W
    Processes                             : None
`

const smiTable470 = `Mon Jan 10 10:00:00 2022       
+-----------------------------------------------------------------------------+
| NVIDIA-SMI 470.57.02    Driver Version: 470.57.02    CUDA Version: 11.4     |
|-------------------------------+----------------------+----------------------+
| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |
| Fan  Temp  Perf  Pwr:Usage/Cap|         Memory-Usage | GPU-Util  Compute M. |
|                               |                      |               MIG M. |
|===============================+======================+======================|
|   0  A100-SXM4-40GB      On   | 00000000:07:00.0 Off |                    0 |
| N/A   31C    P0    59W / 400W |      0MiB / 40536MiB |      0%      Default |
|                               |                      |             Disabled |
+-------------------------------+----------------------+----------------------+
|   1  A100-SXM4-40GB      On   | 00000000:0F:00.0 Off |                    3 |
| N/A   30C    P0    57W / 400W |      0MiB / 40536MiB |      0%      Default |
|                               |                      |             Disabled |
+-------------------------------+----------------------+----------------------+
                                                                               
+-----------------------------------------------------------------------------+
| Processes:                                                                  |
|  GPU   GI   CI        PID   Type   Process name                  GPU Memory |
|        ID   ID                                                   Usage      |
|=============================================================================|
|  No running processes found                                                 |
+-----------------------------------------------------------------------------+
`

func TestParseNvidiaSMIVariants(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		want  smiWant
		check func(t *testing.T, rep *SMIReport)
	}{
		{"-q of a 525 driver: \"Ecc Mode\"", strings.Replace(smiQuery, "    ECC Mode\n", "    Ecc Mode\n", 1), smiWant{
			format: "query", driver: "535.104.05", cuda: "12.2", count: 2, model: "NVIDIA H100 80GB HBM3",
			first: GPU{Index: 0, Name: "NVIDIA H100 80GB HBM3", BusID: "00000000:18:00.0", UUID: "GPU-11111111-2222-3333-4444-555555555555",
				Persistence: "Enabled", MIGMode: "Disabled", ECCMode: "Enabled", MemoryTotalMiB: 81559, MemoryUsedMiB: 4, TemperatureC: 31,
				PowerDrawW: 71.3, PowerDrawMaxW: 71.3, PowerCapW: 700,
				ECCVolatileUncorrected: i64(3), ECCVolatileCorrected: i64(5), ECCAggregateUncorrected: i64(3), ECCAggregateCorrected: i64(7)},
			processes: []GPUProcess{{GPU: 0, PID: 5997, Type: "C", Name: "/usr/bin/python3", UsedMiB: 794}},
		}, nil},
		{"-q with new and old ECC counters", smiQuery, smiWant{
			format: "query", driver: "535.104.05", cuda: "12.2", count: 2, model: "NVIDIA H100 80GB HBM3",
			first: GPU{Index: 0, Name: "NVIDIA H100 80GB HBM3", BusID: "00000000:18:00.0", UUID: "GPU-11111111-2222-3333-4444-555555555555",
				Persistence: "Enabled", MIGMode: "Disabled", ECCMode: "Enabled", MemoryTotalMiB: 81559, MemoryUsedMiB: 4, TemperatureC: 31,
				PowerDrawW: 71.3, PowerDrawMaxW: 71.3, PowerCapW: 700,
				ECCVolatileUncorrected: i64(3), ECCVolatileCorrected: i64(5), ECCAggregateUncorrected: i64(3), ECCAggregateCorrected: i64(7)},
			processes: []GPUProcess{{GPU: 0, PID: 5997, Type: "C", Name: "/usr/bin/python3", UsedMiB: 794}},
		}, func(t *testing.T, rep *SMIReport) {
			g := rep.GPUs[1]
			if g.ECCVolatileCorrected == nil || *g.ECCVolatileCorrected != 1 || g.ECCVolatileUncorrected == nil || *g.ECCVolatileUncorrected != 0 ||
				g.ECCAggregateCorrected != nil || g.PowerDrawW != 0 {
				t.Errorf("GPU 1 = %+v", g)
			}
		}},
		{"table from driver 470 with ECC errors and no processes", smiTable470, smiWant{
			format: "table", driver: "470.57.02", cuda: "11.4", count: 2, model: "A100-SXM4-40GB", noProcesses: true,
			first: GPU{Index: 0, Name: "A100-SXM4-40GB", BusID: "00000000:07:00.0", Persistence: "On", MIGMode: "Disabled",
				MemoryTotalMiB: 40536, TemperatureC: 31, PowerDrawW: 59, PowerDrawMaxW: 59, PowerCapW: 400, ECCVolatileUncorrected: i64(0)},
		}, func(t *testing.T, rep *SMIReport) {
			if e := rep.GPUs[1].ECCVolatileUncorrected; e == nil || *e != 3 {
				t.Errorf("GPU 1 ECC = %v", e)
			}
		}},
		{"query CSV with units", "$ nvidia-smi --query-gpu=index,name,memory.total,driver_version,power.limit,ecc.errors.uncorrected.volatile.total --format=csv\n" +
			"index, name, memory.total [MiB], driver_version, power.limit [W], ecc.errors.uncorrected.volatile.total\n" +
			"0, NVIDIA H100 80GB HBM3, 81559 MiB, 550.90.07, 700.00 W, 0\n" +
			"1, NVIDIA H100 80GB HBM3, 81559 MiB, 550.90.07, 700.00 W, [N/A]\n", smiWant{
			format: "csv", driver: "550.90.07", count: 2, model: "NVIDIA H100 80GB HBM3",
			first: GPU{Index: 0, Name: "NVIDIA H100 80GB HBM3", MemoryTotalMiB: 81559, PowerCapW: 700, Samples: 1, ECCVolatileUncorrected: i64(0)},
		}, func(t *testing.T, rep *SMIReport) {
			if rep.GPUs[1].ECCVolatileUncorrected != nil {
				t.Errorf("[N/A] ECC must stay unknown")
			}
		}},
		{"query CSV under watch's header", "Every 5.0s: nvidia-smi --query-gpu=index,temperature.gpu,power.draw --format=csv      dell: Mon Aug 31 01:28:09 2026\n\n" +
			"index, temperature.gpu, power.draw [W]\n0, 28, 182.89 W\n1, 40, 185.25 W\n", smiWant{
			format: "csv", count: 2,
			first: GPU{Index: 0, TemperatureC: 28, PowerDrawW: 182.89, PowerDrawMaxW: 182.89, Samples: 1},
		}, nil},
		{"query CSV, nounits", "name, memory.total [MiB], power.limit [W]\nNVIDIA L40S, 46068, 325.00\n", smiWant{
			format: "csv", count: 1, model: "NVIDIA L40S",
			first: GPU{Index: 0, Name: "NVIDIA L40S", MemoryTotalMiB: 46068, PowerCapW: 325, Samples: 1},
		}, nil},
		{"query CSV, noheader", "NVIDIA A100-SXM4-80GB, 81920 MiB, 00000000:07:00.0\nNVIDIA A100-SXM4-80GB, 81920 MiB, 00000000:0F:00.0\n", smiWant{
			format: "csv", count: 2, model: "NVIDIA A100-SXM4-80GB",
			first: GPU{Index: 0, Name: "NVIDIA A100-SXM4-80GB", BusID: "00000000:07:00.0", Samples: 1},
		}, func(t *testing.T, rep *SMIReport) {
			if rep.CSV.Header != nil || len(rep.Notes) != 1 {
				t.Errorf("header %v notes %q", rep.CSV.Header, rep.Notes)
			}
		}},
		{"query CSV, one column, noheader", "NVIDIA H100 80GB HBM3\nNVIDIA H100 80GB HBM3\n", smiWant{
			format: "csv", count: 2, model: "NVIDIA H100 80GB HBM3",
			first: GPU{Index: 0, Name: "NVIDIA H100 80GB HBM3", Samples: 1},
		}, nil},
		{"query CSV logged with -l: header repeated, power over time", "index, power.draw [W], power.limit [W]\n0, 100.00 W, 700.00 W\n0, 650.50 W, 700.00 W\n" +
			"index, power.draw [W], power.limit [W]\n0, 300.00 W, 700.00 W\n", smiWant{
			format: "csv", count: 1,
			first: GPU{Index: 0, PowerDrawW: 300, PowerDrawMaxW: 650.5, PowerCapW: 700, Samples: 3},
		}, nil},
		{"negative or unitless-garbage power is not a reading", strings.Replace(smiTable470, "59W / 400W", "-5W / 4x0W", 1), smiWant{
			format: "table", driver: "470.57.02", cuda: "11.4", count: 2, model: "A100-SXM4-40GB", noProcesses: true,
			first: GPU{Index: 0, Name: "A100-SXM4-40GB", BusID: "00000000:07:00.0", Persistence: "On", MIGMode: "Disabled",
				MemoryTotalMiB: 40536, TemperatureC: 31, ECCVolatileUncorrected: i64(0)},
		}, func(t *testing.T, rep *SMIReport) {
			if rep.GPUs[1].PowerCapW != 400 {
				t.Errorf("GPU 1 cap %v", rep.GPUs[1].PowerCapW)
			}
		}},
		{"query-compute-apps CSV", "pid, process_name, used_gpu_memory [MiB]\n5997, python, 794 MiB\n", smiWant{
			format: "csv", processes: []GPUProcess{{GPU: -1, PID: 5997, Name: "python", UsedMiB: 794}},
		}, nil},
		{"-L", "GPU 0: NVIDIA H200 (UUID: GPU-aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee)\nGPU 1: NVIDIA H200 (UUID: GPU-ffffffff-bbbb-cccc-dddd-eeeeeeeeeeee)\n", smiWant{
			format: "list", count: 2, model: "NVIDIA H200",
			first: GPU{Index: 0, Name: "NVIDIA H200", UUID: "GPU-aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee"},
		}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := ParseNvidiaSMI([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			checkSMI(t, rep, tt.want)
			if tt.check != nil {
				tt.check(t, rep)
			}
		})
	}
}

func TestParseNvidiaSMIErrors(t *testing.T) {
	tests := []struct {
		name, in string
		line     int
		reason   string
	}{
		{"garbage", "hello world\n", 1, "not nvidia-smi output"},
		{"csv width changes", "index, name\n0, NVIDIA H100\n1, NVIDIA H100, extra\n", 3, "3 fields, expected 2"},
		{"table without GPU rows", "+----+\n| NVIDIA-SMI 550.90.07   Driver Version: 550.90.07   CUDA Version: 12.4 |\n+----+\n", 3, "no GPU rows"},
		{"table memory cell broken", strings.Replace(smiTable470, "0MiB / 40536MiB", "lots / 40536MiB", 1), 10, "memory usage"},
		{"-q without GPU sections", "==============NVSMI LOG==============\nDriver Version : 1\nProduct Name : x\n", 3, "no \"GPU <bus id>\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := ParseNvidiaSMI([]byte(tt.in))
			var pe *ParseError
			if !errors.As(err, &pe) || rep != nil {
				t.Fatalf("err = %v, report %+v; want *ParseError only", err, rep)
			}
			if pe.Line != tt.line || !strings.Contains(pe.Reason, tt.reason) {
				t.Errorf("got %v, want line %d reason ~%q", pe, tt.line, tt.reason)
			}
		})
	}
}

// ERR! is nvidia-smi's word for a field it could not read; a power cap of
// N/A does not hide the usage before it.
func TestParseNvidiaSMITableReadErrorsAndNACap(t *testing.T) {
	in := `+-----------------------------------------------------------------------------+
| NVIDIA-SMI 525.125.06   Driver Version: 525.125.06   CUDA Version: 12.0     |
|-------------------------------+----------------------+----------------------+
| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |
| Fan  Temp  Perf  Pwr:Usage/Cap|         Memory-Usage | GPU-Util  Compute M. |
|                               |                      |               MIG M. |
|===============================+======================+======================|
|   0  NVIDIA GeForce ...  Off  | 00000000:01:00.0 Off |                    0 |
|ERR!   38C    P5    49W / 450W |   2021MiB / 23028MiB |      0%   E. Process |
|                               |                      |                  N/A |
+-------------------------------+----------------------+----------------------+
|   1  NVIDIA GB10          On  | 0000000F:01:00.0  On |                  N/A |
| N/A   42C    P0    11W /  N/A |   2021MiB / 23028MiB |      0%      Default |
|                               |                      |                  N/A |
+-------------------------------+----------------------+----------------------+
`
	rep, err := ParseNvidiaSMI([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if g := rep.GPUs[0]; g.ReadErrors != 1 || g.PowerDrawW != 49 || g.TemperatureC != 38 {
		t.Errorf("GPU 0 %+v, want one read error", g)
	}
	if g := rep.GPUs[1]; g.ReadErrors != 0 || g.PowerDrawW != 11 || g.PowerCapW != 0 {
		t.Errorf("GPU 1 %+v, want 11 W drawn and no cap", g)
	}
}
