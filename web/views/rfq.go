package views

import (
	"github.com/a-h/templ"

	"github.com/gpuquote/gpuquote/internal/brief"
)

// RFQList is an evaluation's sourcing rounds.
type RFQList struct {
	EvaluationID   int64
	EvaluationName string
	Rounds         []RFQRow
	CanCreate      bool
}

// RFQRow is one round in a list.
type RFQRow struct {
	ID       int64
	Round    int
	Title    string // "Request for quotes, round 2" or "Best-and-final round 3"
	Deadline string
	State    string // translated: sealed, opened
	Counts   string // translated: "3 invited, 2 submitted"
}

// RFQForm is the new-round form.
type RFQForm struct {
	EvaluationID   int64
	EvaluationName string
	BriefReady     bool
	BriefMissing   []string // labels
	Deadline       string
	TimeZone       string
	GraceHours     string
	Note           string
	Vendors        []VendorRow
	Errors         map[string]string // translated, by field ("deadline", "vendors[0].email")
	Languages      []Option
	MoreRows       int // rows=N link for more vendor rows
	MailOn         bool
	// Visibility is each filled brief field with whether vendors see it.
	Visibility []FieldVisibility
	Compliance ComplianceForm

	// ConfirmWarnings asks the buyer to confirm inviting vendors whose
	// record is below the threshold (the warnings sit at their rows).
	ConfirmWarnings bool
}

// FieldVisibility is a brief field on the new-round form: shared with
// vendors or internal.
type FieldVisibility struct {
	Key      string
	Label    string
	Value    string
	Internal bool
}

// VendorRow is one vendor row of the form.
type VendorRow struct {
	Index    int
	Company  string
	Contact  string
	Email    string
	Language string
}

// RFQCreated shows the links of a new round once, to copy.
type RFQCreated struct {
	RFQID  int64
	Title  string // "Request for quotes sent", or "New link for Alpha GPU"
	MailOn bool
	Links  []CreatedLink
	CSV    string // the links as a CSV file, saved by static/sourcing.js
	All    string // every link, one line each, for "copy all"
}

// CreatedLink is one invitation's link.
type CreatedLink struct {
	Company string
	Email   string
	Link    string
}

// RFQPage is the buyer's page of one round.
type RFQPage struct {
	ID             int64
	EvaluationID   int64
	EvaluationName string
	Round          int
	Title          string // the round's name
	Deadline       string
	DeadlineAt     string // RFC 3339, for the countdown
	Countdown      string // translated "closes in …", "" once closed
	// CountdownTemplate is the countdown's text with {d} {h} {m}, for the
	// page's script to keep it current.
	CountdownTemplate string
	LinksExpire       string
	Note              string
	Sealed            bool
	OpenedLine        string // translated: when and by whom / at the deadline, with the reason
	BriefVersion      int
	BriefStale        bool     // the evaluation's brief changed since it was sent
	Internal          []string // labels of the brief fields kept from vendors
	Compliance        ComplianceMatrix
	MailOn            bool
	Invitations       []InvitationRow
	Questions         []QuestionRow
	Documents         []DocumentRow
	Rounds            []RFQRow
	Shortlisted       []Option // quotes of this round on the shortlist: value = quote id
	CanRun            bool     // procurement: remind, revoke, answer, resend, new round
	CanOpen           bool     // a manager, while sealed
	Errors            map[string]string
	Flash             string
}

// InvitationRow is one vendor on the round page.
type InvitationRow struct {
	ID         int64
	Company    string
	Contact    string
	Email      string
	Language   string
	Status     string // code
	StatusText string
	Opened     string
	Asked      string
	Submitted  string
	Revisions  int
	Mail       string // translated mail status
	MailCSS    string
	QuoteID    int64
	Revocable  bool
}

// QuestionRow is a vendor question on the buyer's page.
type QuestionRow struct {
	ID      int64
	Company string
	Text    string
	// Published is the wording every vendor read with the answer; the
	// buyer's page shows it beside the original.
	Published string
	Asked     string
	Answer    string
	Answered  string
}

// DocumentRow is a vendor's attachment.
type DocumentRow struct {
	ID       int64
	Company  string
	Name     string
	Size     string
	Uploaded string
	Sealed   bool
}

// VendorPage is the vendor's view of its invitation.
type VendorPage struct {
	Company           string
	Round             int
	Deadline          string
	DeadlineAt        string // RFC 3339, for the countdown
	Countdown         string
	CountdownTemplate string
	LinksExpire       string
	Note              string
	Brief             brief.Brief
	BriefVersion      int
	BriefSent         string
	Status            string // translated
	Submitted         string // translated "revision 2 submitted at ..."; "" before any
	Closed            string // translated reason a submission is refused now; "" when open
	Answers           []QuestionRow
	Own               []QuestionRow
	Documents         []DocumentRow
	Check             DraftCheck
	Compliance        VendorCompliance
	Errors            map[string]string
	Flash             string
}

// VendorQuoteForm is the vendor's quote form with the draft's check.
type VendorQuoteForm struct {
	Company           string
	Deadline          string
	DeadlineAt        string
	Countdown         string
	CountdownTemplate string
	// ReadOnly is set once answers are closed: the form shows the answer
	// and says what the vendor can still do.
	ReadOnly     bool
	ReadOnlyText string
	FieldFlags   map[string][]VendorFlagView // each flag beside the fields it reads
	Groups       []TermGroup
	HasErrors    bool
	Closed       string
	Refusal      string // why a submission was just refused; the draft is kept
	Check        DraftCheck
	Flash        string
}

// DraftCheck is what the draft raises before it is submitted.
type DraftCheck struct {
	Percent  int
	Summary  string // translated: "38 of 45 terms answered"
	Blockers int
	Warnings int
	Missing  []TermLink // translated: "Inter-node fabric: not stated, the buyer needs it"
	Flags    []VendorFlagView
}

// VendorFlagView is a red flag on a vendor's draft, worded for the vendor.
type VendorFlagView struct {
	Blocker  bool
	Severity string // the vendor's label, never the buyer's
	Message  string
	Terms    []TermLink
}

// TermLink names a quote term and the text that links to its field.
type TermLink struct {
	Name  string
	Label string
}

// termHref links to a term's field on the vendor's quote form.
func termHref(name string) templ.SafeURL { return templ.URL("/v/quote#v-" + name) }
