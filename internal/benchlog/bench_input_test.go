package benchlog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
)

// benchInput builds a benchmark input of about 1 MB in the sample's own
// format, the way real uploads grow:
//   - text logs concatenate (several runs, nodes or samples in one file, as
//     a loop over hosts or a -l capture writes them);
//   - a fio JSON document grows by jobs (a run of many jobs without
//     group_reporting prints one entry per job);
//   - a dcgmi diag JSON document has one result per GPU and test, so a
//     one-GPU sample becomes the full 8-GPU node;
//   - a topology matrix is one node's and does not grow: it is measured as
//     is (its cost is the fixed cost of a small upload).
func benchInput(tb testing.TB, kind Kind, sample []byte) []byte {
	const size = 1 << 20
	switch {
	case kind == KindTopo:
		return sample
	case kind == KindFio && bytes.HasPrefix(bytes.TrimSpace(sample), []byte("{")):
		return growJSON(tb, sample, func(doc map[string]any) {
			jobs := doc["jobs"].([]any)
			var out []any
			for n := 0; len(out) < 4*size/len(sample); n++ {
				for _, j := range jobs {
					job := cloneJSON(tb, j).(map[string]any)
					job["jobname"] = fmt.Sprintf("%s-%d", job["jobname"], n)
					out = append(out, job)
				}
			}
			doc["jobs"] = out
		})
	case kind == KindDCGMI && bytes.HasPrefix(bytes.TrimSpace(sample), []byte("{")):
		return growJSON(tb, sample, func(doc map[string]any) {
			diag := doc["DCGM GPU Diagnostic"].(map[string]any)
			for _, c := range diag["test_categories"].([]any) {
				for _, t := range c.(map[string]any)["tests"].([]any) {
					test := t.(map[string]any)
					var results []any
					for _, r := range test["results"].([]any) {
						if _, perGPU := r.(map[string]any)["gpu_ids"]; !perGPU {
							results = append(results, r)
							continue
						}
						for g := range 8 {
							res := cloneJSON(tb, r).(map[string]any)
							res["gpu_ids"] = fmt.Sprint(g)
							results = append(results, res)
						}
					}
					test["results"] = results
				}
			}
		})
	}
	return bytes.Repeat(sample, max(1, size/len(sample)))
}

// growJSON decodes a document, lets grow change it and prints it back
// indented as the tools do.
func growJSON(tb testing.TB, sample []byte, grow func(map[string]any)) []byte {
	var doc map[string]any
	dec := json.NewDecoder(bytes.NewReader(sample))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		tb.Fatal(err)
	}
	grow(doc)
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false) // the tools print ">=64" as is
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		tb.Fatal(err)
	}
	return out.Bytes()
}

func cloneJSON(tb testing.TB, v any) any {
	raw, err := json.Marshal(v)
	if err != nil {
		tb.Fatal(err)
	}
	var out any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&out); err != nil {
		tb.Fatal(err)
	}
	return out
}
