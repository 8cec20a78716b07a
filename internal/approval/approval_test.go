package approval

import (
	"errors"
	"testing"
	"time"
)

func TestCheck(t *testing.T) {
	base := Request{Kind: Approve, Reason: "best cost per run", ApproverID: 2, AuthorID: 1, Status: "shortlisted"}
	tests := []struct {
		name string
		edit func(*Request)
		want error
	}{
		{"approve", func(*Request) {}, nil},
		{"no reason", func(r *Request) { r.Reason = "  " }, ErrReasonRequired},
		{"not shortlisted", func(r *Request) { r.Status = "" }, ErrNotShortlisted},
		{"already decided", func(r *Request) { r.Status = "rejected" }, ErrNotShortlisted},
		{"own quote", func(r *Request) { r.ApproverID = 1 }, ErrOwnQuote},
		{"own quote, team of one", func(r *Request) { r.ApproverID, r.AllowSelfApproval = 1, true }, nil},
		{"revised by the approver", func(r *Request) { r.ApproverEdited = true }, ErrOwnQuote},
		{"open blocker", func(r *Request) { r.OpenBlockers = []Blocker{{Kind: "flag", ID: "egress_refused"}} }, ErrOpenBlockers},
		{"reject own quote with blockers", func(r *Request) {
			r.Kind, r.ApproverID, r.OpenBlockers = Reject, 1, []Blocker{{Kind: "test", ID: "nccl_allreduce"}}
		}, nil},
		{"revoke approved", func(r *Request) { r.Kind, r.Status = Revoke, "approved" }, nil},
		{"revoke shortlisted", func(r *Request) { r.Kind = Revoke }, ErrNotApproved},
		{"unknown", func(r *Request) { r.Kind = "maybe" }, ErrUnknownKind},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := base
			tt.edit(&r)
			if got := Check(r); !errors.Is(got, tt.want) {
				t.Errorf("Check = %v, want %v", got, tt.want)
			}
		})
	}
	if !SelfApproval(Request{Kind: Approve, ApproverID: 1, AuthorID: 1}) || SelfApproval(base) {
		t.Error("SelfApproval")
	}
}

func TestHashesAreStableAndSensitive(t *testing.T) {
	s := Snapshot{QuoteID: 1, Terms: map[string]string{"b": "2", "a": "1"}, DecidedAt: time.Unix(0, 0).UTC()}
	h1, _ := s.Hash()
	s.Terms = map[string]string{"a": "1", "b": "2"}
	h2, _ := s.Hash()
	if h1 != h2 || len(h1) != 64 {
		t.Errorf("hash depends on map order: %s %s", h1, h2)
	}
	s.Terms["a"] = "1.5"
	if h3, _ := s.Hash(); h3 == h1 {
		t.Error("hash ignores a changed term")
	}
	a := InputsHash(map[string]string{"price_per_gpu_hour": "2.95"}, map[string]string{"utilisation": "70"})
	b := InputsHash(map[string]string{"price_per_gpu_hour": "2.95"}, map[string]string{"utilisation": "85"})
	if a == b {
		t.Error("an assumption edit must change the inputs hash")
	}
}
