package evaluation

import (
	"context"
	"errors"
	"strings"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/quote"
)

var (
	// ErrFactNumber refuses a number the reader's format cannot read
	// unambiguously.
	ErrFactNumber = errors.New("evaluation: ambiguous number")
	// ErrFact refuses a fact that is not a decimal number.
	ErrFact = errors.New("evaluation: a fact is not a number")
)

// SaveFacts replaces the evaluation's decision facts beyond the brief
// with the values given by fact key, if the facts are still at version
// (store.ErrConflict when they changed since). A yes/no fact is kept only
// as "yes", stability only as "stable" or "variable", a number in its
// canonical form; readNumber reads a number as the reader writes it (the
// first fact it cannot read refuses the save, ErrFactNumber; one that is
// no decimal, ErrFact). Unknown keys are ignored.
func (s *Service) SaveFacts(ctx context.Context, by audit.Actor, evaluationID int64, version int, values map[string]string,
	readNumber func(string) (string, error)) error {
	data := map[string]string{}
	for _, f := range Facts {
		v := strings.TrimSpace(values[f.Key])
		switch f.Kind {
		case "bool":
			if v == "yes" {
				data[f.Key] = "yes"
			}
		case "stability":
			if v == "stable" || v == "variable" {
				data[f.Key] = v
			}
		default:
			if v == "" {
				continue
			}
			canonical, err := readNumber(v)
			if err != nil {
				return ErrFactNumber
			}
			d, err := quote.ParseDecimal(canonical)
			if err != nil {
				return ErrFact
			}
			data[f.Key] = d.String()
		}
	}
	return s.store.SaveDecisionInputs(ctx, by, evaluationID, version, data)
}
