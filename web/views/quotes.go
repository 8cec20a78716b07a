package views

import (
	"context"

	"github.com/a-h/templ"
)

// QuotesPage lists an evaluation's quotes.
type QuotesPage struct {
	EvaluationID   int64
	EvaluationName string
	Table          templ.Component // a page of the quotes' table; nil when there are none
	Pager          Pager
	CanEdit        bool
	Sealed         []SealedRound // sourcing rounds whose answers are not open yet
}

// SealedRound says a round has answers the buyer may not read yet.
type SealedRound struct {
	Link string
	Text string // translated: "2 of 3 vendors submitted; sealed until ..."
}

// QuoteRow is one quote in the list.
type QuoteRow struct {
	ID        int64
	Provider  string
	GPU       string
	Shape     string
	Rental    string
	Rate      string
	Blockers  int
	Warnings  int
	Expiry    string // translated
	ExpiryCSS string // "", "warn" or "blocker"
	Suite     string // acceptance progress, "6/9 passed, 1 failed"; "" hides it
	Waived    int    // blockers waived (not counted in Blockers)
	Status    string // the quote's place in the decision, translated; "" for none
	StatusCSS string
	// The worksheet's money for the quote, translated; "" when the
	// worksheet left it out (no exchange rate).
	TCO, CostPerUnit, Contract string
}

// QuoteSort is the list's sort: a column key ("tco", "cost", "contract")
// or "" for the order of entry; Href gives each column's sort link.
type QuoteSort struct {
	By   string
	Href func(by string) string
}

// TermField is one term in the quote form.
type TermField struct {
	Name     string
	Label    string
	Kind     string // the quote.Kind
	Options  []Option
	State    string // "stated", "not_stated" or "refused"
	Value    string
	Error    string
	Required bool
}

// Option is a value of a select with its label.
type Option struct {
	Value string
	Label string
}

// TermGroup is a section of terms.
type TermGroup struct {
	Label  string
	Fields []TermField
	Terms  []TermView
}

// QuoteForm is the add and edit form.
type QuoteForm struct {
	EvaluationID   int64
	EvaluationName string
	QuoteID        int64 // 0 for a new quote
	Version        int
	Groups         []TermGroup
	HasErrors      bool
	Conflict       bool
	Error          string // a refusal of the whole form, already translated
}

// TermView is one term as the quote page shows it.
type TermView struct {
	Label string
	State string // "stated", "not_stated" or "refused"
	Text  string // the value, or the state's label
}

// FlagView is one red flag, translated.
type FlagView struct {
	Blocker  bool
	Severity string
	Message  string
	Question string
	Terms    string
	Waived   string // who waived it, when and why; "" when not waived
}

// QuoteDetail is the quote page.
type QuoteDetail struct {
	// Money is the quote's figures from the worksheet; nil when the
	// worksheet left it out.
	Money          *QuoteMoney
	ID             int64
	EvaluationID   int64
	EvaluationName string
	Provider       string
	AuthorLine     string
	Source         string // translated: which sourcing round and vendor submission it came from
	Banner         string
	BannerCSS      string
	Groups         []TermGroup
	Flags          []FlagView
	Market         MarketView
	Revisions      []RevisionRow
	DiffFrom       int
	DiffTo         int
	Diff           []DiffRow
	CanEdit        bool
	CanDelete      bool
	Bench          BenchView
	Status         string // the quote's place in the decision, translated
	StatusCSS      string
	Blockers       int // open blockers
	Waived         int // waived blockers
}

// MarketView is the market price check.
type MarketView struct {
	Line    string
	Verdict string
	CSS     string
}

// RevisionRow is one revision of a quote.
type RevisionRow struct {
	N    int
	Line string
}

// DiffRow is one changed term between two revisions.
type DiffRow struct {
	Term string
	Old  string
	New  string
}

// QuestionsPage is the letter of questions a quote's flags raise.
type QuestionsPage struct {
	QuoteID   int64
	Provider  string
	Head      Letterhead
	Questions []string
	Plain     string
}

