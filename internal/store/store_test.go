package store_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

func newUser(t *testing.T, st *store.Store, email string, role auth.Role) store.User {
	t.Helper()
	u, err := st.CreateUser(context.Background(), audit.Actor{Email: "test"}, store.User{Email: email, Name: "N", Role: role, PasswordHash: "x"})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func TestAuditLogIsAppendOnly(t *testing.T) {
	t.Parallel()
	st, pool := storetest.New(t, nil)
	ctx := context.Background()
	newUser(t, st, "a@example.com", auth.Admin)
	for _, sql := range []string{`UPDATE audit_events SET action = 'forged'`, `DELETE FROM audit_events`, `TRUNCATE audit_events`} {
		_, err := pool.Exec(ctx, sql)
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) || pgErr.Code != "42501" {
			t.Errorf("%s: err = %v, want 42501", sql, err)
		}
	}
	entries, err := st.ListAudit(ctx, store.AuditFilter{ObjectType: "user"})
	if err != nil || len(entries) != 1 || entries[0].Action != "user.create" {
		t.Fatalf("entries = %+v, %v", entries, err)
	}
}

func TestAuditRowsCommitWithTheirChange(t *testing.T) {
	t.Parallel()
	st, pool := storetest.New(t, nil)
	ctx := context.Background()
	u := newUser(t, st, "p@example.com", auth.Procurement)
	// A name the table's CHECK refuses: the evaluation and its audit row
	// must both be absent.
	long := make([]byte, 300)
	for i := range long {
		long[i] = 'x'
	}
	if _, err := st.CreateEvaluation(ctx, u.Actor(), string(long)); err == nil {
		t.Fatal("an over-long name was accepted")
	}
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM audit_events WHERE action = 'evaluation.create'`).Scan(&n); err != nil || n != 0 {
		t.Errorf("audit rows for a failed change: %d %v", n, err)
	}
}

func TestBriefVersionCheck(t *testing.T) {
	t.Parallel()
	st, _ := storetest.New(t, nil)
	ctx := context.Background()
	u := newUser(t, st, "p@example.com", auth.Procurement)
	e, err := st.CreateEvaluation(ctx, u.Actor(), "Versions")
	if err != nil {
		t.Fatal(err)
	}
	// Many editors post the same version at once: exactly one wins.
	var wins, conflicts atomic.Int32
	var wg sync.WaitGroup
	for i := range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := st.SaveBrief(ctx, u.Actor(), e.ID, 1, brief.Brief{"node_count": itoa(i + 1)})
			var c *store.ConflictError
			switch {
			case err == nil:
				wins.Add(1)
			case errors.As(err, &c) && errors.Is(err, store.ErrConflict):
				conflicts.Add(1)
			default:
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if wins.Load() != 1 || conflicts.Load() != 11 {
		t.Errorf("wins %d conflicts %d", wins.Load(), conflicts.Load())
	}
	b, _ := st.Brief(ctx, e.ID)
	if b.Version != 2 {
		t.Errorf("version = %d", b.Version)
	}
	entries, _ := st.ListAudit(ctx, store.AuditFilter{ObjectType: "brief"})
	if len(entries) != 1 {
		t.Errorf("audit rows = %d, want 1", len(entries))
	}
}

func TestSessionsExpire(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	st, _ := storetest.New(t, clock)
	ctx := context.Background()
	u := newUser(t, st, "s@example.com", auth.Engineer)

	idle, _ := st.CreateSession(ctx, u, "127.0.0.1")
	advance(31 * time.Minute)
	if _, err := st.SessionByToken(ctx, idle); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("idle session still valid: %v", err)
	}

	busy, _ := st.CreateSession(ctx, u, "127.0.0.1")
	for range 48 { // activity every 10 minutes for 8 hours
		advance(10 * time.Minute)
		if _, err := st.SessionByToken(ctx, busy); err != nil {
			t.Fatalf("active session ended early: %v", err)
		}
	}
	advance(time.Minute + time.Second)
	if _, err := st.SessionByToken(ctx, busy); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("session outlived the absolute limit: %v", err)
	}
}

func TestTokensAreHashedAndRevocable(t *testing.T) {
	t.Parallel()
	st, pool := storetest.New(t, nil)
	ctx := context.Background()
	u := newUser(t, st, "t@example.com", auth.Manager)
	tok, rec, err := st.CreateToken(ctx, u.Actor(), u, "ci")
	if err != nil {
		t.Fatal(err)
	}
	var n int
	_ = pool.QueryRow(ctx, `SELECT count(*) FROM api_tokens WHERE token_hash = $1`, []byte(tok)).Scan(&n)
	if n != 0 {
		t.Error("raw token stored")
	}
	got, err := st.UserByToken(ctx, tok)
	if err != nil || got.ID != u.ID || got.Role != auth.Manager {
		t.Fatalf("UserByToken = %+v, %v", got, err)
	}
	if err := st.RevokeToken(ctx, u.Actor(), rec.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := st.UserByToken(ctx, tok); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("revoked token works: %v", err)
	}
	if err := st.RevokeToken(ctx, u.Actor(), rec.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("second revoke: %v", err)
	}
}

func TestUniqueEmailIgnoresCase(t *testing.T) {
	t.Parallel()
	st, _ := storetest.New(t, nil)
	newUser(t, st, "Case@Example.com", auth.Engineer)
	_, err := st.CreateUser(context.Background(), audit.Actor{Email: "test"}, store.User{Email: "case@example.COM", Name: "N", Role: auth.Engineer, PasswordHash: "x"})
	if !errors.Is(err, store.ErrExists) {
		t.Errorf("err = %v, want ErrExists", err)
	}
	if _, err := st.UserByEmail(context.Background(), "CASE@example.com"); err != nil {
		t.Errorf("lookup by other case: %v", err)
	}
}

func TestMigrationsGoDownAndUpAgain(t *testing.T) {
	t.Parallel()
	url := storetest.NewDB(t)
	m, err := store.Migrator(url)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if err := m.Down(); err != nil {
		t.Fatalf("down: %v", err)
	}
	if err := store.MigrateUp(url); err != nil {
		t.Fatalf("up again: %v", err)
	}
}
