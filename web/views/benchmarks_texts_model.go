package views

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/acceptance"
	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/chart"
	"github.com/gpuquote/gpuquote/internal/gpu"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/testplan"
	"github.com/gpuquote/gpuquote/internal/verdict"
)

// benchStatusCSS maps every status word to a badge class.
func benchStatusCSS(s string) string {
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

// BenchFindingText words a verdict finding in the reader's language: numbers in
// the locale's format, sizes as GiB, reference classes by name.
func BenchFindingText(z *i18n.Localizer, c verdict.Check) string {
	args := make(map[string]any, len(c.Args))
	for k, v := range c.Args {
		switch x := v.(type) {
		case verdict.Num:
			args[k] = z.Decimal(x.String())
		case verdict.Bytes:
			args[k] = chart.Bytes(float64(x))
		case verdict.Basis:
			args[k] = BenchBasisText(z, x)
		case verdict.MemoryFault:
			args[k] = z.T("bench.memory_fault." + strings.ReplaceAll(string(x), " ", "_"))
		case verdict.XidCode:
			args[k] = benchXidMeaning(z, int(x))
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

// BenchBasisText says which of the quote's terms chose a reference band.
func BenchBasisText(z *i18n.Localizer, b verdict.Basis) string {
	speed := "?"
	if b.NICGbps > 0 {
		speed = z.Decimal(strconv.FormatFloat(b.NICGbps, 'f', -1, 64))
	}
	nics := z.T("bench.basis_nics_unknown")
	if b.NICs > 0 {
		nics = z.N("bench.basis_nics", b.NICs)
	}
	return z.T("bench.basis", map[string]any{"GPU": benchOrDash(gpu.LabelOf(b.GPU)), "Nodes": z.N("bench.basis_nodes", b.Nodes),
		"Fabric": benchOrDash(b.Fabric), "NICs": nics, "Speed": speed})
}

func benchGBs(z *i18n.Localizer, v float64) string {
	return z.Decimal(strconv.FormatFloat(v, 'f', 2, 64))
}

func benchOrDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// benchMetaLine is the upload's metadata on one line.
func benchMetaLine(z *i18n.Localizer, m testplan.BenchmarkMeta) string {
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
		parts = append(parts, benchRunLine(z, m.Run))
	}
	return strings.Join(parts, " · ")
}

// BenchSuiteProgress is "6/9 passed, 1 failed".
func BenchSuiteProgress(z *i18n.Localizer, c acceptance.Counts) string {
	s := z.T("bench.progress", map[string]any{"Passed": c.Passed, "Total": c.Total()})
	if c.Failed > 0 {
		s += z.T("bench.progress_failed", map[string]any{"Failed": c.Failed})
	}
	if c.Waived > 0 {
		s += z.T("bench.progress_waived", map[string]any{"Waived": c.Waived})
	}
	return s
}

// benchClaimLabel names the quote term a claim comes from.
func benchClaimLabel(z *i18n.Localizer, term string) string {
	if c, ok := quote.ColumnByName(term); ok {
		return z.T(c.Label)
	}
	return z.T("bench.claim." + term)
}

// BenchEvidenceText words one piece of a claim's evidence.
func BenchEvidenceText(z *i18n.Localizer, e verdict.Evidence) string {
	text := BenchFindingText(z, e.Check)
	if e.Line > 0 {
		return z.T("bench.evidence_line", map[string]any{"File": e.File, "Line": e.Line, "Text": text})
	}
	return z.T("bench.evidence_file_text", map[string]any{"File": e.File, "Text": text})
}

// benchExpectedText is the expected range of the quote's class.
func benchExpectedText(z *i18n.Localizer, e *verdict.Expectation) string {
	if e == nil || e.Lo == 0 {
		return ""
	}
	return z.T("bench.expected", map[string]any{"Class": z.T("bench.class." + e.Class), "Lo": z.Int(int64(e.Lo)),
		"Hi": z.Int(int64(e.Hi)), "Source": e.Source})
}
