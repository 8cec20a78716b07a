package verdict

import (
	"github.com/gpuquote/gpuquote/internal/benchlog"
	"strconv"
	"testing"

	"github.com/gpuquote/gpuquote/internal/acceptance"
)

func TestToolVerdictsFeedTheSuite(t *testing.T) {
	h100 := map[string]string{"gpu_model": "H100", "gpus_per_node": "8", "intra_node_interconnect": "nvswitch"}
	a100 := map[string]string{"gpu_model": "A100", "gpus_per_node": "8", "intra_node_interconnect": "nvswitch"}
	roce := map[string]string{"gpu_model": "A100", "nodes": "2", "inter_node_fabric": "roce", "nics_per_node": "4", "fabric_gbps_per_node": "400"}
	ib := map[string]string{"gpu_model": "H100", "nodes": "2", "inter_node_fabric": "infiniband", "nics_per_node": "8", "fabric_gbps_per_node": "3200"}
	tests := []struct {
		name, file string
		quote      map[string]string
		test       acceptance.Test
		want       Status
		check      string // an id:status the upload must carry
	}{
		{"dcgmi level 2 passes", "dcgmi/aws-p4de-a100-r2-nvlinks-expected-pass.txt", a100, acceptance.GPUHealth, Pass, "dcgm_summary:pass"},
		{"dcgmi GPU 0 memory failure fails GPU health", "dcgmi/mleng-fragment-gpu-memory-fail-thermal-warning.txt", a100, acceptance.GPUHealth, Fail, "dcgm_test:fail"},
		{"dcgmi JSON with a skip passes", "dcgmi/virtualclient-r3-json-t4-eud-skip.json", map[string]string{"gpu_model": "T4", "gpus_per_node": "1"},
			acceptance.GPUHealth, Pass, "dcgm_test:info"},
		{"dcgmi of one GPU does not pass an 8-GPU node", "dcgmi/virtualclient-r3-json-t4-eud-skip.json", a100, acceptance.GPUHealth, Unproven, "dcgm_test:unproven"},
		{"H100 pairs above the floor", "nvbandwidth/azure-ndv5-h100x8-v0.4-read-ce.txt", h100, acceptance.Interconnect, Pass, "nvbw_floor:pass"},
		{"V100 pairs: no floor, recorded", "nvbandwidth/v100-sxm2x8-v0.7-read-ce-hybrid-cube-mesh-na.txt",
			map[string]string{"gpu_model": "V100"}, acceptance.Interconnect, Unproven, "nvbw_pair:info"},
		{"one GPU's NVLink links active: the node is not shown", "nvlink/azure-a100-gpu7-good.txt", a100, acceptance.Interconnect, Unproven, "nvlink_state:pass"},
		{"inactive NVLink fails", "nvlink/azure-a100-gpu6-all-links-inactive.txt", a100, acceptance.Interconnect, Fail, "nvlink_inactive:fail"},
		{"RoCE NIC at line rate", "perftest/oci-oke-roce-write-bw-gbits-4qp.txt",
			map[string]string{"gpu_model": "A100", "nodes": "2", "inter_node_fabric": "roce", "nics_per_node": "1", "fabric_gbps_per_node": "100"},
			acceptance.FabricLinks, Pass, "perftest_bw:pass"},
		{"one of four NICs at line rate proves one", "perftest/oci-oke-roce-write-bw-gbits-4qp.txt", roce, acceptance.FabricLinks, Unproven, "perftest_bw:pass"},
		{"8.8 of 25 Gb/s is poor", "perftest/intel-e810-irdma-write-bw-mb-poor.txt",
			map[string]string{"nodes": "2", "inter_node_fabric": "roce", "nics_per_node": "1", "fabric_gbps_per_node": "25"}, acceptance.FabricLinks, Fail, "perftest_bw:fail"},
		{"an Ethernet run does not test InfiniBand", "perftest/oci-oke-roce-write-bw-gbits-4qp.txt", ib, acceptance.FabricLinks, Unproven, "perftest_bw:unproven"},
		{"IB rails up; front-end Ethernet down is listed", "ibstat/gpud-h100-ib-rate400-plus-eth-3-down-disabled.txt", ib, acceptance.FabricLinks, Pass, "ib_other:info"},
		{"RoCE quote: the down Ethernet ports fail", "ibstat/gpud-h100-ib-rate400-plus-eth-3-down-disabled.txt",
			map[string]string{"nodes": "2", "inter_node_fabric": "roce", "nics_per_node": "4", "fabric_gbps_per_node": "400"}, acceptance.FabricLinks, Fail, "ib_port:fail"},
		{"ports below the quoted rate fail", "ibstat/mixed-mlx4-eth-mlx5-ib-rates-100-56.txt", ib, acceptance.FabricLinks, Fail, "ib_port:fail"},
		{"gpu-burn all OK", "gpu-burn/superbench-a100x8-doubles-tc-cr-progress.txt", a100, acceptance.BurnIn, Pass, "burn_summary:pass"},
		{"gpu-burn FAULTY despite exit 0", "gpu-burn/issue-copy-wilicc-12-16gpu-faulty-warning-exit0.txt", a100, acceptance.BurnIn, Fail, "burn_gpu:fail"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := Evaluate(Input{Quote: quoteOf(t, tt.quote), Uploads: []Upload{sample(t, tt.file)}})
			if st := outcome(rep, tt.test); st != tt.want {
				t.Errorf("%s = %s, want %s; checks %v", tt.test, st, tt.want, got(rep.Uploads[0]))
			}
			found := false
			for _, c := range got(rep.Uploads[0]) {
				found = found || c == tt.check
			}
			if !found {
				t.Errorf("no %s in %v", tt.check, got(rep.Uploads[0]))
			}
		})
	}
}

