package benchlog

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// A fast path for fio's JSON. encoding/json reads a many-job document at
// about 30 MB/s (it scans every byte twice and reflects on every field);
// fio prints a fixed, simple layout, which a direct walk decodes several
// times faster. The walk fills the same fioJSONDoc as encoding/json would
// and gives up — returning false, after which the caller decodes with
// encoding/json — on anything it is not certain to decode identically:
// invalid JSON, a value of another type than the field's, null where a
// value is decoded, an escape in a key or a \u escape of a surrogate, a
// field given twice. Skipped values are still validated, so a document the walk
// accepts is one encoding/json accepts.

// jsonWalk is a position in a JSON text.
type jsonWalk struct {
	s string
	i int
}

const maxJSONWalkDepth = 1000

func (w *jsonWalk) ws() {
	// Indented documents are mostly runs of spaces: pass eight at a time.
	for w.i+8 <= len(w.s) && w.s[w.i+1:w.i+8] == "       " && (w.s[w.i] == ' ' || w.s[w.i] == '\n') {
		w.i += 8
	}
	for w.i < len(w.s) {
		switch w.s[w.i] {
		case ' ', '\t', '\n', '\r':
			w.i++
		default:
			return
		}
	}
}

func (w *jsonWalk) peek() byte {
	if w.i < len(w.s) {
		return w.s[w.i]
	}
	return 0
}

// object walks {"key": value, ...}; field must consume each value. A key
// with an escape comes with escaped set and its raw text: only a skipped
// object may accept it.
func (w *jsonWalk) object(field func(key string, escaped bool) bool) bool {
	if w.peek() != '{' {
		return false
	}
	w.i++
	w.ws()
	if w.peek() == '}' {
		w.i++
		return true
	}
	for {
		w.ws()
		if w.peek() != '"' {
			return false
		}
		end, escaped, nonASCII, ok := jsonStringEnd(w.s, w.i+1)
		if !ok {
			return false
		}
		key := w.s[w.i+1 : end]
		w.i = end + 1
		if !escaped && nonASCII && !utf8.ValidString(key) {
			escaped = true // encoding/json would replace the bad bytes: not plain text
		}
		w.ws()
		if w.peek() != ':' {
			return false
		}
		w.i++
		w.ws()
		if !field(key, escaped) {
			return false
		}
		w.ws()
		switch w.peek() {
		case ',':
			w.i++
		case '}':
			w.i++
			return true
		default:
			return false
		}
	}
}

// array walks [value, ...]; elem must consume each value.
func (w *jsonWalk) array(elem func() bool) bool {
	if w.peek() != '[' {
		return false
	}
	w.i++
	w.ws()
	if w.peek() == ']' {
		w.i++
		return true
	}
	for {
		w.ws()
		if !elem() {
			return false
		}
		w.ws()
		switch w.peek() {
		case ',':
			w.i++
		case ']':
			w.i++
			return true
		default:
			return false
		}
	}
}

// stringValue reads a string as encoding/json decodes it, escapes and all;
// the text is a copy, never a view of the upload. It gives up on what
// jsonUnescape leaves to encoding/json.
func (w *jsonWalk) stringValue() (string, bool) {
	if w.peek() != '"' {
		return "", false
	}
	start := w.i + 1
	end, escaped, nonASCII, ok := jsonStringEnd(w.s, start)
	if !ok {
		return "", false
	}
	w.i = end + 1
	v := w.s[start:end]
	if nonASCII && !utf8.ValidString(v) {
		return "", false // encoding/json would replace the bad bytes
	}
	if escaped {
		return jsonUnescape(v)
	}
	return strings.Clone(v), true
}

