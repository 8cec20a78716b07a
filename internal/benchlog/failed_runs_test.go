package benchlog

import (
	"fmt"
	"strings"
	"testing"
)

// written reads a log the team wrote for a failure mode, shaped like the
// tool's real output (testdata/written/README.md says what each shows).
func written(t testing.TB, name string) []byte {
	t.Helper()
	return readTestdata(t, "written/"+name)
}

// A fio JSON run stopped by a signal after 49 s of a 300 s runtime is
// incomplete; so is a time-based run that ran short with an error; a run
// that is not time-based and moved its whole size before the runtime cap
// is complete.
func TestFioJSONInterruptedAndShortRuns(t *testing.T) {
	for _, tc := range []struct {
		file       string
		incomplete bool
		reason     string
	}{
		{"fio-json-interrupted-signal.json.txt", true, FioInterrupted},
		{"fio-json-error4-time-based-short.json.txt", true, FioShortRuntime},
		{"fio-json-size-done-before-runtime.json.txt", false, ""},
	} {
		t.Run(tc.file, func(t *testing.T) {
			res, err := Parse(KindUnknown, written(t, tc.file))
			if err != nil {
				t.Fatal(err)
			}
			rep := res.Fio
			if rep.Incomplete != tc.incomplete {
				t.Fatalf("Incomplete = %v (%v), want %v", rep.Incomplete, rep.IncompleteReasons, tc.incomplete)
			}
			if tc.reason != "" && rep.IncompleteReasons[0] != tc.reason {
				t.Errorf("reasons %v, want %s first", rep.IncompleteReasons, tc.reason)
			}
		})
	}
}

// nvidia-smi nvlink -s on GPUs in MIG mode prints a line instead of the
// links: it is still nvlink output, and every GPU says why it shows none.
// nvidia-smi -L stays -L; forced to nvlink its GPUs have no links.
func TestNVLinkMIGModeAndListForcedAsNVLink(t *testing.T) {
	mig := written(t, "nvlink-a100x8-mig-mode.txt")
	if k := Detect(mig); k != KindNVLink {
		t.Fatalf("MIG-mode nvlink -s detected as %q", k)
	}
	rep, err := ParseNVLink(mig)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.GPUs) != 8 || rep.GPUs[3].Unreadable != "NVLink is not supported in MIG mode" || rep.GPUs[3].UnreadableLine != 8 {
		t.Errorf("GPUs %+v", rep.GPUs)
	}
	list := written(t, "smi-L-h100x8-read-as-nvlink.txt")
	if k := Detect(list); k != KindNvidiaSMI {
		t.Errorf("nvidia-smi -L detected as %q", k)
	}
	rep, err = ParseNVLink(list)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.GPUs) != 8 || len(rep.GPUs[0].Links) != 0 || rep.GPUs[0].Unreadable != "" {
		t.Errorf("GPUs %+v", rep.GPUs)
	}
}

// dcgmi diag JSON in an older layout, without test_categories, whose CUDA
// library test failed: a failed run quoting the failure, not "no results".
func TestDCGMIJSONWithoutTestCategories(t *testing.T) {
	data := written(t, "dcgmi-json-old-layout-cuda-library-fail.json")
	if k := Detect(data); k != KindDCGMI {
		t.Fatalf("detected as %q", k)
	}
	rep, err := ParseDCGMI(data)
	if err != nil {
		t.Fatal(err)
	}
	var cuda *DCGMTest
	for i := range rep.Tests {
		if rep.Tests[i].Name == "CUDA Main Library" {
			cuda = &rep.Tests[i]
		}
	}
	if cuda == nil || cuda.Results[0].Status != "fail" || cuda.Category != "Deployment" || cuda.Line != 9 ||
		len(cuda.Warnings) != 1 || cuda.Warnings[0][:24] != "Error using CUDA API cuI" {
		t.Fatalf("CUDA library test %+v in %+v", cuda, rep.Tests)
	}
	if len(rep.Tests) != 9 || rep.Version != "2.0.13" || rep.Driver != "450.102.04" {
		t.Errorf("%d tests, version %q, driver %q", len(rep.Tests), rep.Version, rep.Driver)
	}
}

