package web_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gpuquote/gpuquote/internal/account"
	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
	"github.com/gpuquote/gpuquote/web"
)

// testPassword satisfies the password policy.
const testPassword = "correct horse battery staple"

// app is a running server on its own database.
type app struct {
	t     testing.TB
	srv   *httptest.Server
	store *store.Store
	pool  *pgxpool.Pool
	logs  *syncBuffer
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func newApp(t *testing.T, cfg ...func(*web.Config)) *app { return newBenchApp(t, cfg...) }

// newBenchApp is newApp for tests and benchmarks alike.
func newBenchApp(t testing.TB, cfg ...func(*web.Config)) *app { return newClockApp(t, nil, cfg...) }

// newClockApp is newApp with a fake clock for the store (session ages).
func newClockApp(t testing.TB, now func() time.Time, cfg ...func(*web.Config)) *app {
	t.Helper()
	return startApp(t, storetest.NewDB(t), now, cfg...)
}

// startApp runs a server for t on the database at dbURL.
func startApp(t testing.TB, dbURL string, now func() time.Time, cfg ...func(*web.Config)) *app {
	t.Helper()
	pool, err := store.OpenPool(context.Background(), dbURL)
	if err != nil {
		t.Fatalf("open %s: %v", dbURL, err)
	}
	t.Cleanup(pool.Close)
	st := store.New(pool, now)
	logs := &syncBuffer{}
	// A page's read budget (250 ms) is for a live server; under the race
	// detector on a busy CI machine a test page could be cut short, so
	// tests get a generous one and the budget's own test sets a tiny one.
	c := web.Config{Evaluations: evaluation.New(st), Accounts: account.New(st), Logger: slog.New(slog.NewJSONHandler(logs, nil)), ReadBudget: time.Minute}
	for _, f := range cfg {
		f(&c)
	}
	srv := httptest.NewServer(web.NewServer(c))
	t.Cleanup(srv.Close)
	return &app{t: t, srv: srv, store: st, pool: pool, logs: logs}
}

// user creates a user with role.
func (a *app) user(email string, role auth.Role) store.User {
	a.t.Helper()
	hash, err := auth.HashPassword(testPassword, auth.CurrentParams())
	if err != nil {
		a.t.Fatal(err)
	}
	u, err := a.store.CreateUser(context.Background(), audit.Actor{Email: "test"},
		store.User{Email: email, Name: strings.Split(email, "@")[0], Role: role, PasswordHash: hash})
	if err != nil {
		a.t.Fatal(err)
	}
	return u
}

// client is a browser-like client: cookies, no automatic redirects, and
// same-origin fetch metadata on every request.
type client struct {
	t    testing.TB
	http *http.Client
	base string
}

func (a *app) client() *client {
	jar, _ := cookiejar.New(nil)
	return &client{t: a.t, base: a.srv.URL, http: &http.Client{Jar: jar, Timeout: 10 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// login signs a new user of role in and returns a client holding its session.
func (a *app) login(email string, role auth.Role) (*client, store.User) {
	a.t.Helper()
	u := a.user(email, role)
	return a.signIn(email), u
}

// signIn signs the user with email, whose password is testPassword, in
// and returns a client holding its session.
func (a *app) signIn(email string) *client {
	a.t.Helper()
	c := a.client()
	res := c.post("/login", url.Values{"email": {email}, "password": {testPassword}})
	if res.StatusCode != http.StatusSeeOther {
		a.t.Fatalf("login %s: status %d", email, res.StatusCode)
	}
	return c
}

func (c *client) do(req *http.Request) *http.Response {
	c.t.Helper()
	if req.Header.Get("Sec-Fetch-Site") == "" {
		req.Header.Set("Sec-Fetch-Site", "same-origin")
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	res.Body = io.NopCloser(bytes.NewReader(body))
	return res
}

func (c *client) get(path string) *http.Response {
	req, _ := http.NewRequest(http.MethodGet, c.base+path, nil)
	return c.do(req)
}

func (c *client) post(path string, form url.Values) *http.Response {
	req, _ := http.NewRequest(http.MethodPost, c.base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return c.do(req)
}

func body(t *testing.T, res *http.Response) string {
	t.Helper()
	b, _ := io.ReadAll(res.Body)
	res.Body = io.NopCloser(bytes.NewReader(b))
	return string(b)
}

func doc(t *testing.T, res *http.Response) *goquery.Document {
	t.Helper()
	d, err := goquery.NewDocumentFromReader(strings.NewReader(body(t, res)))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func wantStatus(t *testing.T, res *http.Response, want int) {
	t.Helper()
	if res.StatusCode != want {
		t.Fatalf("%s %s: status %d, want %d; body: %.400s", res.Request.Method, res.Request.URL.Path, res.StatusCode, want, body(t, res))
	}
}
