package sourcing

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// Reasons an attachment is refused; each maps to a message at the file
// field.
var (
	ErrEmptyOrTooLarge = errors.New("sourcing: the file is empty or too large")
	ErrFileType        = errors.New("sourcing: not a PDF or a text price sheet")
)

// Spooled is an attachment received to a temporary file, checked.
type Spooled struct {
	File        *os.File // rewound, for the store to read
	Size        int64
	ContentType string
}

// Close removes the temporary file.
func (s *Spooled) Close() {
	if s != nil && s.File != nil {
		s.File.Close()
		os.Remove(s.File.Name())
	}
}

// Spool copies an attachment to a temporary file a buffer at a time,
// checking it as it goes: at most max bytes, and by its bytes (whatever
// the name claims) a PDF named .pdf, or UTF-8 text without NUL named .txt
// or .csv. Memory stays one buffer, however large the file. The file is
// made in dir, the app's folder of temporary files ("" for the system's).
func Spool(r io.Reader, name string, max int64, dir string) (*Spooled, error) {
	ext := strings.ToLower(filepath.Ext(name))
	sp := &Spooled{ContentType: map[string]string{".pdf": "application/pdf", ".txt": "text/plain", ".csv": "text/csv"}[ext]}
	if sp.ContentType == "" {
		return nil, ErrFileType
	}
	f, err := os.CreateTemp(dir, "attachment-*")
	if err != nil {
		return nil, err
	}
	sp.File = f
	check := newTypeCheck(ext)
	buf := make([]byte, 64<<10)
	for {
		n, rerr := r.Read(buf)
		if n > 0 {
			if sp.Size += int64(n); sp.Size > max {
				sp.Close()
				return nil, ErrEmptyOrTooLarge
			}
			if !check.add(buf[:n]) {
				sp.Close()
				return nil, ErrFileType
			}
			if _, err := f.Write(buf[:n]); err != nil {
				sp.Close()
				return nil, err
			}
		}
		if errors.Is(rerr, io.EOF) {
			break
		}
		if rerr != nil {
			sp.Close()
			return nil, rerr
		}
	}
	if sp.Size == 0 {
		sp.Close()
		return nil, ErrEmptyOrTooLarge
	}
	if !check.done() {
		sp.Close()
		return nil, ErrFileType
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		sp.Close()
		return nil, err
	}
	return sp, nil
}

// typeCheck reads a file's bytes in order: a PDF's magic, or text that is
// valid UTF-8 (a rune may straddle two buffers) with no NUL.
type typeCheck struct {
	pdf  bool
	head []byte // a PDF's first bytes until the magic can be judged
	tail []byte // an incomplete rune carried to the next buffer
	ok   bool
}

var pdfMagic = []byte("%PDF-")

func newTypeCheck(ext string) *typeCheck { return &typeCheck{pdf: ext == ".pdf", ok: true} }

func (c *typeCheck) add(b []byte) bool {
	if c.pdf {
		if len(c.head) < len(pdfMagic) {
			c.head = append(c.head, b[:min(len(b), len(pdfMagic)-len(c.head))]...)
			c.ok = bytes.HasPrefix(pdfMagic, c.head) || bytes.HasPrefix(c.head, pdfMagic)
		}
		return c.ok
	}
	if bytes.IndexByte(b, 0) >= 0 {
		return false
	}
	data := append(c.tail, b...)
	cut := len(data)
	// Hold back an incomplete rune at the end: at most 3 bytes.
	for i := len(data) - 1; i >= 0 && i >= len(data)-3; i-- {
		if utf8.RuneStart(data[i]) {
			if !utf8.FullRune(data[i:]) {
				cut = i
			}
			break
		}
	}
	if !utf8.Valid(data[:cut]) {
		return false
	}
	c.tail = append([]byte(nil), data[cut:]...)
	return true
}

func (c *typeCheck) done() bool {
	if c.pdf {
		return bytes.Equal(c.head, pdfMagic)
	}
	return len(c.tail) == 0
}
