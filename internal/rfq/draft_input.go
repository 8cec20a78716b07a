package rfq

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/gpuquote/gpuquote/internal/quote"
)

// ErrOneRow refuses a draft sent as CSV that is not exactly one quote.
var ErrOneRow = errors.New("rfq: a draft is one quote row")

// TermShape is the reason of a draft's term sent as JSON in no known
// shape: neither the CSV text nor {"state", "value"}.
const TermShape = "term shape"

// DraftFromCSV reads a vendor's draft sent as one quote CSV row (a header
// and one row), its provider fixed to the invited company. problems are
// the file's or the terms' problems by column; err is ErrOneRow or a
// file that cannot be read.
func DraftFromCSV(data []byte, company string) (q quote.Quote, problems []quote.FieldError, err error) {
	qs, err := quote.ReadCSV(bytes.NewReader(data))
	var ie *quote.ImportError
	if errors.As(err, &ie) {
		for _, re := range ie.Errors {
			problems = append(problems, quote.FieldError{Column: re.Column, Reason: re.Reason})
		}
		return quote.Quote{}, problems, nil
	}
	if err != nil {
		return quote.Quote{}, nil, err
	}
	if len(qs) != 1 {
		return quote.Quote{}, nil, ErrOneRow
	}
	cells := quote.Cells(qs[0])
	cells["provider"] = company
	q, problems = quote.ParseCells(cells)
	return q, problems, nil
}

// DraftFromTerms reads a vendor's draft sent as JSON terms {column: cell},
// a cell being the CSV text or {"state": "stated"|"refused"|"not_stated",
// "value"}, its provider fixed to the invited company. A cell in no known
// shape is a problem with the reason TermShape; then no term is read.
func DraftFromTerms(terms map[string]json.RawMessage, company string) (quote.Quote, []quote.FieldError) {
	cells := map[string]string{}
	var shape []quote.FieldError
	for k, raw := range terms {
		var text string
		if json.Unmarshal(raw, &text) == nil {
			cells[k] = text
			continue
		}
		var t struct {
			State string `json:"state"`
			Value string `json:"value"`
		}
		if err := json.Unmarshal(raw, &t); err != nil {
			shape = append(shape, quote.FieldError{Column: k, Reason: TermShape})
			continue
		}
		switch t.State {
		case "stated":
			cells[k] = t.Value
		case "refused":
			cells[k] = "refused"
		case "not_stated", "":
			cells[k] = ""
		default:
			shape = append(shape, quote.FieldError{Column: k, Reason: TermShape})
		}
	}
	if len(shape) > 0 {
		return quote.Quote{}, shape
	}
	cells["provider"] = company
	return quote.ParseCells(cells)
}
