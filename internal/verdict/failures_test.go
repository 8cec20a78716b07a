package verdict

import (
	"testing"

	"github.com/gpuquote/gpuquote/internal/acceptance"
)

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