// nvbandwidth stopped by an ASSERT before any matrix is a failed run of
// its test, quoting the lines, and still nvbandwidth output.
func TestNVBandwidthAssertIsAFailedRun(t *testing.T) {
	data := written(t, "nvbandwidth-a100x8-assert-pattern-mismatch.txt")
	if k := Detect(data); k != KindNVBandwidth {
		t.Fatalf("detected as %q", k)
	}
	rep, err := ParseNVBandwidth(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Tests) != 0 || len(rep.Failures) != 1 || len(rep.Devices) != 8 {
		t.Fatalf("tests %d, failures %+v, devices %d", len(rep.Tests), rep.Failures, len(rep.Devices))
	}
	f := rep.Failures[0]
	if f.Line != 18 || f.Test != "device_to_device_memcpy_read_ce" || !strings.Contains(f.Text, "Invalid value when checking the pattern") ||
		!strings.Contains(f.Text, "ASSERT in expression h_errorFlag == 0") {
		t.Errorf("failure %+v", f)
	}
}

// A loopback log holds the server's and the client's output: one run, the
// other side's banner and repeated last row not counted again.
func TestPerftestLoopbackIsOneRun(t *testing.T) {
	rep, err := ParsePerftest(written(t, "perftest-loopback-interleaved-server-banner.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.More) != 0 || len(rep.Rows) != 4 || rep.PeakGbps != 392.30 || rep.AvgGbps != 392.28 || rep.Line != 35 || len(rep.Failures) != 0 {
		t.Errorf("report %+v", rep)
	}
}

// A line that is no row inside the table is skipped with a note naming
// it; the rows around it are read.
func TestPerftestSkipsOtherLinesInTheTable(t *testing.T) {
	rep, err := ParsePerftest(written(t, "perftest-cpufreq-warning-inside-table.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Rows) != 2 || len(rep.Notes) != 1 || rep.Notes[0].Key != NoteSkippedLine || rep.Notes[0].Args["Line"] != "14" {
		t.Errorf("rows %+v, notes %+v", rep.Rows, rep.Notes)
	}
	// MB/sec is 2^20 bytes per second: 23609.51 MiB/s is 198.05 Gb/s, not 188.88.
	if got := fmt.Sprintf("%.2f", rep.AvgGbps); got != "198.05" {
		t.Errorf("average %s Gb/s, want 198.05", got)
	}
}

// A client that could not connect through RDMA CM printed no banner and
// no table: a failed run quoting the line, still perftest.
func TestPerftestRDMACMConnectFailure(t *testing.T) {
	data := written(t, "perftest-rdma-cm-connect-failure.txt")
	if k := Detect(data); k != KindPerftest {
		t.Fatalf("detected as %q", k)
	}
	rep, err := ParsePerftest(data)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Test != "ib_write_bw" || len(rep.Rows) != 0 || len(rep.Failures) != 3 || rep.Failures[1].Text != "Unable to perform rdma_client function" ||
		rep.Failures[0].Line != 2 {
		t.Errorf("report %+v", rep)
	}
}

// nvidia-smi topo -mp is the PCIe view: known by its command line or by a
// legend without NV#; a topo -m with its legend is not.
func TestTopoPCIeView(t *testing.T) {
	for _, f := range []string{"written/topo-mp-h100x8-pcie-view.txt", "written/topo-mp-h100x8-no-command-line.txt"} {
		rep, err := ParseTopo(readTestdata(t, f))
		if err != nil || !rep.PCIeView || len(rep.GPUs) != 8 {
			t.Errorf("%s: %+v, %v", f, rep, err)
		}
	}
	for _, f := range []string{"topo/h100-8gpu-nv18-no-nics.txt", "topo/h200-8gpu-4nic-vm-irregular-spacing.txt"} {
		if rep, err := ParseTopo(readTestdata(t, f)); err != nil || rep.PCIeView {
			t.Errorf("%s read as the PCIe view", f)
		}
	}
}

// A footer with its Avg line but no Out of bounds line: the note names
// the missing line, not "no footer".
func TestNCCLNoteNamesTheMissingFooterLine(t *testing.T) {
	rep, err := ParseNCCL(written(t, "nccl-h100-4node-allreduce-avg-without-oob-line.txt"))
	if err != nil {
		t.Fatal(err)
	}
	run := rep.Runs[0]
	if !run.HasAvgBusBW || run.HasFooter || !hasNote(run.Notes, NoteFooterLine) || hasNote(run.Notes, NoteNoFooter) {
		t.Fatalf("notes %+v", run.Notes)
	}
	for _, n := range run.Notes {
		if n.Key == NoteFooterLine && (n.Args["Missing"] != "Out of bounds values" || !strings.Contains(n.Text, `no "Out of bounds values" line`)) {
			t.Errorf("note %+v", n)
		}
	}
}
