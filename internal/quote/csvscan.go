package quote

import (
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
	text   string // the file: fields without "" escapes are slices of it
	pos    int
	line   int    // lines consumed so far
	buf    []byte // a quoted field with "" escapes, being unescaped
	lines  []int  // line each field starts on
	record []string
}

func newCSVScanner(data []byte) *csvScanner { return newTextScanner(string(data)) }

// newTextScanner reads text without copying it.
func newTextScanner(text string) *csvScanner {
	if strings.IndexByte(text, '\r') >= 0 {
		return &csvScanner{pos: -1}
	}
	return &csvScanner{text: text}
}

// Read returns the next record, io.EOF at the end, or errUnusual. The
// record's strings stay valid after the next Read: they are slices of the
// file's text, but for quoted cells with "" in them.
func (s *csvScanner) Read() ([]string, error) {
	if s.pos < 0 {
		return nil, errUnusual
	}
	d := s.text
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
	// Most lines hold no quote at all: split them at the commas in one
	// pass. Cells are short, so a plain loop beats a search per comma.
	s.record = s.record[:0]
	start := s.pos
	for i := s.pos; i < len(d); i++ {
		switch d[i] {
		case ',':
			s.record = append(s.record, d[start:i])
			start = i + 1
			continue
		case '\n':
			s.record = append(s.record, d[start:i])
			s.pos = i + 1
			return s.record, nil
		case '"':
		default:
			continue
		}
		// A quote: read the line again, cell by cell.
		return s.quotedLine()
	}
	s.record = append(s.record, d[start:])
	s.pos = len(d)
	return s.record, nil
}

// quotedLine reads a record with a quote in it from pos, the record's
// start, keeping the line each field starts on.
func (s *csvScanner) quotedLine() ([]string, error) {
	d := s.text
	lineEnd := s.lineEnd()
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

// lineEnd is the index of the newline ending the line at pos, or len(text).
func (s *csvScanner) lineEnd() int {
	if i := strings.IndexByte(s.text[s.pos:], '\n'); i >= 0 {
		return s.pos + i
	}
	return len(s.text)
}

// quotedField reads a field from its opening quote to its closing one,
// "" standing for one quote; it may span lines. A field without "" is a
// slice of the text; one with "" is built in buf.
func (s *csvScanner) quotedField() error {
	d := s.text
	s.pos++
	start := s.pos
	escaped := false
	s.buf = s.buf[:0]
	for {
		i := strings.IndexByte(d[s.pos:], '"')
		if i < 0 {
			return errUnusual // no closing quote
		}
		chunk := d[s.pos : s.pos+i]
		s.line += strings.Count(chunk, "\n")
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
			s.record = append(s.record, d[start:s.pos-1])
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
