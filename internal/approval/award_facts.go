package approval

// What an award's approval is judged on besides its plan: what changed
// since its last signature, what blocks it, and which of its quotes cannot
// be priced. The use cases find them; the views word them.

// Change is one input that differs between an approval's snapshot and
// now, with both values as text: a quote's term or acceptance result
// (QuoteID says which quote, 0 for a single-quote approval's own), an
// assumption, an exchange rate (Key the currency), a brief field, or the
// contract value.
type Change struct {
	Kind    string // "term", "acceptance", "assumption", "fx", "brief" or "value"
	QuoteID int64
	Key     string
	Before  string
	After   string
}

// AwardBlocker is one blocker of an awarded quote: a blocker red flag
// (waived or not) or a failed acceptance test (open until waived in the
// suite).
type AwardBlocker struct {
	Kind    string // "flag" or "test"
	ID      string
	Message string
	Waived  bool
	Reason  string
}

// NotPriced is a quote an award names that the analysis cannot price
// now, and why (an English sentence for the API; Code for pages).
type NotPriced struct {
	QuoteID  int64
	Provider string
	// Code is "no_rate" (Currency has no exchange rate) or "unpriced" (the
	// cost model refuses the quote: Reason says why).
	Code     string
	Currency string
	Reason   string
}
