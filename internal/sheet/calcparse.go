package sheet

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

// parser evaluates one formula while reading it (recursive descent). Both
// branches of an IF are read; an error operand in the branch not taken
// does not matter, as in a spreadsheet.
type parser struct {
	c     *calc
	s     string
	pos   int
	sheet *calcSheet // the formula's own sheet, for unqualified references
}

func (p *parser) fail(format string, args ...any) error {
	return fmt.Errorf("%w: %s at %d of %q", errCalc, fmt.Sprintf(format, args...), p.pos, p.s)
}

func (p *parser) parse() (operand, error) {
	v, err := p.comparison()
	if err == nil && p.pos != len(p.s) {
		err = p.fail("unexpected text")
	}
	return v, err
}

func (p *parser) peek() byte {
	if p.pos < len(p.s) {
		return p.s[p.pos]
	}
	return 0
}

// comparison is the lowest precedence: = <> < > <= >=.
func (p *parser) comparison() (operand, error) {
	l, err := p.additive()
	if err != nil {
		return l, err
	}
	for {
		op := comparisonAt(p.s[p.pos:])
		if op == "" {
			return l, nil
		}
		p.pos += len(op)
		r, err := p.additive()
		if err != nil {
			return r, err
		}
		l = compare(l, r, op)
	}
}

// comparisonAt is the comparison operator s starts with, or "".
func comparisonAt(s string) string {
	if s == "" || (s[0] != '<' && s[0] != '>' && s[0] != '=') {
		return ""
	}
	if len(s) > 1 && (s[:2] == "<=" || s[:2] == ">=" || s[:2] == "<>") {
		return s[:2]
	}
	return s[:1]
}

func compare(l, r operand, op string) operand {
	if l.kind == 'e' {
		return l
	}
	if r.kind == 'e' {
		return r
	}
	var c int
	if l.kind == 's' || r.kind == 's' {
		if l.kind != r.kind {
			return operand{kind: 'e', str: "#VALUE!"}
		}
		c = strings.Compare(strings.ToLower(l.str), strings.ToLower(r.str))
	} else {
		switch {
		case l.num < r.num:
			c = -1
		case l.num > r.num:
			c = 1
		}
	}
	var ok bool
	switch op {
	case "=":
		ok = c == 0
	case "<>":
		ok = c != 0
	case "<":
		ok = c < 0
	case ">":
		ok = c > 0
	case "<=":
		ok = c <= 0
	default:
		ok = c >= 0
	}
	return operand{kind: 'b', num: b2f(ok)}
}

func (p *parser) additive() (operand, error) {
	l, err := p.multiplicative()
	for err == nil && (p.peek() == '+' || p.peek() == '-') {
		op := p.s[p.pos]
		p.pos++
		var r operand
		if r, err = p.multiplicative(); err == nil {
			l = arith(l, r, op)
		}
	}
	return l, err
}

func (p *parser) multiplicative() (operand, error) {
	l, err := p.unary()
	for err == nil && (p.peek() == '*' || p.peek() == '/') {
		op := p.s[p.pos]
		p.pos++
		var r operand
		if r, err = p.unary(); err == nil {
			l = arith(l, r, op)
		}
	}
	return l, err
}

func arith(l, r operand, op byte) operand {
	l, r = l.number(), r.number()
	if l.kind == 'e' {
		return l
	}
	if r.kind == 'e' {
		return r
	}
	switch op {
	case '+':
		return num(l.num + r.num)
	case '-':
		return num(l.num - r.num)
	case '*':
		return num(l.num * r.num)
	}
	if r.num == 0 {
		return operand{kind: 'e', str: "#DIV/0!"}
	}
	return num(l.num / r.num)
}

func (p *parser) unary() (operand, error) {
	if p.peek() == '-' {
		p.pos++
		v, err := p.unary()
		return arith(num(0), v, '-'), err
	}
	if p.peek() == '+' {
		p.pos++
		return p.unary()
	}
	return p.primary()
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

func isNameByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || isDigit(b) || b == '_' || b == '.' || b == '$' || b == '!'
}

