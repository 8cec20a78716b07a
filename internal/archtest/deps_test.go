// Package archtest keeps the architecture's arrows pointing the right way.
package archtest

import (
	"os/exec"
	"strings"
	"testing"
)

// pure are the domain packages: standard library (and x/crypto in auth)
// only, so they stay easy to read and test.
var pure = []string{"gpu", "audit", "auth", "brief", "quote", "redflag", "market", "tco", "decision", "benchlog", "approval", "chart", "verdict",
	"acceptance", "rfq", "mail", "money", "contract", "testplan"}

var forbidden = []string{"net/http", "github.com/jackc/pgx", "github.com/go-chi", "github.com/a-h/templ",
	"github.com/go-playground/validator", "github.com/gpuquote/gpuquote/web", "github.com/gpuquote/gpuquote/internal/store"}

func TestPurePackagesImportNoHTTPAndNoSQL(t *testing.T) {
	for _, p := range pure {
		t.Run(p, func(t *testing.T) {
			out, err := exec.Command("go", "list", "-deps", "github.com/gpuquote/gpuquote/internal/"+p).CombinedOutput()
			if err != nil {
				t.Fatalf("go list: %v\n%s", err, out)
			}
			for _, dep := range strings.Fields(string(out)) {
				for _, f := range forbidden {
					if dep == f || strings.HasPrefix(dep, f+"/") {
						t.Errorf("%s depends on %s", p, dep)
					}
				}
			}
		})
	}
}

func TestViewsNeverTouchTheDatabase(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/gpuquote/gpuquote/web/views").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "github.com/jackc/pgx") || strings.HasSuffix(dep, "/internal/store") {
			t.Errorf("web/views depends on %s", dep)
		}
	}
}

// TestI18nImportsNoDomainPackage: the interface's messages know nothing
// of the domain; the domain packages' own catalogs are joined to them by
// the program (i18n.AddCatalogs with internal/i18n/catalogs). money, the
// shared vocabulary, is allowed: numbers are formatted with its scales.
func TestI18nImportsNoDomainPackage(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/gpuquote/gpuquote/internal/i18n").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		own, ok := strings.CutPrefix(dep, "github.com/gpuquote/gpuquote/")
		if ok && own != "internal/i18n" && own != "internal/money" {
			t.Errorf("i18n depends on %s", own)
		}
	}
}
