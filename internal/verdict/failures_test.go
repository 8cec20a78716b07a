package verdict

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gpuquote/gpuquote/internal/acceptance"
	"github.com/gpuquote/gpuquote/internal/benchlog"
)

// sampleAs parses a log as the kind a user chose for it.
func sampleAs(t *testing.T, kind benchlog.Kind, rel string) Upload {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "benchlog", "testdata", rel))
	if err != nil {
		t.Fatal(err)
	}
	r, err := benchlog.Parse(kind, b)
	if err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	return Upload{Name: filepath.Base(rel), Result: r}
}

// Each case is a log written for one failure mode (benchlog's
// testdata/written): what the suite decides and a check it must carry.
func TestWrittenFailureModes(t *testing.T) {
	ib := map[string]string{"gpu_model": "H100", "gpus_per_node": "8", "nodes": "2", "inter_node_fabric": "infiniband",
		"nics_per_node": "8", "fabric_gbps_per_node": "3200"}
	tests := []struct {
		name, file string
		quote      map[string]string
		test       acceptance.Test
		want       Status
		check      string
	}{
		{"a 100G front-end IB port is no compute rail", "written/ibstat-8rails-400-plus-ib-frontend-100.txt", ib,
			acceptance.FabricLinks, Pass, "ib_other:info"},
		{"an ibpanic about a device not shown leaves the rails incomplete", "written/ibstat-8rails-ibpanic-trailer.txt", ib,
			acceptance.FabricLinks, Incomplete, "ib_error:incomplete"},
		{"an ibwarn about the front-end port is a note", "written/ibstat-ibwarn-on-frontend-port.txt", ib,
			acceptance.FabricLinks, Pass, "ib_error:info"},
		{"dcgmi JSON without test_categories: the CUDA library failure fails GPU health", "written/dcgmi-json-old-layout-cuda-library-fail.json",
			map[string]string{"gpu_model": "A100", "gpus_per_node": "4"}, acceptance.GPUHealth, Fail, "dcgm_test:fail"},
		{"nvbandwidth stopped by an ASSERT fails interconnect", "written/nvbandwidth-a100x8-assert-pattern-mismatch.txt",
			map[string]string{"gpu_model": "A100", "gpus_per_node": "8"}, acceptance.Interconnect, Fail, "nvbw_failed:fail"},
		{"perftest that could not connect through RDMA CM fails", "written/perftest-rdma-cm-connect-failure.txt", ib,
			acceptance.FabricLinks, Fail, "perftest_failed:fail"},
		{"a loopback log is one passing run", "written/perftest-loopback-interleaved-server-banner.txt",
			map[string]string{"nodes": "2", "inter_node_fabric": "infiniband", "nics_per_node": "1", "fabric_gbps_per_node": "400"},
			acceptance.FabricLinks, Pass, "perftest_bw:pass"},
		{"fio stopped by a signal proves no checkpoint", "written/fio-json-interrupted-signal.json.txt", map[string]string{"gpu_model": "H100"},
			acceptance.CheckpointIO, Incomplete, "fio_incomplete:incomplete"},
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

// NVLink in MIG mode shows no link; nvidia-smi -L forced to the nvlink
// kind lists none: neither passes an NVLink claim.
func TestNVLinkWithoutLinksNeverPasses(t *testing.T) {
	a100 := quoteOf(t, map[string]string{"gpu_model": "A100", "gpus_per_node": "8", "intra_node_interconnect": "nvswitch"})
	rep := Evaluate(Input{Quote: a100, Uploads: []Upload{sample(t, "written/nvlink-a100x8-mig-mode.txt")}})
	if st := outcome(rep, acceptance.Interconnect); st != Fail {
		t.Errorf("MIG mode: interconnect %s; checks %v", st, got(rep.Uploads[0]))
	}
	rep = Evaluate(Input{Quote: a100, Uploads: []Upload{sampleAs(t, benchlog.KindNVLink, "written/smi-L-h100x8-read-as-nvlink.txt")}})
	if st := outcome(rep, acceptance.Interconnect); st == Pass {
		t.Errorf("-L as nvlink: interconnect %s; checks %v", st, got(rep.Uploads[0]))
	}
}

// Each collective is held against its own band: alltoall against the
// ranks' point-to-point share of the NICs, sendrecv across nodes (no band
// known) only recorded; neither against the all-reduce band.
func TestCollectivesAcrossNodesHaveTheirOwnBands(t *testing.T) {
	q := quoteOf(t, map[string]string{"gpu_model": "H100", "gpus_per_node": "8", "nodes": "4", "inter_node_fabric": "infiniband",
		"nics_per_node": "8", "fabric_gbps_per_node": "3200"})
	rep := Evaluate(Input{Quote: q, Uploads: []Upload{sample(t, "written/nccl-h100-4node-32gpu-allreduce-alltoall-sendrecv.txt")}})
	want := map[string]Status{"all_reduce": Pass, "alltoall": Pass, "sendrecv": Info}
	for _, c := range rep.Uploads[0].Checks {
		if c.ID != "nccl_busbw" {
			continue
		}
		coll := c.Args["Collective"].(string)
		if c.Status != want[coll] {
			t.Errorf("%s: %s (%s %v), want %s", coll, c.Status, c.Key, c.Args, want[coll])
		}
		delete(want, coll)
	}
	if len(want) > 0 {
		t.Errorf("no busbw check for %v", want)
	}
	if st := outcome(rep, acceptance.NCCLAllReduce); st != Pass {
		t.Errorf("all-reduce test %s", st)
	}
}

// topo -mp cannot fail an NVLink machine for "PIX".
func TestTopoPCIeViewIsUnprovenForInterconnect(t *testing.T) {
	q := quoteOf(t, map[string]string{"gpu_model": "H100", "gpus_per_node": "8", "intra_node_interconnect": "nvswitch"})
	rep := Evaluate(Input{Quote: q, Uploads: []Upload{sample(t, "written/topo-mp-h100x8-pcie-view.txt")}})
	if st := outcome(rep, acceptance.Interconnect); st != Unproven {
		t.Errorf("interconnect %s, want unproven; checks %v", st, got(rep.Uploads[0]))
	}
}

// "GH200 120GB" names the Grace CPU's memory: a 96 GB quote is met.
func TestGH200NameMemoryIsGrace(t *testing.T) {
	for _, tc := range []struct {
		quoted string
		want   Status
	}{{"96", Pass}, {"120", Fail}} {
		q := quoteOf(t, map[string]string{"gpu_model": "GH200", "gpus_per_node": "1", "gpu_memory_gb": tc.quoted})
		rep := Evaluate(Input{Quote: q, Uploads: []Upload{sample(t, "written/smi-L-gh200-120gb.txt")}})
		found := false
		for _, c := range rep.Uploads[0].Checks {
			if c.ID == "gpu_memory" {
				found = true
				if c.Status != tc.want {
					t.Errorf("quoted %s GB: %s %v, want %s", tc.quoted, c.Status, c.Args, tc.want)
				}
			}
		}
		if !found {
			t.Errorf("no gpu_memory check in %v", got(rep.Uploads[0]))
		}
	}
}