// jsonStringEnd finds the closing quote of a string whose text starts at
// i, validating escapes and rejecting control characters. One pass over
// the bytes: most strings are short keys, where a loop beats searching.
func jsonStringEnd(s string, i int) (end int, escaped, nonASCII, ok bool) {
	for k := i; k < len(s); k++ {
		switch c := s[k]; {
		case c == '"':
			return k, escaped, nonASCII, true
		case c == '\\':
			escaped = true
			k++
			if k >= len(s) {
				return 0, false, false, false
			}
			switch s[k] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if k+5 > len(s) || !isHex(s[k+1:k+5]) {
					return 0, false, false, false
				}
				k += 4
			default:
				return 0, false, false, false
			}
		case c < 0x20:
			return 0, false, false, false
		case c >= 0x80:
			nonASCII = true
		}
	}
	return 0, false, false, false
}

// jsonUnescape decodes a string's text whose escapes jsonStringEnd
// validated, as encoding/json does. A \u escape of a surrogate half is left
// to encoding/json (false): pairing them is its business.
func jsonUnescape(s string) (string, bool) {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		if s[i] != '\\' {
			j := strings.IndexByte(s[i:], '\\')
			if j < 0 {
				j = len(s) - i
			}
			b.WriteString(s[i : i+j])
			i += j
			continue
		}
		c := s[i+1]
		switch c {
		case 'b':
			c = '\b'
		case 'f':
			c = '\f'
		case 'n':
			c = '\n'
		case 'r':
			c = '\r'
		case 't':
			c = '\t'
		case 'u':
			r, _ := strconv.ParseUint(s[i+2:i+6], 16, 32)
			if utf16.IsSurrogate(rune(r)) {
				return "", false
			}
			b.WriteRune(rune(r))
			i += 6
			continue
		}
		b.WriteByte(c) // '"', '\\' and '/' stand for themselves
		i += 2
	}
	return b.String(), true
}

// numberText reads a JSON number's text. The bare nan and inf tokens some
// fio versions print read as "0", which is what sanitizeJSONNumbers makes
// of them before encoding/json decodes the document.
func (w *jsonWalk) numberText() (string, bool) {
	s, i := w.s, w.i
	if i < len(s) && (s[i] == '-' || s[i] == 'n' || s[i] == 'i') {
		for _, tok := range [...]string{"-nan", "nan", "-inf", "inf"} {
			if strings.HasPrefix(s[i:], tok) {
				w.i += len(tok)
				return "0", true
			}
		}
	}
	start := i
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		for i < len(s) && isDigit(s[i]) {
			i++
		}
	default:
		return "", false
	}
	if i < len(s) && s[i] == '.' {
		i++
		d := i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		if i == d {
			return "", false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		d := i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		if i == d {
			return "", false
		}
	}
	w.i = i
	return s[start:i], true
}

// float reads a number into a float64 field as encoding/json does
// (strconv.ParseFloat; out of range is an error).
func (w *jsonWalk) float(dst *float64) bool {
	t, ok := w.numberText()
	if !ok {
		return false
	}
	v, err := strconv.ParseFloat(t, 64)
	*dst = v
	return err == nil
}

func (w *jsonWalk) floatPtr(dst **float64) bool {
	v := new(float64)
	*dst = v
	return w.float(v)
}

// integer reads a number into an int field: an integer in range, as
// encoding/json requires.
func (w *jsonWalk) integer(dst *int) bool {
	t, ok := w.numberText()
	if !ok {
		return false
	}
	v, err := strconv.ParseInt(t, 10, 64)
	*dst = int(v)
	return err == nil
}

// str reads a string field; like encoding/json's, the text is a copy,
// never a view of the upload.
func (w *jsonWalk) str(dst *string) bool {
	v, ok := w.stringValue()
	*dst = v
	return ok
}

// literal reads true, false or null.
func (w *jsonWalk) literal() (string, bool) {
	for _, lit := range [...]string{"true", "false", "null"} {
		if strings.HasPrefix(w.s[w.i:], lit) {
			w.i += len(lit)
			return lit, true
		}
	}
	return "", false
}

