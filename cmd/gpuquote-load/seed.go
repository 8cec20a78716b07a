package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
)

// freshDatabase creates an empty database on server and returns its URL
// and a function that drops it.
func freshDatabase(ctx context.Context, server string) (string, func(), error) {
	name := "gpuquote_load_" + strings.ToLower(rand.Text()[:12])
	admin := strings.TrimRight(server, "/") + "/postgres?sslmode=disable"
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		return "", nil, fmt.Errorf("connect to %s: %w", server, err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `CREATE DATABASE `+pgx.Identifier{name}.Sanitize()); err != nil {
		return "", nil, err
	}
	drop := func() {
		c, err := pgx.Connect(context.Background(), admin)
		if err != nil {
			return
		}
		defer c.Close(context.Background())
		_, _ = c.Exec(context.Background(), `DROP DATABASE IF EXISTS `+pgx.Identifier{name}.Sanitize()+` WITH (FORCE)`)
	}
	return strings.TrimRight(server, "/") + "/" + name + "?sslmode=disable", drop, nil
}

// fixture is what the pages are driven with.
type fixture struct {
	base         string
	cookies      http.CookieJar
	evaluationID int64 // the evaluation of o.quotes quotes
	smallID      int64 // an evaluation the size of the demo's, o.small quotes
	quoteID      int64
}

// loadBrief is enough of a workload brief for the worksheet and the
// decision to have something to weigh.
var loadBrief = brief.Brief{
	"workload_type": "fine_tuning", "useful_unit": "accepted_training_runs", "units_per_month": "4",
	"target_gpu": "h100_sxm", "gpus_per_node": "8", "node_count": "8", "baseline_utilization_pct": "70",
	"checkpoint_interval_min": "60", "term_months": "6", "region": "EU",
}

// seed creates the users, an evaluation with o.quotes quotes (the CSV's
// rows repeated under distinct provider names) and o.uploads uploads of
// the log on its first quote, and signs a manager in.
func seed(ctx context.Context, st *store.Store, base string, o options) (fixture, error) {
	fx := fixture{base: base}
	password := "load-" + rand.Text()
	hash, err := auth.HashPassword(password, auth.CurrentParams())
	if err != nil {
		return fx, err
	}
	users := map[auth.Role]store.User{}
	for _, role := range []auth.Role{auth.Procurement, auth.Engineer, auth.Manager} {
		u, err := st.CreateUser(ctx, audit.Actor{Email: "load"}, store.User{Email: string(role) + "@load.gpuquote",
			Name: "Load " + string(role), Role: role, PasswordHash: hash})
		if err != nil {
			return fx, err
		}
		users[role] = u
	}
	owner := users[auth.Procurement].Actor()
	e, err := st.CreateEvaluation(ctx, owner, "Load test")
	if err != nil {
		return fx, err
	}
	fx.evaluationID = e.ID
	ids, err := seedQuotes(ctx, st, owner, e.ID, o.csv, o.quotes)
	if err != nil {
		return fx, err
	}
	fx.quoteID = ids[0]
	small, err := st.CreateEvaluation(ctx, owner, "Load test, demo size")
	if err != nil {
		return fx, err
	}
	fx.smallID = small.ID
	if _, err := seedQuotes(ctx, st, owner, small.ID, o.csv, o.small); err != nil {
		return fx, err
	}
	tok, _, err := st.CreateToken(ctx, audit.Actor{Email: "load"}, users[auth.Engineer], "load")
	if err != nil {
		return fx, err
	}
	logText, err := os.ReadFile(o.ncclLog)
	if err != nil {
		return fx, err
	}
	for i := range o.uploads {
		// The app refuses a file already uploaded to the quote: each copy
		// ends with its own comment line.
		content := fmt.Appendf(slices.Clip(logText), "# load copy %d\n", i)
		if err := upload(base, tok, fx.quoteID, fmt.Sprintf("run-%d.log", i), content); err != nil {
			return fx, err
		}
	}
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := c.PostForm(base+"/login", url.Values{"email": {users[auth.Manager].Email}, "password": {password}})
	if err != nil {
		return fx, err
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther {
		return fx, fmt.Errorf("sign-in: status %d", res.StatusCode)
	}
	fx.cookies = jar
	return fx, nil
}

// seedQuotes gives an evaluation the load brief and n quotes.
func seedQuotes(ctx context.Context, st *store.Store, owner audit.Actor, evaluationID int64, csv string, n int) ([]int64, error) {
	if _, err := st.SaveBrief(ctx, owner, evaluationID, 1, loadBrief); err != nil {
		return nil, fmt.Errorf("brief: %w", err)
	}
	rows, err := repeatRows(csv, n)
	if err != nil {
		return nil, err
	}
	qs, err := quote.ReadCSV(strings.NewReader(rows))
	if err != nil {
		return nil, err
	}
	return st.ImportQuotes(ctx, owner, evaluationID, qs)
}

// repeatRows is the CSV's header and n data rows, its rows in turn, each
// under its own provider name.
func repeatRows(path string, n int) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) < 2 {
		return "", fmt.Errorf("%s: no quote rows", path)
	}
	var out strings.Builder
	out.WriteString(lines[0] + "\n")
	for i := range n {
		row := lines[1+i%(len(lines)-1)]
		provider, rest, _ := strings.Cut(row, ",")
		fmt.Fprintf(&out, "%s %d,%s\n", provider, i, rest)
	}
	return out.String(), nil
}

// upload posts a benchmark log through the API, as an engineer would.
func upload(base, token string, quoteID int64, name string, content []byte) error {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", name)
	fw.Write(content)
	mw.Close()
	req, _ := http.NewRequest(http.MethodPost, fmt.Sprintf("%s/api/v1/quotes/%d/benchmarks", base, quoteID), &body)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		msg, _ := io.ReadAll(io.LimitReader(res.Body, 500))
		return fmt.Errorf("upload %s: status %d: %s", name, res.StatusCode, msg)
	}
	return nil
}
