package web

import (
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/gpuquote/gpuquote/internal/acceptance"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/testplan"
	"github.com/gpuquote/gpuquote/internal/verdict"
)

type apiBenchmark struct {
	ID         int64          `json:"id"`
	QuoteID    int64          `json:"quote_id"`
	Kind       string         `json:"kind"`
	FileName   string         `json:"file_name"`
	SHA256     string         `json:"sha256"`
	Size       int64          `json:"size"`
	UploadedBy string         `json:"uploaded_by"`
	UploadedAt time.Time      `json:"uploaded_at"`
	Download   string         `json:"download"`
	Metadata   apiBenchMeta   `json:"metadata"`
	Status     string         `json:"status"` // "parsed", "parse_failed" or "evidence"
	ParseError *apiParseError `json:"parse_error,omitempty"`
	Figures    any            `json:"figures,omitempty"`
	Notes      []string       `json:"notes,omitempty"` // the parser's own observations, in English
	// NoteDetails are the same notes with their catalog keys and values,
	// for a client that shows them in its own language.
	NoteDetails []apiNote     `json:"note_details,omitempty"`
	Withdrawn   *apiWithdrawn `json:"withdrawn,omitempty"`
	Verdict     apiVerdict    `json:"verdict"`
}

// apiNote is one parser note: Key is empty for notes stored before notes
// had keys; Run is the nccl-tests run it belongs to, if any.
type apiNote struct {
	Key  string            `json:"key,omitempty"`
	Text string            `json:"text"`
	Args map[string]string `json:"args,omitempty"`
	Run  int               `json:"run,omitempty"`
}

// apiWithdrawn says who took an upload back, when and why.
type apiWithdrawn struct {
	By     string    `json:"by"`
	At     time.Time `json:"at"`
	Reason string    `json:"reason"`
}

type apiBenchMeta struct {
	RunDate          string   `json:"run_date,omitempty"`
	Region           string   `json:"region,omitempty"`
	GPUModel         string   `json:"gpu_model,omitempty"`
	ImageVersion     string   `json:"image_version,omitempty"`
	FrameworkVersion string   `json:"framework_version,omitempty"`
	NodeIDs          []string `json:"node_ids"`
	// Run is what `gpuquote collect` recorded; absent for uploads by hand.
	Run *testplan.Run `json:"run,omitempty"`
}

type apiParseError struct {
	Line   int    `json:"line"`
	Reason string `json:"reason"`
}

type apiVerdict struct {
	Status string     `json:"status"`
	Checks []apiCheck `json:"checks"`
}

type apiCheck struct {
	verdict.Check
	Message string `json:"message"`
}

func apiBenchmarkOf(z *i18n.Localizer, b store.Benchmark, rep verdict.UploadReport) apiBenchmark {
	out := apiBenchmark{ID: b.ID, QuoteID: b.QuoteID, Kind: b.Kind, FileName: b.FileName, SHA256: b.SHA256, Size: b.Size,
		UploadedBy: b.UploadedBy, UploadedAt: b.UploadedAt, Download: fmt.Sprintf("/benchmarks/%d/download", b.ID),
		Metadata: apiBenchMeta{Region: b.Meta.Region, GPUModel: b.Meta.GPUModel, ImageVersion: b.Meta.ImageVersion,
			FrameworkVersion: b.Meta.FrameworkVersion, NodeIDs: b.Meta.NodeIDs, Run: b.Meta.Run},
		Status: "parsed", Figures: apiFigures(b.Result), Verdict: apiVerdict{Status: string(rep.Status), Checks: []apiCheck{}}}
	if b.Meta.RunDate != nil {
		out.Metadata.RunDate = b.Meta.RunDate.Format(time.DateOnly)
	}
	if out.Metadata.NodeIDs == nil {
		out.Metadata.NodeIDs = []string{}
	}
	for _, n := range parserNotes(b.Result) {
		text := n.Note.Text
		if n.Run > 0 {
			text = "#" + strconv.Itoa(n.Run) + ": " + text
		}
		out.Notes = append(out.Notes, text)
		out.NoteDetails = append(out.NoteDetails, apiNote{Key: n.Note.Key, Text: n.Note.Text, Args: n.Note.Args, Run: n.Run})
	}
	if b.WithdrawnAt != nil {
		out.Withdrawn = &apiWithdrawn{By: b.WithdrawnBy, At: *b.WithdrawnAt, Reason: b.WithdrawReason}
	}
	switch {
	case b.Kind == store.KindEvidence:
		out.Status = "evidence"
	case b.Result == nil:
		// A log that could not be read proves nothing either way: its
		// verdict is unproven, not a failed cluster.
		out.Status, out.Verdict.Status = "parse_failed", string(verdict.Unproven)
		out.ParseError = &apiParseError{Line: b.ParseErrorLine, Reason: b.ParseError}
	}
	for _, c := range rep.Checks {
		out.Verdict.Checks = append(out.Verdict.Checks, apiCheck{Check: c, Message: findingText(z, c)})
	}
	return out
}

type apiAcceptance struct {
	Test         string    `json:"test"`
	Status       string    `json:"status"`
	Note         string    `json:"note,omitempty"`
	WaiverReason string    `json:"waiver_reason,omitempty"`
	EvidenceID   int64     `json:"evidence_upload_id,omitempty"`
	Automatic    bool      `json:"automatic"`
	RecordedBy   string    `json:"recorded_by,omitempty"`
	RecordedAt   time.Time `json:"recorded_at,omitzero"`
}