// skip validates and passes over any value.
func (w *jsonWalk) skip(depth int) bool {
	if depth > maxJSONWalkDepth {
		return false
	}
	switch c := w.peek(); {
	case c == '"':
		end, _, _, ok := jsonStringEnd(w.s, w.i+1)
		w.i = end + 1
		return ok
	case c == '{':
		return w.object(func(string, bool) bool { return w.skip(depth + 1) })
	case c == '[':
		return w.array(func() bool { return w.skip(depth + 1) })
	case c == '-' || isDigit(c) || c == 'i' || strings.HasPrefix(w.s[w.i:], "nan"):
		_, ok := w.numberText()
		return ok
	default:
		_, ok := w.literal()
		return ok
	}
}

// options reads an options object into a map[string]any as encoding/json
// would: strings, float64 numbers, bools and nil; a nested value (which fio
// never prints) gives up.
func (w *jsonWalk) options(dst *map[string]any) bool {
	m := map[string]any{}
	*dst = m
	return w.object(func(key string, escaped bool) bool {
		if escaped {
			return false // it may spell a field's name
		}
		switch c := w.peek(); {
		case c == '"':
			var v string
			if !w.str(&v) {
				return false
			}
			m[key] = v
		case c == '-' || isDigit(c):
			var v float64
			if !w.float(&v) {
				return false
			}
			m[key] = v
		default:
			lit, ok := w.literal()
			if !ok {
				return false
			}
			switch lit {
			case "true":
				m[key] = true
			case "false":
				m[key] = false
			default:
				m[key] = nil
			}
		}
		return true
	})
}

// jsonFields matches an object's keys to a struct's JSON names as encoding/json
// does (exactly or ignoring case) and refuses a field given twice.
type jsonFields struct {
	names []string
	seen  uint64
}

// match returns the field's index, -1 for a key the struct does not have,
// or -2 for a repeated field.
func (f *jsonFields) match(key string) int {
	ascii := true
	for i := 0; i < len(key) && ascii; i++ {
		ascii = key[i] < 0x80
	}
	for i, n := range f.names {
		if ascii && len(key) != len(n) {
			continue // folding keeps an ASCII key's length
		}
		if key == n || strings.EqualFold(key, n) {
			if f.seen&(1<<i) != 0 {
				return -2
			}
			f.seen |= 1 << i
			return i
		}
	}
	return -1
}

var (
	fioDocFields  = []string{"fio version", "global options", "jobs", "client_stats", "disk_util"}
	fioJobFields  = []string{"jobname", "groupid", "error", "job options", "read", "write", "trim", "mixed", "sync"}
	fioDirFields  = []string{"io_bytes", "io_kbytes", "bw", "bw_bytes", "iops", "runtime", "lat", "lat_ns", "clat", "clat_ns"}
	fioStatFields = []string{"mean", "percentile"}
	fioDiskFields = []string{"name", "util"}
)

// fastFioJSON decodes body into doc, or reports false for encoding/json
// to do it (see the top of this file).
func fastFioJSON(body string, doc *fioJSONDoc) bool {
	w := &jsonWalk{s: body}
	w.ws()
	f := jsonFields{names: fioDocFields}
	return w.object(func(key string, escaped bool) bool {
		if escaped {
			return false // it may spell a field's name
		}
		switch f.match(key) {
		case -1:
			return w.skip(1)
		case 0:
			return w.str(&doc.Version)
		case 1:
			return w.options(&doc.Global)
		case 2:
			return w.jobs(&doc.Jobs)
		case 3:
			return w.jobs(&doc.ClientStats)
		case 4:
			doc.DiskUtil = doc.DiskUtil[:0:0] // empty, not nil, as encoding/json leaves []
			if doc.DiskUtil == nil {
				doc.DiskUtil = make([]struct {
					Name string  `json:"name"`
					Util float64 `json:"util"`
				}, 0)
			}
			return w.array(func() bool {
				var d struct {
					Name string  `json:"name"`
					Util float64 `json:"util"`
				}
				df := jsonFields{names: fioDiskFields}
				ok := w.object(func(key string, escaped bool) bool {
					if escaped {
						return false
					}
					switch df.match(key) {
					case -1:
						return w.skip(3)
					case 0:
						return w.str(&d.Name)
					case 1:
						return w.float(&d.Util)
					}
					return false
				})
				doc.DiskUtil = append(doc.DiskUtil, d)
				return ok
			})
		}
		return false
	})
}

