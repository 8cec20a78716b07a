package evaluation

import "github.com/gpuquote/gpuquote/internal/store"

// The records the use cases take and return, named by the application
// layer: the HTTP layer speaks this vocabulary and imports no store
// (internal/archtest checks it). They are the store's rows as read, so a
// use case hands them on without copying.
type (
	Evaluation        = store.Evaluation
	EvaluationSummary = store.EvaluationSummary
	AnalysisRevision  = store.AnalysisRevision
	StoredBrief       = store.StoredBrief
	StoredQuote       = store.StoredQuote
	QuoteLimitError   = store.QuoteLimitError
	ConflictError     = store.ConflictError
	ShortlistEntry    = store.ShortlistEntry
	Waiver            = store.Waiver
	SuiteCounts       = store.SuiteCounts
	Benchmark         = store.Benchmark
	AwardShare        = store.AwardShare
	RFQ               = store.RFQ
	Invitation        = store.Invitation
	Source            = store.Source
	ContractFilter    = store.ContractFilter
	Outage            = store.Outage
)

// The errors a use case returns, for the HTTP layer to map to a status.
var (
	ErrNotFound     = store.ErrNotFound
	ErrConflict     = store.ErrConflict
	ErrExists       = store.ErrExists
	ErrSealed       = store.ErrSealed
	ErrTokenTooLong = store.ErrTokenTooLong
)

// Unavailable reports whether err is the database being out of reach
// (down, or every connection busy past the deadline): the request may be
// tried again.
func Unavailable(err error) bool { return store.Unavailable(err) }