// A failed GPU is named: the fragment's GPU 0, the 16 FAULTY GPUs.
func TestToolFailuresNameTheirGPU(t *testing.T) {
	rep := Evaluate(Input{Quote: quoteOf(t, map[string]string{"gpu_model": "A100"}), Uploads: []Upload{sample(t, "dcgmi/mleng-fragment-gpu-memory-fail-thermal-warning.txt")}})
	for _, c := range rep.Uploads[0].Checks {
		if c.ID == "dcgm_test" && c.Status == Fail && (c.Args["GPUs"] != "0" || c.Args["Test"] != "GPU Memory") {
			t.Errorf("failure = %+v", c)
		}
	}
	// An IB quote: the fabric claim is verified by healthy IB ports.
	ib := map[string]string{"gpu_model": "H100", "nodes": "2", "inter_node_fabric": "infiniband", "nics_per_node": "8", "fabric_gbps_per_node": "3200"}
	rep = Evaluate(Input{Quote: quoteOf(t, ib), Uploads: []Upload{sample(t, "ibstat/gpud-h100-ib-rate400-plus-eth-3-down-disabled.txt")}})
	if st := claimOf(rep, "inter_node_fabric"); st != Verified {
		t.Errorf("fabric claim from ibstat = %s", st)
	}
}

// Two NICs' runs in one perftest file are judged one by one: the weak NIC
// fails fabric links even though the other runs at line rate.
func TestEveryPerftestRunOfAFileIsJudged(t *testing.T) {
	one := func(dev, peak string) string {
		return " RDMA_Write BW Test\n Device         : " + dev + "\n Link type       : IB\n" +
			" #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]\n" +
			" 65536      5000             " + peak + "             " + peak + "               0.745400\n"
	}
	r, err := benchlog.Parse(benchlog.KindUnknown, []byte(one("mlx5_0", "392.10")+one("mlx5_1", "180.20")))
	if err != nil {
		t.Fatal(err)
	}
	ib := map[string]string{"gpu_model": "H100", "nodes": "2", "inter_node_fabric": "infiniband", "nics_per_node": "8", "fabric_gbps_per_node": "3200"}
	rep := Evaluate(Input{Quote: quoteOf(t, ib), Uploads: []Upload{{Name: "nics.txt", Result: r}}})
	if st := outcome(rep, acceptance.FabricLinks); st != Fail {
		t.Errorf("fabric links = %s with a NIC at 180 of 400 Gb/s; checks %v", st, got(rep.Uploads[0]))
	}
	var devices []any
	for _, c := range rep.Uploads[0].Checks {
		if c.ID == "perftest_bw" {
			devices = append(devices, c.Args["Device"])
		}
	}
	if len(devices) != 2 || devices[0] != "mlx5_0" || devices[1] != "mlx5_1" {
		t.Errorf("perftest checks name %v, want both NICs", devices)
	}
}

// An abridged ibstatus without its rate line reads; the port is up but
// its speed unproven, neither passed nor failed.
func TestIBPortWithoutItsRateIsUnproven(t *testing.T) {
	r, err := benchlog.Parse(benchlog.KindUnknown, []byte("Infiniband device 'mlx5_0' port 1 status:\n    state: 4: ACTIVE\n    physical state: 5: LinkUp\n"))
	if err != nil {
		t.Fatal(err)
	}
	ib := map[string]string{"gpu_model": "H100", "nodes": "2", "inter_node_fabric": "infiniband", "nics_per_node": "1", "fabric_gbps_per_node": "400"}
	rep := Evaluate(Input{Quote: quoteOf(t, ib), Uploads: []Upload{{Name: "ibstatus.txt", Result: r}}})
	if st := outcome(rep, acceptance.FabricLinks); st != Unproven {
		t.Errorf("fabric links = %s, want unproven; checks %v", st, got(rep.Uploads[0]))
	}
}

