package account_test

import (
	"context"
	"errors"
	"testing"

	"github.com/gpuquote/gpuquote/internal/account"
	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/store"
)

func init() { auth.UseTestParams() }

const passphrase = "a long enough passphrase"

// A sign-in is refused alike for an unknown email, a wrong password and a
// deactivated account; a good one starts a session and ends the
// browser's previous one.
func TestSignIn(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	u := f.add(t, "buyer@example.com", auth.Procurement)
	off := f.add(t, "gone@example.com", auth.Procurement)
	if err := f.svc.SetActive(ctx, f.admin, off.ID, false); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ email, password string }{{"nobody@example.com", passphrase}, {"buyer@example.com", "wrong passphrase"},
		{"gone@example.com", passphrase}} {
		if _, err := f.svc.SignIn(ctx, c.email, c.password, "10.0.0.1", nil); !errors.Is(err, account.ErrBadCredentials) {
			t.Errorf("%s: %v", c.email, err)
		}
	}
	first, err := f.svc.SignIn(ctx, "Buyer@Example.com", " "+passphrase+" ", "10.0.0.1", nil)
	if err != nil || first.Token == "" || first.User.ID != u.ID || first.RehashErr != nil {
		t.Fatalf("%+v %v", first, err)
	}
	sess, err := f.svc.BySession(ctx, first.Token)
	if err != nil || sess.User.ID != u.ID {
		t.Fatalf("%+v %v", sess, err)
	}
	second, err := f.svc.SignIn(ctx, "buyer@example.com", passphrase, "10.0.0.1", &account.Session{Token: first.Token, User: u})
	if err != nil || second.Token == first.Token {
		t.Fatalf("a new session ID at every sign-in: %+v %v", second, err)
	}
	if _, err := f.svc.BySession(ctx, first.Token); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the previous session lives on: %v", err)
	}
	if err := f.svc.SignOut(ctx, account.Session{Token: second.Token, User: u}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.BySession(ctx, second.Token); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a signed-out session lives on: %v", err)
	}
}

// A password hashed at an older cost is hashed again at the current one
// when its owner signs in.
func TestSignInRehashesAnOldHash(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	weaker := auth.Params{MemoryKiB: auth.TestParams.MemoryKiB / 2, Time: 1, Threads: 1}
	old, err := auth.HashPassword(passphrase, weaker)
	if err != nil {
		t.Fatal(err)
	}
	u, err := f.st.CreateUser(ctx, audit.Actor{Email: "test"}, store.User{Email: "old@example.com", Name: "Old", Role: auth.Engineer, PasswordHash: old})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.SignIn(ctx, "old@example.com", passphrase, "10.0.0.1", nil); err != nil {
		t.Fatal(err)
	}
	after, err := f.svc.User(ctx, u.ID)
	if err != nil || after.PasswordHash == old {
		t.Fatalf("not rehashed: %v", err)
	}
	if rehash, err := auth.CheckPassword(passphrase, after.PasswordHash); err != nil || rehash {
		t.Errorf("the new hash: rehash %v, %v", rehash, err)
	}
}

// The address is allowed four times an account's attempts a minute, the
// account its own; the first refusal of a window says so, and when the
// window ends.
func TestCountAttempt(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	for i := range 2 {
		if a, err := f.svc.CountAttempt(ctx, "10.0.0.9", "buyer@example.com", 2, "login"); err != nil || a.Limited {
			t.Fatalf("attempt %d: %+v %v", i+1, a, err)
		}
	}
	a, err := f.svc.CountAttempt(ctx, "10.0.0.9", "buyer@example.com", 2, "login")
	if err != nil || !a.Limited || !a.First || a.Retry <= 0 || a.Retry > store.LoginWindow {
		t.Fatalf("the third attempt: %+v %v", a, err)
	}
	if a, _ = f.svc.CountAttempt(ctx, "10.0.0.9", "buyer@example.com", 2, "login"); !a.Limited || a.First {
		t.Errorf("the fourth attempt: %+v", a)
	}
	// Another account from the address: its own count, the address's
	// larger one.
	if a, err := f.svc.CountAttempt(ctx, "10.0.0.9", "eng@example.com", 2, "login"); err != nil || a.Limited {
		t.Errorf("another account: %+v %v", a, err)
	}
}

// A re-authentication checks the password, and a failed sign-in is
// audited without it.
func TestCheckPasswordAndFailureAudit(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	u := f.add(t, "buyer@example.com", auth.Procurement)
	u, _ = f.svc.User(ctx, u.ID)
	if err := f.svc.CheckPassword(u, passphrase); err != nil {
		t.Errorf("the right password: %v", err)
	}
	if err := f.svc.CheckPassword(u, "wrong passphrase"); !errors.Is(err, auth.ErrMismatch) {
		t.Errorf("a wrong password: %v", err)
	}
	if err := f.svc.RecordSignInFailure(ctx, "buyer@example.com", "10.0.0.1", "bad_credentials"); err != nil {
		t.Fatal(err)
	}
	entries, err := f.st.ListAudit(ctx, store.AuditFilter{Action: "auth.login_failed"})
	if err != nil || len(entries) != 1 || entries[0].ObjectID != "buyer@example.com" {
		t.Fatalf("%+v %v", entries, err)
	}
}
