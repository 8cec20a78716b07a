package views

import (
	"strconv"

	"github.com/a-h/templ"

	"github.com/gpuquote/gpuquote/internal/chart"
)

// ContractView is a contract as its page shows it: every figure already
// formatted and every text translated.
type ContractView struct {
	ID         int64
	Vendor     string
	VendorID   int64
	State      string // translated
	StateCode  string // draft, active, ...
	Version    int
	FromQuote  string // "quote 12, revision 3"
	QuoteID    int64
	Dates      []Fact // start, term, end, notice, cancel-by, renewals
	Alerts     []string
	Terms      []Fact // rates, capacity, commitment, SLA
	Versions   []VersionRow
	Bills      []BillView
	Commitment []CommitmentRowView
	// CommitmentChart draws Commitment: used and unused per month, and
	// the burn-down.
	CommitmentChart chart.CommitmentFigure
	CommitmentText  ChartText
	Credits         []CreditView
	Outages         []OutageView
	CanEdit         bool
	CanRebid        bool // may start the next round from this contract
	Rebid           RebidForm
	Form            ContractForm
	BillErrors      []string // the rows of a bill that did not import
	OutageError     string
	// UnitsError is why the useful units were refused; UnitsMonth the
	// month the form offers (this one).
	UnitsError, UnitsMonth string
}

// Fact is one labelled figure.
type Fact struct{ Label, Value string }

// VersionRow is one version of the contract.
type VersionRow struct{ Version, Reason, Author, At string }

// BillView is one bill with its match.
type BillView struct {
	ID           int64
	Title        string // file name, format, who
	ShouldBePaid string // translated
	PayCode      string // yes, no, exception
	Total        string
	Disputed     string
	Lines        []BillLineView
	Whole        []string // bill-level exceptions, in words
}

// BillLineView is one line of a bill with its match.
type BillLineView struct {
	Line        string
	Description string
	Quantity    string
	UnitPrice   string
	Amount      string
	OK          bool
	Exceptions  []string // reason and amount, in words
}

// CommitmentRowView is one month of the commitment report.
type CommitmentRowView struct {
	Month, Committed, Used, Unused, Utilisation, Shortfall, Cost, EffectiveRate, Cumulative string
	// PerUseful is the month's cost per useful unit delivered ("—": no
	// units entered); QuotedPerUseful the award's, to compare.
	PerUseful, QuotedPerUseful string
}

// CreditView is one drafted SLA credit claim.
type CreditView struct {
	Month, Availability, Credit, Amount, Deadline, Status string
}

// OutageView is one recorded outage.
type OutageView struct {
	Start, End, Nodes, Source, Note string
	Evidence                        string // the health evidence it was read from; "" when entered
}

// ContractForm is the terms form as typed.
type ContractForm struct {
	StartDate, TermMonths, NoticeDays, Reason string
	Activate                                  bool
	Error                                     string
}

// RenewalsView is the renewals page: upcoming cancel-by dates and every
// contract.
type RenewalsView struct {
	Upcoming  []RenewalRow
	Claims    []ClaimDeadlineRow // open credit claims by the last day to claim
	Contracts []ContractRow
}

// RenewalRow is one upcoming cancel-by date.
type RenewalRow struct {
	ContractID                                 int64
	Vendor, CancelBy, End, DaysLeft, AutoRenew string
}

// ContractRow is one contract in a list.
type ContractRow struct {
	ID                           int64
	VendorID                     int64
	Vendor, State, End, CancelBy string
}

// VendorRecordView is a vendor's record: the summary figures with their
// evidence, the past-performance pre-grade with its rule, and the
// contracts, acceptance suites and invitations they are computed from.
type VendorRecordView struct {
	Vendor      string
	Summary     []RecordFigure
	PreGrade    string // "2.0" or "0.0–10.0"
	PreRule     string // the rule's sentence with the record's figures
	Bands       []RecordBand
	Rows        []VendorRecordRow
	Tests       []RecordTestRow
	Invitations []RecordInvitationRow
}

// RecordFigure is one figure of the record and the records it reads.
type RecordFigure struct {
	Key, Label, Value string
	Links             []RecordLink
}

// RecordLink is a link to a record a figure reads.
type RecordLink struct {
	Text string
	Href templ.SafeURL
}

// RecordBand is one band of the past-performance rule, as percentages.
type RecordBand struct{ Grade, Availability, PriceAdherence, PassRate string }

// VendorRecordRow is one contract's share of the record.
type VendorRecordRow struct {
	ContractID                                                                   int64
	State, Bills, Billed, AboveContract, Adherence, Lines, Availability, Credits string
}

// RecordTestRow is one quote's acceptance suite in the record.
type RecordTestRow struct {
	QuoteID                               int64
	Quote, Passed, Failed, Waived, Reruns string
}

// RecordInvitationRow is one invitation to a round in the record.
type RecordInvitationRow struct {
	RFQID                                      int64
	RFQ, Invited, Answered, Time, Completeness string
}

func contractPath(id int64, rest string) templ.SafeURL {
	return templ.URL("/contracts/" + strconv.FormatInt(id, 10) + rest)
}

func vendorRecordPath(id int64) templ.SafeURL {
	return templ.URL("/vendors/" + strconv.FormatInt(id, 10) + "/record")
}

// RebidForm is the re-bid's one click, with the incumbent's contact to
// give when no round ever reached it (Error says so; the fields open).
type RebidForm struct {
	Contact, Email, Language, Error string
	Languages                       []Option
}
