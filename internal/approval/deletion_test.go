package approval

import (
	"errors"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
)

func TestMayDelete(t *testing.T) {
	const author, other = 1, 2
	tests := []struct {
		name      string
		role      auth.Role
		user      int64
		shortlist string
		want      error
	}{
		{"author, not listed", auth.Procurement, author, "", nil},
		{"author, rejected", auth.Procurement, author, "rejected", nil},
		{"author, shortlisted", auth.Procurement, author, "shortlisted", ErrOnShortlist},
		{"manager, approved", auth.Manager, other, "approved", ErrOnShortlist},
		{"manager, someone else's", auth.Manager, other, "", nil},
		{"procurement, someone else's", auth.Procurement, other, "", ErrNotYourQuote},
		{"engineer, own", auth.Engineer, author, "", ErrNotYourQuote},
		{"someone else's and listed: not yours first", auth.Procurement, other, "approved", ErrNotYourQuote},
	}
	for _, tt := range tests {
		if got := MayDelete(tt.role, tt.user, Standing{AuthorID: author, Shortlist: tt.shortlist}); !errors.Is(got, tt.want) || (tt.want == nil && got != nil) {
			t.Errorf("%s: MayDelete = %v, want %v", tt.name, got, tt.want)
		}
	}
}
