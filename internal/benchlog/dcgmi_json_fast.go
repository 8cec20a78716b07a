package benchlog

import "encoding/json"

// A fast path for dcgmi diag -j, on the walk of fio_json_fast.go: it fills
// the dcgmJSON that json.Unmarshal would, and gives up (false) on anything
// it is not certain to decode identically, for json.Unmarshal to decode.

var (
	dcgmDocFields      = []string{"DCGM GPU Diagnostic", "DCGM Version", "DCGM Diagnostic", "metadata"}
	dcgmDiagFields     = []string{"version", "Driver Version Detected", "test_categories"}
	dcgmMetaFields     = []string{"Driver Version Detected", "version"}
	dcgmCategoryFields = []string{"category", "tests"}
	dcgmTestFields     = []string{"name", "results", "test_summary"}
	dcgmSummaryFields  = []string{"status", "info"}
	dcgmResultFields   = []string{"status", "gpu_ids", "info", "warnings", "entity_group", "entity_id"}
)

func fastDCGMJSON(s string, doc *dcgmJSON) bool {
	w := &jsonWalk{s: s}
	w.ws()
	f := jsonFields{names: dcgmDocFields}
	ok := w.object(func(key string, escaped bool) bool {
		if escaped {
			return false
		}
		switch f.match(key) {
		case -1:
			return w.skip(1)
		case 0:
			return w.dcgmDiag(&doc.Diag)
		case 1:
			return w.str(&doc.Version)
		case 2:
			return w.dcgmDiag(&doc.Diag4)
		case 3:
			m := &doc.Meta
			mf := jsonFields{names: dcgmMetaFields}
			return w.object(func(key string, escaped bool) bool {
				if escaped {
					return false
				}
				switch mf.match(key) {
				case -1:
					return w.skip(2)
				case 0:
					return w.str(&m.Driver)
				case 1:
					return w.str(&m.Version)
				}
				return false
			})
		}
		return false
	})
	w.ws()
	return ok && w.i == len(s) // json.Unmarshal refuses anything after the document
}

func (w *jsonWalk) dcgmDiag(d *dcgmDiagJSON) bool {
	f := jsonFields{names: dcgmDiagFields}
	return w.object(func(key string, escaped bool) bool {
		if escaped {
			return false
		}
		switch f.match(key) {
		case -1:
			return w.skip(2)
		case 0:
			return w.str(&d.Version)
		case 1:
			return w.str(&d.Driver)
		case 2:
			d.Categories = []dcgmCategoryJSON{} // empty, not nil, as encoding/json leaves []
			return w.array(func() bool {
				d.Categories = append(d.Categories, dcgmCategoryJSON{})
				return w.dcgmCategory(&d.Categories[len(d.Categories)-1])
			})
		}
		return false
	})
}

func (w *jsonWalk) dcgmCategory(c *dcgmCategoryJSON) bool {
	f := jsonFields{names: dcgmCategoryFields}
	return w.object(func(key string, escaped bool) bool {
		if escaped {
			return false
		}
		switch f.match(key) {
		case -1:
			return w.skip(4)
		case 0:
			return w.str(&c.Category)
		case 1:
			c.Tests = []dcgmTestJSON{}
			return w.array(func() bool {
				c.Tests = append(c.Tests, dcgmTestJSON{})
				return w.dcgmTest(&c.Tests[len(c.Tests)-1])
			})
		}
		return false
	})
}

func (w *jsonWalk) dcgmTest(t *dcgmTestJSON) bool {
	f := jsonFields{names: dcgmTestFields}
	return w.object(func(key string, escaped bool) bool {
		if escaped {
			return false
		}
		switch f.match(key) {
		case -1:
			return w.skip(6)
		case 0:
			return w.str(&t.Name)
		case 1:
			t.Results = []dcgmResultJSON{}
			return w.array(func() bool {
				t.Results = append(t.Results, dcgmResultJSON{})
				return w.dcgmResult(&t.Results[len(t.Results)-1])
			})
		case 2:
			sm := &t.Summary
			sf := jsonFields{names: dcgmSummaryFields}
			return w.object(func(key string, escaped bool) bool {
				if escaped {
					return false
				}
				switch sf.match(key) {
				case -1:
					return w.skip(8)
				case 0:
					return w.str(&sm.Status)
				case 1:
					return w.raw(&sm.Info)
				}
				return false
			})
		}
		return false
	})
}

func (w *jsonWalk) dcgmResult(r *dcgmResultJSON) bool {
	f := jsonFields{names: dcgmResultFields}
	return w.object(func(key string, escaped bool) bool {
		if escaped {
			return false
		}
		switch f.match(key) {
		case -1:
			return w.skip(8)
		case 0:
			return w.str(&r.Status)
		case 1:
			return w.raw(&r.GPUIDs)
		case 2:
			return w.raw(&r.Info)
		case 3:
			return w.raw(&r.Warnings)
		case 4:
			return w.str(&r.EntityGroup)
		case 5:
			return w.raw(&r.EntityID)
		}
		return false
	})
}

// raw copies one value's text, as json.RawMessage keeps it; null is left
// to encoding/json.
func (w *jsonWalk) raw(dst *json.RawMessage) bool {
	if w.peek() == 'n' {
		return false
	}
	start := w.i
	if !w.skip(9) {
		return false
	}
	*dst = json.RawMessage(w.s[start:w.i])
	return true
}
