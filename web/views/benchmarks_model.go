package views

import (
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/acceptance"
	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/chart"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/testplan"
	"github.com/gpuquote/gpuquote/internal/verdict"
)

// BenchModel builds the benchmarks section of quote quoteID from its bench;
// quoted words a quote term as the quote page does; forms adds what the
// benchmarks page's forms need.
func BenchModel(z *i18n.Localizer, quoteID int64, d testplan.Bench, quoted func(quote.Column) string, canEdit, forms bool) BenchView {
	m := BenchView{QuoteID: quoteID, CanEdit: canEdit, Forms: forms && canEdit, Expected: benchExpectedText(z, d.Report.Expected)}
	current := acceptance.Current(d.History)
	m.Progress = BenchSuiteProgress(z, acceptance.Count(current))
	for i, u := range d.Uploads {
		m.Uploads = append(m.Uploads, benchUploadModel(z, u, d.Report.Uploads[i], canEdit))
		if u.Result != nil && u.Result.NCCL != nil {
			m.HasChart = true
		}
		m.EvidenceOptions = append(m.EvidenceOptions, Option{Value: strconv.FormatInt(u.ID, 10), Label: u.FileName})
	}
	for _, c := range d.Report.Claims {
		row := ClaimRow{Term: benchClaimLabel(z, c.Term), Quoted: c.Quoted, Status: string(c.Status),
			StatusText: z.T("bench.claim_status." + string(c.Status)), CSS: benchStatusCSS(string(c.Status))}
		if col, ok := quote.ColumnByName(c.Term); ok {
			row.Quoted = quoted(col)
		}
		for _, e := range c.Evidence {
			row.Evidence = append(row.Evidence, BenchEvidenceText(z, e))
		}
		m.Claims = append(m.Claims, row)
	}
	for _, test := range acceptance.Tests() {
		row := SuiteRow{Test: string(test), Status: acceptance.Pending}
		if a, ok := current[string(test)]; ok {
			row = benchSuiteRow(z, a)
		}
		row.Name, row.Criterion = z.T("bench.test."+string(test)), z.T("bench.criterion."+string(test))
		row.StatusText, row.CSS = z.T("bench.suite_status."+row.Status), benchStatusCSS(row.Status)
		m.Suite = append(m.Suite, row)
		m.Tests = append(m.Tests, Option{Value: string(test), Label: row.Name})
	}
	m.Gates = BenchGateRows(z, d.Report.Gates)
	for i := len(d.History) - 1; i >= 0; i-- {
		m.History = append(m.History, benchSuiteRow(z, d.History[i]))
	}
	for _, st := range []string{acceptance.Passed, acceptance.Failed, acceptance.Waived, acceptance.Pending} {
		m.Statuses = append(m.Statuses, Option{Value: st, Label: z.T("bench.suite_status." + st)})
	}
	m.KindOptions = benchKindOptions(z)
	m.Kinds = append([]Option{{Value: "", Label: z.T("bench.kind_auto")}}, m.KindOptions...)
	return m
}

// benchUploadModel is one upload with its figures, notes and verdict.
func benchUploadModel(z *i18n.Localizer, u testplan.Benchmark, rep verdict.UploadReport, canEdit bool) BenchUpload {
	v := BenchUpload{ID: u.ID, FileName: u.FileName, Kind: benchKindLabel(z, u.Kind), Meta: benchMetaLine(z, u.Meta),
		Uploaded: z.T("bench.uploaded_line", map[string]any{"By": u.UploadedBy, "At": z.DateTime(u.UploadedAt)}),
		Size:     chart.Bytes(float64(u.Size)), Figures: BenchFigures(z, u.Result), Status: string(rep.Status)}
	if u.ParseError != "" {
		v.ParseError = z.T("bench.parse_error", map[string]any{"Line": u.ParseErrorLine, "Reason": u.ParseError})
		v.Status = string(verdict.Unproven) // unreadable: no evidence, not a failed cluster
	}
	if u.Kind == testplan.KindEvidence {
		v.Status = "info"
	}
	v.Notes, v.Changeable = benchNoteTexts(z, u.Result.RunNotes()), canEdit && u.Kind != testplan.KindEvidence && u.WithdrawnAt == nil
	if u.WithdrawnAt != nil {
		v.Status = "withdrawn"
		v.Withdrawn = z.T("bench.withdrawn_line", map[string]any{"By": u.WithdrawnBy, "At": z.DateTime(*u.WithdrawnAt), "Reason": u.WithdrawReason})
	}
	v.StatusText, v.CSS = z.T("bench.check_status."+v.Status), benchStatusCSS(v.Status)
	for _, c := range rep.Checks {
		row := CheckRow{Status: string(c.Status), StatusText: z.T("bench.check_status." + string(c.Status)),
			CSS: benchStatusCSS(string(c.Status)), Text: BenchFindingText(z, c)}
		if c.Line > 0 {
			row.Line = z.T("bench.line", map[string]any{"Line": c.Line})
		}
		v.Checks = append(v.Checks, row)
	}
	return v
}

func benchSuiteRow(z *i18n.Localizer, a acceptance.Result) SuiteRow {
	row := SuiteRow{Test: a.Test, Name: z.T("bench.test." + a.Test), Status: a.Status, Note: a.Note,
		EvidenceID: a.EvidenceID, Evidence: a.EvidenceName, Automatic: a.Automatic,
		Recorded: z.T("bench.recorded_line", map[string]any{"By": a.RecordedBy, "At": z.DateTime(a.RecordedAt)})}
	if a.WaiverReason != "" {
		row.Waiver = z.T("bench.waiver_line", map[string]any{"Reason": a.WaiverReason})
	}
	row.StatusText, row.CSS = z.T("bench.suite_status."+a.Status), benchStatusCSS(a.Status)
	return row
}

// benchKindOptions are the formats a re-classification may choose.
func benchKindOptions(z *i18n.Localizer) []Option {
	kinds := benchlog.Kinds()
	out := make([]Option, 0, len(kinds))
	for _, k := range kinds {
		out = append(out, Option{Value: string(k), Label: benchKindLabel(z, string(k))})
	}
	return out
}

// BenchUploadFlash words the message after an upload from the upload's own
// verdict, so a contradicting log is never greeted as a success: "Uploaded
// — fails: …" with the failing findings, marked as the verdict's badge is.
// An id not among uploads keeps the plain message.
func BenchUploadFlash(z *i18n.Localizer, uploads []BenchUpload, id, plain string) (text, tone string) {
	want, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return plain, ""
	}
	for _, u := range uploads {
		if u.ID != want {
			continue
		}
		var findings []string
		for _, c := range u.Checks {
			if c.Status == u.Status {
				findings = append(findings, c.Text)
			}
		}
		switch {
		case (u.Status == "fail" || u.Status == "low") && len(findings) > 0:
			return z.T("flash.upload_verdict."+u.Status, map[string]any{"Findings": strings.Join(findings, "; ")}), u.CSS
		case u.ParseError != "":
			return plain, "warn"
		}
		return z.T("flash.upload_verdict.other", map[string]any{"Status": u.StatusText}), u.CSS
	}
	return plain, ""
}

// BenchApplyEdit applies a refused form's values and message to the page
// and puts an action's error beside the upload it was about.
func BenchApplyEdit(m *BenchView, edit func(*BenchView)) {
	edit(m)
	for i := range m.Uploads {
		if m.Uploads[i].ID == m.ActionID {
			m.Uploads[i].ActionError = m.ActionError
		}
	}
}
