package web

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/acceptance"
	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/chart"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/gpu"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/verdict"
	"github.com/gpuquote/gpuquote/web/views"
)

// statusCSS maps every status word to a badge class.
func statusCSS(s string) string {
	switch s {
	case "pass", "verified", "passed":
		return "ok"
	case "fail", "contradicted", "failed":
		return "blocker"
	case "low", "waived", "incomplete":
		return "warn"
	}
	return ""
}

// findingText words a verdict finding in the reader's language: numbers in
// the locale's format, sizes as GiB, reference classes by name.
func findingText(z *i18n.Localizer, c verdict.Check) string {
	args := make(map[string]any, len(c.Args))
	for k, v := range c.Args {
		switch x := v.(type) {
		case verdict.Num:
			args[k] = z.Decimal(x.String())
		case verdict.Bytes:
			args[k] = chart.Bytes(float64(x))
		case verdict.Basis:
			args[k] = basisText(z, x)
		case verdict.MemoryFault:
			args[k] = z.T("bench.memory_fault." + strings.ReplaceAll(string(x), " ", "_"))
		case verdict.XidCode:
			args[k] = xidMeaning(z, int(x))
		case benchlog.XidSeverity:
			args[k] = z.T("bench.xid_severity." + string(x))
		case int:
			args[k] = z.Int(int64(x))
		case int64:
			args[k] = z.Int(x)
		default:
			args[k] = fmt.Sprint(x)
		}
	}
	if cls, ok := c.Args["Class"].(string); ok {
		args["Class"] = z.T("bench.class." + cls)
	}
	return z.T(c.Key, args)
}

// basisText says which of the quote's terms chose a reference band.
func basisText(z *i18n.Localizer, b verdict.Basis) string {
	speed := "?"
	if b.NICGbps > 0 {
		speed = z.Decimal(strconv.FormatFloat(b.NICGbps, 'f', -1, 64))
	}
	nics := z.T("bench.basis_nics_unknown")
	if b.NICs > 0 {
		nics = z.N("bench.basis_nics", b.NICs)
	}
	return z.T("bench.basis", map[string]any{"GPU": orDash(gpu.LabelOf(b.GPU)), "Nodes": z.N("bench.basis_nodes", b.Nodes),
		"Fabric": orDash(b.Fabric), "NICs": nics, "Speed": speed})
}

func gbs(z *i18n.Localizer, v float64) string { return z.Decimal(strconv.FormatFloat(v, 'f', 2, 64)) }

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

func metaLine(z *i18n.Localizer, m store.BenchmarkMeta) string {
	var parts []string
	if m.RunDate != nil {
		parts = append(parts, z.Date(*m.RunDate))
	}
	for _, v := range []string{m.Region, m.GPUModel, m.ImageVersion, m.FrameworkVersion} {
		if v != "" {
			parts = append(parts, v)
		}
	}
	if len(m.NodeIDs) > 0 {
		parts = append(parts, z.T("bench.nodes", map[string]any{"Nodes": strings.Join(m.NodeIDs, ", ")}))
	}
	if m.Run != nil {
		parts = append(parts, runLine(z, m.Run))
	}
	return strings.Join(parts, " · ")
}

// suiteProgress is "6/9 passed, 1 failed".
func suiteProgress(z *i18n.Localizer, c store.SuiteCounts) string {
	s := z.T("bench.progress", map[string]any{"Passed": c.Passed, "Total": c.Total()})
	if c.Failed > 0 {
		s += z.T("bench.progress_failed", map[string]any{"Failed": c.Failed})
	}
	if c.Waived > 0 {
		s += z.T("bench.progress_waived", map[string]any{"Waived": c.Waived})
	}
	return s
}

// claimLabel names the quote term a claim comes from.
func claimLabel(z *i18n.Localizer, term string) string {
	if c, ok := quote.ColumnByName(term); ok {
		return z.T(c.Label)
	}
	return z.T("bench.claim." + term)
}

func evidenceText(z *i18n.Localizer, e verdict.Evidence) string {
	text := findingText(z, e.Check)
	if e.Line > 0 {
		return z.T("bench.evidence_line", map[string]any{"File": e.File, "Line": e.Line, "Text": text})
	}
	return z.T("bench.evidence_file_text", map[string]any{"File": e.File, "Text": text})
}

func expectedText(z *i18n.Localizer, e *verdict.Expectation) string {
	if e == nil || e.Lo == 0 {
		return ""
	}
	return z.T("bench.expected", map[string]any{"Class": z.T("bench.class." + e.Class), "Lo": z.Int(int64(e.Lo)),
		"Hi": z.Int(int64(e.Hi)), "Source": e.Source})
}

