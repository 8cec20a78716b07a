package benchlog

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The hand scanners replace regular expressions that cost most of their
// parser's time; each must find exactly what the expression found.

var perftestKVRegexp = regexp.MustCompile(`([A-Za-z][\w .*/()-]*?)\s+:\s+(\S+)`)

func perftestKVAll(t string) [][2]string {
	var out [][2]string
	for i, pos := 0, 0; i < 4; i++ {
		k, v, next, ok := perftestKV(t, pos)
		if !ok {
			break
		}
		out = append(out, [2]string{k, v})
		pos = next
	}
	return out
}

func checkPerftestKV(t *testing.T, line string) {
	want := perftestKVRegexp.FindAllStringSubmatch(line, 4)
	got := perftestKVAll(line)
	if len(got) != len(want) {
		t.Fatalf("%q: %d settings %q, the expression finds %d %q", line, len(got), got, len(want), want)
	}
	for i := range want {
		if got[i][0] != want[i][1] || got[i][1] != want[i][2] {
			t.Fatalf("%q: setting %d is %q, the expression finds %q", line, i, got[i], want[i][1:])
		}
	}
}

func TestPerftestKVMatchesExpression(t *testing.T) {
	for _, line := range []string{
		"Dual-port       : OFF\t\tDevice         : mlx5_5", "rdma_cm QPs\t : ON",
		"Data ex. method : rdma_cm \tTOS    : 41", "Mtu             : 4096[B]", "a : b : c : d : e : f",
		"x: 1", "abc :1", " : x", "9 : x", "key  :  ", "a b c\t:\tv w : z", "Key (a/b) * - : v\vw",
		"local address: LID 0000 QPN 0x0093 PSN 0xbf9bfe", "é : x", "A\t \t:\t x",
	} {
		checkPerftestKV(t, line)
	}
}

func FuzzPerftestKV(f *testing.F) {
	f.Add("Number of qps   : 4\t\tTransport type : IB")
	f.Add("Data ex. method : rdma_cm \tTOS    : 41")
	f.Fuzz(func(t *testing.T, line string) { checkPerftestKV(t, line) })
}

// fields, slashFields and splitByte stand in for the strings functions on
// hot paths and must split exactly as they do.
func checkSplitters(t *testing.T, s string) {
	if got, want := fields(s, nil), strings.Fields(s); !slices.Equal(got, want) {
		t.Fatalf("fields(%q) = %q, strings.Fields %q", s, got, want)
	}
	if got, want := slashFields(s, nil), strings.Fields(strings.ReplaceAll(s, "/", " / ")); !slices.Equal(got, want) {
		t.Fatalf("slashFields(%q) = %q, want %q", s, got, want)
	}
	if got, want := splitByte(s, '|', nil), strings.Split(s, "|"); !slices.Equal(got, want) {
		t.Fatalf("splitByte(%q) = %q, strings.Split %q", s, got, want)
	}
	if got, want := splitString(s, ", ", nil), strings.Split(s, ", "); !slices.Equal(got, want) {
		t.Fatalf("splitString(%q) = %q, strings.Split %q", s, got, want)
	}
	if isUpperWord(s) != (s == strings.ToUpper(s)) || isLowerWord(s) != (s == strings.ToLower(s)) {
		t.Fatalf("isUpperWord/isLowerWord(%q) disagree with strings", s)
	}
	if len(s) <= 8 {
		exp, ok := fioUnitExp(s)
		want, wantOK := map[string]int{"": 0, "K": 1, "M": 2, "G": 3, "T": 4, "P": 5}[strings.ToUpper(strings.ReplaceAll(strings.TrimSuffix(s, "B"), "i", ""))]
		if exp != want || ok != wantOK {
			t.Fatalf("fioUnitExp(%q) = %d %v, want %d %v", s, exp, ok, want, wantOK)
		}
	}
}

func TestSplittersMatchStrings(t *testing.T) {
	for _, s := range []string{"", " ", "| N/A  25C  P0  92W / 700W |", "a\u00a0b c", "x||y|", "\t\v\f\r\n", "/", "//a/ /", "KiB", "kB", "MiB", "iB", "ıB", "İ", "a, b,, c, ", "READ", "Read"} {
		checkSplitters(t, s)
	}
}

func FuzzSplitters(f *testing.F) {
	f.Add("| N/A   32C    P0    70W / 700W |  1MiB / 81559MiB |")
	f.Fuzz(checkSplitters)
}

// The fast fio JSON walk must decode exactly what encoding/json decodes,
// or give up; it must never accept what encoding/json rejects.
func checkFioJSONFast(t *testing.T, body string) {
	var fast, slow fioJSONDoc
	if !fastFioJSON(body, &fast) {
		return
	}
	if err := json.NewDecoder(strings.NewReader(sanitizeJSONNumbers(body))).Decode(&slow); err != nil {
		t.Fatalf("%q: the walk accepted what encoding/json rejects: %v", body, err)
	}
	normalizeFioStats(&fast)
	normalizeFioStats(&slow)
	if !reflect.DeepEqual(fast, slow) {
		t.Fatalf("%q: walk %+v, encoding/json %+v", body, fast, slow)
	}
}

