package evaluation

import (
	"errors"
	"fmt"
	"slices"

	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// leftOutPrefix begins the reason of a quote the cost model checked but
// could not price: its amounts overflow what a real contract reaches.
const leftOutPrefix = "left out: "

// priceQuotes computes the worksheet. A quote whose figures cannot be
// computed (an amount beyond any real contract) is left out of it with
// the reason, like a quote the model cannot read, so one absurd quote
// never takes the evaluation's pages down; Quotes and Inputs keep their
// one-to-one order with the results.
func (a *Analysis) priceQuotes() {
	ws, out, err := tco.ComputeEach(a.Inputs, a.A)
	if err != nil {
		// Check passed every quote, so this is a bug; the pages still
		// show the quotes, the worksheet is empty and the reason named.
		a.RecErr = fmt.Errorf("worksheet %d: %w", a.Evaluation.ID, err)
		a.Unpriced = slices.Grow(a.Unpriced, len(a.Quotes))
		for _, sq := range a.Quotes {
			a.Unpriced = append(a.Unpriced, Unpriced{StoredQuote: sq, Reason: leftOutPrefix + err.Error()})
		}
		a.Quotes, a.Inputs = nil, nil
		return
	}
	if len(out) > 0 {
		drop := make(map[int]bool, len(out))
		for _, l := range out {
			drop[l.Index] = true
			// The list names the quote: the reason is the figure that failed.
			why := l.Err
			if inner := errors.Unwrap(why); inner != nil {
				why = inner
			}
			a.Unpriced = append(a.Unpriced, Unpriced{StoredQuote: a.Quotes[l.Index], Reason: leftOutPrefix + why.Error()})
		}
		var quotes []store.StoredQuote
		var inputs []tco.Quote
		for i := range a.Quotes {
			if !drop[i] {
				quotes, inputs = append(quotes, a.Quotes[i]), append(inputs, a.Inputs[i])
			}
		}
		a.Quotes, a.Inputs = quotes, inputs
	}
	a.WS = ws
}
