package benchlog

import (
	"bytes"
	"math"
	"strconv"
	"strings"
	"unsafe"
)

// asString views an upload as a string without copying it: a 45 MB log
// would otherwise be duplicated by every parser. The parsers never modify
// data and strings.Clone whatever they keep, so no result aliases it.
func asString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// Helpers shared by the parsers. They work on one string holding the whole
// upload: converting once and slicing afterwards keeps the per-line work free
// of allocations, which matters for multi-megabyte nccl-tests logs.

// lineScanner walks a text line by line and counts lines for ParseError.
type lineScanner struct {
	s   string
	pos int
	n   int // number of the line last returned, 1-based
}

// next returns the next line without its terminator. A carriage return in
// the middle of a line is a progress bar redrawing itself (fio's ETA, pv,
// kubectl); only the text after the last one is what a terminal would show.
func (l *lineScanner) next() (string, bool) {
	if l.pos >= len(l.s) {
		return "", false
	}
	rest := l.s[l.pos:]
	var line string
	if i := strings.IndexByte(rest, '\n'); i >= 0 {
		line = rest[:i]
		l.pos += i + 1
	} else {
		line = rest
		l.pos = len(l.s)
	}
	l.n++
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	if strings.IndexByte(line, '\r') >= 0 {
		line = line[strings.LastIndexByte(line, '\r')+1:]
	}
	return line, true
}

// checkText rejects binary uploads up front: a NUL byte never occurs in any
// of the text formats, and parsing a binary blob line by line would only
// produce a misleading "no table found".
func checkText(kind Kind, s string) error {
	if strings.TrimSpace(s) == "" {
		return errorf(kind, 1, "empty input")
	}
	if i := strings.IndexByte(s, 0); i >= 0 {
		return errorf(kind, 1+strings.Count(s[:i], "\n"), "binary data (NUL byte), not a text log")
	}
	return nil
}

// isSpace reports ASCII blanks; logs are ASCII where it matters and the
// unicode-aware strings.TrimSpace is measurably slower in the hot loop.
func isSpace(c byte) bool { return spaceByte[c] }

// spaceByte marks what isSpace accepts: one load per byte on the splitters'
// hot loops instead of four compares.
var spaceByte = [256]bool{' ': true, '\t': true, '\v': true, '\f': true}

func trimLeft(s string) string {
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	return s[i:]
}

func trim(s string) string {
	s = trimLeft(s)
	j := len(s)
	for j > 0 && isSpace(s[j-1]) {
		j--
	}
	return s[:j]
}

// splitFields splits on runs of blanks into dst (reused between calls).
func splitFields(s string, dst []string) []string { return splitFieldsN(s, dst, -1) }

// splitFieldsN is splitFields stopping after max fields (all if max < 0).
func splitFieldsN(s string, dst []string, max int) []string {
	dst = dst[:0]
	i := 0
	for i < len(s) && len(dst) != max {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		if i >= len(s) {
			break
		}
		j := i
		for j < len(s) && !isSpace(s[j]) {
			j++
		}
		dst = append(dst, s[i:j])
		i = j
	}
	return dst
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// parseFinite parses a float and rejects NaN and ±Inf, which strconv
// accepts but which would poison maxima and break JSON encoding later.
func parseFinite(s string) (float64, bool) {
	if v, ok := fastDecimal(s); ok {
		return v, true
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	return f, true
}

// isNA reports the placeholders tools print for a value they do not have.
func isNA(s string) bool {
	if s == "" || isDigit(s[0]) {
		return false // every number in the hot loop ends here
	}
	switch strings.ToLower(strings.Trim(s, "[]")) {
	case "n/a", "na", "-", "not supported", "unknown error", "unknown":
		return true
	}
	return false
}

// numberWithUnit splits "81559 MiB", "700W", "16.48 W" into a finite number
// and its unit; ok is false for N/A and for text that is not a number.
func numberWithUnit(s string) (v float64, unit string, ok bool) {
	s = trim(s)
	i := 0
	for i < len(s) && (isDigit(s[i]) || s[i] == '.' || s[i] == '-' || s[i] == '+' || s[i] == 'e' || s[i] == 'E') {
		// Stop before a unit starting with e/E ("EB") only if no digit follows.
		if (s[i] == 'e' || s[i] == 'E') && (i+1 >= len(s) || !(isDigit(s[i+1]) || s[i+1] == '-' || s[i+1] == '+')) {
			break
		}
		i++
	}
	v, ok = parseFinite(s[:i])
	return v, trim(s[i:]), ok
}

// addCapped appends s unless the slice already holds max entries, so that
// adversarial input cannot grow notes without bound.
func addCapped[T any](list []T, max int, s T) []T {
	if len(list) >= max {
		return list
	}
	return append(list, s)
}

// stripANSI removes terminal escape sequences (colours and cursor moves
// that `script`, `watch --color` or a coloured nvidia-smi leave in a
// capture): CSI "ESC [ ... letter" and OSC "ESC ] ... BEL/ST". Newlines are
// never inside one, so line numbers stay true. Input without ESC is
// returned as is.
func stripANSI(b []byte) []byte {
	if bytes.IndexByte(b, 0x1b) < 0 {
		return b
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] != 0x1b {
			out = append(out, b[i])
			continue
		}
		if i+1 >= len(b) {
			break
		}
		switch b[i+1] {
		case '[':
			j := i + 2
			for j < len(b) && (b[j] >= 0x30 && b[j] <= 0x3f || b[j] >= 0x20 && b[j] <= 0x2f) {
				j++
			}
			i = j // the final byte (0x40–0x7e) is dropped with the sequence
		case ']':
			j := i + 2
			for j < len(b) && b[j] != 0x07 && b[j] != '\n' && !(b[j] == 0x1b && j+1 < len(b) && b[j+1] == '\\') {
				j++
			}
			if j < len(b) && b[j] == 0x1b {
				j++
			}
			i = j
		default:
			i++ // a two-byte escape such as ESC (B
		}
	}
	return out
}

// pow10 are the powers of ten a float64 holds exactly.
var pow10 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// fastDecimal parses the plain decimals tables print ("482.27", "0",
// "-1") in the exact fast path: at most 15 digits make an integer a
// float64 holds exactly, and one division by an exact power of ten is
// correctly rounded, so the result equals strconv.ParseFloat's. Anything
// else (exponents, more digits, N/A) reports false for strconv to handle.
func fastDecimal(s string) (float64, bool) {
	if s == "" || len(s) > 17 {
		return 0, false
	}
	neg := false
	i := 0
	if s[0] == '-' || s[0] == '+' {
		neg, i = s[0] == '-', 1
	}
	var mant uint64
	digits, frac := 0, -1
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			mant = mant*10 + uint64(c-'0')
			digits++
			if frac >= 0 {
				frac++
			}
		case c == '.' && frac < 0:
			frac = 0
		default:
			return 0, false
		}
	}
	if digits == 0 || digits > 15 {
		return 0, false
	}
	v := float64(mant)
	if frac > 0 {
		v /= pow10[frac]
	}
	if neg {
		v = -v
	}
	return v, true
}

