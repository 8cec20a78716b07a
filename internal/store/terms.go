package store

import (
	"encoding/json"
	"unicode/utf8"
)

// flatStrings reads stored terms, a JSON object of strings, as
// encoding/json would into a map[string]string, in one pass without
// reflection: every page that lists quotes decodes all of them, and
// json.Unmarshal was a fifth of a 300-quote worksheet's CPU. It reports
// false for anything but a flat object of strings, which the caller then
// hands to encoding/json. Cells are slices of s.
func flatStrings(s string) (map[string]string, bool) {
	if !utf8.ValidString(s) {
		return nil, false // encoding/json would replace the bad bytes
	}
	p := termsScanner{s: s}
	p.space()
	if !p.byte('{') {
		return nil, false
	}
	m := make(map[string]string, 48)
	p.space()
	if p.byte('}') {
		return m, p.end()
	}
	for {
		p.space()
		key, ok := p.str()
		if !ok {
			return nil, false
		}
		p.space()
		if !p.byte(':') {
			return nil, false
		}
		p.space()
		val, ok := p.str()
		if !ok {
			return nil, false
		}
		m[key] = val
		p.space()
		switch {
		case p.byte(','):
		case p.byte('}'):
			return m, p.end()
		default:
			return nil, false
		}
	}
}

type termsScanner struct {
	s string
	i int
}

func (p *termsScanner) space() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *termsScanner) byte(c byte) bool {
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

func (p *termsScanner) end() bool {
	p.space()
	return p.i == len(p.s)
}

// str reads a JSON string: a slice of s when it has no escapes, else
// what encoding/json makes of it.
func (p *termsScanner) str() (string, bool) {
	if !p.byte('"') {
		return "", false
	}
	start := p.i
	escaped := false
	for p.i < len(p.s) {
		switch c := p.s[p.i]; {
		case c == '"':
			p.i++
			if !escaped {
				return p.s[start : p.i-1], true
			}
			var v string
			if err := json.Unmarshal([]byte(p.s[start-1:p.i]), &v); err != nil {
				return "", false
			}
			return v, true
		case c == '\\':
			escaped = true
			p.i += 2
		case c < 0x20:
			return "", false // a raw control character is not JSON
		default:
			p.i++
		}
	}
	return "", false
}
