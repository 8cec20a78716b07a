package tco

// Line keys: stable ids of the nine worksheet lines, in worksheet order.
const (
	LineCommittedCompute = "committed_compute"
	LineBurstCompute     = "burst_compute"
	LineStorage          = "persistent_storage"
	LineSnapshots        = "snapshots"
	LineEgress           = "network_egress"
	LineSupport          = "support"
	LineIdleWaste        = "idle_waste"
	LineRetryWaste       = "retry_waste"
	LineEngineering      = "engineering_overhead"
)

// Indices into the fixed line array, in worksheet order.
const (
	lineCommitted = iota
	lineBurst
	lineStorage
	lineSnapshots
	lineEgress
	lineSupport
	lineIdle
	lineRetry
	lineEngineering
	numLines
)

var lineKeys = [numLines]string{
	LineCommittedCompute, LineBurstCompute, LineStorage, LineSnapshots, LineEgress,
	LineSupport, LineIdleWaste, LineRetryWaste, LineEngineering,
}

var lineLabels = [numLines]string{
	"Committed compute", "Burst compute", "Persistent storage", "Snapshots", "Network egress",
	"Support", "Idle waste", "Retry waste", "Engineering overhead",
}

// LineKeys returns the nine line keys in worksheet order.
func LineKeys() []string { return append([]string(nil), lineKeys[:]...) }

// Line is one row of a quote's monthly TCO.
type Line struct {
	Key       string    // a Line* key
	Label     string    // English row label
	Amount    Money     // in the evaluation currency
	Low, High Money     // the range when the line rests on a missing term; else both equal Amount
	Original  Money     // in the currency of the price behind the line; equals Amount unless converted
	FX        FXRate    // the rate used when Original was converted; zero otherwise
	Basis     Statement // the formula with its numbers, e.g. "64 GPU × 730 h × 2.95 EUR/GPU-h × 85 % busy", keyed for translation
	Stated    bool      // every quote term the line uses was stated by the vendor
	Assumed   []string  // the labelled assumptions used for missing terms (or, for engineering, the evaluation default)
	// Missing are the quote terms behind Assumed, in its order, with the
	// assumption alone, so a page can name each term in its own words.
	Missing []Missing
}

// Converted reports whether the line was converted from another currency.
func (l Line) Converted() bool { return l.Original.Currency != l.Amount.Currency }
