package evaluation

import (
	"context"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/scoring"
)

// ScoreOverride is an evaluator's grade of one criterion of one quote, as
// typed on the scores page.
type ScoreOverride struct {
	QuoteID   int64 // 0 when the form's was no id
	Criterion string
	Grade     string // as the reader writes numbers
	Reason    string
}

// SaveScoreOverride records the evaluator's grade of one criterion of a
// quote scored in the analysis a, with the reason: a priced quote, a
// known criterion, a grade 0 to scoring.Scale with at most one decimal
// (readNumber reads it as the reader writes it), a reason of 1 to 2,000
// characters. Refusals save nothing and are message keys by field
// (quote_id, criterion, grade, reason).
func (s *Service) SaveScoreOverride(ctx context.Context, by audit.Actor, a *Analysis, in ScoreOverride,
	readNumber func(string) (string, error)) (map[string]string, error) {
	errs := map[string]string{}
	if _, ok := a.Scoring.Score(in.QuoteID); in.QuoteID == 0 || !ok {
		errs["quote_id"] = "scoring.error.quote_not_priced"
	}
	if !slices.Contains(scoring.Keys, in.Criterion) {
		errs["criterion"] = "scoring.error.unknown_criterion"
	}
	grade, ok := parseGrade(in.Grade, readNumber)
	if !ok {
		errs["grade"] = "scoring.error.grade"
	}
	if in.Reason == "" || utf8.RuneCountInString(in.Reason) > 2000 {
		errs["reason"] = "scoring.error.reason"
	}
	if len(errs) > 0 {
		return errs, nil
	}
	return nil, s.OverrideGrade(ctx, by, a, in.QuoteID, in.Criterion, grade, in.Reason)
}

// parseGrade reads a grade: 0 to scoring.Scale with at most one decimal,
// returned as an exact decimal.
func parseGrade(v string, readNumber func(string) (string, error)) (string, bool) {
	canonical, err := readNumber(v)
	if err != nil {
		return "", false
	}
	d, err := quote.ParseDecimal(canonical)
	if err != nil {
		return "", false
	}
	text := d.String()
	if whole, frac, _ := strings.Cut(text, "."); len(frac) > 1 || strings.HasPrefix(whole, "-") {
		return "", false
	}
	if f := d.Float64(); f < 0 || f > scoring.Scale {
		return "", false
	}
	return text, true
}
