package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"slices"
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

// Scope is what an API token may do, chosen when it is created.
type Scope string

// The token scopes, from least to most.
const (
	// ScopeRead allows reads only (GET and HEAD).
	ScopeRead Scope = "read"
	// ScopeWrite allows what the owner's role allows, except decisions.
	ScopeWrite Scope = "write"
	// ScopeApprove adds approvals, rejections, revocations and waivers. It
	// can only be issued after a fresh login (or by the operator's CLI), so
	// a stale session cannot mint a token that approves.
	ScopeApprove Scope = "approve"
	// ScopeEvidence is a trial cluster's token: bound to one quote (or one
	// evaluation), it may only fetch that quote's test plan and upload
	// evidence to it. It is not one of Scopes: the profile form does not
	// offer it, the quote page does.
	ScopeEvidence Scope = "evidence"
)

// Scopes lists every general scope in order.
var Scopes = []Scope{ScopeRead, ScopeWrite, ScopeApprove}

// Valid reports whether s is one of Scopes or the evidence scope.
func (s Scope) Valid() bool { return slices.Contains(Scopes, s) || s == ScopeEvidence }

// AllowsMethod reports whether a token of scope s may make a request with
// this HTTP method: a read-only token may only read.
func (s Scope) AllowsMethod(method string) bool {
	switch method {
	case "GET", "HEAD", "OPTIONS":
		return true
	}
	return s == ScopeWrite || s == ScopeApprove || (s == ScopeEvidence && method == "POST")
}

// Allows reports whether a token of scope s may exercise permission p
// (on top of its owner's role holding p).
func (s Scope) Allows(p Permission) bool {
	switch p {
	case Approve, ApproveAward:
		// An award's signature is a decision too: each approver
		// re-authenticates by minting an approve token after a fresh login.
		return s == ScopeApprove
	case ReadAudit:
		return s.Valid() && s != ScopeEvidence
	case UploadBenchmarks:
		return s == ScopeWrite || s == ScopeApprove || s == ScopeEvidence
	}
	return s == ScopeWrite || s == ScopeApprove
}

// Token lifetimes: an admin may change the default and the maximum within
// these bounds.
const (
	DefaultTokenDays = 90
	MaxTokenDays     = 365
	// TokenDaysCeiling is the largest maximum an admin may set.
	TokenDaysCeiling = 3650
	// An evidence token lives as long as a trial: a week by default, a
	// month at most.
	EvidenceTokenDays    = 7
	MaxEvidenceTokenDays = 30
)
