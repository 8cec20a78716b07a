package testplan

import (
	"time"

	"github.com/gpuquote/gpuquote/internal/acceptance"
	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/verdict"
)

// KindEvidence marks a file attached to a manual acceptance record; it is
// kept but never parsed.
const KindEvidence = "evidence"

// BenchmarkMeta is what the uploader says about a run, so a result can be
// repeated later (PRODUCT.md: date, region, GPU model, image version,
// framework version and node IDs).
type BenchmarkMeta struct {
	RunDate          *time.Time // nil when not given
	Region           string
	GPUModel         string
	ImageVersion     string
	FrameworkVersion string
	NodeIDs          []string
	// Run is what `gpuquote collect` recorded about the run; nil for an
	// upload by hand.
	Run *Run
}

// Benchmark is a stored log without its content: a step's output uploaded
// to a quote.
type Benchmark struct {
	ID             int64
	QuoteID        int64
	EvaluationID   int64
	Kind           string
	FileName       string
	StorageKey     string // server-chosen UUID
	SHA256         string // hex
	Size           int64
	Result         *benchlog.Result
	ParseError     string
	ParseErrorLine int
	Meta           BenchmarkMeta
	UploadedByID   int64
	UploadedBy     string // the uploader's name
	UploadedAt     time.Time
	// Withdrawal: a wrong upload is taken back, kept for the record and
	// never counted. WithdrawnAt is nil while the upload counts.
	WithdrawnAt    *time.Time
	WithdrawnBy    string
	WithdrawReason string
}

// Bench is a quote's stored logs, acceptance history and the verdict on
// them: what the page, the chart and the API all read.
type Bench struct {
	Uploads []Benchmark
	History []acceptance.Result
	Report  verdict.Report
}

// UploadedRun is a run already uploaded to a quote, so a rerun of
// `gpuquote collect` can skip it.
type UploadedRun struct {
	Step        string   `json:"step"`
	Hosts       []string `json:"hosts"`
	Command     string   `json:"command"`
	BenchmarkID int64    `json:"benchmark_id"`
}

// UploadedRuns are the collected runs among uploads; withdrawn ones do not
// count. None is an empty list, not nil.
func UploadedRuns(uploads []Benchmark) []UploadedRun {
	out := []UploadedRun{}
	for _, u := range uploads {
		if run := u.Meta.Run; run != nil && u.WithdrawnAt == nil {
			out = append(out, UploadedRun{Step: run.Step, Hosts: run.Hosts, Command: run.Command, BenchmarkID: u.ID})
		}
	}
	return out
}
