package sourcing

import (
	"time"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/rfq"
)

// The records of a sourcing round as the store reads them and the use
// cases return them: plain data, so the pages' builders (web/views) can
// take them without reaching the store.

// RFQ is a request for quotes: one round of a sourcing event. It never
// carries a vendor's terms: those are readable only once the round is
// opened, as quotes of the evaluation.
type RFQ struct {
	ID           int64
	EvaluationID int64
	ParentID     int64 // the round a best-and-final round reopens; 0 for a first round
	Round        int
	Deadline     time.Time // in TimeZone
	TimeZone     string
	GraceHours   int
	Note         string
	CreatedBy    int64
	CreatedAt    time.Time
	OpenedAt     *time.Time
	OpenedBy     int64 // 0 when opened by the deadline
	OpenReason   string
	BriefVersion int // the version of the brief as sent (1, 2, ...)
	Brief        brief.Brief
	BriefSentAt  time.Time
	// InternalFields are the brief fields kept from vendors: the vendor
	// pages, API and printed brief leave them out.
	InternalFields []string
	// Compliance is the attestations the round requires and their scope.
	Compliance Compliance
}

// Rules returns the round as internal/rfq reads it.
func (r RFQ) Rules() rfq.Round {
	return rfq.Round{Deadline: r.Deadline, GraceHours: r.GraceHours, Opened: r.OpenedAt != nil}
}

// Invitation is one vendor invited to a round, with what the buyer may
// know before the deadline: when it opened, asked, submitted; not what.
type Invitation struct {
	ID          int64
	RFQID       int64
	Company     string
	Contact     string
	Email       string
	Language    string
	Status      rfq.Status
	QuoteID     int64 // the quote the answer became (or revises, in a best-and-final round)
	CreatedAt   time.Time
	OpenedAt    *time.Time
	AskedAt     *time.Time
	SubmittedAt *time.Time
	RevokedAt   *time.Time
	Revisions   int    // submissions so far
	MailStatus  string // of the newest mail to this vendor: "", pending, sent, failed
	MailError   string
	MailAt      *time.Time
}

// Document is a file a vendor attached to its answer.
type Document struct {
	ID           int64
	InvitationID int64
	Company      string
	Name         string
	ContentType  string
	Size         int
	UploadedAt   time.Time
	// Readable is true once the buyer may read the file: its round is
	// opened and its vendor's answer was submitted (not revoked). Every
	// other file stays sealed.
	Readable bool
}

// VendorDraft is what a vendor has written: its working draft and its
// newest submission (nil when none).
type VendorDraft struct {
	Draft       *quote.Quote
	DraftAt     *time.Time
	Submitted   *quote.Quote
	SubmittedAt *time.Time
	Revision    int
}

// Question is a vendor's clarification question and the buyer's answer.
type Question struct {
	ID           int64
	RFQID        int64
	InvitationID int64
	Company      string // who asked: shown to the buyer only
	Text         string // the vendor's own wording: shown to the buyer and the asker only
	// Published is the wording every vendor reads with the answer, as the
	// buyer edited it ("" until answered).
	Published  string
	AskedAt    time.Time
	Answer     string
	AnsweredAt *time.Time
}

// RoundCount is a round with how many vendors it invited and how many
// answered: never what they answered.
type RoundCount struct {
	RFQ       RFQ
	Invited   int
	Submitted int
}

// NewInvitation is an invitation as created, with its secret link: shown
// to the buyer this once, never stored.
type NewInvitation struct {
	Invitation
	Token string
	Link  string
}

// RoundDetail is everything the buyer's round page and API show of a
// round, but its evaluation.
type RoundDetail struct {
	RFQ         RFQ
	Invitations []Invitation
	Questions   []Question
	Documents   []Document
	Rounds      []RoundCount // every round of the evaluation, this one included
	Compliance  []Row        // the attestations matrix, nil when the round asks for none
	// BriefStale says the brief changed since the round's vendors were
	// sent it (only while the round is sealed).
	BriefStale bool
	// Shortlisted are the round's invitations whose quote is shortlisted
	// (only once the round is open): a best-and-final round's candidates.
	Shortlisted []Invitation
}

// VendorState is what an invited vendor's page and API show: the round,
// the vendor's own draft and submission, the published answers.
type VendorState struct {
	Brief     brief.Brief // the brief as vendors read it: the internal fields left out
	Flags     []VendorFlag
	Draft     quote.Quote // the working copy, or the offer a best-and-final round revises
	HasDraft  bool
	Saved     VendorDraft
	Check     rfq.Check
	Answers   []Question // answered questions of the round, asker not shown
	Own       []Question // the vendor's own questions
	Documents []Document
	CanSubmit error // nil when a submission would be accepted now
	// Attestations are the vendor's answers to the round's compliance
	// requirements, by kind.
	Attestations map[Kind]Attestation
	Now          time.Time
}

// TermEnd is when the round's contract would end: the brief's term
// (12 months when it states none) from the deadline.
func (r RFQ) TermEnd() time.Time {
	months, ok := r.Brief.Int("term_months")
	if !ok || months <= 0 {
		months = 12
	}
	return r.Deadline.AddDate(0, int(months), 0)
}

// Source is where a quote revision came from: a round, a vendor, a
// submission.
type Source struct {
	QuoteID       int64
	QuoteRevision int
	RFQID         int64
	Round         int
	InvitationID  int64
	Company       string
	Contact       string
	Email         string
	Revision      int
	SubmittedAt   time.Time
}