// normalizeFioStats puts every stat in the form latency reads it from, as
// the walk keeps percentiles in order and encoding/json in a map.
func normalizeFioStats(doc *fioJSONDoc) {
	norm := func(st *fioJSONStat) {
		if st == nil {
			return
		}
		var sorted []FioPercentile
		if l := st.latency(1); l != nil {
			sorted = l.Percentiles
		}
		*st = fioJSONStat{Mean: st.Mean, sorted: sorted}
	}
	for _, jobs := range [][]fioJSONJob{doc.Jobs, doc.ClientStats} {
		for _, j := range jobs {
			for _, d := range []*fioJSONDir{j.Read, j.Write, j.Trim, j.Mixed, j.Sync} {
				if d != nil {
					norm(d.Lat)
					norm(d.LatNS)
					norm(d.Clat)
					norm(d.ClatNS)
				}
			}
		}
	}
}

func fioJSONSeeds(tb testing.TB) []string {
	seeds := []string{`{"jobs":[]}`, `{"JOBS":[{"jobname":"a","read":{"bw":1,"BW_bytes":2,"clat_ns":{"percentile":{"1.0":3,"1.0":4}}}}]}`,
		`{"jobs":[{"jobname":"a\u0041"}]}`, `{"jobs":[{"groupid":1.5}]}`, `{"jobs":[{"groupid":1}],"jobs":[]}`, `{"fio version":null}`,
		`{"global options":{"rw":"read","x":1,"y":true,"z":null},"disk_util":[{"name":"sda","util":99.5,"in_queue":1}]}`,
		`{"jobs":[{"read":{"iops":1e400}}]}`, `{"jobs":[{"jobname":"\xff"}]}`, `{"x":[1,{"a":"\"}"},-0.5e+3,true]} trailing`,
		`{"jobs":[{"read":{"bw":-nan,"iops":inf,"x":nan}}],"y":[-inf]}`, `{"jobs":[{"read":{"bw":1inf}}]}`, `{"jobs":[{"error":nanx}]}`,
		`{"jobs":[{"jobname":"a\tb\u00e9\/\\\"c","read":{"clat_ns":{"percentile":{"99.0":3,"1.0":4,"x":5,"0":6}}}}]}`, `{"jobs":[{"jobname":"\ud83d\ude00"}]}`,
		`{"jobs":[{"read":{"clat_ns":{"mean":1,"percentile":{}},"lat_ns":{"percentile":null}}}]}`}
	for _, f := range []string{"fio/json-fio-2.17-gce-pd-randread.json.txt"} {
		seeds = append(seeds, string(readTestdata(tb, f)))
	}
	return seeds
}

func TestFioJSONFastMatchesEncodingJSON(t *testing.T) {
	for _, s := range fioJSONSeeds(t) {
		checkFioJSONFast(t, s)
	}
	sample := fioJSONSeeds(t)[len(fioJSONSeeds(t))-1]
	var doc fioJSONDoc
	if !fastFioJSON(sample, &doc) || len(doc.Jobs) != 2 {
		t.Errorf("the fast walk gave up on fio's own output")
	}
	// The document as a tool that sorts keys prints it (percentiles in
	// text order): the one the benchmark measures.
	grown := string(benchInput(t, KindFio, []byte(sample)))
	checkFioJSONFast(t, grown)
	if !fastFioJSON(grown, &fioJSONDoc{}) {
		t.Errorf("the fast walk gave up on a many-job document with sorted keys")
	}
}

func FuzzFioJSONFast(f *testing.F) {
	for _, s := range fioJSONSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(checkFioJSONFast)
}

// sanitizeJSONNumbersRef is the byte-by-byte original of
// sanitizeJSONNumbers, which must give the same result.
func sanitizeJSONNumbersRef(s string) string {
	var b []byte
	inStr := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if inStr {
			if c == '\\' {
				i++
			} else if c == '"' {
				inStr = false
			}
			continue
		}
		if c == '"' {
			inStr = true
			continue
		}
		for _, tok := range [...]string{"-nan", "nan", "-inf", "inf"} {
			if strings.HasPrefix(s[i:], tok) {
				if b == nil {
					b = []byte(s)
				}
				b[i] = '0'
				for k := 1; k < len(tok); k++ {
					b[i+k] = ' '
				}
				i += len(tok) - 1
				break
			}
		}
	}
	if b == nil {
		return s
	}
	return string(b)
}

