// Package jsontext appends JSON strings to a byte slice, for the few
// encoders that write large documents by hand (imported quotes' terms and
// their API preview) because encoding/json's reflection and map-key
// sorting dominated their profiles.
package jsontext

import (
	"encoding/json"
	"unicode/utf8"
)

// AppendString appends s as a JSON string, exactly as encoding/json
// writes it (HTML-safe escapes included): plain ASCII is copied as it is,
// anything else goes through encoding/json.
func AppendString(dst []byte, s string) []byte {
	if plain(s) {
		dst = append(dst, '"')
		dst = append(dst, s...)
		return append(dst, '"')
	}
	b, _ := json.Marshal(s) // a string always encodes
	return append(dst, b...)
}

// plain reports whether s is printable ASCII that encoding/json writes
// unescaped: no control characters, quotes, backslashes or <, >, &.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20, c >= utf8.RuneSelf, c == '"', c == '\\', c == '<', c == '>', c == '&':
			return false
		}
	}
	return true
}