// gpu-burn says OK for a GPU that did no work (it counts errors only): a
// GPU whose last update shows nothing processed fails burn-in, named.
func TestBurnInFailsGPUsThatDidNoWork(t *testing.T) {
	log := "Burning for 600 seconds.\n" +
		"84.5%  proc'd: 0 (0 Gflop/s) - 478 (1038 Gflop/s) - 0 (0 Gflop/s)   errors: 0 - 0 - 0   temps: 33 C - 48 C - 43 C \n" +
		"Killing processes with SIGKILL (force kill)\ndone\n\nTested 3 GPUs:\n\tGPU 0: OK\n\tGPU 1: OK\n\tGPU 2: OK\n"
	r, err := benchlog.Parse(benchlog.KindUnknown, []byte(log))
	if err != nil {
		t.Fatal(err)
	}
	rep := Evaluate(Input{Quote: quoteOf(t, map[string]string{"gpu_model": "B200"}), Uploads: []Upload{{Name: "burn.txt", Result: r}}})
	if st := outcome(rep, acceptance.BurnIn); st != Fail {
		t.Errorf("burn-in = %s, want fail; checks %v", st, got(rep.Uploads[0]))
	}
	var idle []any
	for _, c := range rep.Uploads[0].Checks {
		if c.Key == "bench.check.burn_idle" {
			idle = append(idle, c.Args["GPU"])
		}
	}
	if len(idle) != 2 || idle[0] != 0 || idle[1] != 2 {
		t.Errorf("idle GPUs %v, want 0 and 2", idle)
	}
}

// An nvlink --status whose publisher elided links shows two active links
// of eighteen: it proves nothing about the others.
func TestAbridgedNVLinkListIsUnproven(t *testing.T) {
	r, err := benchlog.Parse(benchlog.KindUnknown, []byte("$ nvidia-smi nvlink --status\nGPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-abcdefab-cdef-abdc-abcd-abababababab)\n"+
		"         Link 0: 26.562 GB/s\n         [...]\n         Link 17: 26.562 GB/s\n"))
	if err != nil {
		t.Fatal(err)
	}
	rep := Evaluate(Input{Quote: quoteOf(t, map[string]string{"gpu_model": "H100", "gpus_per_node": "8", "intra_node_interconnect": "nvswitch"}),
		Uploads: []Upload{{Name: "nvlink.txt", Result: r}}})
	if st := outcome(rep, acceptance.Interconnect); st != Unproven {
		t.Errorf("interconnect = %s, want unproven; checks %v", st, got(rep.Uploads[0]))
	}
}

// An nvlink --status of every GPU with all links active passes
// interconnect; the same with GPUs elided does not.
func TestNVLinkStatusOfTheWholeNode(t *testing.T) {
	gpu := func(i int) string {
		s := "GPU " + strconv.Itoa(i) + ": NVIDIA H800 (UUID: GPU-34bf77d1-c686-6821-79a8-32d326c5039" + strconv.Itoa(i) + ")\n"
		for l := range 8 {
			s += "         Link " + strconv.Itoa(l) + ": 26.562 GB/s\n"
		}
		return s
	}
	var whole, elided string
	for i := range 8 {
		whole += gpu(i)
		if i < 2 || i == 7 {
			elided += gpu(i)
		}
		if i == 1 {
			elided += "...\n"
		}
	}
	h800 := map[string]string{"gpu_model": "H800", "gpus_per_node": "8", "intra_node_interconnect": "nvswitch"}
	for name, tc := range map[string]struct {
		log  string
		want Status
	}{"whole node": {whole, Pass}, "GPUs 2 to 6 elided": {elided, Unproven}} {
		r, err := benchlog.Parse(benchlog.KindUnknown, []byte(tc.log))
		if err != nil {
			t.Fatal(err)
		}
		rep := Evaluate(Input{Quote: quoteOf(t, h800), Uploads: []Upload{{Name: "nvlink.txt", Result: r}}})
		if st := outcome(rep, acceptance.Interconnect); st != tc.want {
			t.Errorf("%s: interconnect = %s, want %s; checks %v", name, st, tc.want, got(rep.Uploads[0]))
		}
		if name != "whole node" && r.NVLink.GPUs[1].Abridged {
			t.Errorf("%s: GPU 1's links were all printed; the GPUs after it were elided", name)
		}
	}
}

