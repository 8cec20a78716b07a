// Package verdict judges uploaded benchmark logs against the quote they
// were run for: GPU health (nvidia-smi, topology), NCCL all-reduce against
// the published range for the quoted fabric class and GPU, and storage
// against the brief's staging window and checkpoint budget. It also builds
// the claimed-vs-verified matrix and decides the acceptance tests that
// benchmarks can settle on their own.
//
// The package is pure: the standard library, internal/benchlog,
// internal/quote and internal/brief only. It returns message keys with
// their arguments rather than sentences, so the web layer words every
// finding in the reader's language; the keys live in the i18n catalog
// under "bench.check.", "bench.claim." and "bench.class.".
package verdict

import (
	"strconv"

	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// Status is the outcome of one check.
type Status string

// Check outcomes, from good to bad. Low is a measurement below the expected
// range but not far below it; Unproven means the evidence cannot decide
// (a missing reference, unchecked results); Incomplete is a run that did
// not finish (no footer, a sweep cut short) and never passes; Info is
// recorded, not judged. Withdrawn marks an upload taken back by a person:
// kept for the record, never counted.
const (
	Info       Status = "info"
	Pass       Status = "pass"
	Unproven   Status = "unproven"
	Incomplete Status = "incomplete"
	Low        Status = "low"
	Fail       Status = "fail"
	Withdrawn  Status = "withdrawn"
)

func (s Status) rank() int {
	switch s {
	case Pass:
		return 1
	case Unproven:
		return 2
	case Incomplete:
		return 3
	case Low:
		return 4
	case Fail:
		return 5
	}
	return 0
}

// Worst returns the most severe of statuses; Info for none.
func Worst(statuses ...Status) Status {
	w := Info
	for _, s := range statuses {
		if s.rank() > w.rank() {
			w = s
		}
	}
	return w
}

// Num is a measured or computed figure with the number of decimals it is
// shown with. It encodes as a plain JSON number.
type Num struct {
	V      float64
	Digits int
}

// MarshalJSON writes the rounded number.
func (n Num) MarshalJSON() ([]byte, error) {
	return []byte(strconv.FormatFloat(n.V, 'f', n.Digits, 64)), nil
}

// String is the number with its decimals and a dot.
func (n Num) String() string { return strconv.FormatFloat(n.V, 'f', n.Digits, 64) }

func num(v float64, digits int) Num { return Num{V: v, Digits: digits} }

// Check is one finding about one upload. Key is the message key; Args fill
// its fields (strings, ints and Num). Line is the line of the upload the
// finding rests on, 0 when there is none.
type Check struct {
	ID     string         `json:"id"`
	Status Status         `json:"status"`
	Key    string         `json:"key"`
	Args   map[string]any `json:"args,omitempty"`
	Line   int            `json:"line,omitempty"`
}

// Upload is one stored log. Result is nil when the log did not parse or is
// not a benchmark (evidence files).
type Upload struct {
	Name      string
	Result    *benchlog.Result
	Withdrawn bool // taken back: shown, never judged
	// Nodes are the node ids the log was uploaded with: the gates add a
	// node's runs up, and never one node's runs to another's.
	Nodes []string
	// Run is what the collector recorded about the run; nil by hand.
	Run *RunInfo
}

// Input is everything a verdict depends on.
type Input struct {
	Quote   quote.Quote
	Brief   brief.Brief
	Uploads []Upload
}

// UploadReport is the verdict on one upload: its checks and the worst of
// their statuses.
type UploadReport struct {
	Status Status  `json:"status"`
	Checks []Check `json:"checks"`
}

// Report is the verdict on all of a quote's uploads.
type Report struct {
	// Uploads follow Input.Uploads one to one.
	Uploads []UploadReport
	Claims  []Claim
	// Tests are the outcomes of the Automatic acceptance tests, in that order.
	Tests []Outcome
	// Expected is the all-reduce range for the quote's own shape (the
	// chart's band); nil when the reference has none.
	Expected *Expectation
	// Gates are the trial's burn-in and healthy-node gates.
	Gates Gates
}

// Evaluate judges every upload against the quote and brief.
func Evaluate(in Input) Report {
	rep := Report{Uploads: make([]UploadReport, len(in.Uploads))}
	in.Uploads = append([]Upload(nil), in.Uploads...)
	for i := range in.Uploads {
		in.Uploads[i].Result = withRun(in.Uploads[i])
	}
	for i, u := range in.Uploads {
		if u.Withdrawn {
			rep.Uploads[i] = UploadReport{Status: Withdrawn, Checks: []Check{}}
			continue
		}
		checks := runChecks(in.Brief, u, resultChecks(in, u.Result))
		st := Unproven
		if len(checks) > 0 {
			st = Info
			for _, c := range checks {
				st = Worst(st, c.Status)
			}
		}
		if checks == nil {
			checks = []Check{}
		}
		rep.Uploads[i] = UploadReport{Status: st, Checks: checks}
	}
	outlierChecks(in, rep.Uploads)
	rep.Claims = claims(in, rep.Uploads)
	rep.Tests = outcomes(rep.Uploads, runOrder(in.Uploads))
	rep.Gates = evaluateGates(in, rep.Uploads)
	gateBurnIn(rep.Tests, rep.Gates.BurnIn)
	if e, ok := QuoteExpectation(in.Quote); ok {
		rep.Expected = &e
	}
	return rep
}

// Bytes is a message size in bytes, shown as "16 GiB".
type Bytes int64

// resultChecks judges one parsed log by its kind.
func resultChecks(in Input, r *benchlog.Result) []Check {
	switch {
	case r == nil:
		return nil
	case r.NvidiaSMI != nil:
		return smiChecks(in, r.NvidiaSMI)
	case r.Topo != nil:
		return topoChecks(in.Quote, r.Topo)
	case r.NCCL != nil:
		return ncclChecks(in.Quote, r.NCCL)
	case r.Fio != nil:
		return fioChecks(in.Brief, r.Fio)
	}
	return toolChecks(in, r)
}
