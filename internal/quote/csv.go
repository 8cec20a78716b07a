package quote

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
)

// RowError is one problem found in a CSV file being imported.
type RowError struct {
	Line   int    // physical line in the file; the header is line 1
	Column string // the column's name; empty when the problem is the whole row
	Reason string // why, worded for the person fixing the spreadsheet
	// Code names a problem found after parsing (a quote already in the
	// evaluation) for a translated message with Args; "" for cell errors.
	Code string
	Args map[string]any
}

// Error returns "line 3, column gpu_memory_gb: reason" (or "line 3: reason").
func (e RowError) Error() string {
	if e.Column == "" {
		return fmt.Sprintf("line %d: %s", e.Line, e.Reason)
	}
	return fmt.Sprintf("line %d, column %s: %s", e.Line, e.Column, e.Reason)
}

// ImportError rejects a whole CSV file. Import is all-or-nothing, so it
// lists every problem found — header and cells, in file order — for the
// user to fix in one pass.
type ImportError struct {
	Errors []RowError // never empty
}

// Error lists every problem on one line.
func (e *ImportError) Error() string {
	var b strings.Builder
	b.WriteString("quote: CSV not imported, " + Count(len(e.Errors), "problem", "problems"))
	for _, re := range e.Errors {
		b.WriteString("; ")
		b.WriteString(re.Error())
	}
	return b.String()
}

// utf8BOM is what Excel puts in front of "CSV UTF-8" files.
const utf8BOM = "\uFEFF"

// ReadCSV reads quotes in the CSV interchange format. On any problem it
// returns no quotes and an *ImportError listing every bad header column and
// every bad cell of every row with its line number; other errors come from
// r itself. Rows whose cells are all blank are skipped, because spreadsheets
// append them after the data.
func ReadCSV(r io.Reader) ([]Quote, error) {
	qs, _, err := readCSV(r, false)
	return qs, err
}

// ReadCSVLines is ReadCSV that also returns the line each quote starts on
// (the header is line 1), for errors that name a row after parsing, such
// as a quote that is already in the evaluation.
func ReadCSVLines(r io.Reader) ([]Quote, []int, error) { return readCSV(r, true) }

// readCSV reads the quotes, and their lines when withLines is set (the
// list costs a large file's import a measurable allocation).
func readCSV(r io.Reader, withLines bool) ([]Quote, []int, error) {
	text, err := readText(r)
	if err != nil {
		return nil, nil, fmt.Errorf("quote: read CSV: %w", err)
	}
	// Drop the BOM from the text rather than from the first header cell,
	// so that a quoted first header ("\uFEFF\"provider\"") also reads.
	text = strings.TrimPrefix(text, utf8BOM)
	// The fast scanner reads well-formed files; on anything else the
	// standard reader reads the file again, with its own errors.
	// Every row ends a line, so the count of line ends bounds the quotes:
	// sizing for it once spares copying large Quotes as the slice grows.
	rows := strings.Count(text, "\n")
	if qs, lines, err := readQuotes(newTextScanner(text), rows, withLines); !errors.Is(err, errUnusual) {
		return qs, lines, err
	}
	cr := csv.NewReader(strings.NewReader(text))
	cr.FieldsPerRecord = -1 // a short row becomes a RowError, not the end of the read
	cr.ReuseRecord = true
	return readQuotes(cr, rows, withLines)
}

// readText reads all of r into one string, the only copy of the file: the
// scanner's cells are slices of it. A reader that knows its length (the
// handlers pass a bytes.Reader or strings.Reader) is read into a buffer of
// that size, instead of one regrown and copied as io.ReadAll does.
func readText(r io.Reader) (string, error) {
	var b strings.Builder
	if l, ok := r.(interface{ Len() int }); ok {
		b.Grow(l.Len())
	}
	_, err := io.Copy(&b, r)
	return b.String(), err
}

// recordReader is encoding/csv's Reader or the csvScanner.
type recordReader interface {
	Read() ([]string, error)
	FieldPos(field int) (line, column int)
}

// readQuotes reads the header and the rows; rows is how many quotes to
// make room for.
func readQuotes(cr recordReader, rows int, withLines bool) ([]Quote, []int, error) {
	header, err := cr.Read()
	if err == io.EOF {
		return nil, nil, &ImportError{Errors: []RowError{{Line: 1, Reason: "the file is empty: a header row is required"}}}
	}
	if err != nil {
		return nil, nil, readError(err, nil)
	}
	fields, errs := mapHeader(header)

	qs := make([]Quote, 0, rows)
	var lines []int
	var scratch Quote
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, readError(err, errs)
		}
		line, _ := cr.FieldPos(0)
		if blankRecord(rec) {
			continue
		}
		if len(rec) != len(fields) {
			errs = append(errs, RowError{Line: line, Reason: fmt.Sprintf("has %d cells; the header has %d", len(rec), len(fields))})
			continue
		}
		// Parse into the slice's own element, zeroed by make: a Quote is
		// large, and copying one in on append showed in profiles. Once the
		// import has failed, keeping rows is wasted memory: they go to a
		// scratch Quote.
		var q *Quote
		switch {
		case len(errs) > 0:
			scratch = Quote{}
			q = &scratch
		case len(qs) < cap(qs):
			qs = qs[:len(qs)+1]
			q = &qs[len(qs)-1]
		default:
			qs = append(qs, Quote{})
			q = &qs[len(qs)-1]
		}
		for i, raw := range rec {
			ci := fields[i]
			if ci < 0 {
				continue
			}
			c := &columns[ci]
			if c.Kind == KindText {
				raw = restoreFormula(raw)
			}
			if err := c.parse(q, raw); err != nil {
				// A quoted cell may span lines; report the line it starts on.
				l, _ := cr.FieldPos(i)
				errs = append(errs, RowError{Line: l, Column: c.Name, Reason: err.Error()})
			}
		}
		if len(errs) > 0 {
			qs = qs[:0]
		} else if withLines {
			lines = append(lines, line)
		}
	}
	if len(errs) > 0 {
		return nil, nil, &ImportError{Errors: errs}
	}
	return qs, lines, nil
}

