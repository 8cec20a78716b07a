package auth

import (
	"crypto/rand"
	"crypto/sha256"
)

// NewToken returns a fresh random token (about 130 bits, base32 text) for a
// session cookie or an API token.
func NewToken() string { return rand.Text() }

// HashToken is what the database stores in place of a token: a stolen
// table cannot be replayed.
func HashToken(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}
