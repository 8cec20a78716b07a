package sheet

import (
	"archive/zip"
	"bytes"
	"io"
	"io/fs"
	"math"
	"strconv"
	"strings"
)

// numberMark begins a streamed string cell that stands for a number with
// more significant digits than excelize's stream writer keeps (15): the
// zip writer (exactZip) turns the cell back into that number, written as
// a cell-by-cell sheet writes it, as the sheet goes into the zip. Two
// private-use characters around it keep it out of any label's way.
const numberMark = "\uE000gpuquote:exact-number\uE001"

// streamValue is a literal as the stream writer is given it: a number it
// would cut to 15 significant digits becomes a marked string of its
// exact digits (every digit that reads back as the same double); every
// other value is itself.
func streamValue(v any) any {
	x, ok := v.(float64)
	if !ok || math.IsNaN(x) || math.IsInf(x, 0) {
		return v
	}
	s := strconv.FormatFloat(x, 'f', exactPrecision(x), 64)
	if significantDigits(s) <= 15 {
		return v
	}
	return numberMark + s
}

// significantDigits counts the digits of s from its first non-zero one.
func significantDigits(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= '0' && c <= '9' && (n > 0 || c != '0') {
			n++
		}
	}
	return n
}

// The stream writer writes a marked cell as an inline string; exactZip
// rewrites it as a number cell.
var (
	markedOpen  = []byte(` t="inlineStr"><is><t>` + numberMark)
	markedClose = []byte(`</t></is></c>`)
)

// exactZip is the workbook's zip writer: it passes every part through,
// the worksheets' through exactNumbers.
type exactZip struct {
	*zip.Writer
	open *exactNumbers // the worksheet part being written, if any
}

func newExactZip(w io.Writer) *exactZip { return &exactZip{Writer: zip.NewWriter(w)} }

func (z *exactZip) Create(name string) (io.Writer, error) {
	if err := z.finish(); err != nil {
		return nil, err
	}
	w, err := z.Writer.Create(name)
	if err != nil || !strings.HasPrefix(name, "xl/worksheets/") {
		return w, err
	}
	z.open = &exactNumbers{w: w}
	return z.open, nil
}

func (z *exactZip) AddFS(fsys fs.FS) error {
	if err := z.finish(); err != nil {
		return err
	}
	return z.Writer.AddFS(fsys)
}

func (z *exactZip) Close() error {
	if err := z.finish(); err != nil {
		return err
	}
	return z.Writer.Close()
}

// finish writes out what the open worksheet part holds back.
func (z *exactZip) finish() error {
	if z.open == nil {
		return nil
	}
	err := z.open.flush(true)
	z.open = nil
	return err
}

// exactNumbers rewrites marked cells, `<c r="B7" s="3" t="inlineStr"><is><t>MARK0.03333333333333333</t></is></c>`,
// as `<c r="B7" s="3"><v>0.03333333333333333</v></c>` on their way to w,
// holding back only a cell cut between two writes.
type exactNumbers struct {
	w       io.Writer
	pending []byte
}

func (e *exactNumbers) Write(p []byte) (int, error) {
	buf := p
	if len(e.pending) > 0 {
		e.pending = append(e.pending, p...)
		buf = e.pending
	}
	if err := e.write(buf, false); err != nil {
		return 0, err
	}
	return len(p), nil
}

// flush writes out what is held back, at the part's end.
func (e *exactNumbers) flush(last bool) error { return e.write(e.pending, last) }

// write writes p, the marked cells rewritten, holding back in pending a
// marked cell p ends within; at the part's end (last), nothing.
func (e *exactNumbers) write(p []byte, last bool) error {
	for {
		i := bytes.Index(p, markedOpen)
		if i < 0 {
			break
		}
		j := bytes.Index(p[i+len(markedOpen):], markedClose)
		if j < 0 {
			if last {
				break // not a marked cell after all: written as it is
			}
			if _, err := e.w.Write(p[:i]); err != nil {
				return err
			}
			e.pending = append(e.pending[:0], p[i:]...)
			return nil
		}
		digits := p[i+len(markedOpen) : i+len(markedOpen)+j]
		for _, part := range [][]byte{p[:i], []byte("><v>"), digits, []byte("</v></c>")} {
			if _, err := e.w.Write(part); err != nil {
				return err
			}
		}
		p = p[i+len(markedOpen)+j+len(markedClose):]
	}
	keep := 0
	if !last {
		keep = min(len(p), len(markedOpen)-1) // may begin a marked cell
	}
	if _, err := e.w.Write(p[:len(p)-keep]); err != nil {
		return err
	}
	e.pending = append(e.pending[:0], p[len(p)-keep:]...)
	return nil
}
