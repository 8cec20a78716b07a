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
	s.record = s.record[:0]
	quoted := false // once a quoted cell is read, every cell's line is kept
	for {
		if quoted {
			s.lines = append(s.lines, s.line)
		}
		if s.pos < len(d) && d[s.pos] == '"' {
			if !quoted {
				// The cells before this one start on the record's line.
				quoted = true
				for range len(s.record) + 1 {
					s.lines = append(s.lines, s.line)
				}
			}
			if err := s.quotedField(); err != nil {
				return nil, err
			}
		} else if err := s.plainField(); err != nil {
			return nil, err
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

// plainStop marks the bytes that end or spoil an unquoted cell: one load
// per byte instead of three compares.
var plainStop = [256]bool{',': true, '\n': true, '"': true}

// plainField reads an unquoted cell from pos up to the comma or line end
// after it. Cells are short, so a plain loop beats a search per comma.
func (s *csvScanner) plainField() error {
	d := s.text
	for i := s.pos; i < len(d); i++ {
		if !plainStop[d[i]] {
			continue
		}
		if d[i] == '"' {
			return errUnusual // a bare quote
		}
		s.record = append(s.record, d[s.pos:i])
		s.pos = i
		return nil
	}
	s.record = append(s.record, d[s.pos:])
	s.pos = len(d)
	return nil
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
