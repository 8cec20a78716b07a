package views

import "github.com/gpuquote/gpuquote/internal/chart"

// DecisionPage is the manager's page: recommendation, shortlist, waivers,
// approval.
type DecisionPage struct {
	EvaluationID   int64
	EvaluationName string
	Error          string
	// FieldErrors are refusals shown next to the input they are about,
	// by the input's id ("pw-12", "reapprove-pw").
	FieldErrors   map[string]string
	Notice        string              // quotes left out for want of an exchange rate
	Compliance    []AwardedCompliance // the awarded quotes' rows of their round's matrix
	Reason        string              // the decision reason typed, kept on an error
	Option        string
	NotReady      bool
	Summary       string
	Reasons       []string
	ChangeIf      []string
	Notes         []string
	Missing       []string
	Figures       []Figure
	CostLines     chart.LinesFigure // rent, reserve and buy: cumulative cost per GPU over the months
	CostLinesText ChartText
	Facts         []FactField
	FactsVersion  int
	Award         *AwardView
	Awards        *AwardsPanel
	// ScoreOverlap and ScoreFlip say whether the score bands overlap and
	// which single weight change would change the winner.
	ScoreOverlap string
	ScoreFlip    string
	HasScores    bool
	Quotes       []DecisionQuote // a page of the priced quotes
	Pager        Pager
	Current      *ApprovalView
	History      []HistoryRow
	CanShortlist bool
	CanDecide    bool
	NeedsReauth  bool
	AllowSelf    bool
}

// Figure is a labelled computed figure with its basis.
type Figure struct {
	Label string
	Value string
	Basis string
}

// FactField is one editable decision fact.
type FactField struct {
	Key     string
	Label   string
	Kind    string
	Value   string
	Unit    string
	Options []Option
}

// DecisionQuote is a quote as the decision page lists it.
type DecisionQuote struct {
	ID          int64
	Provider    string
	Rental      string
	CostPerUnit string
	TCO         string
	Status      string // shortlist status key: "", "shortlisted", "approved", "rejected"
	StatusLabel string
	Blockers    []BlockerView
	FailedTests []string // failed acceptance tests, waived on the quote page
	Waived      []string
	Stale       bool
	// Score is the weighted score's band ("6.5–7.2") and Place its rank;
	// ScoreOverlap marks a band that overlaps the leader's.
	Score        string
	Place        string
	ScoreOverlap bool
	// NoApprove, when set, is why the viewer cannot approve this quote
	// (separation of duties, another quote approved): the page says so
	// instead of offering a button the rules would refuse.
	NoApprove string
	// ApproveByAward marks a NoApprove that the award form answers: the
	// contract value needs more approvers than one, and the award
	// collects their signatures.
	ApproveByAward bool
}

// BlockerView is an open blocker with what it is about.
type BlockerView struct {
	FlagID  string
	Message string
}

// ApprovalView is the approval in force.
type ApprovalView struct {
	QuoteID  int64
	Provider string
	By       string
	At       string
	Reason   string
	Hash     string
	Stale    bool
	Self     bool
	// Recommended names the quote the analysis said to award when the
	// approval is on another one; the reason given stands beside it.
	Recommended string
	// Approvers are the snapshot's signatures (name, role, time, reason).
	Approvers []string
	// Changes are what changed since a stale approval, worded.
	Changes []string
	// NoReapprove, when set, is why one signature cannot renew the stale
	// approval (its contract value needs more approvers): the page says
	// so, pointing to the award, instead of offering the form.
	NoReapprove string
}

// HistoryRow is one decision record.
type HistoryRow struct {
	What   string
	By     string
	At     string
	Reason string
	Hash   string
}

// MemoPage is the decision memo for the record.
type MemoPage struct {
	EvaluationName string
	Date           string
	Brief          []Figure
	Option         string
	Summary        string
	Reasons        []string
	Shortlist      []DecisionQuote
	Current        *ApprovalView
	Waivers        []Figure
	Hash           string
	Award          *AwardView
	Assumptions    []Figure // what the figures were computed with
	Awards         []RecordedAward
	Evidence       []MemoEvidence // the awarded quotes' flags and tests
	Compliance     []AwardedCompliance
	// InForce is the award in force when it is not a single-quote
	// approval (Current): approved, or stale with what changed.
	InForce *RecordedAward
}

// MemoEvidence is an awarded quote's red flags and acceptance tests.
type MemoEvidence struct {
	Provider string
	Flags    []FlagView
	Tests    string // "6/9 passed, 1 failed"
}

// AwardView is what the analysis says to award, for the decision page,
// the evaluation home and the memo.
type AwardView struct {
	Summary       string // "Award Northwind, reserved, 12 months."
	Ready         bool
	Gaps          []string // what keeps it from being signed, translated
	CostPerUnit   string
	MonthlyTCO    string
	ContractValue string
	RunnerUp      string   // the runner-up and the margin, translated
	PassedOver    []string // cheaper quotes passed over for their blockers, the nearest few
	// PassedOverMore counts the passed-over quotes not named ("and 9,995
	// more"), with a link to the worksheet sorted by cost; empty when none.
	PassedOverMore string
	PassedOverLink string
	QuoteID        int64
	// The decision story: the analysis's answer, why the awarded rental
	// model fits, the warnings against it (with their reasons and what
	// would flip them), what would change the answer, the quotes left out
	// and the facts read with their sources (shown where ShowFacts).
	Analysis    string
	Fits        []string
	Warnings    []StoryWarning
	WouldChange []string
	LeftOut     []string
	Facts       []StoryFact
	ShowFacts   bool
}

// StoryWarning is one thing held against the award.
type StoryWarning struct {
	Text     string
	Because  []string
	ChangeIf []string
}

// StoryFact is one fact the recommendation read, and where from.
type StoryFact struct {
	Key, Label, Value, Source string
}
