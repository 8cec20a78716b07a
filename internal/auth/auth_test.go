package auth

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
)

func TestPolicy(t *testing.T) {
	tests := []struct {
		pw   string
		want error
	}{
		{"short", ErrPasswordShort},
		{"password", ErrPasswordCommon},
		{"Password1!", ErrPasswordCommon},
		{"GPUquote", ErrPasswordCommon},
		{"qwerty123", ErrPasswordCommon},
		{strings.Repeat("x", 257), ErrPasswordLong},
		{"correct horse battery staple", nil},
		{strings.Repeat("🔒", 64), nil},
	}
	for _, tt := range tests {
		if got := CheckPolicy(tt.pw); !errors.Is(got, tt.want) {
			t.Errorf("CheckPolicy(%.20q) = %v, want %v", tt.pw, got, tt.want)
		}
	}
}

func TestHashMeetsASVSAndVerifies(t *testing.T) {
	h, err := HashPassword("correct horse battery staple", DefaultParams)
	if err != nil {
		t.Fatal(err)
	}
	p, salt, key, err := ParseHash(h)
	if err != nil || p.MemoryKiB < 19456 || p.Time < 2 || p.Threads != 1 || len(salt) != 16 || len(key) != 32 {
		t.Fatalf("hash %q parsed as %+v (%v)", h, p, err)
	}
	if rehash, err := CheckPassword("correct horse battery staple", h); err != nil || rehash {
		t.Errorf("check = %v, rehash %v", err, rehash)
	}
	if _, err := CheckPassword("correct horse battery stapl", h); !errors.Is(err, ErrMismatch) {
		t.Errorf("wrong password: %v", err)
	}
	weak, _ := HashPassword("pw-weak-params-123", Params{MemoryKiB: 4096, Time: 1, Threads: 1})
	if rehash, err := CheckPassword("pw-weak-params-123", weak); err != nil || !rehash {
		t.Errorf("weak hash must ask for a rehash: %v %v", rehash, err)
	}
	if _, err := CheckPassword("x", "$2a$10$bcrypt"); err == nil {
		t.Error("a non-argon2 hash must not verify")
	}
}

func TestRolesDenyByDefault(t *testing.T) {
	if Engineer.Can(EditBrief) || Engineer.Can(ManageUsers) || Procurement.Can(ReadAudit) || Role("root").Can(UseAPI) {
		t.Error("a permission leaked")
	}
	if !Admin.Can(ManageUsers) || !Procurement.Can(EditBrief) || !Manager.Can(ReadAudit) {
		t.Error("a grant is missing")
	}
	if Admin.Can(Permission("nobody.has")) {
		t.Error("unknown permissions are granted")
	}
	if tok := NewToken(); len(tok) < 26 || len(HashToken(tok)) != 32 {
		t.Errorf("token %q", tok)
	}
}

func TestTokenScopes(t *testing.T) {
	cases := []struct {
		scope        Scope
		post, decide bool
	}{{ScopeRead, false, false}, {ScopeWrite, true, false}, {ScopeApprove, true, true}}
	for _, c := range cases {
		if !c.scope.AllowsMethod("GET") || c.scope.AllowsMethod("POST") != c.post || c.scope.AllowsMethod("DELETE") != c.post {
			t.Errorf("%s: methods", c.scope)
		}
		if c.scope.Allows(Approve) != c.decide || c.scope.Allows(EditQuotes) != c.post {
			t.Errorf("%s: permissions", c.scope)
		}
	}
	if Scope("admin").Valid() || Scope("").Allows(EditQuotes) {
		t.Error("an unknown scope allows something")
	}
	if NormalizePassword("  a b \n") != "a b" {
		t.Error("NormalizePassword")
	}
}

// TestTheTestCostIsATestBinarysAlone is issue 32: tests hash at a cheap
// cost they ask for, and no program but a test binary can ask for it.
func TestTheTestCostIsATestBinarysAlone(t *testing.T) {
	if CurrentParams() != DefaultParams {
		t.Fatalf("current %+v without UseTestParams, want %+v", CurrentParams(), DefaultParams)
	}
	if TestParams.MemoryKiB*TestParams.Time*50 > DefaultParams.MemoryKiB*DefaultParams.Time {
		t.Errorf("test params %+v are not much cheaper than %+v", TestParams, DefaultParams)
	}
	h, err := HashPassword("correct horse battery staple", TestParams)
	if err != nil {
		t.Fatal(err)
	}
	if rehash, err := CheckPassword("correct horse battery staple", h); err != nil || !rehash {
		t.Errorf("a test-cost hash in production: check %v, rehash %v (want an upgrade at login)", err, rehash)
	}
	if testing.Short() {
		t.Skip("builds a program")
	}
	out, err := exec.Command("go", "run", "./testdata/usetestparams").CombinedOutput()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "recovered: auth: UseTestParams outside a test binary") || strings.Contains(string(out), "params:") {
		t.Errorf("a program set the test cost:\n%s", out)
	}
}
