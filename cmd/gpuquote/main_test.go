package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

func freeAddr(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

func TestDemoBriefIsValid(t *testing.T) {
	raw := map[string]string(demoBrief)
	b, errs := brief.Parse(raw)
	if len(errs) != 0 {
		t.Fatalf("demo brief has invalid fields: %v", errs)
	}
	if len(b) != len(demoBrief) {
		t.Errorf("demo brief has unknown fields")
	}
	if c := brief.Score(b); !c.ReadyToReserve() {
		t.Errorf("demo brief misses %v", c.Missing)
	}
}

func TestServeCreatesDatabaseLoadsDemoAndShutsDownGracefully(t *testing.T) {
	t.Parallel()
	dbURL := storetest.FreshURL(t)
	addr := freeAddr(t)
	// A crash left an upload in its folder of temporary files.
	tmp := t.TempDir()
	leftover := filepath.Join(tmp, "instance-crashed", "upload-1")
	if err := os.MkdirAll(filepath.Dir(leftover), 0o700); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{leftover, filepath.Join(filepath.Dir(leftover), ".lock")} {
		if err := os.WriteFile(f, []byte("left"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"DATABASE_URL": dbURL, "ADDR": addr, "GPUQUOTE_TMP_DIR": tmp}
	getenv := func(k string) string { return env[k] }
	ctx, cancel := context.WithCancel(context.Background())
	logs := &syncBuffer{}
	done := make(chan error, 1)
	go func() { done <- run(ctx, nil, getenv, strings.NewReader(""), io.Discard, logs) }()

	var res *http.Response
	var err error
	for range 100 {
		if res, err = http.Get("http://" + addr + "/healthz"); err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("server did not start: %v\n%s", err, logs.String())
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Errorf("healthz = %d", res.StatusCode)
	}
	if !strings.Contains(logs.String(), "admin@demo.gpuquote") || !strings.Contains(logs.String(), "demo evaluation created") {
		t.Errorf("demo data not loaded: %s", logs.String())
	}
	if _, err := os.Stat(leftover); !os.IsNotExist(err) {
		t.Errorf("the crash's temporary upload is still there after start-up: %v", err)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve returned %v", err)
		}
	case <-time.After(25 * time.Second):
		t.Fatal("no graceful shutdown")
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("the temporary folder after shutdown holds %v", left)
	}

	// The CLI adds a user and a token against the same database.
	var out bytes.Buffer
	if err := run(context.Background(), []string{"user", "add", "--email", "cli@example.com", "--name", "CLI", "--role", "manager"},
		getenv, strings.NewReader("a sufficiently long secret\n"), &out, io.Discard); err != nil {
		t.Fatalf("user add: %v", err)
	}
	out.Reset()
	if err := run(context.Background(), []string{"token", "create", "--email", "cli@example.com"}, getenv, nil, &out, io.Discard); err != nil {
		t.Fatalf("token create: %v", err)
	}
	if tok := strings.TrimSpace(out.String()); !strings.HasPrefix(tok, "gq_") || len(tok) < 20 {
		t.Errorf("token = %q", tok)
	}
	err = run(context.Background(), []string{"user", "add", "--email", "weak@example.com", "--name", "W", "--role", "manager"},
		getenv, strings.NewReader("password\n"), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "password") {
		t.Errorf("a common password must be refused: %v", err)
	}
	out.Reset()
	if err := run(context.Background(), []string{"migrate", "version"}, getenv, nil, &out, io.Discard); err != nil || !strings.Contains(out.String(), "dirty: false") {
		t.Errorf("migrate version: %v %q", err, out.String())
	}
}

func TestConfig(t *testing.T) {
	c, err := loadConfig("serve", []string{"-addr", ":9999"}, func(k string) string {
		return map[string]string{"GPUQUOTE_DEMO": "false"}[k]
	})
	if err != nil || c.addr != ":9999" || c.demo || c.databaseURL != defaultDatabaseURL || c.databaseSet {
		t.Errorf("config = %+v, %v", c, err)
	}
	if _, err := loadConfig("serve", nil, func(k string) string { return map[string]string{"GPUQUOTE_DEMO": "maybe"}[k] }); err == nil {
		t.Error("a bad GPUQUOTE_DEMO must be an error")
	}
	if err := run(context.Background(), []string{"frobnicate"}, func(string) string { return "" }, nil, io.Discard, io.Discard); err == nil {
		t.Error("unknown command accepted")
	}
}

func TestDemoQuotesParse(t *testing.T) {
	qs, err := quote.ReadCSV(strings.NewReader(demoQuotesCSV(time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC))))
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) != 3 {
		t.Fatalf("%d demo quotes, want the article's 3", len(qs))
	}
}
