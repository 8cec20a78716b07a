package benchlog

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"syscall"
	"testing"
)

// The figures below are the ones testdata/README.md lists for each sample.

// dcgmi's text table as DCGM 2 and 3 print it: an Error row is a failure
// naming its GPU; Info rows are kept apart from warnings (a healthy run of
// level 3 prints them); wrapped text joins back with the space the wrap
// took; and the table ends at its border, whatever the job prints after.
// dcgmi diag -j of DCGM 4: "DCGM Diagnostic", one result per entity, the
// versions under metadata, a summary per test.
const dcgm4JSON = `{
	"DCGM Diagnostic" : { "test_categories" : [ { "category" : "Deployment", "tests" : [
		{ "name" : "software", "results" : [
			{ "entity_group" : "GPU", "entity_group_id" : 1, "entity_id" : 0, "status" : "Fail",
			  "warnings" : [ { "error_category" : 8, "error_id" : 29, "warning" : "Persistence Mode: Persistence mode for GPU 0 is disabled." } ] },
			{ "entity_group" : "GPU", "entity_group_id" : 1, "entity_id" : 1, "status" : "Pass" } ],
		  "test_summary" : { "info" : [ "SRAM Threshold checking was skipped." ], "status" : "Fail" } },
		{ "name" : "memory", "test_summary" : { "status" : "Skip" } } ] } ] },
	"entity_groups" : [ { "entities" : [ { "device_id" : "2e12", "entity_id" : 0 } ], "entity_group" : "GPU", "entity_group_id" : 1 } ],
	"metadata" : { "Driver Version Detected" : "580.82.09", "version" : "4.2.3" }
}`

