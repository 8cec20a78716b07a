package decision

// The decision as every surface tells it reads facts and leaves quotes
// out; these are the words of both, shared by the use case that tells it
// and the views that show it.

// FactNotStated is the value of a fact nobody stated.
const FactNotStated = "not_stated"

// StoryFact is one fact the recommendation reads, with its source.
// Value is plain text: a decimal with a dot ("85"), a machine word
// ("stable", "yes") or FactNotStated.
type StoryFact struct {
	Key    string `json:"key"`
	Value  string `json:"value"`
	Unit   string `json:"unit,omitempty"`
	Source string `json:"source"`
}

// Left-out reasons.
const (
	LeftOutNoRate   = "no_rate"  // no exchange rate from the quote's currency to the evaluation's
	LeftOutUnpriced = "unpriced" // the cost model cannot price it (Detail names the field)
)

// LeftOut is a quote no choice considered, and why.
type LeftOut struct {
	QuoteID  int64  `json:"quote_id"`
	Provider string `json:"provider"`
	Reason   string `json:"reason"` // LeftOutNoRate or LeftOutUnpriced
	// Currency is the quote's currency and Target the evaluation's (for
	// LeftOutNoRate); Detail the cost model's words (LeftOutUnpriced).
	Currency string `json:"currency,omitempty"`
	Target   string `json:"target,omitempty"`
	Detail   string `json:"detail,omitempty"`
}
