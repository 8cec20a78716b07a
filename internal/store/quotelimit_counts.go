package store

// QuoteLimit says the refusal's counts, for the words that name them:
// the limit, the quotes the evaluation holds and those it would add.
func (e *QuoteLimitError) QuoteLimit() (limit, existing, adding int) {
	return e.Limit, e.Existing, e.Adding
}
