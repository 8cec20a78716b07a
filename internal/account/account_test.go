package account_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/account"
	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

type fixture struct {
	st    *store.Store
	svc   *account.Service
	admin store.User
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	st, _ := storetest.New(t, nil)
	admin, err := st.CreateUser(context.Background(), audit.Actor{Email: "test"},
		store.User{Email: "admin@example.com", Name: "Admin", Role: auth.Admin, PasswordHash: "x"})
	if err != nil {
		t.Fatal(err)
	}
	return fixture{st: st, svc: account.New(st), admin: admin}
}

func (f fixture) add(t *testing.T, email string, role auth.Role) store.User {
	t.Helper()
	u, err := f.svc.AddUser(context.Background(), f.admin, account.NewUser{Email: email, Name: email, Role: role, Password: "a long enough passphrase"})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// An admin adds users with a hashed password, not twice with one email,
// and changes other users' role and access but never their own.
func TestAdminManagesOtherUsers(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	u, err := f.svc.AddUser(ctx, f.admin, account.NewUser{Email: "eng@example.com", Name: "Eng", Role: auth.Engineer, Password: " a long enough passphrase "})
	if err != nil {
		t.Fatal(err)
	}
	stored, err := f.svc.User(ctx, u.ID)
	if err != nil || stored.Email != "eng@example.com" || stored.Role != auth.Engineer || !stored.Active {
		t.Fatalf("%+v %v", stored, err)
	}
	if _, err := auth.CheckPassword("a long enough passphrase", stored.PasswordHash); err != nil {
		t.Errorf("the password, trimmed, signs in: %v", err)
	}
	if _, err := f.svc.AddUser(ctx, f.admin, account.NewUser{Email: "eng@example.com", Name: "Other", Role: auth.Engineer, Password: "another passphrase"}); !errors.Is(err, account.ErrEmailTaken) {
		t.Fatalf("a taken email: %v", err)
	}
	if err := f.svc.SetRole(ctx, f.admin, u.ID, auth.Manager); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.SetActive(ctx, f.admin, u.ID, false); err != nil {
		t.Fatal(err)
	}
	if stored, _ = f.svc.User(ctx, u.ID); stored.Role != auth.Manager || stored.Active {
		t.Errorf("role and access unchanged: %+v", stored)
	}
	if err := f.svc.SetRole(ctx, f.admin, f.admin.ID, auth.Engineer); !errors.Is(err, account.ErrOwnAccount) {
		t.Errorf("an admin demoting themselves: %v", err)
	}
	if err := f.svc.SetActive(ctx, f.admin, f.admin.ID, false); !errors.Is(err, account.ErrOwnAccount) {
		t.Errorf("an admin locking themselves out: %v", err)
	}
	if me, _ := f.svc.User(ctx, f.admin.ID); me.Role != auth.Admin || !me.Active {
		t.Errorf("the admin changed: %+v", me)
	}
	d, err := f.svc.Directory(ctx)
	if err != nil || len(d.Users) != 2 || d.DefaultDays < 1 || d.MaxDays < d.DefaultDays {
		t.Errorf("%+v %v", d, err)
	}
}

// A person changes their own password (every other session ends) and
// language; the profile reads back their tokens and the lifetimes.
func TestProfilePasswordAndLanguage(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	u := f.add(t, "buyer@example.com", auth.Procurement)
	keep, err := f.st.CreateSession(ctx, u, "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	other, err := f.st.CreateSession(ctx, u, "127.0.0.2")
	if err != nil {
		t.Fatal(err)
	}
	if err := f.svc.ChangePassword(ctx, u, "a brand new passphrase", keep); err != nil {
		t.Fatal(err)
	}
	if _, err := f.st.SessionByToken(ctx, keep); err != nil {
		t.Errorf("this session ended: %v", err)
	}
	if _, err := f.st.SessionByToken(ctx, other); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("another session lives on: %v", err)
	}
	if err := f.svc.SetLanguage(ctx, u, "vi"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.IssueToken(ctx, u, account.TokenRequest{Name: "ci"}); err != nil {
		t.Fatal(err)
	}
	p, err := f.svc.Profile(ctx, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	if p.User.Language != "vi" || len(p.Tokens) != 1 || p.Tokens[0].Name != "ci" || p.DefaultDays < 1 {
		t.Errorf("%+v", p)
	}
	if _, err := auth.CheckPassword("a brand new passphrase", p.User.PasswordHash); err != nil {
		t.Errorf("the new password: %v", err)
	}
	if err := f.svc.Reauthenticated(ctx, keep, u); err != nil {
		t.Errorf("reauthenticate: %v", err)
	}
}

// A token is written (its default scope) for the default lifetime unless
// the owner asks for one within the maximum; its owner or an admin
// revokes it, nobody else.
func TestTokensAndTheirLifetimes(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	u := f.add(t, "buyer@example.com", auth.Procurement)
	other := f.add(t, "eng@example.com", auth.Engineer)
	if err := f.svc.SetLifetimes(ctx, f.admin, account.Lifetimes{DefaultDays: 30, MaxDays: 60}); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []account.Lifetimes{{DefaultDays: 0, MaxDays: 10}, {DefaultDays: 20, MaxDays: 10},
		{DefaultDays: 1, MaxDays: auth.TokenDaysCeiling + 1}} {
		if err := f.svc.SetLifetimes(ctx, f.admin, bad); !errors.Is(err, account.ErrLifetime) {
			t.Errorf("%+v: %v", bad, err)
		}
	}
	days := func(n int) *int { return &n }
	for _, n := range []int{0, -1, 61} {
		if _, err := f.svc.IssueToken(ctx, u, account.TokenRequest{Name: "x", Days: days(n)}); !errors.Is(err, account.ErrTokenDays) {
			t.Errorf("%d days: %v", n, err)
		}
	}
	if _, err := f.svc.IssueToken(ctx, u, account.TokenRequest{Name: "default"}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.IssueToken(ctx, u, account.TokenRequest{Name: "read", Scope: auth.ScopeRead, Days: days(60)}); err != nil {
		t.Fatal(err)
	}
	p, err := f.svc.Profile(ctx, u.ID)
	if err != nil || len(p.Tokens) != 2 {
		t.Fatalf("%+v %v", p.Tokens, err)
	}
	byName := map[string]store.APIToken{}
	for _, tk := range p.Tokens {
		byName[tk.Name] = tk
	}
	def, read := byName["default"], byName["read"]
	if def.Scope != auth.ScopeWrite || read.Scope != auth.ScopeRead {
		t.Errorf("scopes %q %q", def.Scope, read.Scope)
	}
	if got := def.ExpiresAt.Sub(def.CreatedAt).Hours() / 24; got < 29.9 || got > 30.1 {
		t.Errorf("the default lifetime is %.1f days", got)
	}
	if err := f.svc.RevokeToken(ctx, other, def.ID); !errors.Is(err, account.ErrNotYourToken) {
		t.Errorf("another user revoked it: %v", err)
	}
	if err := f.svc.RevokeToken(ctx, u, def.ID); err != nil {
		t.Errorf("its owner: %v", err)
	}
	if err := f.svc.RevokeToken(ctx, f.admin, read.ID); err != nil {
		t.Errorf("an admin: %v", err)
	}
	if err := f.svc.RevokeToken(ctx, u, read.ID+1000); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a missing token: %v", err)
	}
	p, _ = f.svc.Profile(ctx, u.ID)
	for _, tk := range p.Tokens {
		if tk.RevokedAt == nil {
			t.Errorf("%s is not revoked", tk.Name)
		}
	}
}

// An evidence token is bound to its quote, named after it, and lives the
// days asked for.
func TestEvidenceToken(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	u := f.add(t, "eng@example.com", auth.Engineer)
	ev, err := f.st.CreateEvaluation(ctx, u.Actor(), "Bench")
	if err != nil {
		t.Fatal(err)
	}
	qs, err := quote.ReadCSV(strings.NewReader("provider,rental_model,currency,gpu_model,form_factor,gpu_memory_gb,gpus_per_node,nodes,intra_node_interconnect,inter_node_fabric\n" +
		"Acme,on_demand,USD,H100,sxm,80,8,2,nvswitch,efa\n"))
	if err != nil {
		t.Fatal(err)
	}
	q, err := f.st.CreateQuote(ctx, u.Actor(), ev.ID, qs[0])
	if err != nil {
		t.Fatal(err)
	}
	token, expires, err := f.svc.IssueEvidenceToken(ctx, u, q.ID, 3)
	if err != nil || token == "" {
		t.Fatal(err)
	}
	owner, tk, err := f.svc.ByToken(ctx, token)
	if err != nil || owner.ID != u.ID || tk.Scope != auth.ScopeEvidence || tk.QuoteID == nil || *tk.QuoteID != q.ID ||
		tk.Name != fmt.Sprintf("evidence for quote %d", q.ID) || !tk.ExpiresAt.Equal(expires) {
		t.Fatalf("%+v %v", tk, err)
	}
	if days := expires.Sub(tk.CreatedAt).Hours() / 24; days < 2.9 || days > 3.1 {
		t.Errorf("lives %.1f days", days)
	}
}
