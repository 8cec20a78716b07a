package benchlog

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sampleFiles lists every sample with the kind its directory names.
func sampleFiles(t testing.TB) map[string]Kind {
	t.Helper()
	dirs := map[string]Kind{"nccl": KindNCCL, "nvidia-smi": KindNvidiaSMI, "topo": KindTopo, "fio": KindFio}
	out := map[string]Kind{}
	for dir, kind := range dirs {
		files, err := filepath.Glob(filepath.Join("testdata", dir, "*"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no samples in testdata/%s: %v", dir, err)
		}
		for _, f := range files {
			out[f] = kind
		}
	}
	return out
}

// Every sample must be detected as its kind and parse through Parse.
func TestDetectAndParseSamples(t *testing.T) {
	for file, kind := range sampleFiles(t) {
		t.Run(file, func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if got := Detect(data); got != kind {
				t.Errorf("Detect = %q, want %q", got, kind)
			}
			res, err := Parse(KindUnknown, data)
			if err != nil {
				t.Fatal(err)
			}
			if res.Kind != kind {
				t.Errorf("Parse kind = %q, want %q", res.Kind, kind)
			}
			set := 0
			for _, p := range []bool{res.NCCL != nil, res.NvidiaSMI != nil, res.Topo != nil, res.Fio != nil} {
				if p {
					set++
				}
			}
			if set != 1 {
				t.Errorf("%d result pointers set, want 1", set)
			}
		})
	}
}

func TestDetect(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want Kind
	}{
		{"empty", "", KindUnknown},
		{"blank", "\n \n", KindUnknown},
		{"binary", strings.Repeat("\x00", 1000), KindUnknown},
		{"prose", "The quick brown fox\n", KindUnknown},
		{"nccl failure only", "node: Test NCCL failure common.cu:1 'x'\n", KindNCCL},
		{"nccl table only", "#  size  count  type  redop  root  time  algbw  busbw  #wrong\n", KindNCCL},
		{"nvidia-smi -q", smiQuery, KindNvidiaSMI},
		{"nvidia-smi table", smiTable470, KindNvidiaSMI},
		{"nvidia-smi csv", "index, name, memory.total [MiB]\n0, NVIDIA H100 80GB HBM3, 81559 MiB\n", KindNvidiaSMI},
		{"nvidia-smi csv noheader", "NVIDIA H100 80GB HBM3, 81559 MiB\n", KindNvidiaSMI},
		{"nvidia-smi csv one column", "name\nNVIDIA L40S\n", KindNvidiaSMI},
		{"nvidia-smi -L", "GPU 0: NVIDIA H100 (UUID: GPU-aaaa)\n", KindNvidiaSMI},
		{"random csv", "a, b, c\n1, 2, 3\n", KindUnknown},
		{"topo without prompt", "\tGPU0\tGPU1\tCPU Affinity\nGPU0\t X \tNV4\t0-7\n", KindTopo},
		{"fio 2 text", "a: (groupid=0, jobs=1): err= 0: pid=1\n  read : io=1MB, bw=1MB/s, iops=1, runt=1msec\n", KindFio},
		{"fio json", "{\"fio version\" : \"fio-3.1\", \"jobs\" : []}", KindFio},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Detect([]byte(tt.in)); got != tt.want {
				t.Errorf("Detect = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name   string
		kind   Kind
		in     string
		line   int
		reason string
	}{
		{"unrecognised", KindUnknown, "hello\n", 1, "unrecognised format"},
		{"binary upload", KindUnknown, "line one\n" + strings.Repeat("\x00", 1000), 2, "binary data"},
		{"empty", KindUnknown, "", 1, "empty input"},
		{"unknown kind", Kind("iperf"), "x", 0, "unknown kind"},
		{"forced kind that does not fit", KindTopo, "hello\n", 1, "no topology header"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Parse(tt.kind, []byte(tt.in))
			var pe *ParseError
			if !errors.As(err, &pe) || res != nil {
				t.Fatalf("Parse = %+v, %v; want nil and *ParseError", res, err)
			}
			if pe.Line != tt.line || !strings.Contains(pe.Reason, tt.reason) {
				t.Errorf("got %v, want line %d reason ~%q", pe, tt.line, tt.reason)
			}
		})
	}
}

func TestParseErrorMessage(t *testing.T) {
	e := &ParseError{Kind: KindNCCL, Line: 12, Reason: "row has 7 fields"}
	if got, want := e.Error(), "benchlog: nccl: line 12: row has 7 fields"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	e.Kind = KindUnknown
	if got := e.Error(); !strings.HasPrefix(got, "benchlog: input: line 12") {
		t.Errorf("Error() = %q", got)
	}
}
