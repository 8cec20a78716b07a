package benchlog

import (
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
