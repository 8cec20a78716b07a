package web_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gpuquote/gpuquote/internal/account"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
	"github.com/gpuquote/gpuquote/web"
)

// newSessionClockApp is newTracedApp whose store reads the time from now.
func newSessionClockApp(t *testing.T, now func() time.Time) (*app, *stmtCounter) {
	t.Helper()
	cfg, err := store.PoolConfig(storetest.NewDB(t))
	if err != nil {
		t.Fatal(err)
	}
	c := &stmtCounter{}
	cfg.ConnConfig.Tracer = c
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	st := store.New(pool, now)
	srv := httptest.NewServer(web.NewServer(web.Config{Evaluations: evaluation.New(st), Accounts: account.New(st), Logger: slog.New(slog.NewJSONHandler(io.Discard, nil))}))
	t.Cleanup(srv.Close)
	return &app{t: t, srv: srv, store: st, pool: pool, logs: &syncBuffer{}}, c
}

// fakeClock is a store clock a test moves by hand.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// sessionWrites counts the statements that write a session's last_seen_at.
func sessionWrites(sqls []string) int {
	n := 0
	for _, sql := range sqls {
		if strings.HasPrefix(sql, "UPDATE sessions SET last_seen_at") {
			n++
		}
	}
	return n
}

// A signed-in browser's requests write last_seen_at at most once a minute,
// and the idle timeout still signs out a browser left alone for 30 minutes
// while one in use every 50 seconds stays signed in.
func TestSessionIsTouchedOnceAMinuteAndStillTimesOut(t *testing.T) {
	t.Parallel()
	clock := &fakeClock{now: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	a, c := newSessionClockApp(t, clock.Now)
	cl, _ := a.login("reader@example.com", auth.Engineer)
	signedIn := func() bool {
		res := cl.get("/evaluations")
		return res.StatusCode == http.StatusOK
	}

	c.reset()
	clock.advance(10 * time.Second)
	first, second := signedIn(), signedIn()
	if !first || !second {
		t.Fatal("signed out right after login")
	}
	if n := sessionWrites(c.reset()); n != 0 {
		t.Errorf("two requests within a minute of login wrote last_seen_at %d times, want 0", n)
	}
	// In use every 50 seconds for 40 minutes: past the idle limit counted
	// from login, so the session lives only because it is touched.
	writes := 0
	for range 48 {
		clock.advance(50 * time.Second)
		if !signedIn() {
			t.Fatalf("signed out at %v while in use", clock.Now())
		}
		writes += sessionWrites(c.reset())
	}
	if writes < 20 || writes > 40 {
		t.Errorf("48 requests 50 s apart wrote last_seen_at %d times, want about one a minute", writes)
	}
	// Left alone for the idle limit, the browser is signed out.
	clock.advance(30*time.Minute + time.Second)
	if signedIn() {
		t.Error("still signed in after 30 minutes idle")
	}
}