func (p *parser) primary() (operand, error) {
	switch b := p.peek(); {
	case b == '(':
		p.pos++
		v, err := p.comparison()
		if err == nil && p.peek() != ')' {
			err = p.fail("missing )")
		}
		p.pos++
		return v, err
	case b == '"':
		end := strings.IndexByte(p.s[p.pos+1:], '"')
		if end < 0 || strings.HasPrefix(p.s[p.pos+2+end:], `"`) {
			return operand{}, p.fail("text calc does not read")
		}
		v := operand{kind: 's', str: p.s[p.pos+1 : p.pos+1+end]}
		p.pos += end + 2
		return v, nil
	case isDigit(b) || b == '.':
		start := p.pos
		for p.pos < len(p.s) && (isDigit(p.s[p.pos]) || p.s[p.pos] == '.') {
			p.pos++
		}
		v, err := strconv.ParseFloat(p.s[start:p.pos], 64)
		if err != nil {
			return operand{}, p.fail("number %q", p.s[start:p.pos])
		}
		return num(v), nil
	case isNameByte(b):
		start := p.pos
		for p.pos < len(p.s) && isNameByte(p.s[p.pos]) {
			p.pos++
		}
		word := p.s[start:p.pos]
		if p.peek() == '(' {
			p.pos++
			return p.function(strings.ToUpper(word))
		}
		a, err := p.reference(word)
		if err != nil {
			return operand{}, err
		}
		if !a.single() {
			return operand{}, p.fail("a range outside SUM")
		}
		return p.c.cell(cellRef{a.sheet, a.col, a.row})
	}
	return operand{}, p.fail("unexpected character")
}

// plainCell reports whether word is a relative A1 reference, "B7".
func plainCell(word string) bool {
	i := 0
	for i < len(word) && word[i] >= 'A' && word[i] <= 'Z' {
		i++
	}
	if i == 0 || i > 3 || i == len(word) {
		return false
	}
	for _, b := range []byte(word[i:]) {
		if !isDigit(b) {
			return false
		}
	}
	return true
}

// area is a rectangle of cells of one sheet: one cell, or a range.
type area struct {
	sheet            *calcSheet
	col, row         int
	lastCol, lastRow int
}

func (a area) single() bool { return a.col == a.lastCol && a.row == a.lastRow }

func oneCell(r cellRef) area { return area{r.sheet, r.col, r.row, r.col, r.row} }

// reference resolves a defined name, a cell (B7, Assumptions!$B$7) or,
// after a colon, a range of cells.
func (p *parser) reference(word string) (area, error) {
	// A defined name never reads as a cell (spreadsheets refuse such
	// names) nor holds a "!", so most words skip the two lookups.
	if !plainCell(word) && strings.IndexByte(word, '!') < 0 {
		if r, ok := p.c.exact[word]; ok {
			return oneCell(r), nil
		}
		if r, ok := p.c.names[strings.ToUpper(word)]; ok {
			return oneCell(r), nil
		}
	}
	sheet, cell := p.sheet, word
	if s, c, ok := strings.Cut(word, "!"); ok {
		if sheet, cell = p.c.sheets[s], c; sheet == nil {
			return area{}, p.fail("no sheet %q", s)
		}
	}
	col, row, err := cellCoordinates(cell)
	if err != nil {
		return area{}, p.fail("reference %q", word)
	}
	if p.peek() != ':' {
		return oneCell(cellRef{sheet, col, row}), nil
	}
	p.pos++
	start := p.pos
	for p.pos < len(p.s) && isNameByte(p.s[p.pos]) {
		p.pos++
	}
	col2, row2, err := cellCoordinates(p.s[start:p.pos])
	if err != nil {
		return area{}, p.fail("range end %q", p.s[start:p.pos])
	}
	return area{sheet, min(col, col2), min(row, row2), max(col, col2), max(row, row2)}, nil
}

// arguments reads a function's arguments up to its closing parenthesis
// onto the calc's stack of operands, from index start, which the caller
// truncates back to once it has used them; a range stands for its cells.
// One stack for every formula spares a slice a function call.
func (p *parser) arguments() (start int, err error) {
	start = len(p.c.stack)
	if p.peek() == ')' {
		p.pos++
		return start, nil
	}
	for {
		from := p.pos
		for p.pos < len(p.s) && isNameByte(p.s[p.pos]) {
			p.pos++
		}
		if p.peek() == ':' {
			a, err := p.reference(p.s[from:p.pos])
			if err != nil {
				return start, err
			}
			for r := a.row; r <= a.lastRow; r++ {
				for c := a.col; c <= a.lastCol; c++ {
					v, err := p.c.cell(cellRef{a.sheet, c, r})
					if err != nil {
						return start, err
					}
					p.c.stack = append(p.c.stack, v)
				}
			}
		} else {
			p.pos = from
			v, err := p.comparison()
			if err != nil {
				return start, err
			}
			p.c.stack = append(p.c.stack, v)
		}
		switch p.peek() {
		case ',':
			p.pos++
		case ')':
			p.pos++
			return start, nil
		default:
			return start, p.fail("expected , or )")
		}
	}
}

