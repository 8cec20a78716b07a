package quote

import (
	"bytes"
	"errors"
	"io"
	"strings"
)

// errUnusual stops csvScanner at input it leaves to encoding/csv.
var errUnusual = errors.New("quote: input needs the full CSV reader")

// csvScanner reads the records of a CSV file held in memory, as
// encoding/csv's Reader does with FieldsPerRecord = -1 and the default
// settings, but without its per-byte copying. It handles only well-formed
// input without carriage returns; on anything else (a syntax error, a
// "\r") it returns errUnusual and ReadCSV starts again with encoding/csv,
// which then gives its own records or its own error, line and column.
type csvScanner struct {
	data   []byte
	text   string // data as a string: fields without "" escapes are slices of it
	pos    int
	line   int    // lines consumed so far
	buf    []byte // a quoted field with "" escapes, being unescaped
	lines  []int  // line each field starts on
	record []string
}

func newCSVScanner(data []byte) *csvScanner {
	if bytes.IndexByte(data, '\r') >= 0 {
		return &csvScanner{pos: -1}
	}
	return &csvScanner{data: data, text: string(data)}
}

// Read returns the next record, io.EOF at the end, or errUnusual. The
// record's strings stay valid after the next Read: they are slices of the
// file's text, but for quoted cells with "" in them.
func (s *csvScanner) Read() ([]string, error) {
	if s.pos < 0 {
		return nil, errUnusual
	}
	d := s.data
	// Skip empty lines, as encoding/csv does.
	for s.pos < len(d) && d[s.pos] == '\n' {
		s.pos++
		s.line++
	}
	if s.pos >= len(d) {
		return nil, io.EOF
	}
	s.line++
	s.lines = s.lines[:0]
	lineEnd := s.lineEnd()
	// Most lines hold no quote at all: split them at the commas.
	if line := s.text[s.pos:lineEnd]; strings.IndexByte(line, '"') < 0 {
		s.record = s.record[:0]
		for {
			i := strings.IndexByte(line, ',')
			if i < 0 {
				break
			}
			s.record = append(s.record, line[:i])
			line = line[i+1:]
		}
		s.record = append(s.record, line)
		s.pos = min(lineEnd+1, len(d))
		return s.record, nil
	}
	s.record = s.record[:0]
	for {
		s.lines = append(s.lines, s.line)
		if s.pos < len(d) && d[s.pos] == '"' {
			if err := s.quotedField(); err != nil {
				return nil, err
			}
			lineEnd = s.lineEnd()
		} else {
			// Unquoted: up to the next comma on this line, without quotes.
			field := s.text[s.pos:lineEnd]
			if j := strings.IndexByte(field, ','); j >= 0 {
				field = field[:j]
			}
			if strings.IndexByte(field, '"') >= 0 {
				return nil, errUnusual // a bare quote
			}
			s.record = append(s.record, field)
			s.pos += len(field)
		}
		switch {
		case s.pos >= len(d):
			return s.record, nil
		case d[s.pos] == ',':
			s.pos++
		case d[s.pos] == '\n':
			s.pos++
			return s.record, nil
		default:
			return nil, errUnusual // text after a closing quote
		}
	}
}

// lineEnd is the index of the newline ending the line at pos, or len(data).
func (s *csvScanner) lineEnd() int {
	if i := bytes.IndexByte(s.data[s.pos:], '\n'); i >= 0 {
		return s.pos + i
	}
	return len(s.data)
}

// quotedField reads a field from its opening quote to its closing one,
// "" standing for one quote; it may span lines. A field without "" is a
// slice of the text; one with "" is built in buf.
func (s *csvScanner) quotedField() error {
	d := s.data
	s.pos++
	start := s.pos
	escaped := false
	s.buf = s.buf[:0]
	for {
		i := bytes.IndexByte(d[s.pos:], '"')
		if i < 0 {
			return errUnusual // no closing quote
		}
		chunk := d[s.pos : s.pos+i]
		s.line += bytes.Count(chunk, []byte{'\n'})
		s.buf = append(s.buf, chunk...)
		s.pos += i + 1
		if s.pos < len(d) && d[s.pos] == '"' {
			s.buf = append(s.buf, '"')
			s.pos++
			escaped = true
			continue
		}
		if escaped {
			s.record = append(s.record, string(s.buf))
		} else {
			s.record = append(s.record, s.text[start:s.pos-1])
		}
		return nil
	}
}

// FieldPos is the line field i of the last record starts on; the column is
// not tracked (ReadCSV reports lines only). A line without quotes records
// no per-field lines: all its fields start on the record's line.
func (s *csvScanner) FieldPos(i int) (line, column int) {
	if i < len(s.lines) {
		return s.lines[i], 0
	}
	return s.line, 0
}
