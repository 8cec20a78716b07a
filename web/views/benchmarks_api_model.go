package views

import (
	"fmt"
	"strconv"
	"time"

	"github.com/gpuquote/gpuquote/internal/acceptance"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/testplan"
	"github.com/gpuquote/gpuquote/internal/verdict"
)

// BenchAPIBenchmark is an upload in the API.
type BenchAPIBenchmark struct {
	ID         int64               `json:"id"`
	QuoteID    int64               `json:"quote_id"`
	Kind       string              `json:"kind"`
	FileName   string              `json:"file_name"`
	SHA256     string              `json:"sha256"`
	Size       int64               `json:"size"`
	UploadedBy string              `json:"uploaded_by"`
	UploadedAt time.Time           `json:"uploaded_at"`
	Download   string              `json:"download"`
	Metadata   benchAPIMeta        `json:"metadata"`
	Status     string              `json:"status"` // "parsed", "parse_failed" or "evidence"
	ParseError *benchAPIParseError `json:"parse_error,omitempty"`
	Figures    any                 `json:"figures,omitempty"`
	Notes      []string            `json:"notes,omitempty"` // the parser's own observations, in English
	// NoteDetails are the same notes with their catalog keys and values,
	// for a client that shows them in its own language.
	NoteDetails []benchAPINote     `json:"note_details,omitempty"`
	Withdrawn   *benchAPIWithdrawn `json:"withdrawn,omitempty"`
	Verdict     benchAPIVerdict    `json:"verdict"`
}

// benchAPINote is one parser note: Key is empty for notes stored before notes
// had keys; Run is the nccl-tests run it belongs to, if any.
type benchAPINote struct {
	Key  string            `json:"key,omitempty"`
	Text string            `json:"text"`
	Args map[string]string `json:"args,omitempty"`
	Run  int               `json:"run,omitempty"`
}

// benchAPIWithdrawn says who took an upload back, when and why.
type benchAPIWithdrawn struct {
	By     string    `json:"by"`
	At     time.Time `json:"at"`
	Reason string    `json:"reason"`
}

type benchAPIMeta struct {
	RunDate          string   `json:"run_date,omitempty"`
	Region           string   `json:"region,omitempty"`
	GPUModel         string   `json:"gpu_model,omitempty"`
	ImageVersion     string   `json:"image_version,omitempty"`
	FrameworkVersion string   `json:"framework_version,omitempty"`
	NodeIDs          []string `json:"node_ids"`
	// Run is what `gpuquote collect` recorded; absent for uploads by hand.
	Run *testplan.Run `json:"run,omitempty"`
}

type benchAPIParseError struct {
	Line   int    `json:"line"`
	Reason string `json:"reason"`
}

type benchAPIVerdict struct {
	Status string          `json:"status"`
	Checks []benchAPICheck `json:"checks"`
}

type benchAPICheck struct {
	verdict.Check
	Message string `json:"message"`
}

// BenchAPIUpload is an upload as the API shows it, with its verdict.
func BenchAPIUpload(z *i18n.Localizer, b testplan.Benchmark, rep verdict.UploadReport) BenchAPIBenchmark {
	out := BenchAPIBenchmark{ID: b.ID, QuoteID: b.QuoteID, Kind: b.Kind, FileName: b.FileName, SHA256: b.SHA256, Size: b.Size,
		UploadedBy: b.UploadedBy, UploadedAt: b.UploadedAt, Download: fmt.Sprintf("/benchmarks/%d/download", b.ID),
		Metadata: benchAPIMeta{Region: b.Meta.Region, GPUModel: b.Meta.GPUModel, ImageVersion: b.Meta.ImageVersion,
			FrameworkVersion: b.Meta.FrameworkVersion, NodeIDs: b.Meta.NodeIDs, Run: b.Meta.Run},
		Status: "parsed", Figures: benchAPIFigures(b.Result), Verdict: benchAPIVerdict{Status: string(rep.Status), Checks: []benchAPICheck{}}}
	if b.Meta.RunDate != nil {
		out.Metadata.RunDate = b.Meta.RunDate.Format(time.DateOnly)
	}
	if out.Metadata.NodeIDs == nil {
		out.Metadata.NodeIDs = []string{}
	}
	for _, n := range b.Result.RunNotes() {
		text := n.Note.Text
		if n.Run > 0 {
			text = "#" + strconv.Itoa(n.Run) + ": " + text
		}
		out.Notes = append(out.Notes, text)
		out.NoteDetails = append(out.NoteDetails, benchAPINote{Key: n.Note.Key, Text: n.Note.Text, Args: n.Note.Args, Run: n.Run})
	}
	if b.WithdrawnAt != nil {
		out.Withdrawn = &benchAPIWithdrawn{By: b.WithdrawnBy, At: *b.WithdrawnAt, Reason: b.WithdrawReason}
	}
	switch {
	case b.Kind == testplan.KindEvidence:
		out.Status = "evidence"
	case b.Result == nil:
		// A log that could not be read proves nothing either way: its
		// verdict is unproven, not a failed cluster.
		out.Status, out.Verdict.Status = "parse_failed", string(verdict.Unproven)
		out.ParseError = &benchAPIParseError{Line: b.ParseErrorLine, Reason: b.ParseError}
	}
	for _, c := range rep.Checks {
		out.Verdict.Checks = append(out.Verdict.Checks, benchAPICheck{Check: c, Message: BenchFindingText(z, c)})
	}
	return out
}

