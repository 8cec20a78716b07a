package scoring

// SplitExclusion is one quote and why it could not carry (all of) a
// suggested split.
type SplitExclusion struct {
	QuoteID  int64
	Provider string
	Reason   string
	Count    int    // open blockers
	Pct      int    // the cap
	Currency string // no exchange rate: from Currency to Target
	Target   string
	Detail   string // unpriced: the cost model's words
}

// SplitWhy says why no split meets the buyer's constraints, quote by
// quote, and offers the nearest split that can be found: the smallest cap
// above the one asked that lets one exist, else the same without the
// verified-fabric condition (Nearest nil: none at all).
type SplitWhy struct {
	// Excluded names a bounded few quotes, in worksheet order: the
	// cheapest priced ones first chosen, then those left out;
	// ExcludedTotal counts them all.
	Excluded      []SplitExclusion
	ExcludedTotal int
	Nearest       *Split
	// NearestPct and NearestVerified are the constraints Nearest meets.
	NearestPct      int
	NearestVerified bool
}
