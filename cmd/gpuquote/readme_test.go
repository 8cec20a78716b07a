package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/quote"
)

// walkthrough returns the sh blocks of the README's "API walkthrough"
// section, in order.
func walkthrough(t *testing.T) []string {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	start := strings.Index(text, "\n## API walkthrough\n")
	if start < 0 {
		t.Fatal("the README has no API walkthrough section")
	}
	section := text[start+1:]
	if end := strings.Index(section[3:], "\n## "); end >= 0 {
		section = section[:end+3]
	}
	var blocks []string
	for _, m := range regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllStringSubmatch(section, -1) {
		blocks = append(blocks, m[1])
	}
	return blocks
}

// TestREADMEWalkthrough is issue 15 item 15: the README's API examples
// failed one after another on a fresh demo. It runs every sh block of the
// walkthrough, in order, with bash and curl against a server on a new demo
// database; curl fails the script on any HTTP error.
func TestREADMEWalkthrough(t *testing.T) {
	t.Parallel()
	for _, tool := range []string{"bash", "curl"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	blocks := walkthrough(t)
	if len(blocks) < 3 {
		t.Fatalf("the walkthrough has %d sh blocks", len(blocks))
	}
	script := strings.Join(blocks, "\n")
	for _, want := range []string{"/shortlist", "/approval", "/benchmarks", "quotes/import"} {
		if !strings.Contains(script, want) {
			t.Errorf("the walkthrough no longer shows %s", want)
		}
	}

	dir := t.TempDir()
	bin := filepath.Join(dir, "gpuquote")
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("go is not on PATH: %v", err)
	}
	if out, err := exec.Command(gobin, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	root, _ := filepath.Abs("../..")
	if err := os.Symlink(filepath.Join(root, "docs"), filepath.Join(dir, "docs")); err != nil {
		t.Fatal(err)
	}
	url := freshDB(t)
	in := startServe(t, map[string]string{"DATABASE_URL": url}, nil)
	if !in.healthy(t) {
		return
	}
	script = strings.NewReplacer("http://127.0.0.1:8080", "http://"+in.addr, "go run ./cmd/gpuquote", bin).Replace(script)
	prelude := "set -euo pipefail\ncurl() { command curl --fail-with-body -sS \"$@\"; echo; }\n"
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-c", prelude+"set -x\n"+script)
	cmd.Dir = dir
	// The walkthrough's own files go to a folder of mktemp -d: under dir.
	cmd.Env = append(os.Environ(), "DATABASE_URL="+url, "ADDR="+in.addr, "GPUQUOTE_DEMO=false", "TMPDIR="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the walkthrough fails: %v\n%s", err, tail(string(out), 4000))
	}
	// What the README says each step shows.
	for _, want := range []string{`"status":"shortlisted"`, `"kind":"approve"`, `"peak_busbw_gbs":468.46`,
		`"version":3`, `"import_action":"new"`, `"status":"unproven"`, `"id":"nccl_span"`, "spans 2 of the 8 quoted nodes", `"option":"on_demand"`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the walkthrough's output lacks %s:\n%s", want, tail(string(out), 4000))
		}
	}
	// The walkthrough must not wipe the demo brief (a PUT there once did).
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var fields int
	if err := conn.QueryRow(context.Background(), `SELECT count(*) FROM briefs b, jsonb_object_keys(b.data) WHERE b.evaluation_id = 1`).Scan(&fields); err != nil ||
		fields < len(demoBrief) {
		t.Errorf("the demo brief has %d fields after the walkthrough, want at least %d (%v)", fields, len(demoBrief), err)
	}
	// Issue 32: the walkthrough left demo-quotes.csv in the repository.
	if _, err := os.Stat(filepath.Join(dir, "demo-quotes.csv")); err == nil {
		t.Error("the walkthrough writes demo-quotes.csv where it runs, the repository's root")
	}
	exported, _ := filepath.Glob(filepath.Join(dir, "tmp.*", "demo-quotes.csv"))
	if len(exported) != 1 {
		t.Fatalf("the walkthrough's CSV is not in its temporary folder: %v", exported)
	}
	if b, err := os.ReadFile(exported[0]); err != nil || !strings.Contains(string(b), "config A") {
		t.Errorf("the exported CSV: %v %.200s", err, b)
	}
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}

// TestDocsStandAlone is issue 15 item 16: the README linked the shared
// reference shelf outside the repository.
func TestDocsStandAlone(t *testing.T) {
	t.Parallel()
	files := []string{"../../README.md"}
	more, _ := filepath.Glob("../../docs/*.md")
	files = append(files, more...)
	more, _ = filepath.Glob("../../docs/*/*.md")
	files = append(files, more...)
	link := regexp.MustCompile(`\]\(([^)]+)\)`)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), "shared/") {
			t.Errorf("%s mentions the shared shelf", f)
		}
		for _, m := range link.FindAllStringSubmatch(string(b), -1) {
			target := strings.SplitN(m[1], "#", 2)[0]
			if strings.Contains(target, "://") {
				t.Errorf("%s links outside the repository: %s", f, m[1])
				continue
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(f), target)); err != nil {
				t.Errorf("%s links %s, which is not in the repository", f, m[1])
			}
		}
	}
	format, _ := os.ReadFile("../../docs/quotes-csv.md")
	for _, c := range quote.Columns() {
		if !strings.Contains(string(format), "| "+c.Name+" |") {
			t.Errorf("docs/quotes-csv.md does not describe the column %s", c.Name)
		}
	}
	for _, f := range []string{"../../docs/quotes-csv.md", "../../docs/examples/quotes.csv", "../../docs/examples/nccl-all_reduce-h100-2node-ib.log"} {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("missing %s", f)
		}
	}
}
