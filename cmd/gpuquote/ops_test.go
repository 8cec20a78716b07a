package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

// freshDB names a database that does not exist yet and drops it after t.
func freshDB(t *testing.T) string { return storetest.FreshURL(t) }

// instance is `gpuquote serve` running in the test.
type instance struct {
	addr string
	logs *syncBuffer
	done chan error
	stop context.CancelFunc
}

func startServe(t *testing.T, env map[string]string, start <-chan struct{}) *instance {
	in := &instance{addr: freeAddr(t), logs: &syncBuffer{}, done: make(chan error, 1)}
	e := map[string]string{"ADDR": in.addr}
	for k, v := range env {
		e[k] = v
	}
	ctx, cancel := context.WithCancel(context.Background())
	in.stop = cancel
	go func() {
		if start != nil {
			<-start
		}
		in.done <- run(ctx, nil, func(k string) string { return e[k] }, nil, io.Discard, in.logs)
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case <-in.done:
		case <-time.After(25 * time.Second):
			t.Error("no graceful shutdown")
		}
	})
	return in
}

func (in *instance) healthy(t *testing.T) bool {
	for range 150 {
		select {
		case err := <-in.done:
			t.Errorf("instance on %s exited: %v\n%s", in.addr, err, in.logs.String())
			in.done <- err
			return false
		default:
		}
		if res, err := http.Get("http://" + in.addr + "/healthz"); err == nil {
			res.Body.Close()
			return res.StatusCode == 200
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Errorf("instance on %s never answered\n%s", in.addr, in.logs.String())
	return false
}

// TestTwoInstancesStartTogetherOnANewDatabase is issue 15 item 8: of two
// instances started at once on a database that did not exist, one exited
// (duplicate key creating the database, or "demo user already exists").
func TestTwoInstancesStartTogetherOnANewDatabase(t *testing.T) {
	t.Parallel()
	t.Run("no database yet", func(t *testing.T) { t.Parallel(); twoInstances(t, false) })
	t.Run("an empty database", func(t *testing.T) { t.Parallel(); twoInstances(t, true) })
}

func twoInstances(t *testing.T, createFirst bool) {
	url := freshDB(t)
	if createFirst {
		if err := store.EnsureDatabase(context.Background(), url); err != nil {
			t.Fatal(err)
		}
	}
	start := make(chan struct{})
	a := startServe(t, map[string]string{"DATABASE_URL": url}, start)
	b := startServe(t, map[string]string{"DATABASE_URL": url}, start)
	close(start)
	if !a.healthy(t) || !b.healthy(t) {
		return
	}
	if n := strings.Count(a.logs.String()+b.logs.String(), "demo evaluation created"); n != 1 {
		t.Errorf("demo data loaded %d times", n)
	}
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var users int
	if err := conn.QueryRow(context.Background(), `SELECT count(*) FROM users`).Scan(&users); err != nil || users != len(demoUsers) {
		t.Errorf("%d users, %v", users, err)
	}
}

// TestBusyPortFailsBeforeTheDemoPasswords is issue 15 item 13.
func TestBusyPortFailsBeforeTheDemoPasswords(t *testing.T) {
	t.Parallel()
	url := freshDB(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	logs := &syncBuffer{}
	env := map[string]string{"DATABASE_URL": url, "ADDR": l.Addr().String()}
	err = run(context.Background(), nil, func(k string) string { return env[k] }, nil, io.Discard, logs)
	if err == nil || !strings.Contains(err.Error(), "ADDR") || !strings.Contains(err.Error(), "-addr") {
		t.Errorf("busy port: %v", err)
	}
	if strings.Contains(logs.String(), "password") {
		t.Errorf("demo passwords printed before the port failed: %s", logs.String())
	}
}

// TestCLIHelpAndErrorsAreSentences is issue 15 item 13.
func TestCLIHelpAndErrorsAreSentences(t *testing.T) {
	t.Parallel()
	env := map[string]string{"DATABASE_URL": freshDB(t)}
	getenv := func(k string) string { return env[k] }
	var out bytes.Buffer
	if err := run(context.Background(), []string{"serve", "-h"}, getenv, nil, &out, io.Discard); err != nil {
		t.Errorf("serve -h: %v", err)
	}
	for _, flag := range []string{"-addr", "-database-url", "-demo", "-tmp-dir"} {
		if !strings.Contains(out.String(), flag) {
			t.Errorf("serve -h does not list %s:\n%s", flag, out.String())
		}
	}
	// Every command answers -h with its usage, as help promises; help
	// names every setting serve reads from the environment.
	out.Reset()
	if err := run(context.Background(), []string{"user", "-h"}, getenv, nil, &out, io.Discard); err != nil ||
		!strings.Contains(out.String(), "user add --email") || !strings.Contains(out.String(), "user passwd --email") {
		t.Errorf("user -h: %v\n%s", err, out.String())
	}
	out.Reset()
	if err := run(context.Background(), []string{"help"}, getenv, nil, &out, io.Discard); err != nil ||
		!strings.Contains(out.String(), "GPUQUOTE_TMP_DIR") || !strings.Contains(out.String(), "-tmp-dir") {
		t.Errorf("help leaves out the temporary folder's setting:\n%s", out.String())
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"migrate", "force", "x"}, "not a migration number"},
		{[]string{"token", "create"}, "--email is required"},
		{[]string{"serve", "-bogus"}, "there is no option -bogus"},
		{[]string{"user", "add", "--email"}, "needs a value"},
	} {
		err := run(context.Background(), c.args, getenv, strings.NewReader(""), io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
			continue
		}
		for _, raw := range []string{"strconv", "flag provided", "password.too"} {
			if strings.Contains(err.Error(), raw) {
				t.Errorf("%v: a raw message: %v", c.args, err)
			}
		}
	}
	err := run(context.Background(), []string{"user", "add", "--email", "w@example.com", "--name", "W", "--role", "manager"},
		getenv, strings.NewReader("short\n"), io.Discard, io.Discard)
	if err == nil || strings.Contains(err.Error(), "password.too_short") || !strings.Contains(err.Error(), "too short") {
		t.Errorf("weak password: %v", err)
	}
}

// TestCLIPasswordsAreTrimmedLikeLoginAndCanBeReset is issue 15 item 12:
// `user add` kept surrounding spaces that login trims, so such an account
// could never sign in; `user passwd` sets a new password.
func TestCLIPasswordsAreTrimmedLikeLoginAndCanBeReset(t *testing.T) {
	t.Parallel()
	env := map[string]string{"DATABASE_URL": freshDB(t)}
	getenv := func(k string) string { return env[k] }
	ctx := context.Background()
	if err := run(ctx, []string{"user", "add", "--email", "ann@example.com", "--name", "Ann", "--role", "manager"},
		getenv, strings.NewReader("  a long pass phrase  \n"), io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	st, closeFn, err := openForCLI(ctx, getenv)
	if err != nil {
		t.Fatal(err)
	}
	defer closeFn()
	check := func(password string) error {
		u, err := st.UserByEmail(ctx, "ann@example.com")
		if err != nil {
			t.Fatal(err)
		}
		_, err = auth.CheckPassword(auth.NormalizePassword(password), u.PasswordHash)
		return err
	}
	if err := check(" a long pass phrase"); err != nil {
		t.Errorf("the password as login sees it does not match: %v", err)
	}
	u, _ := st.UserByEmail(ctx, "ann@example.com")
	if _, err := st.CreateSession(ctx, u, "127.0.0.1"); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run(ctx, []string{"user", "passwd", "--email", "ann@example.com"}, getenv, strings.NewReader("another long phrase\n"), &out, io.Discard); err != nil {
		t.Fatalf("user passwd: %v", err)
	}
	if check("another long phrase") != nil || check("a long pass phrase") == nil {
		t.Error("user passwd did not replace the password")
	}
	if n, err := st.DeleteExpiredSessions(ctx); err != nil || n != 0 {
		t.Errorf("sweep: %d %v", n, err)
	}
	if err := run(ctx, []string{"user", "passwd", "--email", "nobody@example.com"}, getenv, strings.NewReader("another long phrase\n"), io.Discard, io.Discard); err == nil ||
		!strings.Contains(err.Error(), "no user") {
		t.Errorf("unknown user: %v", err)
	}
}

// TestHealthcheckCommand is issue 15 item 14.
func TestHealthcheckCommand(t *testing.T) {
	t.Parallel()
	in := startServe(t, map[string]string{"DATABASE_URL": freshDB(t), "GPUQUOTE_DEMO": "false"}, nil)
	if !in.healthy(t) {
		return
	}
	_, port, _ := net.SplitHostPort(in.addr)
	for _, addr := range []string{in.addr, "0.0.0.0:" + port} {
		if err := run(context.Background(), []string{"healthcheck", "-addr", addr}, func(string) string { return "" }, nil, io.Discard, io.Discard); err != nil {
			t.Errorf("healthcheck %s: %v", addr, err)
		}
	}
	if err := run(context.Background(), []string{"healthcheck"}, func(k string) string { return map[string]string{"ADDR": freeAddr(t)}[k] }, nil, io.Discard, io.Discard); err == nil {
		t.Error("healthcheck passed with no server")
	}
}

// TestFirstConnectionIsRetriedForABoundedTime is issue 15 item 14.
func TestFirstConnectionIsRetriedForABoundedTime(t *testing.T) {
	t.Parallel()
	env := map[string]string{"DATABASE_URL": "postgres://postgres@" + freeAddr(t) + "/x?sslmode=disable", "GPUQUOTE_DB_WAIT": "1500ms", "ADDR": freeAddr(t)}
	logs := &syncBuffer{}
	start := time.Now()
	err := run(context.Background(), nil, func(k string) string { return env[k] }, nil, io.Discard, logs)
	if err == nil || !strings.Contains(err.Error(), "GPUQUOTE_DB_WAIT") {
		t.Errorf("err = %v", err)
	}
	if d := time.Since(start); d < time.Second || d > 10*time.Second {
		t.Errorf("gave up after %v", d)
	}
	if !strings.Contains(logs.String(), "retrying") {
		t.Errorf("no retry logged: %s", logs.String())
	}
}

// TestContainerHealthChecks is issue 15 item 14: the app's health check
// ran `/gpuquote help`, which always succeeds, and pg_isready passed while
// the image was still initialising.
func TestContainerHealthChecks(t *testing.T) {
	t.Parallel()
	compose, err := os.ReadFile("../../docker-compose.yml")
	if err != nil {
		t.Fatal(err)
	}
	dockerfile, err := os.ReadFile("../../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	c := string(compose)
	for _, want := range []string{`"/gpuquote", "healthcheck"`, "pg_isready -h 127.0.0.1", "GPUQUOTE_DB_WAIT"} {
		if !strings.Contains(c, want) {
			t.Errorf("docker-compose.yml lacks %s", want)
		}
	}
	if strings.Count(c, "restart: unless-stopped") != 2 {
		t.Errorf("both services must restart unless stopped")
	}
	if strings.Contains(c, `"/gpuquote", "help"`) || !strings.Contains(string(dockerfile), `HEALTHCHECK`) ||
		!strings.Contains(string(dockerfile), `"/gpuquote", "healthcheck"`) {
		t.Errorf("the image's health check must be gpuquote healthcheck")
	}
}
