package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The web layer is moving to HTTP only (issue 24): parse the request, call
// one use case, render. These tests state how far it has got and fail on
// any step back.

// TestWebImportsNoDatabaseDriver: web and its packages reach the database
// only through the use cases, never by importing the store, pgx or pgconn
// themselves: the records and errors they name are the application
// layer's (internal/evaluation/vocabulary.go, internal/account).
func TestWebImportsNoDatabaseDriver(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}: {{join .Imports " "}}`,
		"github.com/gpuquote/gpuquote/web/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imports, _ := strings.Cut(line, ": ")
		for _, imp := range strings.Fields(imports) {
			if strings.HasPrefix(imp, "github.com/jackc/") || imp == "github.com/gpuquote/gpuquote/internal/store" {
				t.Errorf("%s imports %s: name the application layer's records and errors instead", pkg, imp)
			}
		}
	}
}

// Every web file is HTTP only: it parses, calls a use case of the
// application layer and renders. No file calls a store method, and no
// web type holds a store (178 calls before issue 24's moves).

// storeCalls counts the selector expressions x.store.Method in a file.
func storeCalls(f *ast.File) int {
	n := 0
	ast.Inspect(f, func(node ast.Node) bool {
		if sel, ok := node.(*ast.SelectorExpr); ok {
			if inner, ok := sel.X.(*ast.SelectorExpr); ok && inner.Sel.Name == "store" && ast.IsExported(sel.Sel.Name) {
				n++
			}
		}
		return true
	})
	return n
}

func TestWebNeverCallsTheStore(t *testing.T) {
	for name, f := range webFiles(t, token.NewFileSet()) {
		if n := storeCalls(f); n > 0 {
			t.Errorf("web/%s calls the store %d times: its use case belongs in internal/evaluation", name, n)
		}
		for _, field := range storeFields(f) {
			t.Errorf("web/%s: Server.%s holds a store: web reaches the database only through the use cases", name, field)
		}
	}
}

// webFiles parses web's own Go files (not tests, not generated views) into
// fset, by file name.
func webFiles(t *testing.T, fset *token.FileSet) map[string]*ast.File {
	t.Helper()
	paths, err := filepath.Glob("../../web/*.go")
	if err != nil || len(paths) == 0 {
		t.Fatalf("web files: %v %v", paths, err)
	}
	files := map[string]*ast.File{}
	for _, path := range paths {
		name := filepath.Base(path)
		if strings.HasSuffix(name, "_test.go") || strings.HasSuffix(name, "_templ.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = f
	}
	return files
}

// storeFields names the fields of type *store.Store of the Server type
// in a file. (web.Config takes the use cases the program builds on its
// store, never the store itself.)
func storeFields(f *ast.File) []string {
	var out []string
	ast.Inspect(f, func(node ast.Node) bool {
		ts, ok := node.(*ast.TypeSpec)
		if !ok || ts.Name.Name != "Server" {
			return true
		}
		st, ok := ts.Type.(*ast.StructType)
		if !ok {
			return true
		}
		for _, fld := range st.Fields.List {
			star, ok := fld.Type.(*ast.StarExpr)
			if !ok {
				continue
			}
			if sel, ok := star.X.(*ast.SelectorExpr); ok && sel.Sel.Name == "Store" {
				if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "store" {
					for _, n := range fld.Names {
						out = append(out, n.Name)
					}
				}
			}
		}
		return true
	})
	return out
}

// TestWebFunctionsAreShort: a handler that runs over 80 lines is doing a
// use case's work, or several steps that want names.
func TestWebFunctionsAreShort(t *testing.T) {
	fset := token.NewFileSet()
	for name, f := range webFiles(t, fset) {
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			if n := fset.Position(fn.Body.Rbrace).Line - fset.Position(fn.Pos()).Line; n > 80 {
				t.Errorf("web/%s: %s runs %d lines, more than 80", name, fn.Name.Name, n)
			}
		}
	}
}