func FuzzSanitizeJSONNumbers(f *testing.F) {
	for _, s := range []string{`{"usr_cpu" : -nan, "minf" : inf, "a\"nan" : "\\", "b": nan}`, `"\`, `"x\"`, `nan"inf\"-inf"-nan`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := sanitizeJSONNumbers(s), sanitizeJSONNumbersRef(s); got != want {
			t.Fatalf("%q: %q, want %q", s, got, want)
		}
	})
}

// jsonTextFast answers as the decoding attempts of jsonText do.
func FuzzJSONTextFast(f *testing.F) {
	for _, s := range []string{`"0"`, `"a\"b"`, `"a\tb\u00e9\/"`, `"\ud83d\ude00"`, `12`, `-1.5e3`, `true`, `false`, `null`, `["x","y"]`, `{"warning":"w"}`, "\"\xff\""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		raw := json.RawMessage(strings.TrimSpace(s))
		if !json.Valid(raw) {
			return
		}
		fast, ok := jsonTextFast(raw)
		if !ok {
			return
		}
		var str string
		want := ""
		switch {
		case json.Unmarshal(raw, &str) == nil:
			want = str
		case raw[0] == '[' || raw[0] == '{':
			t.Skip()
		default:
			want = strings.Trim(string(raw), `"`)
		}
		if fast != want {
			t.Fatalf("%q: fast %q, want %q", s, fast, want)
		}
	})
}

// The fast dcgmi JSON walk decodes what json.Unmarshal decodes, or gives up.
func checkDCGMJSONFast(t *testing.T, body string) {
	var fast, slow dcgmJSON
	if !fastDCGMJSON(body, &fast) {
		return
	}
	if err := json.Unmarshal([]byte(body), &slow); err != nil {
		t.Fatalf("%q: the walk accepted what encoding/json rejects: %v", body, err)
	}
	if !reflect.DeepEqual(fast, slow) {
		t.Fatalf("%q: walk %+v, encoding/json %+v", body, fast, slow)
	}
}

func dcgmJSONSeeds(tb testing.TB) []string {
	return []string{`{"DCGM GPU Diagnostic":{"test_categories":[]}}`, `{"dcgm gpu diagnostic":{"TEST_CATEGORIES":[{"tests":[{"results":[{"gpu_ids":[0,1],"info":"a","warnings":[{"warning":"w"}]}]}]}]}} `,
		`{"DCGM GPU Diagnostic":{}} x`, `{"DCGM Version":"3.1","DCGM Version":"3.2"}`, `{"DCGM GPU Diagnostic":{"test_categories":[{"tests":[{"results":[{"info":null}]}]}]}}`,
		`{"DCGM GPU Diagnostic":{"version":"a\tb\n\u0041\"","test_categories":[{"category":"\ud83d","tests":[]}]}}`,
		dcgm4JSON,
		string(readTestdata(tb, "dcgmi/virtualclient-r3-json-t4-eud-skip.json"))}
}

func TestDCGMJSONFastMatchesEncodingJSON(t *testing.T) {
	seeds := dcgmJSONSeeds(t)
	for _, s := range seeds {
		checkDCGMJSONFast(t, s)
	}
	if !fastDCGMJSON(seeds[len(seeds)-1], &dcgmJSON{}) {
		t.Errorf("the fast walk gave up on dcgmi's own output")
	}
}

func FuzzDCGMJSONFast(f *testing.F) {
	for _, s := range dcgmJSONSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(checkDCGMJSONFast)
}

// The parsers view the upload without copying it, so whatever a result
// keeps must be a copy or a constant: overwriting the upload after parsing
// must leave every result as it was.
func TestResultsDoNotAliasTheUpload(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*", "*"))
	for _, f := range files {
		if strings.HasSuffix(f, "README.md") || strings.Contains(f, "fuzz") {
			continue
		}
		sample, _ := os.ReadFile(f)
		data := bytes.Clone(sample)
		res, err := ParseCompact(KindUnknown, data)
		if err != nil {
			continue // the failing samples are tested elsewhere
		}
		before, _ := json.Marshal(res)
		for i := range data {
			data[i] = 'x'
		}
		if after, _ := json.Marshal(res); !bytes.Equal(before, after) {
			t.Errorf("%s: the result changed with the upload's bytes", f)
		}
	}
}

// A footer's min-bandwidth check word is kept as a constant too.
func TestNCCLMinBWCheckDoesNotAliasTheUpload(t *testing.T) {
	data := bytes.Clone(readTestdata(t, "nccl/h100-sxm-1node-8gpu-5coll-v2.17.8.txt"))
	data = bytes.Replace(data, []byte("# Avg bus bandwidth    : 437.957 "), []byte("# Avg bus bandwidth    : 437.957 OK"), 1)
	rep, err := ParseNCCL(data)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(rep.Runs, func(r NCCLRun) bool { return r.MinBWCheck != "" })
	if i < 0 {
		t.Fatal("no run read the OK after the average")
	}
	for k := range data {
		data[k] = 'x'
	}
	if rep.Runs[i].MinBWCheck != "OK" {
		t.Errorf("MinBWCheck = %q after the upload was overwritten", rep.Runs[i].MinBWCheck)
	}
}