func (p *parser) function(name string) (operand, error) {
	start, err := p.arguments()
	defer func() { p.c.stack = p.c.stack[:start] }()
	if err != nil {
		return operand{}, err
	}
	args := p.c.stack[start:]
	bad := operand{kind: 'e', str: "#VALUE!"}
	switch name {
	case "IF":
		if len(args) < 2 || len(args) > 3 {
			return operand{}, p.fail("IF with %d arguments", len(args))
		}
		t, ok := args[0].truth()
		switch {
		case !ok:
			return bad, nil
		case t:
			return args[1], nil
		case len(args) == 3:
			return args[2], nil
		}
		return operand{kind: 'b'}, nil
	case "AND", "OR":
		all, any := true, false
		for _, a := range args {
			t, ok := a.truth()
			if !ok {
				return bad, nil
			}
			all, any = all && t, any || t
		}
		if name == "AND" {
			return operand{kind: 'b', num: b2f(all)}, nil
		}
		return operand{kind: 'b', num: b2f(any)}, nil
	case "MAX", "MIN", "SUM":
		out := 0.0
		for i, a := range args {
			n := a.number()
			if n.kind == 'e' {
				return n, nil
			}
			out = fold(name, i, out, n.num)
		}
		return num(out), nil
	case "TRUNC", "CEILING":
		if len(args) == 0 || len(args) > 2 || (name == "TRUNC" && len(args) != 1) {
			return operand{}, p.fail("%s with %d arguments", name, len(args))
		}
		x := args[0].number()
		if x.kind == 'e' {
			return x, nil
		}
		if name == "TRUNC" {
			return num(float64(int(x.num))), nil // as excelize's TRUNC
		}
		return ceiling(x.num, args[1:])
	}
	return operand{}, p.fail("function %s", name)
}

// fold is SUM, MAX or MIN of the arguments so far (out) and argument i, n.
func fold(name string, i int, out, n float64) float64 {
	switch {
	case name == "SUM":
		return out + n
	case i == 0:
		return n
	case name == "MAX":
		return math.Max(out, n)
	}
	return math.Min(out, n)
}

// ceiling is excelize's CEILING(number, significance).
func ceiling(number float64, sig []operand) (operand, error) {
	significance := 1.0
	if number < 0 {
		significance = -1
	}
	if len(sig) == 0 {
		return num(math.Ceil(number)), nil
	}
	s := sig[0].number()
	if s.kind == 'e' {
		return s, nil
	}
	significance = s.num
	if significance < 0 && number > 0 {
		return operand{kind: 'e', str: "#VALUE!"}, nil
	}
	n, frac := math.Modf(number / significance)
	if frac > 0 {
		n++
	}
	return num(n * significance), nil
}

// cellCoordinates reads an A1 reference, absolute or not ("B7", "$B$7"):
// a fast path for the plain form the workbook writes, excelize's reading
// for anything else (and for its errors).
func cellCoordinates(ref string) (col, row int, err error) {
	i := 0
	if i < len(ref) && ref[i] == '$' {
		i++
	}
	start := i
	for i < len(ref) && ref[i] >= 'A' && ref[i] <= 'Z' && i-start < 3 {
		col = col*26 + int(ref[i]-'A'+1)
		i++
	}
	letters := i - start
	if i < len(ref) && ref[i] == '$' {
		i++
	}
	digits := i
	for i < len(ref) && ref[i] >= '0' && ref[i] <= '9' && i-digits < 7 {
		row = row*10 + int(ref[i]-'0')
		i++
	}
	if letters == 0 || i == digits || i != len(ref) || ref[digits] == '0' || col > excelize.MaxColumns || row > excelize.TotalRows {
		return excelize.CellNameToCoordinates(strings.ReplaceAll(ref, "$", ""))
	}
	return col, row, nil
}