func (w *jsonWalk) jobs(dst *[]fioJSONJob) bool {
	jobs := []fioJSONJob{}
	ok := w.array(func() bool {
		jobs = append(jobs, fioJSONJob{})
		return w.job(&jobs[len(jobs)-1])
	})
	*dst = jobs
	return ok
}

func (w *jsonWalk) job(j *fioJSONJob) bool {
	f := jsonFields{names: fioJobFields}
	return w.object(func(key string, escaped bool) bool {
		if escaped {
			return false // it may spell a field's name
		}
		switch f.match(key) {
		case -1:
			return w.skip(3)
		case 0:
			return w.str(&j.Jobname)
		case 1:
			return w.integer(&j.GroupID)
		case 2:
			return w.integer(&j.Error)
		case 3:
			return w.options(&j.JobOptions)
		case 4:
			return w.dir(&j.Read)
		case 5:
			return w.dir(&j.Write)
		case 6:
			return w.dir(&j.Trim)
		case 7:
			return w.dir(&j.Mixed)
		case 8:
			return w.dir(&j.Sync)
		}
		return false
	})
}

func (w *jsonWalk) dir(dst **fioJSONDir) bool {
	d := &fioJSONDir{}
	*dst = d
	f := jsonFields{names: fioDirFields}
	return w.object(func(key string, escaped bool) bool {
		if escaped {
			return false // it may spell a field's name
		}
		switch f.match(key) {
		case -1:
			return w.skip(4)
		case 0:
			return w.float(&d.IOBytes)
		case 1:
			return w.floatPtr(&d.IOKBytes)
		case 2:
			return w.float(&d.BW)
		case 3:
			return w.floatPtr(&d.BWBytes)
		case 4:
			return w.float(&d.IOPS)
		case 5:
			return w.float(&d.Runtime)
		case 6:
			return w.stat(&d.Lat)
		case 7:
			return w.stat(&d.LatNS)
		case 8:
			return w.stat(&d.Clat)
		case 9:
			return w.stat(&d.ClatNS)
		}
		return false
	})
}

func (w *jsonWalk) stat(dst **fioJSONStat) bool {
	st := &fioJSONStat{}
	*dst = st
	f := jsonFields{names: fioStatFields}
	return w.object(func(key string, escaped bool) bool {
		if escaped {
			return false // it may spell a field's name
		}
		switch f.match(key) {
		case -1:
			return w.skip(5)
		case 0:
			return w.float(&st.Mean)
		case 1:
			// Kept in order as read: fio prints them ascending (a tool that
			// sorts keys, as text). Two keys of one percentile are left to
			// encoding/json's map, which keeps the last of a repeated key.
			st.sorted = make([]FioPercentile, 0, 20)
			return w.object(func(key string, escaped bool) bool {
				var v float64
				if escaped || !w.float(&v) {
					return false
				}
				p, ok := parseFinite(key)
				if !ok || p <= 0 || p > 100 {
					return true // not a percentile: latency drops it too
				}
				i, found := slices.BinarySearchFunc(st.sorted, p, func(e FioPercentile, p float64) int { return cmp.Compare(e.P, p) })
				if found {
					return false
				}
				st.sorted = slices.Insert(st.sorted, i, FioPercentile{P: p, US: v})
				return true
			})
		}
		return false
	})
}