func apiAcceptanceOf(a store.AcceptanceResult) apiAcceptance {
	return apiAcceptance{Test: a.Test, Status: a.Status, Note: a.Note, WaiverReason: a.WaiverReason, EvidenceID: a.EvidenceID,
		Automatic: a.Automatic, RecordedBy: a.RecordedBy, RecordedAt: a.RecordedAt}
}

func apiSuite(history []store.AcceptanceResult) map[string]any {
	current := store.CurrentAcceptance(history)
	c := store.Count(current)
	tests := make([]apiAcceptance, 0, len(store.AcceptanceTests))
	for _, t := range acceptance.Tests() {
		a, ok := current[string(t)]
		if !ok {
			a = store.AcceptanceResult{Test: string(t), Status: store.AcceptancePending}
		}
		tests = append(tests, apiAcceptanceOf(a))
	}
	return map[string]any{"passed": c.Passed, "failed": c.Failed, "waived": c.Waived, "total": c.Total(), "tests": tests}
}

// apiUploadBenchmark takes a multipart "file" with metadata fields (kind,
// run_date, region, gpu_model, image_version, framework_version,
// node_ids) and answers with the figures and the verdict. A log that does
// not parse is kept and answered 201 with its parse_error.
func (s *Server) apiUploadBenchmark(w http.ResponseWriter, r *http.Request) error {
	sq, _, b, err := s.quoteParam(r)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	added, _, problem, err := s.addUpload(w, r, sq.ID)
	if err != nil {
		return err
	}
	if problem == nil {
		d, err := s.eval.Bench(r.Context(), sq, b.Data)
		if err != nil {
			return err
		}
		var rep verdict.UploadReport
		for i, u := range d.Uploads {
			if u.ID == added.Benchmark.ID {
				rep = d.Report.Uploads[i]
			}
		}
		ab := apiBenchmarkOf(z, added.Benchmark, rep)
		status := http.StatusCreated
		if added.Reclassified {
			status = http.StatusOK // the stored upload was re-classified
		}
		w.Header().Set("Location", ab.Download)
		writeJSON(w, status, map[string]any{"benchmark": ab, "acceptance": apiSuiteOf(z, d), "reclassified": added.Reclassified})
		return nil
	}
	body := map[string]any{"error": problem.message(z), "code": problem.key}
	if len(problem.fields) > 0 {
		fields := map[string]string{}
		for k, key := range problem.fields {
			fields[k] = z.T(key)
		}
		body["fields"] = fields
	}
	if id, ok := problem.data["ID"]; ok {
		body["existing_id"] = id
	}
	writeJSON(w, problem.status, body)
	return nil
}

// apiListBenchmarks returns a quote's logs with figures and verdicts, the
// claimed-vs-verified matrix and the acceptance suite.
func (s *Server) apiListBenchmarks(w http.ResponseWriter, r *http.Request) error {
	sq, _, b, err := s.quoteParam(r)
	if err != nil {
		return err
	}
	d, err := s.eval.Bench(r.Context(), sq, b.Data)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	list := make([]apiBenchmark, 0, len(d.Uploads))
	for i, u := range d.Uploads {
		list = append(list, apiBenchmarkOf(z, u, d.Report.Uploads[i]))
	}
	type apiEvidence struct {
		verdict.Evidence
		Message string `json:"message"`
	}
	claims := make([]map[string]any, 0, len(d.Report.Claims))
	for _, c := range d.Report.Claims {
		ev := make([]apiEvidence, 0, len(c.Evidence))
		for _, e := range c.Evidence {
			ev = append(ev, apiEvidence{Evidence: e, Message: evidenceText(z, e)})
		}
		claims = append(claims, map[string]any{"term": c.Term, "quoted": c.Quoted, "status": c.Status, "evidence": ev})
	}
	writeJSON(w, http.StatusOK, map[string]any{"quote_id": sq.ID, "benchmarks": list, "claims": claims,
		"expected_allreduce": d.Report.Expected, "acceptance": apiSuiteOf(z, d)})
	return nil
}

// apiRecordAcceptance records one test from JSON: test, status, note,
// waiver_reason, evidence_upload_id.
func (s *Server) apiRecordAcceptance(w http.ResponseWriter, r *http.Request) error {
	sq, _, _, err := s.quoteParam(r)
	if err != nil {
		return err
	}
	var in struct {
		Test         string `json:"test"`
		Status       string `json:"status"`
		Note         string `json:"note"`
		WaiverReason string `json:"waiver_reason"`
		EvidenceID   int64  `json:"evidence_upload_id"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	fields := map[string]string{"test": in.Test, "status": in.Status, "note": in.Note, "waiver_reason": in.WaiverReason}
	if in.EvidenceID != 0 {
		fields["evidence_upload_id"] = fmt.Sprint(in.EvidenceID)
	}
	a, errs, err := s.eval.RecordAcceptance(r.Context(), currentUser(r).Actor(), sq.ID, evaluation.Upload{Fields: fields})
	if err != nil {
		return err
	}
	if len(errs) > 0 {
		return fieldErrors(errs)
	}
	writeJSON(w, http.StatusCreated, apiAcceptanceOf(a))
	return nil
}