// benchView builds the section for a quote; forms adds what the
// benchmarks page's forms need.
func benchView(z *i18n.Localizer, sq store.StoredQuote, d evaluation.Bench, canEdit, forms bool) views.BenchView {
	m := views.BenchView{QuoteID: sq.ID, CanEdit: canEdit, Forms: forms && canEdit, Expected: expectedText(z, d.Report.Expected)}
	current := store.CurrentAcceptance(d.History)
	m.Progress = suiteProgress(z, store.Count(current))
	for i, u := range d.Uploads {
		rep := d.Report.Uploads[i]
		v := views.BenchUpload{ID: u.ID, FileName: u.FileName, Kind: kindLabel(z, u.Kind), Meta: metaLine(z, u.Meta),
			Uploaded: z.T("bench.uploaded_line", map[string]any{"By": u.UploadedBy, "At": z.DateTime(u.UploadedAt)}),
			Size:     chart.Bytes(float64(u.Size)), Figures: figures(z, u.Result), Status: string(rep.Status)}
		if u.ParseError != "" {
			v.ParseError = z.T("bench.parse_error", map[string]any{"Line": u.ParseErrorLine, "Reason": u.ParseError})
			v.Status = string(verdict.Unproven) // unreadable: no evidence, not a failed cluster
		}
		if u.Kind == store.KindEvidence {
			v.Status = "info"
		}
		v.Notes, v.Changeable = noteTexts(z, parserNotes(u.Result)), canEdit && u.Kind != store.KindEvidence && u.WithdrawnAt == nil
		if u.WithdrawnAt != nil {
			v.Status = "withdrawn"
			v.Withdrawn = z.T("bench.withdrawn_line", map[string]any{"By": u.WithdrawnBy, "At": z.DateTime(*u.WithdrawnAt), "Reason": u.WithdrawReason})
		}
		v.StatusText, v.CSS = z.T("bench.check_status."+v.Status), statusCSS(v.Status)
		for _, c := range rep.Checks {
			row := views.CheckRow{Status: string(c.Status), StatusText: z.T("bench.check_status." + string(c.Status)),
				CSS: statusCSS(string(c.Status)), Text: findingText(z, c)}
			if c.Line > 0 {
				row.Line = z.T("bench.line", map[string]any{"Line": c.Line})
			}
			v.Checks = append(v.Checks, row)
		}
		m.Uploads = append(m.Uploads, v)
		if u.Result != nil && u.Result.NCCL != nil {
			m.HasChart = true
		}
		m.EvidenceOptions = append(m.EvidenceOptions, views.Option{Value: strconv.FormatInt(u.ID, 10), Label: u.FileName})
	}
	for _, c := range d.Report.Claims {
		row := views.ClaimRow{Term: claimLabel(z, c.Term), Quoted: c.Quoted, Status: string(c.Status),
			StatusText: z.T("bench.claim_status." + string(c.Status)), CSS: statusCSS(string(c.Status))}
		if col, ok := quote.ColumnByName(c.Term); ok {
			row.Quoted = termText(z, col, &sq.Quote)
		}
		for _, e := range c.Evidence {
			row.Evidence = append(row.Evidence, evidenceText(z, e))
		}
		m.Claims = append(m.Claims, row)
	}
	for _, test := range acceptance.Tests() {
		row := views.SuiteRow{Test: string(test), Status: store.AcceptancePending}
		if a, ok := current[string(test)]; ok {
			row = suiteRow(z, a)
		}
		row.Name, row.Criterion = z.T("bench.test."+string(test)), z.T("bench.criterion."+string(test))
		row.StatusText, row.CSS = z.T("bench.suite_status."+row.Status), statusCSS(row.Status)
		m.Suite = append(m.Suite, row)
		m.Tests = append(m.Tests, views.Option{Value: string(test), Label: row.Name})
	}
	m.Gates = gateRows(z, d.Report.Gates)
	for i := len(d.History) - 1; i >= 0; i-- {
		m.History = append(m.History, suiteRow(z, d.History[i]))
	}
	for _, st := range []string{store.AcceptancePassed, store.AcceptanceFailed, store.AcceptanceWaived, store.AcceptancePending} {
		m.Statuses = append(m.Statuses, views.Option{Value: st, Label: z.T("bench.suite_status." + st)})
	}
	m.KindOptions = kindOptions(z)
	m.Kinds = append([]views.Option{{Value: "", Label: z.T("bench.kind_auto")}}, m.KindOptions...)
	return m
}

func suiteRow(z *i18n.Localizer, a store.AcceptanceResult) views.SuiteRow {
	row := views.SuiteRow{Test: a.Test, Name: z.T("bench.test." + a.Test), Status: a.Status, Note: a.Note,
		EvidenceID: a.EvidenceID, Evidence: a.EvidenceName, Automatic: a.Automatic,
		Recorded: z.T("bench.recorded_line", map[string]any{"By": a.RecordedBy, "At": z.DateTime(a.RecordedAt)})}
	if a.WaiverReason != "" {
		row.Waiver = z.T("bench.waiver_line", map[string]any{"Reason": a.WaiverReason})
	}
	row.StatusText, row.CSS = z.T("bench.suite_status."+a.Status), statusCSS(a.Status)
	return row
}
