package chart

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"
)

// doc is a rendered chart, decoded: what the tests assert on, rather
// than on substrings of markup.
type doc struct {
	counts map[string]int      // element name -> count
	class  map[string][]string // class of a <g> -> names of the elements inside it
	texts  []string            // decoded contents of <text> elements
	titles []string            // decoded contents of <title> elements
	desc   string
	attrs  []xml.Attr // every attribute, in order
}

// parse decodes b to EOF, failing the test if it is not well-formed XML.
func parse(t testing.TB, b []byte) doc {
	t.Helper()
	d, err := decode(b)
	if err != nil {
		t.Fatalf("not well-formed: %v\n%s", err, b)
	}
	return d
}

func decode(b []byte) (doc, error) {
	d := doc{counts: map[string]int{}, class: map[string][]string{}}
	dec := xml.NewDecoder(bytes.NewReader(b))
	var stack []string // class of each open element ("" if none)
	var inText, inTitle, inDesc bool
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			if len(stack) != 0 {
				return d, fmt.Errorf("unclosed elements at EOF")
			}
			return d, nil
		}
		if err != nil {
			return d, err
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			name := tok.Name.Local
			d.counts[name]++
			cls := ""
			for _, a := range tok.Attr {
				d.attrs = append(d.attrs, a)
				if a.Name.Local == "class" {
					cls = a.Value
				}
			}
			for _, c := range stack {
				if c != "" {
					d.class[c] = append(d.class[c], name)
				}
			}
			stack = append(stack, cls)
			inText, inTitle, inDesc = name == "text", name == "title", name == "desc"
		case xml.EndElement:
			stack = stack[:len(stack)-1]
			inText, inTitle, inDesc = false, false, false
		case xml.CharData:
			switch {
			case inText:
				d.texts = append(d.texts, string(tok))
			case inTitle:
				d.titles = append(d.titles, string(tok))
			case inDesc:
				d.desc += string(tok)
			}
		}
	}
}

// count is how many elements named name lie inside <g class="cls">.
func (d doc) count(cls, name string) int {
	n := 0
	for _, e := range d.class[cls] {
		if e == name {
			n++
		}
	}
	return n
}

func (d doc) hasText(s string) bool {
	for _, t := range d.texts {
		if t == s {
			return true
		}
	}
	return false
}

// geometric are the attributes that hold numbers.
var geometric = map[string]bool{"x": true, "y": true, "x1": true, "x2": true, "y1": true, "y2": true,
	"cx": true, "cy": true, "r": true, "width": true, "height": true}

// checkNumbers fails unless every geometric attribute is a finite number
// with at most one decimal.
func checkNumbers(t testing.TB, d doc) {
	t.Helper()
	for _, a := range d.attrs {
		var nums []string
		switch n := a.Name.Local; {
		case geometric[n]:
			nums = []string{a.Value}
		case n == "points" || n == "viewBox":
			nums = strings.FieldsFunc(a.Value, func(r rune) bool { return r == ' ' || r == ',' })
		}
		for _, s := range nums {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("attribute %s=%q: not a finite number", a.Name.Local, a.Value)
			}
			if i := strings.IndexByte(s, '.'); i >= 0 && len(s)-i-1 > 1 {
				t.Fatalf("attribute %s=%q: more than one decimal", a.Name.Local, a.Value)
			}
		}
	}
}

// noRawScript fails if markup smuggled in through text survived.
func noRawScript(t testing.TB, b []byte) {
	t.Helper()
	if bytes.Contains(bytes.ToLower(b), []byte("<script")) {
		t.Fatalf("raw <script in output:\n%s", b)
	}
}
