package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

// Params are argon2id cost parameters. DefaultParams meets OWASP ASVS
// 11.4.2 (m ≥ 19 MiB, t ≥ 2, p = 1) at about 33 ms a hash on a 2-core box.
type Params struct {
	MemoryKiB uint32
	Time      uint32
	Threads   uint8
}

// DefaultParams is what new hashes use (CurrentParams); older hashes are
// rehashed at login.
var DefaultParams = Params{MemoryKiB: 19 * 1024, Time: 2, Threads: 1}

// TestParams is a cost for tests only: about a thousandth of DefaultParams,
// so a test suite can sign in hundreds of users. UseTestParams sets it.
var TestParams = Params{MemoryKiB: 64, Time: 2, Threads: 1}

var testParams atomic.Bool

// UseTestParams makes CurrentParams return TestParams for the rest of the
// test binary; a test package calls it once, in TestMain or before its first
// user. It panics in any program that is not a test binary, so no setting,
// flag or environment variable can weaken the hashes a server writes.
// DefaultParams themselves are tested in this package, which never calls it.
func UseTestParams() {
	if !testing.Testing() {
		panic("auth: UseTestParams outside a test binary")
	}
	testParams.Store(true)
}

// CurrentParams are the parameters new hashes use and older ones are
// upgraded to at login: DefaultParams, except in a test binary that called
// UseTestParams.
func CurrentParams() Params {
	if testParams.Load() {
		return TestParams
	}
	return DefaultParams
}

// ErrMismatch is returned when a password does not match its hash.
var ErrMismatch = errors.New("auth: password does not match")

// HashPassword returns a PHC-format argon2id hash of password.
func HashPassword(password string, p Params) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("auth: salt: %w", err)
	}
	key := argon2.IDKey([]byte(password), salt, p.Time, p.MemoryKiB, p.Threads, 32)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.MemoryKiB, p.Time, p.Threads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// CheckPassword compares password with a PHC hash in constant time. needsRehash
// is true when the hash used weaker parameters than CurrentParams.
func CheckPassword(password, hash string) (needsRehash bool, err error) {
	p, salt, key, err := ParseHash(hash)
	if err != nil {
		return false, err
	}
	got := argon2.IDKey([]byte(password), salt, p.Time, p.MemoryKiB, p.Threads, uint32(len(key)))
	if subtle.ConstantTimeCompare(got, key) != 1 {
		return false, ErrMismatch
	}
	cur := CurrentParams()
	return p.MemoryKiB < cur.MemoryKiB || p.Time < cur.Time, nil
}

// ParseHash splits a PHC argon2id string into its parameters, salt and key.
func ParseHash(hash string) (p Params, salt, key []byte, err error) {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return p, nil, nil, errors.New("auth: not an argon2id hash")
	}
	var version int
	if _, err = fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return p, nil, nil, errors.New("auth: unsupported argon2 version")
	}
	if _, err = fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.MemoryKiB, &p.Time, &p.Threads); err != nil {
		return p, nil, nil, fmt.Errorf("auth: argon2 parameters: %w", err)
	}
	b64 := base64.RawStdEncoding
	if salt, err = b64.DecodeString(parts[4]); err != nil {
		return p, nil, nil, fmt.Errorf("auth: salt: %w", err)
	}
	if key, err = b64.DecodeString(parts[5]); err != nil {
		return p, nil, nil, fmt.Errorf("auth: key: %w", err)
	}
	return p, salt, key, nil
}

// Password policy errors; the web layer translates them by key.
var (
	ErrPasswordShort  = errors.New("password.too_short")
	ErrPasswordLong   = errors.New("password.too_long")
	ErrPasswordCommon = errors.New("password.too_common")
)

// MinPasswordLen follows ASVS 6.2.1: length, not composition rules.
const MinPasswordLen = 8

// MaxPasswordLen bounds the KDF's input; far above ASVS's 64.
const MaxPasswordLen = 256

// CheckPolicy applies the password rules: 8 to 256 characters and not one of
// the commonly used passwords (or the product's own name).
func CheckPolicy(password string) error {
	n := utf8.RuneCountInString(password)
	switch {
	case n < MinPasswordLen:
		return ErrPasswordShort
	case n > MaxPasswordLen:
		return ErrPasswordLong
	case isCommon(password):
		return ErrPasswordCommon
	}
	return nil
}

// NormalizePassword is applied to a password wherever one is set or
// checked (login, re-authentication, the admin's form, the CLI, the profile
// page): surrounding white space is dropped, so a password pasted with a
// trailing space or newline works the same way at every door.
func NormalizePassword(p string) string { return strings.TrimSpace(p) }