// ImportPage is the CSV import: upload, errors, preview.
type ImportPage struct {
	EvaluationID   int64
	EvaluationName string
	Error          string
	RowErrors      []ImportRowError
	Preview        []QuoteRow
	PreviewFlags   [][]FlagView
	CSV            string
	Mode           string     // "revise" (default) or "add": what a row matching a held quote does
	Plan           ImportPlan // what the previewed import does with each row
}

// ImportRowError is one bad cell of an import.
type ImportRowError struct {
	Line   int
	Column string
	Reason string
}

// ReferencePage is the admin's FX rates and market prices.
type ReferencePage struct {
	Rates      []FXRow
	Currency   string
	Rate       string
	AsOf       string
	Errors     map[string]string
	Source     string
	SourceDate string
	RowCount   int
	UploadErr  string
	// UploadProblems are a refused price file's problems, one a line.
	UploadProblems []string
	AllowSelf      bool
	// AwardAcceptance: the admin rule that an award needs every automatic
	// acceptance test of its quotes passed or waived.
	AwardAcceptance bool
	// RecordThreshold is the past-performance pre-grade under which an
	// invited vendor is warned about ("0": off), with its error.
	RecordThreshold      string
	RecordThresholdError string
	// ConfirmFX and ConfirmPrices ask the admin to confirm an implausible
	// rate or price file before it is used.
	ConfirmFX     bool
	ConfirmPrices bool
	FXHistory     []FXHistoryRow
	PriceHistory  []PriceHistoryRow
	// Settings are the award settings (approval rules, criteria template).
	Settings *ApprovalSettings
	// ContractAlerts is the contract alert settings form.
	ContractAlerts *ContractAlertSettings
	// Capital is the capital cost table; CapitalForm the form's values
	// (kept on an error) with CapitalErrors by field.
	Capital       []CapitalRow
	CapitalForm   CapitalRow
	CapitalErrors map[string]string
}

// CapitalRow is one GPU model's capital cost with its source and date.
type CapitalRow struct {
	GPU, USD, Source, Date string
}

// FXHistoryRow is one rate set in the past.
type FXHistoryRow struct {
	ID       int64
	Currency string
	Rate     string
	AsOf     string
	Line     string // who set it and when
	Current  bool   // the rate in use for its currency
}

// PriceHistoryRow is one uploaded price file.
type PriceHistoryRow struct {
	ID      int64
	Source  string
	Line    string // who uploaded it and when, its size
	Current bool
}

// FXRow is one exchange rate.
type FXRow struct {
	Currency string
	Rate     string
	AsOf     string
}

// termErrorID links a term's value input to its error message, if any.
func termErrorID(f TermField) string {
	if f.Error == "" {
		return ""
	}
	return "err-" + f.Name
}

// previewTotals adds up the flags of an import preview, for the summary
// shown above the confirm button.
func previewTotals(rows []QuoteRow) (blockers, warnings int) {
	for _, r := range rows {
		blockers += r.Blockers
		warnings += r.Warnings
	}
	return blockers, warnings
}

// withImportErrors puts a refused upload at the top of the page: the
// file's problem, or the count of bad cells linked to their table.
func withImportErrors(ctx context.Context, p Page, m ImportPage) Page {
	if m.Error != "" {
		p.Errors = append(p.Errors, FormError{Target: "file", Label: t(ctx, "import.file"), Message: m.Error})
	}
	if len(m.RowErrors) > 0 {
		p.Errors = append(p.Errors, FormError{Target: "import-errors", Message: t(ctx, "import.errors")})
	}
	return p
}

// QuoteMoney is a quote's figures, translated: each in the evaluation's
// currency, with the amount as quoted ("…Quoted") when it was converted.
type QuoteMoney struct {
	TCO, TCOQuoted, TCORange                         string
	Contract, ContractQuoted                         string
	CostPerUnit, CostPerUnitQuoted, CostPerUnitRange string
	Unit                                             string
	Place                                            string // "1st of 3 by cost per useful unit"
	WorksheetHref                                    string
}
