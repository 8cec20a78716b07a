package web_test

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gpuquote/gpuquote/internal/account"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
	"github.com/gpuquote/gpuquote/web"
)

// stmtCounter is a pgx tracer that records every statement the app sends,
// so a test can say how many queries a request costs.
type stmtCounter struct {
	mu   sync.Mutex
	sqls []string
}

func (c *stmtCounter) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	c.add(d.SQL)
	return ctx
}

func (c *stmtCounter) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

func (c *stmtCounter) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	return ctx
}

func (c *stmtCounter) TraceBatchQuery(_ context.Context, _ *pgx.Conn, d pgx.TraceBatchQueryData) {
	c.add(d.SQL)
}

func (c *stmtCounter) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData) {}

func (c *stmtCounter) add(sql string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sqls = append(c.sqls, strings.Join(strings.Fields(sql), " "))
}

// reset forgets what was recorded and returns it.
func (c *stmtCounter) reset() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.sqls
	c.sqls = nil
	return out
}

// newTracedApp is newApp on a pool whose statements c records.
func newTracedApp(t *testing.T) (*app, *stmtCounter) {
	c := &stmtCounter{}
	return newAppTracedBy(t, c), c
}

// newAppTracedBy is newApp on a pool traced by tracer.
func newAppTracedBy(t *testing.T, tracer pgx.QueryTracer) *app {
	t.Helper()
	cfg, err := store.PoolConfig(storetest.NewDB(t))
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.Tracer = tracer
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	st := store.New(pool, nil)
	logs := &syncBuffer{}
	srv := httptest.NewServer(web.NewServer(web.Config{Evaluations: evaluation.New(st), Accounts: account.New(st), Logger: slog.New(slog.NewJSONHandler(logs, nil))}))
	t.Cleanup(srv.Close)
	return &app{t: t, srv: srv, store: st, pool: pool, logs: logs}
}

// A stylesheet request from a signed-in browser costs no query: assets are
// served before the session lookup.
func TestStaticAssetsNeedNoQuery(t *testing.T) {
	t.Parallel()
	a, c := newTracedApp(t)
	cl, _ := a.login("reader@example.com", auth.Engineer)
	c.reset()
	for _, path := range []string{"/static/app.css", "/static/app.js", "/favicon.ico"} {
		res := cl.get(path)
		if res.StatusCode >= 400 {
			t.Fatalf("%s: status %d", path, res.StatusCode)
		}
	}
	if sqls := c.reset(); len(sqls) != 0 {
		t.Errorf("static assets ran %d statements: %q", len(sqls), sqls)
	}
	// The pages themselves still know who is signed in.
	wantStatus(t, cl.get("/evaluations"), 200)
}

// The app's connections run without JIT compilation.
func TestConnectionsRunWithoutJIT(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	var jit string
	if err := a.pool.QueryRow(context.Background(), `SHOW jit`).Scan(&jit); err != nil {
		t.Fatal(err)
	}
	if jit != "off" {
		t.Errorf("jit = %q, want off", jit)
	}
}
