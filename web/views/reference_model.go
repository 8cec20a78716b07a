package views

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/market"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// ReferenceRateDoubt words why a new rate needs confirming: it is factor
// times the rate in use (old, set as of asOf).
func ReferenceRateDoubt(z *i18n.Localizer, factor float64, old quote.Decimal, asOf time.Time) string {
	return z.T("reference.error.implausible_rate", map[string]any{"Factor": z.Decimal(fmt.Sprintf("%.0f", factor)),
		"Old": z.Decimal(old.String()), "Date": z.Date(asOf)})
}

// ReferencePriceDoubt words why a new price file needs confirming: it has
// far fewer rows than the file in use, or it moves the GPUs in moved.
func ReferencePriceDoubt(z *i18n.Localizer, fewerRows bool, newRows, oldRows int, moved []string) string {
	if fewerRows {
		return z.T("reference.error.fewer_rows", map[string]any{"New": newRows, "Old": oldRows})
	}
	return z.T("reference.error.moved_prices", map[string]any{"GPUs": strings.Join(moved, ", ")})
}

// ReferencePriceRefusal says why a price file was not read: how many
// problems, then each with its line, one per line, rather than the
// parser's one long sentence.
func ReferencePriceRefusal(z *i18n.Localizer, err error) ReferencePage {
	var pe *market.ParseError
	if !errors.As(err, &pe) {
		return ReferencePage{UploadErr: z.T("reference.not_read_other")}
	}
	m := ReferencePage{UploadErr: z.N("reference.not_read", len(pe.Problems))}
	for i, p := range pe.Problems {
		if i == 20 {
			m.UploadProblems = append(m.UploadProblems, z.N("reference.more_problems", len(pe.Problems)-i))
			break
		}
		m.UploadProblems = append(m.UploadProblems, z.T("reference.problem_line", map[string]any{"Line": z.Int(int64(p.Line)), "Reason": p.Reason}))
	}
	return m
}
