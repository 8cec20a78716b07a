package evaluation

import (
	"strings"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/store"
)

func TestCheckTextFile(t *testing.T) {
	for name, tc := range map[string]struct {
		in   []byte
		want error
	}{
		"log":                {[]byte("# nccl-tests\n  8  2  float  sum  -1  12.3\n"), nil},
		"blank":              {[]byte(" \n\t\n"), errEmptyFile},
		"empty":              {nil, errEmptyFile},
		"NUL":                {[]byte("abc\x00def"), errNotText},
		"PDF":                {[]byte("%PDF-1.7\n1 0 obj\n"), errNotText},
		"one stray latin-1":  {[]byte("host n\xe9de01 ok " + strings.Repeat("x", 200)), nil},
		"mostly not UTF-8":   {[]byte("\xff\xfe\xfd\xfc abc"), errNotText},
		"gzip without a NUL": {[]byte("\x1f\x8b\x08 rest"), errNotText},
	} {
		if got := checkTextFile(tc.in); got != tc.want {
			t.Errorf("%s: %v, want %v", name, got, tc.want)
		}
	}
}

func TestCleanFileName(t *testing.T) {
	for in, want := range map[string]string{
		"run.log":                         "run.log",
		`C:\logs\run.log`:                 "run.log",
		"../../etc/passwd":                "passwd",
		"gol\u202e.exe":                   "gol.exe", // a bidi override would show it reversed
		"a\x00b\x1fc\u0085d.log":          "abcd.log",
		"  spaced.log  ":                  "spaced.log",
		"":                                "upload.log",
		"..":                              "upload.log",
		"/":                               "upload.log",
		"bad\xffutf8.log":                 "bad\uFFFDutf8.log",
		strings.Repeat("é", 200):          strings.Repeat("é", 127),
		"dir/" + strings.Repeat("a", 300): strings.Repeat("a", 255),
	} {
		if got := CleanFileName(in); got != want {
			t.Errorf("CleanFileName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestParseKind(t *testing.T) {
	for in, want := range map[string]benchlog.Kind{"": benchlog.KindUnknown, "auto": benchlog.KindUnknown, " nccl ": "nccl"} {
		if got, ok := parseKind(in); !ok || got != want {
			t.Errorf("parseKind(%q) = %q %v", in, got, ok)
		}
	}
	if _, ok := parseKind("excel"); ok {
		t.Error("an unknown kind was accepted")
	}
}

func TestParseMeta(t *testing.T) {
	run := `{"step":"nccl","hosts":["n1","n2"],"command":"all_reduce_perf","start":"2026-03-04T22:30:00-05:00","end":"2026-03-04T23:00:00-05:00","exit":0}`
	m, errs := parseMeta(map[string]string{"region": " eu-west ", "gpu_model": "H100", "run": run})
	if len(errs) != 0 {
		t.Fatalf("errors: %v", errs)
	}
	if m.Region != "eu-west" || m.Run == nil || strings.Join(m.NodeIDs, ",") != "n1,n2" {
		t.Errorf("meta: %+v", m)
	}
	if m.RunDate == nil || !m.RunDate.Equal(time.Date(2026, 3, 5, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("the run date is the run's start day in UTC: %v", m.RunDate)
	}
	m, errs = parseMeta(map[string]string{"node_ids": "a, b c", "run_date": "2026-01-02", "run": run})
	if len(errs) != 0 || strings.Join(m.NodeIDs, ",") != "a,b,c" || m.RunDate.Format(time.DateOnly) != "2026-01-02" {
		t.Errorf("stated node ids and date win over the run's: %+v %v", m, errs)
	}

	_, errs = parseMeta(map[string]string{"region": strings.Repeat("r", 201), "run_date": "04/03/2026",
		"run":      `{"step":"x","hosts":["a"],"command":"c","start":"2026-01-01T00:00:00Z","end":"2026-01-01T00:00:00Z","extra":1}`,
		"node_ids": strings.Repeat("n", 201)})
	want := map[string]string{"region": "bench.error.too_long", "run_date": "bench.error.date", "run": "bench.error.run", "node_ids": "bench.error.too_long"}
	for k, v := range want {
		if errs[k] != v {
			t.Errorf("%s: %q, want %q", k, errs[k], v)
		}
	}
	if len(errs) != len(want) {
		t.Errorf("errors: %v", errs)
	}
}

func TestParseRunWantsOneCompleteRecord(t *testing.T) {
	ok := `{"step":"s","hosts":["a"],"command":"c","start":"2026-01-01T00:00:00Z","end":"2026-01-01T00:01:00Z","exit":1}`
	if _, err := parseRun(ok); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{ok + ok, `{"step":"s"}`, `[]`, ok[:20]} {
		if _, err := parseRun(bad); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
}

func TestParseLogKeepsAFileThatDoesNotParse(t *testing.T) {
	nb := parseLog(benchlog.KindUnknown, []byte("hello, not a benchmark\n"))
	if nb.Result != nil || nb.ParseError == "" || nb.Kind == "" {
		t.Errorf("%+v", nb)
	}
}

func TestPrepareBenchmarkRefusals(t *testing.T) {
	for name, tc := range map[string]struct {
		up     Upload
		key    string
		fields map[string]string
	}{
		"no file":      {Upload{Fields: map[string]string{}}, "bench.error.no_file", nil},
		"empty":        {Upload{Content: []byte("\n"), Fields: map[string]string{}}, "bench.error.empty", nil},
		"binary":       {Upload{Content: []byte("%PDF-1.4\n"), Fields: map[string]string{}}, "bench.error.binary", nil},
		"unknown kind": {Upload{Content: []byte("x\n"), Fields: map[string]string{"kind": "xls", "run_date": "soon"}}, "form.has_errors", map[string]string{"kind": "bench.error.kind", "run_date": "bench.error.date"}},
	} {
		_, r := prepareBenchmark(tc.up)
		if r == nil || r.Key != tc.key || len(r.Fields) != len(tc.fields) {
			t.Errorf("%s: %+v", name, r)
			continue
		}
		for k, v := range tc.fields {
			if r.Fields[k] != v {
				t.Errorf("%s: %s = %q", name, k, r.Fields[k])
			}
		}
	}
	nb, r := prepareBenchmark(Upload{FileName: "C:\\x\\a\u202e.log", Content: []byte("not a log\n"), Fields: map[string]string{"region": "us"}})
	if r != nil || nb.FileName != "a.log" || nb.Meta.Region != "us" || nb.ParseError == "" {
		t.Errorf("%+v %+v", nb, r)
	}
}

func TestWithdrawInput(t *testing.T) {
	if r, key := withdrawInput("  wrong cluster "); r != "wrong cluster" || key != "" {
		t.Errorf("%q %q", r, key)
	}
	if _, key := withdrawInput(" "); key != "bench.error.withdraw_reason" {
		t.Error(key)
	}
	if _, key := withdrawInput(strings.Repeat("ü", 4001)); key != "bench.error.too_long" {
		t.Error(key)
	}
}

func TestParseAcceptance(t *testing.T) {
	na, errs := parseAcceptance(map[string]string{"test": "nccl_allreduce", "status": "passed", "note": " ok ", "waiver_reason": "ignored", "evidence_upload_id": "7"})
	if len(errs) != 0 || na.Note != "ok" || na.WaiverReason != "" || na.EvidenceID != 7 {
		t.Errorf("a reason given with another status is dropped: %+v %v", na, errs)
	}
	na, errs = parseAcceptance(map[string]string{"test": "nccl_allreduce", "status": store.AcceptanceWaived, "waiver_reason": " known "})
	if len(errs) != 0 || na.WaiverReason != "known" {
		t.Errorf("%+v %v", na, errs)
	}
	_, errs = parseAcceptance(map[string]string{"test": "nope", "status": store.AcceptanceWaived, "note": strings.Repeat("n", 4001), "evidence_upload_id": "-1"})
	want := map[string]string{"test": "bench.error.test", "waiver_reason": "bench.error.waiver_reason", "note": "bench.error.too_long", "evidence_upload_id": "bench.error.evidence"}
	if len(errs) != len(want) {
		t.Errorf("errors %v, want %v", errs, want)
	}
	for k, v := range want {
		if errs[k] != v {
			t.Errorf("%s: %q", k, errs[k])
		}
	}
	if _, errs = parseAcceptance(map[string]string{"test": "nccl_allreduce", "status": "maybe"}); errs["status"] != "bench.error.status" {
		t.Errorf("%v", errs)
	}
}