// fastInt parses a plain non-negative decimal integer of up to 18 digits.
func fastInt(s string) (int64, bool) {
	if s == "" || len(s) > 18 {
		return 0, false
	}
	var v int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	return v, true
}

// textArena holds lines the parsers rebuild (a launcher's tags cut out of
// a row) in shared chunks instead of two allocations per line. Bytes once
// written are never overwritten: a new line goes into the unused capacity
// or a fresh chunk, so the strings handed out stay valid and immutable.
type textArena struct{ buf []byte }

const arenaChunk = 64 << 10

// start returns an empty slice with room for n bytes; pass what was
// appended to it to finish.
func (a *textArena) start(n int) []byte {
	if cap(a.buf)-len(a.buf) < n {
		a.buf = make([]byte, 0, max(n, arenaChunk))
	}
	return a.buf[len(a.buf):len(a.buf)]
}

// finish returns b, built from start's slice, as a string and reserves
// its bytes.
func (a *textArena) finish(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if cap(b) == cap(a.buf)-len(a.buf) && len(b) <= cap(b) {
		a.buf = a.buf[:len(a.buf)+len(b)]
	} else {
		a.buf = nil // b outgrew its room and lives in its own array
	}
	return unsafe.String(&b[0], len(b))
}

// stringPool copies a value out of the upload once per distinct value:
// GPU models, CA names and states repeat in every block of a many-node
// log. It holds at most maxPooled values, so hostile input cannot grow it.
type stringPool map[string]string

const maxPooled = 1024

func (p *stringPool) get(s string) string {
	if v, ok := (*p)[s]; ok {
		return v
	}
	v := strings.Clone(s)
	if *p == nil {
		*p = make(stringPool)
	}
	if len(*p) < maxPooled {
		(*p)[v] = v
	}
	return v
}

// fields is strings.Fields appending to dst (reused between calls), with
// no allocation for ASCII text, which is what the tools print. Text with
// other bytes goes through strings.Fields, whose Unicode spaces it must
// honour exactly.
func fields(s string, dst []string) []string {
	dst = dst[:0]
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return append(dst, strings.Fields(s)...)
		}
	}
	for i := 0; i < len(s); {
		for i < len(s) && isASCIISpace(s[i]) {
			i++
		}
		j := i
		for j < len(s) && !isASCIISpace(s[j]) {
			j++
		}
		if j > i {
			dst = append(dst, s[i:j])
		}
		i = j
	}
	return dst
}

// isASCIISpace is unicode.IsSpace for ASCII bytes.
func isASCIISpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// splitByte is strings.Split(s, sep) for a one-byte separator, into dst.
func splitByte(s string, sep byte, dst []string) []string {
	dst = dst[:0]
	for {
		i := strings.IndexByte(s, sep)
		if i < 0 {
			return append(dst, s)
		}
		dst = append(dst, s[:i])
		s = s[i+1:]
	}
}

// isUpperWord reports v == strings.ToUpper(v) without the copy for ASCII.
func isUpperWord(v string) bool {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c >= 0x80 {
			return v == strings.ToUpper(v)
		}
		if c >= 'a' && c <= 'z' {
			return false
		}
	}
	return true
}

// isLowerWord reports v == strings.ToLower(v) without the copy for ASCII.
func isLowerWord(v string) bool {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c >= 0x80 {
			return v == strings.ToLower(v)
		}
		if c >= 'A' && c <= 'Z' {
			return false
		}
	}
	return true
}

// splitString is strings.Split(s, sep) for a non-empty sep, into dst.
func splitString(s, sep string, dst []string) []string {
	dst = dst[:0]
	for {
		i := strings.Index(s, sep)
		if i < 0 {
			return append(dst, s)
		}
		dst = append(dst, s[:i])
		s = s[i+len(sep):]
	}
}