// BenchAPIAcceptanceRow is one acceptance record in the API.
type BenchAPIAcceptanceRow struct {
	Test         string    `json:"test"`
	Status       string    `json:"status"`
	Note         string    `json:"note,omitempty"`
	WaiverReason string    `json:"waiver_reason,omitempty"`
	EvidenceID   int64     `json:"evidence_upload_id,omitempty"`
	Automatic    bool      `json:"automatic"`
	RecordedBy   string    `json:"recorded_by,omitempty"`
	RecordedAt   time.Time `json:"recorded_at,omitzero"`
}

// BenchAPIAcceptance is one acceptance record as the API shows it.
func BenchAPIAcceptance(a acceptance.Result) BenchAPIAcceptanceRow {
	return BenchAPIAcceptanceRow{Test: a.Test, Status: a.Status, Note: a.Note, WaiverReason: a.WaiverReason, EvidenceID: a.EvidenceID,
		Automatic: a.Automatic, RecordedBy: a.RecordedBy, RecordedAt: a.RecordedAt}
}

func benchAPISuite(history []acceptance.Result) map[string]any {
	current := acceptance.Current(history)
	c := acceptance.Count(current)
	tests := make([]BenchAPIAcceptanceRow, 0, len(acceptance.Tests()))
	for _, t := range acceptance.Tests() {
		a, ok := current[string(t)]
		if !ok {
			a = acceptance.Result{Test: string(t), Status: acceptance.Pending}
		}
		tests = append(tests, BenchAPIAcceptance(a))
	}
	return map[string]any{"passed": c.Passed, "failed": c.Failed, "waived": c.Waived, "total": c.Total(), "tests": tests}
}

// BenchAPISuite is the acceptance suite with the trial's gates.
func BenchAPISuite(z *i18n.Localizer, d testplan.Bench) map[string]any {
	suite := benchAPISuite(d.History)
	suite["gates"] = BenchGates(z, d.Report.Gates)
	return suite
}

// BenchAPIFind is upload id of the bench with its report.
func BenchAPIFind(d testplan.Bench, id int64) (testplan.Benchmark, verdict.UploadReport, bool) {
	for i, u := range d.Uploads {
		if u.ID == id {
			return u, d.Report.Uploads[i], true
		}
	}
	return testplan.Benchmark{}, verdict.UploadReport{}, false
}

// BenchAPIList is a quote's logs with figures and verdicts, the
// claimed-vs-verified matrix and the acceptance suite.
func BenchAPIList(z *i18n.Localizer, quoteID int64, d testplan.Bench) map[string]any {
	list := make([]BenchAPIBenchmark, 0, len(d.Uploads))
	for i, u := range d.Uploads {
		list = append(list, BenchAPIUpload(z, u, d.Report.Uploads[i]))
	}
	type apiEvidence struct {
		verdict.Evidence
		Message string `json:"message"`
	}
	claims := make([]map[string]any, 0, len(d.Report.Claims))
	for _, c := range d.Report.Claims {
		ev := make([]apiEvidence, 0, len(c.Evidence))
		for _, e := range c.Evidence {
			ev = append(ev, apiEvidence{Evidence: e, Message: BenchEvidenceText(z, e)})
		}
		claims = append(claims, map[string]any{"term": c.Term, "quoted": c.Quoted, "status": c.Status, "evidence": ev})
	}
	return map[string]any{"quote_id": quoteID, "benchmarks": list, "claims": claims,
		"expected_allreduce": d.Report.Expected, "acceptance": BenchAPISuite(z, d)}
}
