// Package archtest keeps the architecture's arrows pointing the right way.
package archtest

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/gpuquote/gpuquote/"

// layer is where a package sits; docs/architecture.md draws the same map.
type layer int

const (
	// pure packages state the domain: the standard library (and x/crypto
	// in auth) and other pure packages only, no network, database or
	// process, so they are easy to read and test.
	pure layer = iota
	// io packages talk to the world: the database, mail, files, hosts.
	io
	// render packages turn the domain into words and files for a reader.
	render
	// application packages hold the use cases: lock, read, decide with the
	// pure packages, write with the audit row.
	application
	// http packages answer requests: parse, call one use case, render.
	httpLayer
	// program packages are the commands that wire everything together.
	program
	// testOnly packages help tests and never ship.
	testOnly
)

// layerNames are the layers as a failing test names them.
var layerNames = map[layer]string{pure: "a pure", io: "an I/O", render: "a render", application: "an application",
	httpLayer: "an HTTP", program: "a program", testOnly: "a test helper"}

// packages is the map: every package of the module, with its layer. A new
// package must be added here, so whoever adds it decides where it sits.
var packages = map[string]layer{
	"internal/acceptance": pure, "internal/approval": pure, "internal/audit": pure, "internal/auth": pure,
	"internal/benchlog": pure, "internal/brief": pure, "internal/chart": pure, "internal/contract": pure,
	"internal/decision": pure, "internal/gpu": pure, "internal/jsontext": pure, "internal/market": pure,
	"internal/money": pure, "internal/msgcat": pure, "internal/quote": pure, "internal/redflag": pure,
	"internal/rfq": pure, "internal/scoring": pure, "internal/tco": pure, "internal/testplan": pure,
	"internal/verdict": pure,

	"internal/mail": io, "internal/store": io, "internal/spool": io, "internal/collect": io, "migrations": io,
	"static": io,

	"internal/i18n": render, "internal/i18n/catalogs": render, "internal/sheet": render,

	// sourcing holds the sourcing round's rules (deadlines, attestation
	// ends); its use cases live in evaluation.
	"internal/sourcing": pure,

	"internal/evaluation": application, "internal/account": application,

	"web": httpLayer, "web/form": httpLayer, "web/views": httpLayer, "web/views/model": httpLayer,

	"cmd/gpuquote": program, "cmd/gpuquote-load": program,

	"internal/archtest": testOnly, "internal/store/storetest": testOnly, "internal/mail/mailtest": testOnly,
}

// mayImport says which layers a layer's packages may import, besides the
// standard library. An arrow never points up: the domain knows nothing of
// storage or HTTP, and the use cases know nothing of HTTP.
var mayImport = map[layer][]layer{
	pure:        {pure},
	io:          {pure, io},
	render:      {pure},
	application: {pure, io, render, application},
	httpLayer:   {pure, io, render, application, httpLayer},
	program:     {pure, io, render, application, httpLayer, program},
	testOnly:    {pure, io, render, application, httpLayer, program, testOnly},
}

// worldly are the standard packages that reach outside the process: a
// pure package may not import them. Parsers such as net/mail, net/url and
// net/netip only read text, so they are not here.
var worldly = []string{"net", "net/http", "net/smtp", "net/rpc", "os/exec", "database/sql", "syscall", "plugin"}

// thirdParty says which modules outside the standard library a layer may
// import; the domain takes none but x/crypto's password hashing.
var thirdParty = map[layer][]string{
	pure:     {"golang.org/x/crypto/", "golang.org/x/text/"},
	io:       {"github.com/jackc/pgx/", "github.com/golang-migrate/migrate/", "golang.org/x/crypto/"},
	render:   {"github.com/xuri/excelize/", "golang.org/x/text/", "github.com/nicksnyder/go-i18n/"},
	testOnly: {""},
	program:  {""},
}

// TestEveryPackageIsOnTheMap: a package the map does not place fails here,
// by name.
func TestEveryPackageIsOnTheMap(t *testing.T) {
	out, err := exec.Command("go", "list", module+"...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, p := range strings.Fields(string(out)) {
		if _, ok := packages[strings.TrimPrefix(p, module)]; !ok {
			t.Errorf("%s is not on the architecture map: add it to packages in internal/archtest/deps_test.go and docs/architecture.md", p)
		}
	}
}

// TestArrowsPointDown checks every import of every package (tests aside)
// against the map, and names the arrow that breaks it.
func TestArrowsPointDown(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}: {{join .Imports " "}}`, module+"...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, imports, _ := strings.Cut(line, ": ")
		from, ok := packages[strings.TrimPrefix(path, module)]
		if !ok {
			continue // TestEveryPackageIsOnTheMap names it
		}
		for _, imp := range strings.Fields(imports) {
			if why := arrowBreaks(from, imp); why != "" {
				t.Errorf("%s → %s: %s", strings.TrimPrefix(path, module), imp, why)
			}
		}
	}
}

// arrowBreaks says why a package of layer from may not import imp, or ""
// when it may.
func arrowBreaks(from layer, imp string) string {
	if own, ok := strings.CutPrefix(imp, module); ok {
		to, known := packages[own]
		if !known {
			return ""
		}
		if !slices.Contains(mayImport[from], to) {
			return layerNames[from] + " package may not import " + layerNames[to] + " package"
		}
		return ""
	}
	if !strings.Contains(strings.Split(imp, "/")[0], ".") { // the standard library
		if from == pure {
			for _, w := range worldly {
				if imp == w || (w != "net" && strings.HasPrefix(imp, w+"/")) {
					return "a pure package may not reach outside the process"
				}
			}
		}
		return ""
	}
	switch from {
	case application, httpLayer:
		return "" // chi, templ, validator and the rest are theirs to use
	}
	for _, prefix := range thirdParty[from] {
		if strings.HasPrefix(imp, prefix) {
			return ""
		}
	}
	return layerNames[from] + " package may not depend on " + imp
}

// TestTheArrowRuleCatchesABreak keeps the rule itself honest: each of
// these arrows must be refused, and each of the allowed ones accepted.
func TestTheArrowRuleCatchesABreak(t *testing.T) {
	for _, c := range []struct {
		from layer
		imp  string
		ok   bool
	}{
		{pure, module + "internal/store", false},
		{pure, "net/http", false},
		{pure, "net/smtp", false},
		{pure, "github.com/jackc/pgx/v5", false},
		{pure, "golang.org/x/crypto/argon2", true},
		{pure, module + "internal/money", true},
		{render, module + "internal/evaluation", false},
		{application, module + "web", false},
		{application, module + "internal/store", true},
		{io, module + "internal/evaluation", false},
		{io, "net/smtp", true},
		{pure, "net/mail", true},
		{pure, "net", false},
		{httpLayer, module + "internal/evaluation", true},
	} {
		if got := arrowBreaks(c.from, c.imp) == ""; got != c.ok {
			t.Errorf("%s → %s: allowed %v, want %v", layerNames[c.from], c.imp, got, c.ok)
		}
	}
}

func TestViewsNeverTouchTheDatabase(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", module+"web/views").CombinedOutput()
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
