package benchlog

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"
)

// A dcgmi diag JSON document without "test_categories" (an older layout,
// or a run that stopped before its table) still names its tests and their
// outcomes: objects with a test name beside a status, grouped under a
// category key, and error texts. legacyDCGMTests finds them by shape, so
// a failed CUDA library test is a failure with its text quoted, not an
// unreadable file.

// legacyDCGMTests walks doc (decoded JSON) for tests; line is the line the
// document starts on and s its text, to point each test at its line.
func legacyDCGMTests(doc any, s string, line int) []DCGMTest {
	var out []DCGMTest
	var walk func(v any, category string, depth int)
	walk = func(v any, category string, depth int) {
		if depth > 12 || len(out) >= maxDCGMTests {
			return
		}
		switch x := v.(type) {
		case []any:
			for _, e := range x {
				walk(e, category, depth+1)
			}
		case map[string]any:
			if t, ok := legacyTest(x, category); ok {
				t.Line = line + lineOf(s, `"`+t.Name+`"`)
				out = append(out, t)
				return
			}
			if msg := legacyError(x); msg != "" {
				out = append(out, DCGMTest{Category: category, Name: "dcgmi", Line: line + lineOf(s, msg),
					Results: []DCGMResult{{Status: "fail"}}, Warnings: []string{msg}})
			}
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys) // a map has no order; the document's is lost, a stable one is kept
			for _, k := range keys {
				if _, isList := x[k].([]any); isList {
					walk(x[k], k, depth+1) // "Deployment": [ ...tests ]
				} else {
					walk(x[k], category, depth+1)
				}
			}
		}
	}
	walk(doc, "", 0)
	return out
}

// legacyTest reads an object that names a test and its status.
func legacyTest(x map[string]any, category string) (DCGMTest, bool) {
	name := firstString(x, "test_name", "name", "test")
	if name == "" {
		return DCGMTest{}, false
	}
	t := DCGMTest{Category: category, Name: strings.Clone(clip(name, 100))}
	add := func(o map[string]any) bool {
		r, ok := dcgmStatus(firstString(o, "status", "result"))
		if !ok {
			return false
		}
		if ids := firstString(o, "gpu_ids", "gpu_id"); ids != "" {
			r.GPUs = gpuList(ids)
		}
		t.Results = append(t.Results, r)
		for _, k := range []string{"warnings", "warning", "error", "errors"} {
			if w := flatText(o[k]); w != "" && len(t.Warnings) < 16 {
				t.Warnings = append(t.Warnings, strings.Clone(clip(w, 500)))
			}
		}
		return true
	}
	found := add(x)
	if list, ok := x["results"].([]any); ok {
		for _, e := range list {
			if o, ok := e.(map[string]any); ok {
				found = add(o) || found
			}
		}
	}
	return t, found
}

// legacyError is the text of an object's "error" / "runtime_error" when it
// names no test: dcgmi's reason for not running at all.
func legacyError(x map[string]any) string {
	for _, k := range []string{"runtime_error", "error", "Error"} {
		if w := flatText(x[k]); w != "" {
			return clip(w, 500)
		}
	}
	return ""
}

func firstString(x map[string]any, keys ...string) string {
	for _, k := range keys {
		switch v := x[k].(type) {
		case string:
			return v
		case json.Number:
			return v.String()
		case float64:
			return strconv.FormatFloat(v, 'f', -1, 64)
		}
	}
	return ""
}

// flatText joins a string, or a list of strings or {"warning": ...}
// objects, into one text.
func flatText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []any:
		var parts []string
		for _, e := range x {
			if t := flatText(e); t != "" {
				parts = append(parts, t)
			}
		}
		return strings.Join(parts, "; ")
	case map[string]any:
		for _, k := range []string{"warning", "message", "error"} {
			if t := flatText(x[k]); t != "" {
				return t
			}
		}
	}
	return ""
}

// lineOf is the 0-based line of the first occurrence of sub in s (0 when
// it does not occur).
func lineOf(s, sub string) int {
	i := strings.Index(s, sub)
	if i < 0 {
		return 0
	}
	return strings.Count(s[:i], "\n")
}
