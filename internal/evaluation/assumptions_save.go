package evaluation

import (
	"context"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// AssumptionsInput is the worksheet's form as the reader typed it.
type AssumptionsInput struct {
	Version int               // the assumptions' version the form was read at
	Values  map[string]string // by tco.Editable key
	// RunHours are the effective and real run hours by quote, for the
	// quotes on the page that was saved (the worksheet pages its quotes):
	// the others keep what is stored.
	RunHours map[int64][2]string
}

// SaveAssumptions stores the worksheet's values that differ from what the
// defaults and the brief give (so later brief edits still flow into the
// rest) and the run hours, for the evaluation a is the analysis of.
// readNumber reads a number as the reader writes it. Bad input saves
// nothing and is returned as message keys by field (a tco key, or
// "run_<quote id>"); a form read at an older version is store.ErrConflict.
func (s *Service) SaveAssumptions(ctx context.Context, by audit.Actor, a *Analysis, in AssumptionsInput,
	readNumber func(string) (string, error)) (map[string]string, error) {
	base := tco.DefaultAssumptions("USD")
	tco.ApplyBrief(&base, a.Brief.Data)
	id := a.Evaluation.ID
	errs := map[string]string{}
	next := store.Assumptions{EvaluationID: id, Overrides: map[string]string{}, RunHours: map[string]store.RunHours{}, Version: in.Version}
	for _, key := range tco.Editable {
		dec, msg := assumptionValue(key, in.Values[key], readNumber)
		if msg != "" {
			errs[key] = msg
			continue
		}
		if f, _ := base.Field(key); dec.String() != AssumptionText(key, f.Value) {
			next.Overrides[key] = dec.String()
		}
	}
	for _, sq := range a.Quotes {
		qid := strconv.FormatInt(sq.ID, 10)
		typed, onForm := in.RunHours[sq.ID]
		if !onForm {
			if rh, ok := a.Stored.RunHours[qid]; ok {
				next.RunHours[qid] = rh
			}
			continue
		}
		rh, msg := runHours(typed, readNumber)
		if msg != "" {
			errs["run_"+qid] = msg
		} else if rh != nil {
			next.RunHours[qid] = *rh
		}
	}
	if len(errs) > 0 {
		return errs, nil
	}
	return nil, s.store.SaveAssumptions(ctx, by, next)
}

// assumptionValue reads one assumption's typed value; msg is the message
// key of a refused one.
func assumptionValue(key, typed string, readNumber func(string) (string, error)) (d quote.Decimal, msg string) {
	raw, err := readNumber(typed)
	if err != nil {
		return d, "form.error.ambiguous_number"
	}
	d, err = quote.ParseDecimal(raw)
	if err != nil {
		return d, "form.error.numeric"
	}
	if key == "utilisation" && (d.IsZero() || d.Cmp(quote.DecimalFromInt(100)) > 0) {
		return d, "worksheet.error.utilisation"
	}
	return d, ""
}

// runHours reads a quote's effective and real run hours (nil when both
// are empty): the effective more than zero, the real at least as many.
func runHours(typed [2]string, readNumber func(string) (string, error)) (*store.RunHours, string) {
	eff, errE := readNumber(typed[0])
	real, errR := readNumber(typed[1])
	if errE != nil || errR != nil {
		return nil, "form.error.ambiguous_number"
	}
	if eff == "" && real == "" {
		return nil, ""
	}
	e, err1 := quote.ParseDecimal(eff)
	rl, err2 := quote.ParseDecimal(real)
	if err1 != nil || err2 != nil || e.IsZero() || rl.Cmp(e) < 0 {
		return nil, "worksheet.error.run_hours"
	}
	return &store.RunHours{Effective: e.String(), Real: rl.String()}, ""
}
