package rfq

import (
	"time"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/redflag"
)

// Check is what a vendor reads about its draft before submitting: the red
// flags and questions it raises and how much of the answer is given.
type Check struct {
	Flags    []redflag.Flag
	Blockers int
	Warnings int
	Stated   int // terms with a value
	Refused  int // terms the vendor refuses to state
	Total    int // every term of the quote form
	// Missing are the terms not stated that a blocker reads, in column
	// order: "fabric not stated: blocker".
	Missing []string
}

// Percent is the share of terms answered (stated or refused), 0–100.
func (c Check) Percent() int {
	if c.Total == 0 {
		return 100
	}
	return (c.Stated + c.Refused) * 100 / c.Total
}

// CheckDraft runs the red-flag rules on a draft against the brief as sent.
func CheckDraft(q quote.Quote, b brief.Brief, today time.Time) Check {
	c := Check{Flags: redflag.Evaluate(redflag.Input{Quote: q, Brief: b, Today: today})}
	c.Blockers, c.Warnings = redflag.Counts(c.Flags)
	blocking := map[string]bool{}
	for _, f := range c.Flags {
		if f.Severity == redflag.Blocker {
			for _, t := range f.Terms {
				blocking[t] = true
			}
		}
	}
	for _, col := range quote.Columns() {
		c.Total++
		switch col.State(&q) {
		case quote.Stated:
			c.Stated++
		case quote.Refused:
			c.Refused++
		default:
			if blocking[col.Name] {
				c.Missing = append(c.Missing, col.Name)
			}
		}
	}
	return c
}

// AsVendor sets the quote's provider to the invited company: a vendor
// answers for itself and cannot file an answer under another name.
func AsVendor(q *quote.Quote, company string) {
	q.Provider = quote.Of(company)
}
