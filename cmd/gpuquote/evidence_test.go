package main

import (
	"bytes"
	"context"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/quote"
)

func TestTokenCreateEvidenceScope(t *testing.T) {
	t.Parallel()
	env := map[string]string{"DATABASE_URL": freshDB(t), "PUBLIC_URL": "https://gq.example"}
	getenv := func(k string) string { return env[k] }
	ctx := context.Background()
	for _, u := range [][]string{{"eng@example.com", "engineer"}, {"buyer@example.com", "procurement"}} {
		if err := run(ctx, []string{"user", "add", "--email", u[0], "--name", "U", "--role", u[1]}, getenv,
			strings.NewReader("a long pass phrase\n"), io.Discard, io.Discard); err != nil {
			t.Fatal(err)
		}
	}
	st, closeFn, err := openForCLI(ctx, getenv)
	if err != nil {
		t.Fatal(err)
	}
	defer closeFn()
	buyer, err := st.UserByEmail(ctx, "buyer@example.com")
	if err != nil {
		t.Fatal(err)
	}
	ev, err := st.CreateEvaluation(ctx, buyer.Actor(), "Trial")
	if err != nil {
		t.Fatal(err)
	}
	qs, _ := quote.ReadCSV(strings.NewReader("provider,rental_model,currency\nAcme,on_demand,USD\n"))
	sq, err := st.CreateQuote(ctx, buyer.Actor(), ev.ID, qs[0])
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	err = run(ctx, []string{"token", "create", "--email", "eng@example.com", "--scope", "evidence", "--quote", strconv.FormatInt(sq.ID, 10), "--days", "5"},
		getenv, nil, &out, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "gq_") || !strings.HasPrefix(lines[1], "expires_at: ") ||
		lines[2] != "command: gpuquote collect --server https://gq.example --token "+lines[0]+" --quote "+strconv.FormatInt(sq.ID, 10) {
		t.Errorf("output %q", out.String())
	}
	_, tok, err := st.TokenByValue(ctx, lines[0])
	if err != nil || tok.Scope != auth.ScopeEvidence || tok.QuoteID == nil || *tok.QuoteID != sq.ID {
		t.Errorf("stored token %+v %v", tok, err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--email", "eng@example.com", "--scope", "evidence"}, "--quote ID"},
		{[]string{"--email", "eng@example.com", "--quote", strconv.FormatInt(sq.ID, 10)}, "--scope evidence"},
		{[]string{"--email", "buyer@example.com", "--scope", "evidence", "--quote", strconv.FormatInt(sq.ID, 10)}, "may not upload"},
		{[]string{"--email", "eng@example.com", "--scope", "evidence", "--quote", "999999"}, "no quote 999999"},
		{[]string{"--email", "eng@example.com", "--scope", "evidence", "--quote", strconv.FormatInt(sq.ID, 10), "--days", "31"}, "maximum lifetime"},
	} {
		err := run(ctx, append([]string{"token", "create"}, c.args...), getenv, nil, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
		}
	}
}
