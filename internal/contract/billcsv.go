package contract

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/money"
)

// Bounds on one bill, so that an upload is bounded work.
const (
	MaxBillBytes = 8 << 20
	MaxBillLines = 50_000
	maxRowErrors = 100 // a file wrong throughout is not listed cell by cell
)

// ErrBillTooLarge is returned for a file over MaxBillBytes.
var ErrBillTooLarge = fmt.Errorf("bill: the file is over %d MiB", MaxBillBytes>>20)

// ReadBill reads a bill in either format, told apart by the header: a
// FOCUS file has a BilledCost column. Every amount must be in currency,
// the contract's; plain invoice periods and date-only FOCUS times are
// calendar dates in zone. On any problem it returns no lines and an
// *ImportError naming each line and column.
func ReadBill(r io.Reader, currency string, zone *time.Location) (Bill, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBillBytes+1))
	if err != nil {
		return Bill{}, fmt.Errorf("bill: read: %w", err)
	}
	if len(data) > MaxBillBytes {
		return Bill{}, ErrBillTooLarge
	}
	cr := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(data), "\uFEFF")))
	cr.FieldsPerRecord = -1 // a short row is a RowError, not the end of the read
	header, err := cr.Read()
	if err != nil {
		return Bill{}, &ImportError{Errors: []RowError{{Line: 1, Reason: "no header row: " + csvReason(err)}}}
	}
	f := invoiceFormat
	if slices.ContainsFunc(header, func(h string) bool { return normalize(h) == "billedcost" }) {
		f = focusFormat
	}
	cols, errs := mapColumns(header, f)
	if len(errs) > 0 {
		return Bill{}, &ImportError{Errors: errs}
	}
	b := Bill{Format: f.name, Currency: currency}
	b.Lines, errs = readRows(cr, f, cols, rowContext{currency: currency, zone: zone})
	if len(errs) > 0 {
		return Bill{}, &ImportError{Errors: errs}
	}
	if len(b.Lines) == 0 {
		return Bill{}, &ImportError{Errors: []RowError{{Line: 2, Reason: "the bill has no lines"}}}
	}
	return b, nil
}

// format is one of the two CSV layouts.
type format struct {
	name     BillFormat
	required []string // column names as documented
	optional []string
	strict   bool // unknown columns are refused (a typo), not ignored
	parse    func(*row) Line
}

type rowContext struct {
	currency string
	zone     *time.Location
}

// row is one record being read, collecting its problems.
type row struct {
	rec  []string
	line int
	cols map[string]int // normalized name → index
	ctx  rowContext
	errs []RowError
}

// get is the trimmed cell of column name, "" when the file lacks it.
func (r *row) get(name string) string {
	if i, ok := r.cols[normalize(name)]; ok && i < len(r.rec) {
		return strings.TrimSpace(r.rec[i])
	}
	return ""
}

func (r *row) fail(col, reason string) {
	r.errs = append(r.errs, RowError{Line: r.line, Column: col, Reason: reason})
}

// normalize lets "unit price", "unit_price" and "UnitPrice" name one column.
// It is called for every cell read, so it builds no replacer.
func normalize(h string) string {
	var b strings.Builder
	b.Grow(len(h))
	for _, r := range strings.ToLower(h) {
		if r != ' ' && r != '_' && r != '-' && r != '\t' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// mapColumns checks the header: every required column once, no column
// twice, and in the plain format no column it does not know.
func mapColumns(header []string, f format) (map[string]int, []RowError) {
	cols := map[string]int{}
	var errs []RowError
	known := map[string]bool{}
	for _, c := range append(slices.Clone(f.required), f.optional...) {
		known[normalize(c)] = true
	}
	for i, h := range header {
		n := normalize(h)
		switch {
		case n == "":
			errs = append(errs, RowError{Line: 1, Column: fmt.Sprint(i + 1), Reason: "empty column name"})
		case f.strict && !known[n]:
			errs = append(errs, RowError{Line: 1, Column: h, Reason: "unknown column; the columns are " + strings.Join(f.required, ", ")})
		case has(cols, n):
			errs = append(errs, RowError{Line: 1, Column: h, Reason: "column given twice"})
		default:
			cols[n] = i
		}
	}
	for _, c := range f.required {
		if _, ok := cols[normalize(c)]; !ok {
			errs = append(errs, RowError{Line: 1, Column: c, Reason: "required column missing"})
		}
	}
	return cols, errs
}

// readRows reads every record after the header, skipping blank ones.
func readRows(cr *csv.Reader, f format, cols map[string]int, ctx rowContext) ([]Line, []RowError) {
	var lines []Line
	var errs []RowError
	for len(errs) < maxRowErrors {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			line := 0
			if errors.As(err, &pe) {
				line = pe.StartLine
			}
			return nil, append(errs, RowError{Line: line, Reason: csvReason(err)})
		}
		line, _ := cr.FieldPos(0)
		if blank(rec) {
			continue
		}
		if len(lines) == MaxBillLines {
			return nil, append(errs, RowError{Line: line, Reason: fmt.Sprintf("the bill has more than %d lines", MaxBillLines)})
		}
		r := &row{rec: rec, line: line, cols: cols, ctx: ctx}
		if len(rec) != len(cols) {
			r.fail("", fmt.Sprintf("has %d cells, the header has %d", len(rec), len(cols)))
		} else {
			l := f.parse(r)
			l.Line = line
			lines = append(lines, l)
		}
		errs = append(errs, r.errs...)
	}
	return lines, errs
}

func csvReason(err error) string {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

func blank(rec []string) bool {
	for _, c := range rec {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// currencyCell checks that a line's currency is the contract's.
func (r *row) currencyCell(col string) string {
	c := r.get(col)
	switch {
	case c == "":
		r.fail(col, "required")
	case !money.Valid(c):
		r.fail(col, fmt.Sprintf("%q is not an ISO 4217 currency code", c))
	case c != r.ctx.currency:
		r.fail(col, fmt.Sprintf("%s, but the contract is in %s: every amount must be in the contract's currency", c, r.ctx.currency))
	}
	return c
}

// number reads a cell as a decimal with at most places decimals; empty is
// an error when required, else 0 and nil.
func (r *row) number(col string, places int, signed, required bool) (Micros, bool) {
	s := r.get(col)
	if s == "" {
		if required {
			r.fail(col, "required")
		}
		return 0, false
	}
	v, err := parseFixed(s, places, signed)
	if err != nil {
		r.fail(col, fmt.Sprintf("%q: %v", s, err))
		return 0, false
	}
	return v, true
}

// text reads a required cell of at most 200 characters.
func (r *row) text(col string) string {
	s := r.get(col)
	switch {
	case s == "":
		r.fail(col, "required")
	case len([]rune(s)) > 200:
		r.fail(col, "longer than 200 characters")
	}
	return s
}

func has(m map[string]int, k string) bool {
	_, ok := m[k]
	return ok
}