// mapHeader matches header names to columns: fields[i] is the index in
// columns of file column i, or -1 for a column to skip. Problems are
// reported but the rows are still checked, so one pass shows everything.
func mapHeader(header []string) (fields []int, errs []RowError) {
	fields = make([]int, len(header))
	seen := make(map[int]bool, len(header))
	for i, h := range header {
		fields[i] = -1
		name := strings.TrimSpace(h)
		ci, ok := columnIndex[strings.ToLower(name)]
		switch {
		case name == "":
			errs = append(errs, RowError{Line: 1, Reason: fmt.Sprintf("header cell %d is empty: every column needs a name", i+1)})
		case !ok:
			reason := "unknown column " + quoteRaw(name)
			if s := suggest(strings.ToLower(name)); s != "" {
				reason += "; did you mean " + s + "?"
			}
			errs = append(errs, RowError{Line: 1, Column: name, Reason: reason})
		case seen[ci]:
			errs = append(errs, RowError{Line: 1, Column: columns[ci].Name, Reason: "column appears more than once"})
		default:
			seen[ci] = true
			fields[i] = ci
		}
	}
	for ci, c := range columns {
		if c.Required && !seen[ci] {
			errs = append(errs, RowError{Line: 1, Column: c.Name, Reason: "required column is missing"})
		}
	}
	return fields, errs
}

// readError turns a CSV syntax error into the last entry of the import's
// problem list. The csv package cannot resynchronise after one, so the rest
// of the file is unchecked, and the reason says so.
func readError(err error, errs []RowError) error {
	if errors.Is(err, errUnusual) {
		return err
	}
	var pe *csv.ParseError
	if !errors.As(err, &pe) {
		return fmt.Errorf("quote: read CSV: %w", err)
	}
	reason := fmt.Sprintf("%v at line %d, character %d", pe.Err, pe.Line, pe.Column)
	if errors.Is(pe.Err, csv.ErrBareQuote) || errors.Is(pe.Err, csv.ErrQuote) {
		reason += ` (a cell with " in it must be wrapped in quotes, each inner " doubled)`
	}
	reason += "; the rest of the file was not checked"
	return &ImportError{Errors: append(errs, RowError{Line: pe.StartLine, Reason: reason})}
}

func blankRecord(rec []string) bool {
	for _, f := range rec {
		if strings.TrimSpace(f) != "" {
			return false
		}
	}
	return true
}

// suggest returns the column name within two edits of name, if exactly
// one is, so a typo such as "gpu_modle" points at its fix.
func suggest(name string) string {
	found := ""
	for _, c := range columns {
		if editDistance(name, c.Name) <= 2 {
			if found != "" {
				return ""
			}
			found = c.Name
		}
	}
	return found
}

// editDistance is the Levenshtein distance between a and b, in bytes;
// column names are ASCII.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// WriteCSV writes quotes in the CSV interchange format: the header in the
// contract's column order, every column, canonical values ("refused",
// yes/no, YYYY-MM-DD, decimals without trailing zeros). What it writes,
// ReadCSV reads back to the same quotes, provided each passes Validate.
func WriteCSV(w io.Writer, qs []Quote) error {
	cw := csv.NewWriter(w)
	rec := make([]string, len(columns))
	for i, c := range columns {
		rec[i] = c.Name
	}
	if err := cw.Write(rec); err != nil {
		return fmt.Errorf("quote: write CSV: %w", err)
	}
	for i := range qs {
		for j, c := range columns {
			rec[j] = c.Format(&qs[i])
			if c.Kind == KindText {
				rec[j] = defuseFormula(rec[j])
			}
		}
		if err := cw.Write(rec); err != nil {
			return fmt.Errorf("quote: write CSV: %w", err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("quote: write CSV: %w", err)
	}
	return nil
}

// formulaStart are the first characters with which a spreadsheet reads a
// cell as a formula: vendor text such as =HYPERLINK(...) must not run when
// procurement opens the export.
const formulaStart = "=+-@\t\r"

// defuseFormula prefixes such text with an apostrophe, which spreadsheets
// treat as "this is text"; restoreFormula undoes it on import, so export →
// import stays lossless.
func defuseFormula(s string) string {
	if s != "" && strings.IndexByte(formulaStart, s[0]) >= 0 {
		return "'" + s
	}
	return s
}

func restoreFormula(s string) string {
	if len(s) > 1 && s[0] == '\'' && strings.IndexByte(formulaStart, s[1]) >= 0 {
		return s[1:]
	}
	return s
}