// The per-pair floor is one direction's read: a bidirectional test's
// sub-tables are shown, not held to it; and a matrix of fewer GPUs than
// the node has does not pass interconnect.
func TestNVBandwidthFloorIsForTheWholeNodesRead(t *testing.T) {
	matrix := func(test, header string, n int, v string) string {
		s := "Running " + test + ".\nmemcpy CE GPU(row) " + header + " bandwidth (GB/s)\n     "
		for j := range n {
			s += "      " + strconv.Itoa(j)
		}
		s += "\n"
		for i := range n {
			s += " " + strconv.Itoa(i)
			for j := range n {
				if i == j {
					s += "      N/A"
				} else {
					s += "   " + v
				}
			}
			s += "\n"
		}
		return s + "\n"
	}
	h100 := map[string]string{"gpu_model": "H100", "gpus_per_node": "4", "intra_node_interconnect": "nvswitch"}
	log := "nvbandwidth Version: v0.10.0\n" + matrix("device_to_device_memcpy_read_ce", "-> GPU(column)", 4, "389.00") +
		matrix("device_to_device_bidirectional_memcpy_read_ce", "<-> GPU(column) Read1", 4, "180.00")
	r, err := benchlog.Parse(benchlog.KindUnknown, []byte(log))
	if err != nil {
		t.Fatal(err)
	}
	rep := Evaluate(Input{Quote: quoteOf(t, h100), Uploads: []Upload{{Name: "nvbw.txt", Result: r}}})
	if st := outcome(rep, acceptance.Interconnect); st != Pass {
		t.Errorf("interconnect = %s, want pass (the bidirectional read1 at 180 is not held to the floor); checks %v", st, got(rep.Uploads[0]))
	}
	rep = Evaluate(Input{Quote: quoteOf(t, with(h100, "gpus_per_node", "8")), Uploads: []Upload{{Name: "nvbw.txt", Result: r}}})
	if st := outcome(rep, acceptance.Interconnect); st != Unproven {
		t.Errorf("a 4-GPU matrix for an 8-GPU node: interconnect = %s, want unproven; checks %v", st, got(rep.Uploads[0]))
	}
}

// perftest is judged on the average the link sustained, not its best
// instant: a link averaging 37 % of line rate while peaking at 94 % fails.
func TestPerftestJudgesTheAverage(t *testing.T) {
	r, err := benchlog.Parse(benchlog.KindUnknown, []byte(" RDMA_Write BW Test\n Device         : mlx5_0\n Link type       : IB\n"+
		" #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]\n"+
		" 65536      5000             47.22             18.58               0.035400\n"))
	if err != nil {
		t.Fatal(err)
	}
	one := map[string]string{"gpu_model": "H100", "nodes": "2", "inter_node_fabric": "infiniband", "nics_per_node": "1", "fabric_gbps_per_node": "50"}
	rep := Evaluate(Input{Quote: quoteOf(t, one), Uploads: []Upload{{Name: "bw.txt", Result: r}}})
	if st := outcome(rep, acceptance.FabricLinks); st != Fail {
		t.Errorf("fabric links = %s, want fail at an 18.58 Gb/s average; checks %v", st, got(rep.Uploads[0]))
	}
}

// gpu-burn prints its per-GPU verdict even when killed before its time:
// a run whose last update stopped at 84.5 % is incomplete, not passed.
func TestBurnInCutShortIsIncomplete(t *testing.T) {
	log := "Burning for 600 seconds.\n" +
		"84.5%  proc'd: 470 (1036 Gflop/s) - 478 (1038 Gflop/s)   errors: 0 - 0   temps: 33 C - 48 C \n" +
		"Killing processes with SIGKILL (force kill)\ndone\n\nTested 2 GPUs:\n\tGPU 0: OK\n\tGPU 1: OK\n"
	r, err := benchlog.Parse(benchlog.KindUnknown, []byte(log))
	if err != nil {
		t.Fatal(err)
	}
	rep := Evaluate(Input{Quote: quoteOf(t, map[string]string{"gpu_model": "B200", "gpus_per_node": "2"}), Uploads: []Upload{{Name: "burn.txt", Result: r}}})
	if st := outcome(rep, acceptance.BurnIn); st != Incomplete {
		t.Errorf("burn-in = %s, want incomplete; checks %v", st, got(rep.Uploads[0]))
	}
}