// DCGM 4's text table follows each test with a row per GPU: a failure is
// the failing GPUs', and a warning's text ends where they begin.
func TestParseDCGMI4TextPerGPURows(t *testing.T) {
	in := `+---------------------------+------------------------------------------------+
| Diagnostic                | Result                                         |
+===========================+================================================+
|-----  Metadata  ----------+------------------------------------------------|
| DCGM Version              | 4.4.1                                          |
+-----  Hardware  ----------+------------------------------------------------+
| memory                    | Fail                                           |
| Warning                   | GPU 1 has a memory error. Reset GPU.           |
|                           | GPU0: Pass                                     |
|                           | GPU1: Fail                                     |
|                           | GPU2: Pass                                     |
+-----  Integration  -------+------------------------------------------------+
| pcie                      | Fail                                           |
| Warning                   | There was an internal error during the test.   |
|                           | GPU0: Pass                                     |
|                           | GPU1: Pass                                     |
+---------------------------+------------------------------------------------+
`
	rep, err := ParseDCGMI([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	mem, pcie := rep.Tests[0], rep.Tests[1]
	want := []DCGMResult{{Status: "pass", GPUs: []int{0, 2}}, {Status: "fail", GPUs: []int{1}}}
	if !reflect.DeepEqual(mem.Results, want) || !reflect.DeepEqual(mem.Warnings, []string{"GPU 1 has a memory error. Reset GPU."}) {
		t.Errorf("memory %+v, want results %+v", mem, want)
	}
	want = []DCGMResult{{Status: "fail"}, {Status: "pass", GPUs: []int{0, 1}}}
	if !reflect.DeepEqual(pcie.Results, want) {
		t.Errorf("pcie results %+v, want the test's failure on no GPU and the GPUs' passes", pcie.Results)
	}
}

// dcgmi that could not run prints its error instead of a table: a failed
// diagnostic on the entities it names, not an unreadable file.
func TestParseDCGMIErrorInsteadOfATable(t *testing.T) {
	rep, err := ParseDCGMI([]byte("$ dcgmi diag -i 0,1,2,3 -v -r 3\nError: Unable to complete diagnostic for entities 0,1,2,3. Return: (-30) : DCGM GPU Diagnostic returned an error\n" +
		"Error: Cannot load plugins. Unable to change to the plugin dir '/usr/libexec/datacenter-gpu-manager-4/plugins/cuda12/': 'No such file or directory'\n"))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Level != 3 || len(rep.Tests) != 2 || rep.Tests[0].Results[0].Status != "fail" || !reflect.DeepEqual(rep.Tests[0].Results[0].GPUs, []int{0, 1, 2, 3}) {
		t.Errorf("report %+v", rep)
	}
}

func TestParseDCGMI4JSON(t *testing.T) {
	if k := Detect([]byte(dcgm4JSON)); k != KindDCGMI {
		t.Fatalf("detected %q", k)
	}
	rep, err := ParseDCGMI([]byte(dcgm4JSON))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Version != "4.2.3" || rep.Driver != "580.82.09" || rep.GPUs != 2 || len(rep.Tests) != 2 {
		t.Fatalf("report %+v", rep)
	}
	sw, mem := rep.Tests[0], rep.Tests[1]
	if len(sw.Results) != 2 || sw.Results[0].Status != "fail" || !reflect.DeepEqual(sw.Results[0].GPUs, []int{0}) ||
		sw.Results[1].Status != "pass" || !reflect.DeepEqual(sw.Results[1].GPUs, []int{1}) ||
		len(sw.Warnings) != 1 || !strings.Contains(sw.Warnings[0], "Persistence mode for GPU 0") {
		t.Errorf("software %+v", sw)
	}
	if len(mem.Results) != 1 || mem.Results[0].Status != "skip" {
		t.Errorf("a test with only its summary: %+v", mem)
	}
}

func TestParseDCGMIJSONSkipsNullTests(t *testing.T) {
	rep, err := ParseDCGMI([]byte(`{"DCGM GPU Diagnostic": {"test_categories": [{"category": "Deployment", "tests": [null,
		{"name": "Blacklist", "results": [{"status": "Pass"}]}, null]}], "version": "3.1.0"}}`))
	if err != nil || len(rep.Tests) != 1 || rep.Tests[0].Name != "Blacklist" {
		t.Fatalf("tests %+v, %v; want Blacklist alone", rep, err)
	}
}

func TestParseDCGMITextRowsAndTableEnd(t *testing.T) {
	in := `Successfully ran diagnostic for group.
+---------------------------+------------------------------------------------+
| Diagnostic                | Result                                         |
+===========================+================================================+
|-----  Deployment  --------+------------------------------------------------|
| Error                     | GPU 3 has uncorrectable memory errors and row  |
|                           |  remappings are pending                        |
+-----  Stress  ------------+------------------------------------------------+
| Targeted Power            | Pass - All                                     |
| Info                      | GPU 0 GPU 0 max power: 299.5 W average power   |
|                           | usage: 299.0 W                                 |
+---------------------------+------------------------------------------------+
  | Name       | Type      | Params
0 | bert_model | BertModel | 109 M
+------------------------------------------------------------------------------+
| GPU ID: 0                                                                    |
`
	rep, err := ParseDCGMI([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Tests) != 2 {
		t.Fatalf("tests %+v, want the Error and Targeted Power", rep.Tests)
	}
	e, p := rep.Tests[0], rep.Tests[1]
	if e.Category != "Deployment" || e.Results[0].Status != "fail" || !reflect.DeepEqual(e.Results[0].GPUs, []int{3}) ||
		e.Results[0].Info != "GPU 3 has uncorrectable memory errors and row remappings are pending" {
		t.Errorf("error row %+v", e)
	}
	if p.Name != "Targeted Power" || len(p.Warnings) != 0 || !reflect.DeepEqual(p.Info, []string{"GPU 0 GPU 0 max power: 299.5 W average power usage: 299.0 W"}) {
		t.Errorf("info row %+v", p)
	}
}

func TestParseDCGMISamples(t *testing.T) {
	aws, err := ParseDCGMI(readTestdata(t, "dcgmi/aws-p4de-a100-r2-nvlinks-expected-pass.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if aws.Format != "text" || aws.Version != "3.3.3" || aws.Driver != "535.104.12" || aws.GPUs != 8 || aws.Level != 2 {
		t.Errorf("metadata %+v", aws)
	}
	cats := map[string]int{}
	for _, tt := range aws.Tests {
		cats[tt.Category]++
		if len(tt.Results) != 1 || tt.Results[0].Status != "pass" || tt.Results[0].GPUs != nil {
			t.Errorf("%s: %+v", tt.Name, tt.Results)
		}
	}
	if !reflect.DeepEqual(cats, map[string]int{"Deployment": 9, "Integration": 1, "Hardware": 1}) {
		t.Errorf("categories %v", cats)
	}

	frag, err := ParseDCGMI(readTestdata(t, "dcgmi/mleng-fragment-gpu-memory-fail-thermal-warning.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(frag.Tests) != 1 {
		t.Fatalf("tests %+v", frag.Tests)
	}
	mem := frag.Tests[0]
	want := []DCGMResult{{Status: "pass", GPUs: []int{1, 2, 3, 4, 5, 6, 7}}, {Status: "fail", GPUs: []int{0}}}
	if mem.Name != "GPU Memory" || !reflect.DeepEqual(mem.Results, want) {
		t.Errorf("GPU Memory %+v", mem)
	}
	if len(mem.Warnings) != 1 || !strings.Contains(mem.Warnings[0], "totaling 13.3 seconds started") || !strings.Contains(mem.Warnings[0], "for GPU 0 Verify") {
		t.Errorf("warning %q", mem.Warnings)
	}

	js, err := ParseDCGMI(readTestdata(t, "dcgmi/virtualclient-r3-json-t4-eud-skip.json"))
	if err != nil {
		t.Fatal(err)
	}
	status := map[string]string{}
	for _, tt := range js.Tests {
		status[tt.Category+"/"+tt.Name] = tt.Results[0].Status
	}
	if js.Format != "json" || js.GPUs != 1 || status["Hardware/EUD Test"] != "skip" || status["Integration/PCIe"] != "pass" ||
		status["Stress/Targeted Power"] != "pass" || status["Deployment/Inforom"] != "pass" {
		t.Errorf("json %+v", status)
	}
}

// A bidirectional test prints a sub-table per direction and their total:
// each keeps the name its SUM line gives it. A multinode run names its
// devices on "Process N (host): device N: name" lines.
// A host-to-device matrix has one CPU row: its cell under GPU 0 is a
// measurement, not a device with itself.
func TestParseNVBandwidthHostRows(t *testing.T) {
	rep, err := ParseNVBandwidth([]byte("Running host_to_device_memcpy_ce.\nmemcpy CE CPU(row) -> GPU(column) bandwidth (GB/s)\n" +
		"           0         1\n 0     12.98     55.60\n\nSUM host_to_device_memcpy_ce 68.58\n"))
	if err != nil {
		t.Fatal(err)
	}
	m := rep.Tests[0]
	weak, _, measured, _ := m.Extremes()
	if m.RowKind != "CPU" || m.ColKind != "GPU" || measured != 2 || weak != (Pair{From: 0, To: 0, FromKind: "CPU", ToKind: "GPU", GBs: 12.98}) {
		t.Errorf("kinds %s/%s, %d measured, weakest %+v", m.RowKind, m.ColKind, measured, weak)
	}
}

func TestParseNVBandwidthSubTablesAndProcessDevices(t *testing.T) {
	in := `Process 0 (nvbandwidth-test-worker-0): device 0: HGX GB200 (00000008:01:00)
Process 1 (nvbandwidth-test-worker-0): device 1: HGX GB200 (00000009:01:00)
Running device_to_device_bidirectional_memcpy_read_ce.
memcpy CE GPU(row) <-> GPU(column) Read1 bandwidth (GB/s)
           0         1
 0       N/A    760.50
 1    760.10       N/A

SUM device_to_device_bidirectional_memcpy_read_ce_read1 1520.60

memcpy CE GPU(row) <-> GPU(column) Total bandwidth (GB/s)
           0         1
 0       N/A   1521.00
 1   1520.20       N/A

SUM device_to_device_bidirectional_memcpy_read_ce_total 3041.20
`
	rep, err := ParseNVBandwidth([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Tests) != 2 || rep.Tests[0].Name != "device_to_device_bidirectional_memcpy_read_ce_read1" || rep.Tests[0].Sum != 1520.6 ||
		rep.Tests[1].Name != "device_to_device_bidirectional_memcpy_read_ce_total" || rep.Tests[1].Sum != 3041.2 {
		t.Errorf("tests %+v", rep.Tests)
	}
	if !reflect.DeepEqual(rep.Devices, []string{"HGX GB200", "HGX GB200"}) {
		t.Errorf("devices %q", rep.Devices)
	}
}

func TestParseNVBandwidthSamples(t *testing.T) {
	for _, tt := range []struct {
		file                 string
		weak, strong, sum    float64
		weakPair             Pair
		measured, notApplied int
	}{
		{"nvbandwidth/azure-ndv5-h100x8-v0.4-read-ce.txt", 370.26, 372.96, 20785.58, Pair{From: 0, To: 6, FromKind: "GPU", ToKind: "GPU", GBs: 370.26}, 56, 0},
		{"nvbandwidth/v100-sxm2x8-v0.7-read-ce-hybrid-cube-mesh-na.txt", 24.25, 48.48, 1163.71, Pair{}, 32, 24},
	} {
		rep, err := ParseNVBandwidth(readTestdata(t, tt.file))
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Tests) != 1 || rep.Tests[0].Name != "device_to_device_memcpy_read_ce" || len(rep.Devices) != 8 {
			t.Fatalf("%s: %+v", tt.file, rep)
		}
		m := rep.Tests[0]
		weak, strong, measured, na := m.Extremes()
		if weak.GBs != tt.weak || strong.GBs != tt.strong || measured != tt.measured || na != tt.notApplied || m.Sum != tt.sum {
			t.Errorf("%s: weak %+v strong %+v measured %d na %d sum %v", tt.file, weak, strong, measured, na, m.Sum)
		}
		if tt.weakPair.GBs != 0 && weak != tt.weakPair {
			t.Errorf("weakest pair %+v", weak)
		}
	}
}

func TestParseNVLinkSamples(t *testing.T) {
	good, err := ParseNVLink(readTestdata(t, "nvlink/azure-a100-gpu7-good.txt"))
	if err != nil {
		t.Fatal(err)
	}
	g := good.GPUs[0]
	if g.Index != 7 || g.Name != "NVIDIA A100-SXM4-80GB" || len(g.Links) != 12 || !g.Links[11].Active || g.Links[11].GBs != 25 {
		t.Errorf("good %+v", g)
	}
	bad, err := ParseNVLink(readTestdata(t, "nvlink/azure-a100-gpu6-all-links-inactive.txt"))
	if err != nil || len(bad.GPUs) != 1 || !bad.GPUs[0].AllInactive || bad.GPUs[0].Index != 6 {
		t.Errorf("inactive %+v %v", bad, err)
	}
	rep, err := ParseNVLink([]byte("GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-1)\n\t Link 0: 26.562 GB/s\n\t Link 1: <inactive>\n"))
	if err != nil || rep.GPUs[0].Links[1].Active || rep.GPUs[0].Links[0].GBs != 26.562 {
		t.Errorf("inactive link %+v %v", rep, err)
	}
}

func TestParsePerftestSamples(t *testing.T) {
	oci, err := ParsePerftest(readTestdata(t, "perftest/oci-oke-roce-write-bw-gbits-4qp.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if oci.Device != "mlx5_5" || oci.QPs != 4 || oci.MTU != 4096 || oci.LinkType != "Ethernet" || !oci.Gbits ||
		oci.PeakGbps != 98.01 || oci.AvgGbps != 98.01 || len(oci.Rows) != 1 || oci.Rows[0].MsgRate != 0.186932 || oci.Rows[0].Iters != 20000 {
		t.Errorf("oci %+v", oci)
	}
	intel, err := ParsePerftest(readTestdata(t, "perftest/intel-e810-irdma-write-bw-mb-poor.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if intel.Device != "irdma1" || intel.QPs != 1 || intel.MTU != 1024 || intel.Gbits || intel.Rows[0].PeakBW != 1103.39 ||
		fmt.Sprintf("%.3f", intel.PeakGbps) != "9.256" {
		t.Errorf("intel %+v", intel)
	}
	lat, err := ParsePerftest([]byte(" RDMA_Write Latency Test\n #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]    t_avg[usec]    t_stdev[usec]   99% percentile[usec]   99.9% percentile[usec] \n 2       1000          1.02           3.90         1.05                1.07         0.07            1.40                 3.90   \n"))
	if err != nil || !lat.Latency || lat.Rows[0].LatTyp != 1.05 {
		t.Errorf("latency %+v %v", lat, err)
	}
}

// A loop over NICs or tests writes several runs to one file: each is
// read on its own, and a wrapped command line between them is not a row.
// A fixed-duration run (-D) measures no peak: its average is its figure.
func TestParsePerftestRunsAndDurationRuns(t *testing.T) {
	run := func(dev, row string) string {
		return `---------------------------------------------------------------------------------------
                    RDMA_Write BW Test
 Dual-port       : OFF		Device         : ` + dev + `
 Number of qps   : 1		Transport type : IB
 Link type       : IB
---------------------------------------------------------------------------------------
 #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]
` + row + `
---------------------------------------------------------------------------------------
`
	}
	in := run("mlx5_0", " 65536      5000             391.20             390.80               0.745400") +
		"root@node1:~# for d in mlx5_0 mlx5_1; do ib_write_bw -d $d --report_gbits 1\n92.168.1.60; done\n" +
		run("mlx5_1", " 65536      5000             201.10             200.50               0.382400") +
		" RDMA_Write Latency Test\n #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]    t_avg[usec]\n 2       1000          1.02           3.90         1.05                1.07\n"
	rep, err := ParsePerftest([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	runs := rep.Runs()
	if len(runs) != 3 || runs[0].Device != "mlx5_0" || runs[0].PeakGbps != 391.2 || runs[1].Device != "mlx5_1" || runs[1].PeakGbps != 201.1 ||
		!runs[2].Latency || len(runs[2].Rows) != 1 || runs[2].Rows[0].LatTyp != 1.05 {
		t.Errorf("runs %+v", runs)
	}
	if rep.Device != "mlx5_0" || rep.PeakGbps != 391.2 {
		t.Errorf("the report's own figures are the first run's: %+v", rep.PerftestRun)
	}

	d, err := ParsePerftest([]byte(strings.Replace(run("mlx5_2", " 65536      560845           0.00               98.02                0.186950"),
		" Link type       : IB\n", " Link type       : IB\n WARNING: BW peak won't be measured in this run.\n", 1)))
	if err != nil || d.PeakGbps != 98.02 || d.AvgGbps != 98.02 || d.Line == 0 {
		t.Errorf("a -D run reads %+v, %v; want its average 98.02 as its figure", d, err)
	}
	if _, err := ParsePerftest([]byte(run("mlx5_3", " 65536      5000"))); err == nil {
		t.Error("a row cut short was accepted")
	}
}

// A publisher's "# ..." annotation after a value is not part of it.
func TestParseIBStatAnnotatedValues(t *testing.T) {
	rep, err := ParseIBStat([]byte("CA 'rxe0'\n\tCA type:\n\tNumber of ports: 1\n\tPort 1:\n\t\tState: Active # logical state\n" +
		"\t\tPhysical state: LinkUp # physical stat\n\t\tRate: 2.5 # link speed x link width\n\t\tLink layer: Ethernet # ideally it should be infiniband\n"))
	if err != nil {
		t.Fatal(err)
	}
	if p := rep.Ports[0]; !p.Up() || p.Rate != 2.5 || p.LinkLayer != "Ethernet" {
		t.Errorf("port %+v", p)
	}
}

func TestParseIBStatSamples(t *testing.T) {
	mixed, err := ParseIBStat(readTestdata(t, "ibstat/mixed-mlx4-eth-mlx5-ib-rates-100-56.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range mixed.Ports {
		if !p.Up() {
			t.Errorf("%s not up", p.CA)
		}
		got = append(got, fmt.Sprintf("%s %s %g %s %s", p.CA, p.CAType, p.Rate, p.LinkLayer, p.SMLID))
	}
	want := []string{"mlx4_0 MT4099 10 Ethernet 0", "mlx5_0 MT4119 100 InfiniBand 10", "mlx5_1 MT4119 56 InfiniBand 43",
		"mlx5_2 MT4119 100 InfiniBand 10", "mlx5_3 MT4119 100 Ethernet 0", "mlx5_4 MT4119 100 InfiniBand 10",
		"mlx5_5 MT4119 56 InfiniBand 344", "mlx5_6 MT4119 100 InfiniBand 10", "mlx5_7 MT4119 56 InfiniBand 43"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ports\n%v\nwant\n%v", got, want)
	}
	gpud, err := ParseIBStat(readTestdata(t, "ibstat/gpud-h100-ib-rate400-plus-eth-3-down-disabled.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var ibUp, down []string
	for _, p := range gpud.Ports {
		switch {
		case p.LinkLayer == "InfiniBand" && p.Up() && p.Rate == 400:
			ibUp = append(ibUp, p.CA)
		case !p.Up():
			down = append(down, fmt.Sprintf("%s %s/%s %g", p.CA, p.State, p.PhysState, p.Rate))
		}
	}
	if len(ibUp) != 8 || !reflect.DeepEqual(down, []string{"mlx5_2 Down/Disabled 40", "mlx5_7 Down/Disabled 40", "mlx5_8 Down/Disabled 40"}) {
		t.Errorf("ib up %v, down %v", ibUp, down)
	}
	st, err := ParseIBStat([]byte("Infiniband device 'mlx5_0' port 1 status:\n\tdefault gid:\t fe80::1\n\tbase lid:\t 0x3\n\tsm lid:\t\t 0x1\n\tstate:\t\t 4: ACTIVE\n\tphys state:\t 5: LinkUp\n\trate:\t\t 400 Gb/sec (4X NDR)\n\tlink_layer:\t InfiniBand\n"))
	if err != nil || st.Format != "ibstatus" || !st.Ports[0].Up() || st.Ports[0].Rate != 400 || st.Ports[0].State != "Active" {
		t.Errorf("ibstatus %+v %v", st, err)
	}
}

func TestParseGPUBurnSamples(t *testing.T) {
	sb, err := ParseGPUBurn(readTestdata(t, "gpu-burn/superbench-a100x8-doubles-tc-cr-progress.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var gflops, temps []float64
	for _, g := range sb.GPUs {
		if !g.OK || g.Errors != 0 {
			t.Errorf("GPU %d %+v", g.Index, g)
		}
		gflops, temps = append(gflops, g.Gflops), append(temps, g.MaxTempC)
	}
	if !sb.HasVerdict || sb.Tested != 8 || !sb.Doubles || !sb.TensorCores ||
		!reflect.DeepEqual(gflops, []float64{16942, 17093, 16957, 16926, 16890, 16950, 17010, 16926}) ||
		!reflect.DeepEqual(temps, []float64{62, 59, 58, 60, 60, 59, 58, 61}) {
		t.Errorf("superbench gflops %v temps %v %+v", gflops, temps, sb)
	}
	wi, err := ParseGPUBurn(readTestdata(t, "gpu-burn/issue-copy-wilicc-12-16gpu-faulty-warning-exit0.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var warned []int
	for _, g := range wi.GPUs {
		if g.OK || g.Verdict != "FAULTY" {
			t.Errorf("GPU %d should be FAULTY", g.Index)
		}
		if g.Errors == -524288000 {
			warned = append(warned, g.Index)
		}
	}
	if len(wi.GPUs) != 16 || !reflect.DeepEqual(warned, []int{1, 2, 3, 4, 9, 11, 14}) || wi.GPUs[15].MaxTempC != 52 || wi.GPUs[0].Gflops != 6311 {
		t.Errorf("wilicc warned %v, %+v", warned, wi.GPUs[15])
	}
}

func TestDetectTools(t *testing.T) {
	for file, want := range map[string]Kind{
		"dcgmi/aws-p4de-a100-r2-nvlinks-expected-pass.txt":             KindDCGMI,
		"dcgmi/mleng-fragment-gpu-memory-fail-thermal-warning.txt":     KindDCGMI,
		"dcgmi/virtualclient-r3-json-t4-eud-skip.json":                 KindDCGMI,
		"nvbandwidth/azure-ndv5-h100x8-v0.4-read-ce.txt":               KindNVBandwidth,
		"nvbandwidth/v100-sxm2x8-v0.7-read-ce-hybrid-cube-mesh-na.txt": KindNVBandwidth,
		"nvlink/azure-a100-gpu7-good.txt":                              KindNVLink,
		"nvlink/azure-a100-gpu6-all-links-inactive.txt":                KindNVLink,
		"perftest/oci-oke-roce-write-bw-gbits-4qp.txt":                 KindPerftest,
		"perftest/intel-e810-irdma-write-bw-mb-poor.txt":               KindPerftest,
		"ibstat/mixed-mlx4-eth-mlx5-ib-rates-100-56.txt":               KindIBStat,
		"ibstat/gpud-h100-ib-rate400-plus-eth-3-down-disabled.txt":     KindIBStat,
		"gpu-burn/superbench-a100x8-doubles-tc-cr-progress.txt":        KindGPUBurn,
		"gpu-burn/issue-copy-wilicc-12-16gpu-faulty-warning-exit0.txt": KindGPUBurn,
	} {
		data := readTestdata(t, file)
		if got := Detect(data); got != want {
			t.Errorf("%s: detected %q, want %q", file, got, want)
		}
		if r, err := Parse(KindUnknown, data); err != nil || r.Kind != want {
			t.Errorf("%s: %v", file, err)
		}
	}
}

// Malformed input names its line.
func TestToolLineErrors(t *testing.T) {
	for _, tt := range []struct {
		kind Kind
		in   string
		line int
		want string
	}{
		{KindDCGMI, "| Diagnostic | Result |\n| GPU Memory | Maybe |\n", 2, "not Pass"},
		{KindNVBandwidth, "memcpy CE GPU(row) -> GPU(column) bandwidth (GB/s)\n   0   1\n0  N/A 12.5\n1  12.x N/A\n", 4, "not a bandwidth"},
		{KindNVBandwidth, "memcpy CE GPU(row) -> GPU(column) bandwidth (GB/s)\n   0   1\n0  N/A\n", 3, "has 1 values"},
		{KindNVLink, "GPU 0: NVIDIA H100 (UUID: GPU-1)\n\t Link 0: fast\n", 2, "neither a speed"},
		{KindPerftest, " RDMA_Write BW Test\n #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]\n 65536 20000 98.x 98.0 0.1\n", 3, "not a number"},
		{KindIBStat, "CA 'mlx5_0'\n\tPort 1:\n\t\tState: Active\n\t\tRate: fast\n", 4, "not a number"},
		{KindGPUBurn, "hello\n", 1, "no gpu-burn"},
	} {
		_, err := Parse(tt.kind, []byte(tt.in))
		pe, ok := err.(*ParseError)
		if !ok || pe.Line != tt.line || !strings.Contains(pe.Reason, tt.want) {
			t.Errorf("%s %q: %v, want line %d %q", tt.kind, tt.in, err, tt.line, tt.want)
		}
	}
}

// ParseCompact stores what Compact(Parse) stores, for a log of more runs
// than are kept and for every sample.
func TestParseCompactMatchesCompact(t *testing.T) {
	one := readTestdata(t, "nccl/h100-sxm-1node-8gpu-5coll-v2.17.8.txt")
	inputs := [][]byte{bytes.Repeat(one, 30)}
	for _, f := range []string{"nccl/POOR-t4-2node-efa-ncclinfo-interleaved.txt", "nccl/h100-p5-2node-efa-srun-label-prefix.txt",
		"fio/text-fio-3.28-nvme-raid0-seqread-1m-qd32.txt", "gpu-burn/superbench-a100x8-doubles-tc-cr-progress.txt"} {
		inputs = append(inputs, readTestdata(t, f))
	}
	for i, in := range inputs {
		full, err1 := Parse(KindUnknown, in)
		comp, err2 := ParseCompact(KindUnknown, in)
		if err1 != nil || err2 != nil || !reflect.DeepEqual(Compact(full), comp) {
			t.Errorf("input %d: compact parse differs (%v %v)", i, err1, err2)
		}
	}
	comp, _ := ParseCompact(KindNCCL, inputs[0])
	if len(comp.NCCL.Runs) != MaxStoredRuns || len(comp.NCCL.Omitted) != 5 || comp.NCCL.Omitted[0].Runs+comp.NCCL.Omitted[1].Runs == 0 {
		t.Errorf("runs %d omitted %+v", len(comp.NCCL.Runs), comp.NCCL.Omitted)
	}
}

// BenchmarkParse measures every parser on a sizeable log of its own format
// built from the samples (see benchInput), through Parse as an upload uses
// it. Target: ≥ 150 MB/s.
//
//	go test -run '^$' -bench 'Parse$' -benchtime 30x ./internal/benchlog/
func BenchmarkParse(b *testing.B) {
	for _, file := range []string{
		"nccl/h100-sxm-1node-8gpu-5coll-v2.17.8.txt", "nccl/POOR-t4-2node-efa-ncclinfo-interleaved.txt",
		"nvidia-smi/h100-8gpu-table-550.txt", "nvidia-smi/query-gpu-csv-power-draw.txt", "topo/h100-8gpu-nv18-no-nics.txt",
		"topo/h200-8gpu-4nic-vm-irregular-spacing.txt",
		"fio/text-fio-3.28-nvme-raid0-seqread-1m-qd32.txt", "fio/json-fio-2.17-gce-pd-randread.json.txt",
		"dcgmi/aws-p4de-a100-r2-nvlinks-expected-pass.txt", "dcgmi/virtualclient-r3-json-t4-eud-skip.json",
		"nvbandwidth/azure-ndv5-h100x8-v0.4-read-ce.txt", "nvlink/azure-a100-gpu7-good.txt",
		"perftest/oci-oke-roce-write-bw-gbits-4qp.txt", "ibstat/mixed-mlx4-eth-mlx5-ib-rates-100-56.txt",
		"gpu-burn/superbench-a100x8-doubles-tc-cr-progress.txt",
		"written/kernel-log-journalctl-8node-one-xid79.txt", "written/dcgmi-health-warning-pcie-replays.txt",
		"written/perftest-cpufreq-warning-inside-table.txt", "written/ibstat-8rails-ibpanic-trailer.txt",
	} {
		sample := readTestdata(b, file)
		kind := Detect(sample)
		data := benchInput(b, kind, sample)
		b.Run(file, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			start, n := cpuSeconds(), 0
			for b.Loop() {
				if _, err := ParseCompact(kind, data); err != nil {
					b.Fatal(err)
				}
				n++
			}
			// On a shared machine the wall clock counts other people's work;
			// the process's CPU time (GC included) does not.
			if cpu := cpuSeconds() - start; cpu > 0 {
				b.ReportMetric(float64(n)*float64(len(data))/1e6/cpu, "cpu-MB/s")
			}
		})
	}
}

// cpuSeconds is the user and system CPU time this process has used.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
