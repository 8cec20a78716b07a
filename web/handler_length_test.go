package web

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

// The quote page's handler grew past 80 lines (one function gathering
// status, awards, expiry, revisions and diff): it is split into named
// steps, and no function of the quote page's file may grow past 60 lines.
func TestQuotePageHandlersStayShort(t *testing.T) {
	const most = 60
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "quote_one.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	seen := false
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		seen = seen || fn.Name.Name == "showQuote"
		if n := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1; n > most {
			t.Errorf("%s is %d lines long (at most %d)", fn.Name.Name, n, most)
		}
	}
	if !seen {
		t.Error("no showQuote in quote_one.go")
	}
}
