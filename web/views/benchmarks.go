package views

// BenchView is a quote's benchmarks and acceptance suite: on the quote
// page as a summary, on the benchmarks page with the forms.
type BenchView struct {
	QuoteID  int64
	Progress string // "6/9 passed, 1 failed"
	Uploads  []BenchUpload
	Claims   []ClaimRow
	Suite    []SuiteRow
	Gates    []GateRow  // the trial's burn-in and healthy-node gates
	History  []SuiteRow // every recorded change, newest first
	HasChart bool
	Expected string // the expected range for the quote's class, with its source
	// CanEdit shows the upload and record forms' link (and, with Forms,
	// the forms themselves).
	CanEdit bool
	Forms   bool

	UploadError     string
	UploadFields    map[string]string // the user's metadata after a refused upload
	Kinds           []Option
	KindOptions     []Option // formats a misdetected upload may be re-read as
	ActionError     string   // a refused withdrawal or re-classification
	ActionID        int64    // the upload it was about
	AcceptanceError string
	Acceptance      map[string]string // the user's record after a refused one
	Tests           []Option
	Statuses        []Option
	EvidenceOptions []Option
}

// BenchUpload is one stored log with its figures and verdict.
type BenchUpload struct {
	ID         int64
	FileName   string
	Kind       string
	Meta       string
	Uploaded   string
	Size       string
	ParseError string
	Figures    []string
	Status     string // pass, low, fail, unproven, incomplete, info, withdrawn
	StatusText string
	CSS        string // badge class: ok, warn, blocker or ""
	Checks     []CheckRow
	Notes      []string // the parser's own observations
	Withdrawn  string   // "withdrawn by … at …: reason", or ""
	// Changeable shows the withdraw and re-classify forms.
	Changeable  bool
	ActionError string
}

// CheckRow is one finding of a verdict, in words.
type CheckRow struct {
	Status     string
	StatusText string
	CSS        string
	Text       string
	Line       string // "line 34", or ""
}

// ClaimRow is one claim of the quote and what the evidence says.
type ClaimRow struct {
	Term       string
	Quoted     string
	Status     string // verified, contradicted, unproven
	StatusText string
	CSS        string
	Evidence   []string
}

// SuiteRow is one acceptance test's current (or a past) state.
type SuiteRow struct {
	Test       string
	Name       string
	Criterion  string
	Status     string // pending, passed, failed, waived
	StatusText string
	CSS        string
	Note       string
	Waiver     string
	EvidenceID int64
	Evidence   string
	Recorded   string // "by … at …", or "" when never recorded
	Automatic  bool
}
