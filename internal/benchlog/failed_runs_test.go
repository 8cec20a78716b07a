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
