package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The web layer is moving to HTTP only (issue 24): parse the request, call
// one use case, render. These tests state how far it has got and fail on
// any step back.

// TestWebImportsNoDatabaseDriver: web and its packages reach the database
// only through the store (which maps driver errors to its own, e.g.
// store.Unavailable), never by importing pgx or pgconn themselves.
func TestWebImportsNoDatabaseDriver(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}: {{join .Imports " "}}`,
		"github.com/gpuquote/gpuquote/web/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imports, _ := strings.Cut(line, ": ")
		for _, imp := range strings.Fields(imports) {
			if strings.HasPrefix(imp, "github.com/jackc/") {
				t.Errorf("%s imports %s", pkg, imp)
			}
		}
	}
}

// httpOnly are the web files whose use cases moved into the application
// layer: they call no store method (a use case in internal/evaluation does).
var httpOnly = []string{
	"acceptance.go", "api_approval_rules.go", "api_benchmarks.go", "benchactions.go", "benchupload.go", "benchview.go",
	"referencecheck.go", "shortlist.go", "quotelimit.go", "vendor_service.go", "gates.go",
	"rfq_show.go", "rfq_api.go", "rfq_actions.go", "rfq_service.go", "rfq_pages.go", "sourcing_compliance.go",
	"vendor_api.go", "vendor_pages.go", "vendor_auth.go", "rfq_json.go", "round_errors.go", "vendor_json.go", "vendor_quote.go",
	"sourcing_compliance_view.go",
	"quotes.go", "admin.go", "profile.go", "tokens.go", "decision_actions.go", "limits.go", "middleware.go",
	"quoteview.go", "papers.go", "decision_page.go", "brief.go", "api_brief_patch.go", "trial_tokens.go", "scoring_weights.go",
	"api_scoring.go", "api_quotes.go", "api_quote_one.go", "worksheet_save.go", "scoring.go",
}

// maxStoreCalls is how many calls on the store web's own files still
// make (s.store.Method(...)); it may only go down as use cases move out.
// 178 before issue 24's moves; 139 before the sourcing, quote, account
// and decision-action use cases moved.
const maxStoreCalls = 11

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

func TestWebCallsTheStoreLessAndLess(t *testing.T) {
	files, err := filepath.Glob("../../web/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("web files: %v %v", files, err)
	}
	fset := token.NewFileSet()
	total := 0
	for _, path := range files {
		name := filepath.Base(path)
		if strings.HasSuffix(name, "_test.go") || strings.HasSuffix(name, "_templ.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		n := storeCalls(f)
		total += n
		if n > 0 && slices.Contains(httpOnly, name) {
			t.Errorf("web/%s calls the store %d times: its use cases live in internal/evaluation", name, n)
		}
	}
	for _, name := range httpOnly {
		if _, err := parser.ParseFile(token.NewFileSet(), "../../web/"+name, nil, parser.PackageClauseOnly); err != nil {
			t.Errorf("web/%s is listed as HTTP only but cannot be read: %v", name, err)
		}
	}
	if total > maxStoreCalls {
		t.Errorf("web calls the store %d times, more than %d: a new use case belongs in internal/evaluation", total, maxStoreCalls)
	}
	if total < maxStoreCalls {
		t.Logf("web calls the store %d times: lower maxStoreCalls to %d", total, total)
	}
}
