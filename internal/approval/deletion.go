package approval

import (
	"errors"

	"github.com/gpuquote/gpuquote/internal/auth"
)

// Refusals of a deletion; the web layer maps them to 403 and to a flash.
var (
	ErrNotYourQuote = errors.New("approval: only the quote's author or a manager may delete it")
	ErrOnShortlist  = errors.New("approval: a shortlisted or approved quote must come off the shortlist first")
)

// Standing is what the deletion rule needs of a quote: who entered it and
// where it stands on the shortlist ("", "shortlisted", "approved" or
// "rejected").
type Standing struct {
	AuthorID  int64
	Shortlist string
}

// MayDeleteAs reports whether a user may delete quotes of this author at
// all: one who edits quotes, and only their own unless a manager. The
// quote page shows its delete button by it.
func MayDeleteAs(role auth.Role, userID, authorID int64) bool {
	return role.Can(auth.EditQuotes) && (userID == authorID || role == auth.Manager)
}

// MayDelete decides a deletion. A quote on the shortlist carries waivers,
// acceptance tests and possibly an approval: it must be taken off (or the
// approval revoked) first, so nothing on the record disappears silently.
func MayDelete(role auth.Role, userID int64, q Standing) error {
	switch {
	case !MayDeleteAs(role, userID, q.AuthorID):
		return ErrNotYourQuote
	case q.Shortlist == "shortlisted" || q.Shortlist == "approved":
		return ErrOnShortlist
	}
	return nil
}
